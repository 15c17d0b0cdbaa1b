/** Business constants of the product (product §9). One place for both server and browser. */

export const HOTELS_PER_PAGE = 8;
/** Events on one page of /home/Events: two rows of three on a wide screen. */
export const EVENTS_PER_PAGE = 6;
/** Accounts a page of the user table (`/userTable`, GET /users). */
export const USERS_PER_PAGE = 20;
export const PAGE_WINDOW_SIZE = 5;
export const PAGE_WINDOW_SHIFT = 4;
export const SKELETON_CARDS = 8;
export const MAX_PAGE_SIZE = 100;
/** The last page a list may be asked for. */
export const PAGE_MAX = 1_000_000;

export const ROOM_NAMES = ['double', 'family', 'single', 'suite'] as const;
export type RoomName = (typeof ROOM_NAMES)[number];

export const ROOM_CATEGORIES = ['premium', 'presidential', 'standard'] as const;
export type RoomCategory = (typeof ROOM_CATEGORIES)[number];

export const ROLES = ['user', 'admin', 'superAdmin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * A booking's life: `pending` holds its units until the hold expires; `confirmed` once paid;
 * `cancelled` by staff (refunded); `expired` when a hold lapsed unpaid. The database's check
 * constraint is built from this list (apps/api/src/db/schema.ts).
 */
export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled', 'expired'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** The statuses people see and filter by (the bookings table's status filter: confirmed or cancelled). */
export const SHOWN_BOOKING_STATUSES = [
  'confirmed',
  'cancelled',
] as const satisfies readonly BookingStatus[];

/**
 * A payment's life at the provider: `pending` until the provider answers; `authorised` (money
 * held), `captured` (taken), `failed` (refused, with a reason), `refunded` (given back, wholly
 * or in part: see refunded_cents).
 */
