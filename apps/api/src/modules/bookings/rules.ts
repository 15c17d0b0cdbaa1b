import { type CartLineKey, lineGuests, unitsSleep } from '@devstay/shared/cart';
import { MAX_PAYMENT_CENTS } from '@devstay/shared/constants';
import { AVAILABILITY_MESSAGES, BOOKING_MESSAGES } from '@devstay/shared/messages';
import { type PricedNight, stayCents } from '@devstay/shared/rates';
import { formatUsd } from '@devstay/shared/text';
import { HttpError } from '../../lib/errors.ts';
import { checkCheckIns, pricedNights, requireRooms } from '../availability/quote.ts';
import type { CheckoutRoom } from './repository.ts';

/**
 * The rules every hold and every charge follows, whichever path leads to them: a checkout, a
 * payment's first try, its retry, the payment of a hold that lapsed. Checkout and payment both
 * call `checkBookingRules`; nothing reaches the ledger or the processor past a refusal.
 */

/** How much an account may hold unpaid (config HOLDS_PER_ACCOUNT and the two after it). */
export interface HoldLimits {
  /** Pending bookings at once. */
  holds: number;
  /** Units those hold together. */
  units: number;
  /** Holds let lapse unpaid in a day, after which the account holds nothing more that day. */
  lapsedPerDay: number;
}

/** The account limits as configured. */
export const holdLimits = (config: {
  HOLDS_PER_ACCOUNT: number;
  HELD_UNITS_PER_ACCOUNT: number;
  LAPSED_HOLDS_PER_DAY: number;
}): HoldLimits => ({
  holds: config.HOLDS_PER_ACCOUNT,
  units: config.HELD_UNITS_PER_ACCOUNT,
  lapsedPerDay: config.LAPSED_HOLDS_PER_DAY,
});

/** What an account holds unpaid now, and how many of its holds lapsed unpaid in the last day. */
export interface HeldByAccount {
  pending: number;
  units: number;
  lapsed: number;
}

/** A total one card payment can take, or 422 before anything is held or charged. */
function requireChargeable(totalCents: number): void {
  if (totalCents > MAX_PAYMENT_CENTS) {
    throw new HttpError(
      422,
      BOOKING_MESSAGES.amountTooLarge(formatUsd(MAX_PAYMENT_CENTS)),
      'cartRoom',
      'AMOUNT_TOO_LARGE',
    );
  }
}

/**
 * Unpaid holds are limited per account, so nobody can keep rooms out of sale without paying:
 * so many pending bookings at once holding so many units together, and no new hold after too
 * many lapsed unpaid in a day (until a day has passed since them or a payment succeeds). 429
 * HOLD_LIMIT otherwise.
 */
function requireHoldAllowance(
  held: HeldByAccount,
  lines: readonly CartLineKey[],
  limits: HoldLimits,
): void {
  const asked = lines.reduce((sum, l) => sum + l.cartQuantity, 0);
  const refuse = (message: string) => new HttpError(429, message, undefined, 'HOLD_LIMIT');
  if (held.lapsed >= limits.lapsedPerDay) {
    throw refuse(BOOKING_MESSAGES.lapsedHolds(limits.lapsedPerDay));
  }
  if (held.pending >= limits.holds) throw refuse(BOOKING_MESSAGES.tooManyHolds(limits.holds));
  if (held.units + asked > limits.units) throw refuse(BOOKING_MESSAGES.tooManyUnits(limits.units));
}

/** A line as the rules price it. */
export interface PricedLine {
  room: CheckoutRoom;
  /** The room's base nightly price. */
  nightlyCents: number;
  /** Each night's price for one unit, in order. */
  nights: PricedNight[];
  totalCents: number;
}

export interface BookingRulesInput {
  /** The stays, as a cart's lines (a booking's own lines when it is paid). */
  lines: readonly CartLineKey[];
  /** The rooms as they are now, with their hotels' time zones. */
  rooms: readonly CheckoutRoom[];
  /** The total the guest was shown and agreed to pay (a booking's recorded total), in cents. */
  shownTotalCents: number;
  /** When: every check-in is judged against its hotel's today at this instant. */
  now: Date;
  /**
   * The account's unpaid holds besides this one, and its limits — checked when units are to be
   * taken (a checkout, a lapsed hold paid); null for a hold that is still live, which passed
   * them when it was taken.
   */
  holding: { held: HeldByAccount; limits: HoldLimits } | null;
  /** The first night that does not fit, when the caller already knows one. */
  short?: { roomId: number; night: string } | null;
}

/**
 * The rules, in their order: every line's room exists (404), no check-in before its hotel's
 * today (400), no line asks more units than its room has (409 SOLD_OUT) nor more guests than
 * its units sleep (422 TOO_MANY_GUESTS), a total one card
 * payment can take (422), the total the guest was shown is today's (409 PRICE_CHANGED), the
 * account's unpaid-hold limits (429), and every night fits (`short`: 409 SOLD_OUT naming the
 * room and night). Throws the first refusal; otherwise answers the lines priced from the rooms.
 */
export function checkBookingRules(input: BookingRulesInput): {
  lines: PricedLine[];
  totalCents: number;
} {
  const roomOf = requireRooms(input.lines, new Map(input.rooms.map((r) => [r.id, r])));
  checkCheckIns(input.lines, roomOf, input.now);
  input.lines.forEach((l, i) => {
    // More units than the room has can never be held, on any night.
    if (l.cartQuantity > (roomOf[i] as CheckoutRoom).stock) {
      throw new HttpError(
        409,
        AVAILABILITY_MESSAGES.notEnough,
        `cartRoom.${i}.cartQuantity`,
        'SOLD_OUT',
      );
    }
    // The units must sleep the guests, at the room's capacity as it is now.
    const sleeps = unitsSleep(l.cartQuantity, (roomOf[i] as CheckoutRoom).capacity);
    if (lineGuests(l) > sleeps) {
      throw new HttpError(
        422,
        BOOKING_MESSAGES.guestsTooMany(l.cartQuantity, sleeps),
        `cartRoom.${i}.guests`,
        'TOO_MANY_GUESTS',
      );
    }
  });
  const lines = input.lines.map((l, i) => {
    const room = roomOf[i] as CheckoutRoom;
    const nights = pricedNights(room, l.checkIn, l.checkOut);
    return {
      room,
      nightlyCents: room.priceCents,
      nights,
      totalCents: stayCents(nights) * l.cartQuantity,
    };
  });
  const totalCents = lines.reduce((sum, l) => sum + l.totalCents, 0);
  requireChargeable(totalCents);
  if (totalCents !== input.shownTotalCents) {
    throw new HttpError(
      409,
      BOOKING_MESSAGES.priceChanged(formatUsd(input.shownTotalCents), formatUsd(totalCents)),
      'cartTotalCents',
      'PRICE_CHANGED',
    );
  }
  if (input.holding) requireHoldAllowance(input.holding.held, input.lines, input.holding.limits);
  const short = input.short;
  if (short) {
    const room = roomOf.find((r) => r.id === short.roomId);
    throw new HttpError(
      409,
      BOOKING_MESSAGES.soldOut(
        room?.name ?? `room ${short.roomId}`,
        room?.hotel ?? '',
        short.night,
      ),
      `cartRoom.${input.lines.findIndex((l) => l.id === short.roomId)}`,
      'SOLD_OUT',
    );
  }
  return { lines, totalCents };
}
