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
import { HttpError } from '../../lib/errors.ts';
import { nightlyDemand } from '../availability/ledger.ts';
import { checkCheckIns, checkStayLengths, requireRooms } from '../availability/quote.ts';
import { type CheckoutRoom, claimCheckoutSql, findBooking, holdCart } from './repository.ts';

export interface CheckoutInput {
  userId: string;
  idempotencyKey: string;
  lines: readonly CartLineKey[];
  /** The total the guest was shown and agreed to pay, in cents. */
  shownTotalCents: number;
  holdMinutes: number;
  limits: HoldLimits;
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
export function requireChargeable(totalCents: number): void {
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
export interface HoldLimits {
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
/** The same lines, in any order. */
const sameStays = (a: readonly string[], b: readonly string[]) =>
  [...a].sort().join('\n') === [...b].sort().join('\n');

/**
 * Checkout: one transaction that prices the cart on the server, takes every night of every
 * line on the ledger (the database refuses more than the stock), and records a pending booking
 * that holds those units for `holdMinutes`. Idempotent per account and key: the same key and
 * cart answer the first booking; the same key with another cart is 422; the same key while the
 * first request is still running is 409.
 *
 * Two statements between BEGIN and COMMIT: the locks (claimCheckoutSql, sent with BEGIN), then
 * the hold itself
 * (holdCart), which answers what every rule below is checked against; a refusal rolls back
 * whatever it took.
 */
export async function checkout(db: Db, input: CheckoutInput): Promise<CheckoutResult> {
  checkStayLengths(input.lines);
  const stays = input.lines.map((l) => ({
    roomId: l.id,
    checkIn: l.checkIn,
    checkOut: l.checkOut,
    quantity: l.cartQuantity,
  }));
  const outcome = await inTransaction(
    db.$client,
    async (client, [claim]): Promise<{ id: string } | Booking> => {
      if (claim?.claimed !== true) {
        throw new HttpError(
          409,
          BOOKING_MESSAGES.inFlight,
          'Idempotency-Key',
          'IDEMPOTENCY_IN_FLIGHT',
        );
      }
      const hold = await holdCart(client, {
        userId: input.userId,
        idempotencyKey: input.idempotencyKey,
        lines: stays,
        holdMinutes: input.holdMinutes,
      });
      if (hold.earlier) {
        if (!sameStays(hold.earlier.stays.map(stayKey), stays.map(stayKey))) {
          throw new HttpError(
            422,
            BOOKING_MESSAGES.keyReused,
            'Idempotency-Key',
            'IDEMPOTENCY_MISMATCH',
          );
        }
        return { id: hold.earlier.id };
      }

      // The rooms as locked: their price and stock cannot change before this commits.
      const roomOf = requireRooms(input.lines, new Map(hold.rooms.map((r) => [r.id, r])));
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
      requireHoldAllowance(hold.held, input.lines, input.limits);
      const taken = new Set(hold.taken.map((n) => `${n.roomId}|${n.night}`));
      const short =
        hold.soldOut ?? nightlyDemand(stays).find((d) => !taken.has(`${d.roomId}|${d.night}`));
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
          const { room, nightlyCents, totalCents: lineCents } = lines[i] as (typeof lines)[number];
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
    claimCheckoutSql(
      idempotencyLockId('booking', input.userId, input.idempotencyKey),
      idempotencyLockId('holds', input.userId, ''),
    ),
  );
  crashPoint('after-hold');
  if ('status' in outcome) return { booking: outcome, replayed: false };
  // A replay answers the booking as it is now (it may have been paid since).
  const booking = await findBooking(db, outcome.id);
  if (!booking) throw new Error('The booking just made is missing');
  return { booking, replayed: true };
}