export const PAYMENT_STATUSES = [
  'pending',
  'authorised',
  'captured',
  'failed',
  'refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** An outbox e-mail: waiting (or retrying), delivered, or given up on after its attempts. */
export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;

/**
 * An announcement in its outbox: waiting for (or retrying) a subscriber, handled by every
 * subscriber, or given up on after its attempts with a subscriber still failing.
 */
export const ANNOUNCEMENT_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const STOCK_MIN = 1;
/** A room's units at most; a cart line asks for no more than a room can have. */
export const STOCK_MAX = 50;
/** Guests one unit of a room sleeps; a room saved without it sleeps CAPACITY_DEFAULT. */
export const CAPACITY_MIN = 1;
export const CAPACITY_MAX = 12;
export const CAPACITY_DEFAULT = 2;
/** Guests of one cart line or one search at most: a room's largest stock, each unit full. */
export const GUESTS_MAX = STOCK_MAX * CAPACITY_MAX;
export const PRICE_MIN = 10;
export const PRICE_MAX = 1000;
/**
 * A hotel's premium on the nights of its own events, in percent of the night's price
 * (0: none). At most 300, so a night costs at most four times its rate.
 */
export const EVENT_PREMIUM_PERCENT_MIN = 0;
export const EVENT_PREMIUM_PERCENT_MAX = 300;
/** The most nights one price list (GET /rooms/{id}/prices) or one season rule may span. */
export const MAX_PRICED_NIGHTS = 366;
export const QUALIFICATION_MIN = 1;
export const QUALIFICATION_MAX = 5;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_DEFAULT = 1;
/** A review's comment, in characters (the limit of the other long texts, product §5). */
export const REVIEW_COMMENT_MAX = 1000;

export const ROOM_DESCRIPTION_MAX = 500;
export const DESCRIPTION_MAX = 1000;
export const PASSWORD_MIN = 6;

export const CAROUSEL_IMAGES = 3;
export const CAROUSEL_INTERVAL_MS = 3000;
export const TOAST_AUTO_CLOSE_MS = 5000;
export const PAYMENT_SPINNER_MS = 2500;

/**
 * A hotel's time zone (IANA name) when none is given: the demo hotels are in Argentina. "Today"
 * of every hotel rule is the hotel's calendar date in its own zone (`calendarDateIn`).
 */
export const HOTEL_TIME_ZONE_DEFAULT = 'America/Argentina/Buenos_Aires';

/**
 * A hotel's free-cancellation window, in days before check-in (product §4, Booking): a guest may
 * cancel their own confirmed booking until the start of that day in the hotel's time zone.
 */
export const FREE_CANCELLATION_DAYS_DEFAULT = 2;
export const FREE_CANCELLATION_DAYS_MIN = 0;
export const FREE_CANCELLATION_DAYS_MAX = 60;

/** Events may be dated from the hotel's today up to this many years ahead (a rolling horizon). */
export const EVENT_HORIZON_YEARS = 2;

/** Lines a cart may hold (a checkout takes every night of every line in one transaction). */
export const MAX_CART_LINES = 20;
/** The longest stay a cart line may ask for, in nights. */
export const MAX_STAY_NIGHTS = 365;
/** How far after a stay's check-in a sold-out room's next free stay is looked for, in days. */
export const STAY_LOOKAHEAD_DAYS = 180;
/** The most one card payment can take, in cents ($999,999.99, the card processor's limit). */
export const MAX_PAYMENT_CENTS = 99_999_999;
/** Longest idempotency key a client may send. */
export const IDEMPOTENCY_KEY_MAX = 200;
/**
 * Favourite rooms one account may keep: far more than anyone browses, few enough that the list
 * stays one small read and no client can grow a table without bound.
 */
export const MAX_FAVORITES = 500;

/**
 * A waitlist entry's states: `waiting` in line; `offered` an exclusive hold made for it, to pay
 * before the offer ends; `booked` that hold paid; `expired` the offer (or the stay) lapsed;
 * `left` the guest left the line.
 */
export const WAITLIST_STATES = ['waiting', 'offered', 'booked', 'expired', 'left'] as const;
/**
 * Entries one account may have in line at once (waiting or offered): enough for a conference
 * week's few rooms and dates, few enough that nobody queues for a whole city.
 */
export const WAITLIST_ENTRIES_MAX = 5;

export const RECEIPT_SUBJECT = 'Hotel Receipt';
export const WAITLIST_OFFER_SUBJECT = 'A room is free for you';
export const CANCELLATION_SUBJECT = 'Booking Cancelled';
/** A team trip's traveller is told of the stay booked for them, then of its cancel. */
export const TRAVELLER_STAY_SUBJECT = 'A stay booked for you';
export const TRAVELLER_CANCELLED_SUBJECT = 'Your stay was cancelled';
/** To the organiser: one line of their booking cancelled alone, the rest standing. */
export const LINE_CANCELLED_SUBJECT = 'A room of your booking was cancelled';
export const OFFERS_SUBJECT = 'Hotel Deals';

export const PRODUCT_NAME = 'DevStay';

/**
 * Sort options of the hotel list (product §2.4), in display order; "Guest rating" (best review
 * average first) is ours, beyond the spec's four.
 */
export const HOTEL_SORTS = [
  { value: 'name_asc', label: 'Name (A-Z)' },
  { value: 'name_desc', label: 'Name (Z-A)' },
  { value: 'score_asc', label: 'Lowest score' },
  { value: 'score_desc', label: 'Highest score' },
  { value: 'rating_desc', label: 'Guest rating' },
] as const;
export type HotelSort = (typeof HOTEL_SORTS)[number]['value'];
export const HOTEL_SORT_VALUES = HOTEL_SORTS.map((s) => s.value) as [HotelSort, ...HotelSort[]];

/**
 * A hotel's two series of fiscal documents, each numbered 1, 2, 3… per hotel with no gap and no
 * repeat (decision 0017): invoices, and credit notes — Argentine practice gives the "Nota de
 * crédito" a numbering of its own.
 */
export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** Longest company name or address a booking is invoiced to. */
export const BILLING_TEXT_MAX = 200;
