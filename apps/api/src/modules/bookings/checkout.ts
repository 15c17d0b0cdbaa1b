import { createHash } from 'node:crypto';
import type { CartLineKey } from '@devstay/shared/cart';
import { MAX_PAYMENT_CENTS } from '@devstay/shared/constants';
import type { Booking } from '@devstay/shared/contracts/booking';
import { AVAILABILITY_MESSAGES, BOOKING_MESSAGES } from '@devstay/shared/messages';
import { stayPriceCents } from '@devstay/shared/stay';
import { formatUsd } from '@devstay/shared/text';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/statements.ts';
import { crashPoint } from '../../lib/crash-point.ts';
import { HttpError, RateLimitedError } from '../../lib/errors.ts';
import type { RateLimit } from '../../lib/rate-limit.ts';
import { type NightUnits, nightlyDemand, type StayUnits } from '../availability/ledger.ts';
import { checkCheckIns, checkStayLengths, requireRooms } from '../availability/quote.ts';
import {
  type CartReads,
  type CheckoutRoom,
  checkCart,
  claimCheckoutSql,
  findBooking,
  holdCart,
} from './repository.ts';

export interface CheckoutInput {
  userId: string;
  idempotencyKey: string;
  lines: readonly CartLineKey[];
  /** The total the guest was shown and agreed to pay, in cents. */
  shownTotalCents: number;
  holdMinutes: number;
  limits: HoldLimits;
  /**
   * Checkouts per account, then per client address: every call counts, even one refused (the
   * route's; none: not counted).
   */
  rateLimits?: { account: RateLimit; address: RateLimit };
  /** When the checkout is made: each line's check-in is checked against its hotel's date then. */
  now: Date;
}

export interface CheckoutResult {
  booking: Booking;
  /** True when the key had already made this booking (the first answer, again). */
  replayed: boolean;
}

