import { z } from 'zod';
import { BOOKING_SORTS, BOOKINGS_PER_PAGE } from '../booking-table.ts';
import {
  CARD_MESSAGES,
  cardBrand,
  cardDigits,
  isExpired,
  isValidCvc,
  passesLuhn,
} from '../card.ts';
import {
  BILLING_TEXT_MAX,
  BOOKING_STATUSES,
  IDEMPOTENCY_KEY_MAX,
  MAX_CART_LINES,
  ROOM_CATEGORIES,
  SHOWN_BOOKING_STATUSES,
} from '../constants.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../http.ts';
import { isValidCuit } from '../invoice.ts';
import { AVAILABILITY_MESSAGES, BOOKING_MESSAGES, INVOICE_MESSAGES } from '../messages.ts';
import { cartLineKey } from './cart.ts';
import { checkStayDates, hotelListQuery } from './catalogue.ts';
import { cents, idParam, isoDate, pageQuery } from './common.ts';
import { nightPrice } from './rates.ts';

/**
 * Checkout and payment (product §3 "Cart room" and "Booking", §7.3). The client sends which rooms,
 * for which nights, how many; every price and total is the server's: any price, total or stock
 * the client adds is dropped by these schemas.
 */

/** The Idempotency-Key header of a checkout or a payment: 1–200 visible ASCII characters. */
export const idempotencyHeaders = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string({ error: BOOKING_MESSAGES.idempotencyKeyMissing })
    .regex(
      new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`),
      BOOKING_MESSAGES.idempotencyKeyInvalid,
    ),
});

/** A cart as the client sends it: its lines (the product's `cartRoom`), at most MAX_CART_LINES. */
export const cartBody = z.object({
  cartRoom: z
    .array(cartLineKey)
    .max(MAX_CART_LINES, `A cart holds ${MAX_CART_LINES} lines at most`),
});

const billingText = (max: number, missing: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, INVOICE_MESSAGES.tooLong(max));

/**
 * The company a booking is invoiced to: its name, its Argentine CUIT (11 digits, or
 * XX-XXXXXXXX-X, with its check digit) and its address. All three or none.
 */
const billing = z.object({
  company: billingText(BILLING_TEXT_MAX, INVOICE_MESSAGES.companyMissing),
  taxId: z
    .string({ error: INVOICE_MESSAGES.taxIdInvalid })
    .refine(isValidCuit, INVOICE_MESSAGES.taxIdInvalid),
  address: billingText(BILLING_TEXT_MAX, INVOICE_MESSAGES.addressMissing),
});
export type Billing = z.infer<typeof billing>;

/**
 * A checkout needs at least one line, and the total the guest was shown (cents): the server
 * books only at that total, or answers 409 PRICE_CHANGED with its own.
 */
export const checkoutBody = z.object({
  cartRoom: cartBody.shape.cartRoom.min(1, 'The cart is empty'),
  cartTotalCents: cents,
  /** Invoice the booking to a company instead of the guest (decision 0017). */
  billing: billing.optional(),
});

const availabilityMessage = z.enum([
  AVAILABILITY_MESSAGES.noStock,
  AVAILABILITY_MESSAGES.notEnough,
  AVAILABILITY_MESSAGES.dateTaken,
]);

/**
 * Until when a stay may be cancelled for free (product §4): the start of `date` in the hotel's
 * `timeZone` (IANA); `until` is that instant (ISO).
 */
export const freeCancellation = z.object({
  until: z.string(),
  date: isoDate,
  timeZone: z.string(),
});
export type FreeCancellation = z.infer<typeof freeCancellation>;

/** One cart line priced and checked by the server. */
const quoteLine = z.object({
  /** The room's id. */
  id: z.number().int(),
  name: z.string(),
  category: z.enum(ROOM_CATEGORIES),
  /** The room's first picture, if it has one. */
  image: z.string().nullable(),
  idHotel: z.number().int(),
  /** The hotel's name. */
  hotel: z.string(),
  address: z.string(),
  checkIn: isoDate,
  checkOut: isoDate,
  cartQuantity: z.number().int(),
  /**
   * Each night of the stay with its price in dollars (the room's rates, the hotel's event-night
   * premium included); their sum is `totalPrice`.
   */
  nights: z.array(nightPrice),
  /** Guests staying in the line's units. */
  guests: z.number().int(),
  /** Guests one unit of the room sleeps. */
  capacity: z.number().int(),
  /** Why the units do not sleep the guests (more than units × capacity), or null. */
  guestsMessage: z.string().nullable(),
  /** The room's base nightly price in dollars (the product's `price`). */
  price: z.number(),
  /** One unit for the whole stay, in dollars (the product's `totalPrice`): the nights' sum. */
  totalPrice: z.number(),
  /** totalPrice × cartQuantity, in cents. */
  lineTotalCents: cents,
  /**
   * Units free for these dates after existing holds and bookings and after the cart's other
   * lines of the same room on the same nights.
   */
  available: z.number().int(),
  /** The product §5 text that applies, or null when the line can be booked as it is. */
  availabilityMessage: availabilityMessage.nullable(),
  /** The stay's free-cancellation deadline, and whether it is still ahead (`open`) now. */
  freeCancellation: freeCancellation.extend({ open: z.boolean() }),
});
export type QuoteLine = z.infer<typeof quoteLine>;

export const cartQuote = z.object({
  cartRoom: z.array(quoteLine),
  cartTotalQuantity: z.number().int(),
  /** Dollars. */
  cartTotalAmount: z.number(),
  cartTotalCents: cents,
  /**
   * Every line can be booked as it is (units free, guests they sleep) and one card payment can
   * take the total (Book now enabled).
   */
  bookable: z.boolean(),
  /** Why the whole cart cannot be booked as it is (a total beyond one payment), or null. */
  cartMessage: z.string().nullable(),
  /**
   * The booking's free-cancellation deadline should the cart be booked as it is: the earliest of
   * its lines' (product §4, the rule the booking's record and the cancel then apply); null for
   * an empty cart.
   */
  freeCancellation: freeCancellation.extend({ open: z.boolean() }).nullable(),
});
export type CartQuote = z.infer<typeof cartQuote>;

/**
 * GET /hotels/{id}/stay — the hotel page for a stay: `rooms` units (1 by default) of each of the
 * hotel's rooms for the nights [checkIn, checkOut), sleeping `guests` (1 by default).
 */
export const hotelStayQuery = z
  .object({
    checkIn: isoDate,
    checkOut: isoDate,
    rooms: hotelListQuery.shape.rooms,
    guests: hotelListQuery.shape.guests,
  })
  .superRefine(checkStayDates);
export type HotelStayQuery = z.infer<typeof hotelStayQuery>;

/** A stay that a room has the units for: the nights [checkIn, checkOut). */
const stayDates = z.object({ checkIn: isoDate, checkOut: isoDate });

/**
 * Each room of the hotel as the cart would quote that line (its nights' prices, the units free,
 * whether they sleep the guests, the free-cancellation deadline): rooms that can be booked as
 * asked first, cheapest first; then the others, each with `nextFree`.
 */
export const hotelStay = z.object({
  rooms: z.array(
    quoteLine.extend({
      /**
       * For a room without the units free on every night: the first stay of as many nights,
       * starting after the check-in and within STAY_LOOKAHEAD_DAYS, on which it has them; null
       * when the stay fits, or when none does within that window.
       */
      nextFree: stayDates.nullable(),
    }),
  ),
});
export type HotelStay = z.infer<typeof hotelStay>;
export type HotelStayRoom = HotelStay['rooms'][number];

/**
 * A line's traveller as a booking shows it: the e-mail only to the organiser (the booking's
 * guest) and the superAdmin; a hotel's staff see the name alone.
 */
const shownTraveller = z.object({ name: z.string(), email: z.string().optional() });

const bookingLine = z.object({
  /** The room's id. */
  id: z.number().int(),
  name: z.string(),
  idHotel: z.number().int(),
  hotel: z.string(),
  address: z.string(),
  checkIn: isoDate,
  checkOut: isoDate,
  cartQuantity: z.number().int(),
  /** Guests staying in the line's units. */
  guests: z.number().int(),
  /** The room's base nightly price in dollars at booking time. */
  price: z.number(),
  /** Each night as it was charged, in dollars per unit (the sum × cartQuantity is totalCents). */
  nights: z.array(nightPrice),
  totalCents: cents,
  /** The booking line's own id: what cancelling one traveller's stay names. */
  line: z.number().int().optional(),
  /** Who stays, when the organiser booked it for someone else (a team trip); null otherwise. */
  traveller: shownTraveller.nullable().optional(),
  /** This line alone was cancelled (and refunded); the rest of the booking stands. */
  cancelled: z.boolean().optional(),
});
export type BookingLine = z.infer<typeof bookingLine>;

export const booking = z.object({
  id: z.uuid(),
  status: z.enum(BOOKING_STATUSES),
  /** The guest's account id. */
  user: z.string(),
  cartTotalQuantity: z.number().int(),
  /** Dollars. */
  cartTotalAmount: z.number(),
  cartTotalCents: cents,
  /** Until when a pending booking holds its units (ISO instant); null once paid or released. */
  holdExpiresAt: z.string().nullable(),
  /** Booking date, yyyy-MM-dd. */
  date: isoDate,
  cartRoom: z.array(bookingLine),
});
export type Booking = z.infer<typeof booking>;

// ── Payment ─────────────────────────────────────────────────────────────────────────────────

/** A card as the built-in test provider takes it; only brand and last four are ever kept. */
const cardInput = z
  .object({
    number: z
      .string()
      .max(30)
      .refine((v) => passesLuhn(cardDigits(v)), CARD_MESSAGES.number),
    expMonth: z.number().int().min(1, CARD_MESSAGES.expMonth).max(12, CARD_MESSAGES.expMonth),
    expYear: z.number().int().min(0).max(9999),
    cvc: z.string().max(4),
  })
  .superRefine((card, ctx) => {
    if (isExpired(card.expMonth, card.expYear)) {
      ctx.addIssue({ code: 'custom', path: ['expYear'], message: CARD_MESSAGES.expiry });
    }
    if (!isValidCvc(card.cvc, cardBrand(cardDigits(card.number)))) {
      ctx.addIssue({ code: 'custom', path: ['cvc'], message: CARD_MESSAGES.cvc });
    }
  });
export type CardInput = z.infer<typeof cardInput>;

/**
 * The card payment call (product §7.3: id, amount, description, e-mail). `booking` names the
 * pending booking to pay; the server charges its own total, whatever `amount` says. `card` is
 * for the built-in test provider; `id` is a payment method made by a provider's card widget
 * (the test provider knows `pm_card_visa`, `pm_card_chargeDeclined`,
 * `pm_card_chargeDeclinedInsufficientFunds`).
 */
export const paymentBody = z
  .object({
    booking: z.uuid(),
    card: cardInput.optional(),
    id: z.string().min(1).max(200).optional(),
    amount: z.number().optional(),
    description: z.string().max(500).optional(),
    email: z.string().max(320).optional(),
  })
  .refine((b) => b.card !== undefined || b.id !== undefined, {
    message: 'A card or a payment method id is required',
    path: ['card'],
  });

/**
 * How the payment page takes the card: `stripe` with Stripe's Payment Element (its publishable
 * key here), `test` with the built-in card form. `testCards`: the numbers to try while the
 * processor is in test mode (empty when it takes real cards).
 */
export const paymentConfig = z.object({
  provider: z.string(),
  publishableKey: z.string().nullable(),
  testCards: z.array(z.object({ number: z.string(), outcome: z.string() })),
});
export type PaymentConfig = z.infer<typeof paymentConfig>;

export const paymentResult = z.object({
  message: z.string(),
  receipt_url: z.string(),
  booking,
});
export type PaymentResult = z.infer<typeof paymentResult>;

// ── Bookings history and the bookings table (product §2.12, §7.3) ─────────────────────────────

/**
 * One booked room as the history and the bookings table show it (the product's `cartRoom` line),
 * with its nights as they were charged.
 */
const bookedRoom = bookingLine.extend({
  /**
   * Units of the room still free for every night of this stay (the table's stock balance):
   * stock minus the most taken on any of those nights, today.
   */
  newStock: z.number().int(),
  /**
   * The stay is over: its check-out is before its hotel's today (`stayHasEnded`). The history's
   * review button waits for it.
   */
  stayEnded: z.boolean(),
  /**
   * Whether the account asking may cancel this line alone now: the booking confirmed, the line
   * not cancelled, and the account staff of every hotel in the booking or its guest before this
   * line's hotel's free-cancellation deadline.
   */
  lineCancellable: z.boolean().optional(),
});
export type BookedRoom = z.infer<typeof bookedRoom>;

/** A confirmed or cancelled booking (GET /booking, GET /booking/user/{uid}, PUT /booking/status). */
const bookingRecord = z.object({
  id: z.uuid(),
  status: z.enum(SHOWN_BOOKING_STATUSES),
  /** The guest's account id. */
  user: z.string(),
  /** Booking date, yyyy-MM-dd. */
  date: isoDate,
  cartTotalQuantity: z.number().int(),
  /** Dollars. */
  cartTotalAmount: z.number(),
  /** The rooms; for an admin, those of their hotel only. */
  cartRoom: z.array(bookedRoom),
  /**
   * Who booked, for the staff to reach them: on the bookings table (GET /booking) only. `name`
   * is the account's display name (may be empty).
   */
  guest: z.object({ name: z.string(), email: z.string() }).optional(),
  /**
   * Whether the account asking may cancel it now: confirmed, and asked by the staff of every
   * hotel in it (an admin of one hotel of a booking that spans hotels may not), or by its guest
   * before `freeCancellation.until`.
   */
  cancellable: z.boolean(),
  /**
   * Until when its guest may cancel it (product §4): the start of `date` (the earliest check-in
   * minus the hotel's window, for the strictest of its lines) in that hotel's `timeZone`;
   * `until` is that instant (ISO). The whole booking's, also when one hotel's part is shown.
   */
  freeCancellation,
});
export type BookingRecord = z.infer<typeof bookingRecord>;
export const bookingRecords = z.array(bookingRecord);

/**
 * What became of a cancelled booking's payment, as the cancel answers it: given back now,
 * `pending` while the payment service does not answer (the reconciliation gives it back later),
 * `refused` by the processor (disputed, already given back elsewhere: `reason` says which, and
 * people take it from there), `none` when nothing was paid or it was already given back.
 */
const refundOutcome = z.object({
  status: z.enum(['refunded', 'pending', 'refused', 'none']),
  reason: z.string().nullable(),
});
export type RefundOutcome = z.infer<typeof refundOutcome>;

/** PUT /booking/status's answer: the booking as the bookings table shows it, and its refund. */
export const cancelledBooking = bookingRecord.extend({ refund: refundOutcome });
export type CancelledBooking = z.infer<typeof cancelledBooking>;

/**
 * GET /booking: one page of the bookings table, whose rows are booked rooms (product §2.12),
 * newest booking first unless sorted; `hotel`, `status` and the check-in window `from`..`to`
 * (yyyy-MM-dd, both inclusive) filter. A page holds `pageSize` rooms, grouped into their
 * bookings; X-Total-Count counts the rooms.
 */
export const bookingListQuery = pageQuery
  .extend({
    hotel: idParam.optional(),
    status: z.enum(SHOWN_BOOKING_STATUSES).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    sort: z.enum(BOOKING_SORTS).optional(),
    pageSize: pageQuery.shape.pageSize.unwrap().default(BOOKINGS_PER_PAGE),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'Must not be before from',
    path: ['to'],
  });

/** GET /booking/user/{uid}: a guest's bookings, newest first (total in X-Total-Count). */
export const userBookingsParams = z.object({ uid: z.string().min(1).max(200) });
export const userBookingsQuery = pageQuery.extend({
  pageSize: pageQuery.shape.pageSize.unwrap().default(BOOKINGS_PER_PAGE),
});

/**
 * PUT /booking/status (product §7.3): id, user, status cancelled; `line` (a booking line's id)
 * cancels that traveller's stay alone.
 */
export const bookingStatusBody = z.object({
  id: z.uuid(),
  /** The guest's account id: must be the booking's. */
  user: z.string().min(1).max(200),
  status: z.literal('cancelled'),
  line: z.number().int().min(1).max(2147483647).optional(),
});

/**
 * A stay someone else booked for this account (a team trip's traveller, GET /trips/user/{uid}):
 * where and when, and who booked it — never its prices or its payment.
 */
const travellerStay = z.object({
  booking: z.uuid(),
  line: z.number().int(),
  /** `booked`, or `cancelled` (the line alone or the whole trip). */
  status: z.enum(['booked', 'cancelled']),
  /** The organiser's display name (their e-mail when they gave none). */
  bookedBy: z.string(),
  /** The name the organiser gave the traveller. */
  traveller: z.string(),
  idHotel: z.number().int(),
  hotel: z.string(),
  /** The hotel's full address: street, city, state. */
  address: z.string(),
  /** The room's id and name. */
  id: z.number().int(),
  name: z.string(),
  checkIn: isoDate,
  checkOut: isoDate,
  cartQuantity: z.number().int(),
  guests: z.number().int(),
});
export type TravellerStay = z.infer<typeof travellerStay>;
export const travellerStays = z.array(travellerStay);
