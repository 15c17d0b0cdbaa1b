import { createHash } from 'node:crypto';
import { type CartLineKey, lineGuests } from '@devstay/shared/cart';
import type { Billing, Booking } from '@devstay/shared/contracts/booking';
import { BOOKING_MESSAGES } from '@devstay/shared/messages';
import { centsToPrice } from '@devstay/shared/text';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/statements.ts';
import { crashPoint } from '../../lib/crash-point.ts';
import { HttpError, RateLimitedError } from '../../lib/errors.ts';
import type { RateLimit } from '../../lib/rate-limit.ts';
import { nightlyDemand } from '../availability/ledger.ts';
import { checkStayLengths } from '../availability/quote.ts';
import { storeBilling } from '../invoices/repository.ts';
import {
  type CartReads,
  checkCart,
  claimCheckoutSql,
  findBooking,
  type GuestStay,
  holdCart,
} from './repository.ts';
import { checkBookingRules, type HoldLimits, type PricedLine } from './rules.ts';

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
  /** The company to invoice instead of the guest, kept with the booking. */
  billing?: Billing | undefined;
}

export interface CheckoutResult {
  booking: Booking;
  /** True when the key had already made this booking (the first answer, again). */
  replayed: boolean;
}

/**
 * A 64-bit advisory lock id for one account's idempotency key.
 * @internal
 */
export function idempotencyLockId(scope: string, userId: string, key: string): string {
  const digest = createHash('sha256').update(`${scope}\u0000${userId}\u0000${key}`).digest();
  return digest.readBigInt64BE(0).toString();
}

const stayKey = (s: GuestStay) =>
  `${s.roomId}|${s.checkIn}|${s.checkOut}|${s.quantity}|${s.guests}|${s.traveller ? `${s.traveller.name}|${s.traveller.email}` : ''}`;

/** A replay of `earlier` (its id), or 422 when the key made it for another cart. */
function replayOf(
  earlier: { id: string; stays: GuestStay[] },
  stays: readonly GuestStay[],
): { id: string } {
  // The same lines, in any order.
  const key = (list: readonly GuestStay[]) => list.map(stayKey).sort().join('\n');
  if (key(earlier.stays) !== key(stays)) {
    throw new HttpError(422, BOOKING_MESSAGES.keyReused, 'Idempotency-Key', 'IDEMPOTENCY_MISMATCH');
  }
  return { id: earlier.id };
}

/** The checkout's input as the booking rules take it (checkBookingRules). */
function rulesOf(
  input: CheckoutInput,
  reads: Pick<CartReads, 'rooms' | 'held'>,
  short: { roomId: number; night: string } | null | undefined,
) {
  return checkBookingRules({
    lines: input.lines,
    rooms: reads.rooms,
    shownTotalCents: input.shownTotalCents,
    now: input.now,
    holding: { held: reads.held, limits: input.limits },
    short,
  });
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
  const stays: GuestStay[] = input.lines.map((l) => ({
    roomId: l.id,
    checkIn: l.checkIn,
    checkOut: l.checkOut,
    quantity: l.cartQuantity,
    guests: lineGuests(l),
    traveller: l.traveller ?? null,
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
  // Priced from this first read; the hold writes these prices, then prices again from what it
  // locked and rolls back if a rate moved in between.
  const first = rulesOf(input, check, check.soldOut);

  const outcome = await inTransaction(
    db.$client,
    async (client, [claim]): Promise<{ id: string } | Booking> => {
      if (claim?.claimed !== true) throw inFlight();
      const hold = await holdCart(client, {
        userId: input.userId,
        idempotencyKey: input.idempotencyKey,
        lines: stays,
        nightCents: first.lines.map((l) => l.nights.map((n) => n.cents)),
        holdMinutes: input.holdMinutes,
      });
      if (hold.earlier) return replayOf(hold.earlier, stays);
      const taken = new Set(hold.taken.map((n) => `${n.roomId}|${n.night}`));
      const { lines, totalCents } = rulesOf(
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
      if (input.billing) await storeBilling(client, made.id, input.billing);
      // The answer is what was just written: no read back.
      return {
        id: made.id,
        status: 'pending',
        user: input.userId,
        cartTotalQuantity: input.lines.reduce((sum, l) => sum + l.cartQuantity, 0),
        cartTotalAmount: centsToPrice(totalCents),
        cartTotalCents: totalCents,
        holdExpiresAt: new Date(made.holdExpiresAt).toISOString(),
        date: made.date,
        cartRoom: input.lines.map((l, i) => {
          const { room, nightlyCents, nights, totalCents: lineCents } = lines[i] as PricedLine;
          return {
            id: room.id,
            name: room.name,
            idHotel: room.hotelId,
            hotel: room.hotel,
            address: room.address,
            checkIn: l.checkIn,
            checkOut: l.checkOut,
            cartQuantity: l.cartQuantity,
            guests: lineGuests(l),
            price: centsToPrice(nightlyCents),
            nights: nights.map((n) => ({ date: n.date, price: centsToPrice(n.cents) })),
            totalCents: lineCents,
            traveller: l.traveller ?? null,
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