/** A 64-bit advisory lock id for one account's idempotency key. */
export function idempotencyLockId(scope: string, userId: string, key: string): string {
  const digest = createHash('sha256').update(`${scope}\u0000${userId}\u0000${key}`).digest();
  return digest.readBigInt64BE(0).toString();
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

/** How much an account may hold unpaid (config HOLDS_PER_ACCOUNT and the two after it). */
interface HoldLimits {
  /** Pending bookings at once. */
  holds: number;
  /** Units those hold together. */
  units: number;
  /** Holds let lapse unpaid in a day, after which the account holds nothing more that day. */
  lapsedPerDay: number;
}

/**
 * Unpaid holds are limited per account, so nobody can keep rooms out of sale without paying:
 * so many pending bookings at once holding so many units together, and no new hold after too
 * many lapsed unpaid in a day (until a day has passed since them or a payment succeeds). The
 * account's checkouts queue on a lock of their own before counting (claimCheckoutSql), so racing
 * tabs cannot all pass the count. 429 HOLD_LIMIT otherwise.
 */
function requireHoldAllowance(
  held: { pending: number; units: number; lapsed: number },
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

const stayKey = (s: { roomId: number; checkIn: string; checkOut: string; quantity: number }) =>
  `${s.roomId}|${s.checkIn}|${s.checkOut}|${s.quantity}`;

/** A replay of `earlier` (its id), or 422 when the key made it for another cart. */
function replayOf(
  earlier: { id: string; stays: StayUnits[] },
  stays: readonly StayUnits[],
): { id: string } {
  // The same lines, in any order.
  const key = (list: readonly StayUnits[]) => list.map(stayKey).sort().join('\n');
  if (key(earlier.stays) !== key(stays)) {
    throw new HttpError(422, BOOKING_MESSAGES.keyReused, 'Idempotency-Key', 'IDEMPOTENCY_MISMATCH');
  }
  return { id: earlier.id };
}

/** A cart's line as checkout prices it. */
interface PricedLine {
  room: CheckoutRoom;
  nightlyCents: number;
  totalCents: number;
}

/**
 * Checkout's rules, in their order, against what its statements read: every line's room exists
 * (404), no check-in before its hotel's today (400), no line asks more units than its room has
 * (409 SOLD_OUT), a total one card payment can take (422), the total the guest was shown (409
 * PRICE_CHANGED), the account's unpaid-hold limits (429), and every night fits (`short`, the
 * first that does not: 409 SOLD_OUT naming the room and night). Throws the first refusal;
 * otherwise answers the cart priced from the rooms read.
 */
function checkCartRules(
  input: CheckoutInput,
  reads: Pick<CartReads, 'rooms' | 'held'>,
  short: NightUnits | { roomId: number; night: string } | null | undefined,
): { lines: PricedLine[]; totalCents: number } {
  const roomOf = requireRooms(input.lines, new Map(reads.rooms.map((r) => [r.id, r])));
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
  });
  const lines = input.lines.map((l, i) => {
    const room = roomOf[i] as CheckoutRoom;
    return {
      room,
      nightlyCents: room.priceCents,
      totalCents: stayPriceCents(room.priceCents, l.checkIn, l.checkOut) * l.cartQuantity,
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
  requireHoldAllowance(reads.held, input.lines, input.limits);
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

/**
 * Checkout: prices the cart on the server, takes every night of every line on the ledger (the
 * database refuses more than the stock), and records a pending booking that holds those units
 * for `holdMinutes`. Idempotent per account and key: the same key and cart answer the first
 * booking; the same key with another cart is 422; the same key while the first request is
 * still running is 409.
 *
 * First one statement on its own (checkCart): the call counted against the rate limits, and
 * every answer committed data already decides — a refusal, a replay, a key in flight — given at
 * once, with no lock waited for and nothing written (a rush for a sold-out room is refused
 * there). Only a checkout whose units look free goes on to one transaction of two statements:
 * the locks (claimCheckoutSql, sent with BEGIN), then the hold itself (holdCart), which answers
 * what the same rules are checked against again; a refusal rolls back whatever it took.
 */
export async function checkout(db: Db, input: CheckoutInput): Promise<CheckoutResult> {
  checkStayLengths(input.lines);
  const stays: StayUnits[] = input.lines.map((l) => ({
    roomId: l.id,
    checkIn: l.checkIn,
    checkOut: l.checkOut,
    quantity: l.cartQuantity,
  }));
  const keyLock = idempotencyLockId('booking', input.userId, input.idempotencyKey);
  const inFlight = () =>
    new HttpError(409, BOOKING_MESSAGES.inFlight, 'Idempotency-Key', 'IDEMPOTENCY_IN_FLIGHT');

  const check = await checkCart(db.$client, {
    userId: input.userId,
    idempotencyKey: input.idempotencyKey,
    lines: stays,
    keyLock,
    rateLimits: input.rateLimits,
  });
  const waitMs = check.waits.account || check.waits.address;
  if (waitMs) {
    throw new RateLimitedError(BOOKING_MESSAGES.checkoutRateLimited, Math.ceil(waitMs / 1000));
  }
  if (!check.keyFree) throw inFlight();
  if (check.earlier) return replayed(db, replayOf(check.earlier, stays));
  checkCartRules(input, check, check.soldOut);

  const outcome = await inTransaction(
    db.$client,
    async (client, [claim]): Promise<{ id: string } | Booking> => {
      if (claim?.claimed !== true) throw inFlight();
      const hold = await holdCart(client, {
        userId: input.userId,
        idempotencyKey: input.idempotencyKey,
        lines: stays,
        holdMinutes: input.holdMinutes,
      });
      if (hold.earlier) return replayOf(hold.earlier, stays);
      const taken = new Set(hold.taken.map((n) => `${n.roomId}|${n.night}`));
      const { lines, totalCents } = checkCartRules(
        input,
        hold,
        hold.soldOut ?? nightlyDemand(stays).find((d) => !taken.has(`${d.roomId}|${d.night}`)),
      );
      const made = hold.made;
      if (!made || made.totalCents !== totalCents) {
        throw new Error(
          `The checkout held its units but wrote ${made ? `a total of ${made.totalCents}` : 'no booking'}`,
        );
      }
      // The answer is what was just written: no read back.
      return {
        id: made.id,
        status: 'pending',
        user: input.userId,
        cartTotalQuantity: input.lines.reduce((sum, l) => sum + l.cartQuantity, 0),
        cartTotalAmount: totalCents / 100,
        cartTotalCents: totalCents,
        holdExpiresAt: new Date(made.holdExpiresAt).toISOString(),
        date: made.date,
        cartRoom: input.lines.map((l, i) => {
          const { room, nightlyCents, totalCents: lineCents } = lines[i] as PricedLine;
          return {
            id: room.id,
            name: room.name,
            idHotel: room.hotelId,
            hotel: room.hotel,
            address: room.address,
            checkIn: l.checkIn,
            checkOut: l.checkOut,
            cartQuantity: l.cartQuantity,
            price: nightlyCents / 100,
            totalCents: lineCents,
          };
        }),
      } satisfies Booking;
    },
    claimCheckoutSql(keyLock, idempotencyLockId('holds', input.userId, '')),
  );
  crashPoint('after-hold');
  if ('status' in outcome) return { booking: outcome, replayed: false };
  return replayed(db, outcome);
}

/** A replay answers the booking as it is now (it may have been paid since). */
async function replayed(db: Db, earlier: { id: string }): Promise<CheckoutResult> {
  const booking = await findBooking(db, earlier.id);
  if (!booking) throw new Error('The booking just made is missing');
  return { booking, replayed: true };
}
