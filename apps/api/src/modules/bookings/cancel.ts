import type { CancelledBooking, RefundOutcome } from '@devstay/shared/contracts/booking';
import { BOOKING_MESSAGES, GUARD_MESSAGES } from '@devstay/shared/messages';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { announce } from '../../lib/announcements.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { canCancelBooking, isGuest, type SessionUser } from '../../lib/policies.ts';
import { nightlyDemand, releaseUnits } from '../availability/ledger.ts';
import { creditCancelledLines } from '../invoices/repository.ts';
import { type PaymentDeps, refund } from '../payments/pay.ts';
import { ProviderUnavailableError, RefundRefusedError } from '../payments/provider.ts';
import { lockPaymentOf, type PaymentRow } from '../payments/repository.ts';
import { bookingRecords, cancelScopeOf } from './records.ts';
import { bookingStays } from './repository.ts';

export interface CancelInput {
  bookingId: string;
  /** The guest the caller names (product §7.3 `user`): must be the booking's. */
  userId: string;
  /** Who cancels (the answer is theirs). */
  viewer: SessionUser;
  /** Limit the answer's rooms to this hotel (an admin's). */
  hotelId?: number;
  /** The time of the call: a guest's free-cancellation window is judged at it. */
  now: Date;
}

/**
 * Staff, or its guest within the free-cancellation window (`canCancelBooking`), cancel a
 * confirmed booking: its units go back to the ledger and its payment is refunded, each exactly
 * once however many calls race, whoever makes them; it is announced (`bookingCancelled`) in the
 * same transaction, once too, and the guest's 'Booking Cancelled' e-mail follows from that
 * announcement after the commit (mail/booking-mails.ts).
 *
 * One transaction makes the guarded change `confirmed → cancelled … RETURNING`: of two
 * concurrent calls, the second waits on the row lock and then finds it no longer confirmed,
 * so only the call whose update returned the row gives the units back (in that same
 * transaction), issues the credit notes of what it refunds (its hotels' rooms not credited by a
 * line's cancel before) and refunds. The refund runs after the commit, outside any lock, with the
 * payment row's own key (`refund-{payment id}`, the same key the reconciliation uses): if the
 * process stops or the processor is down before it is done, the payment is still `captured`
 * with a booking that is not confirmed, which the reconciliation refunds with that key.
 * A call on a booking already cancelled answers it as it is (PUT is idempotent), with no
 * second release and no second refund.
 */
export async function cancelBooking(
  deps: PaymentDeps & { log: FastifyBaseLogger },
  input: CancelInput,
): Promise<CancelledBooking> {
  const { viewer } = input;
  const toRefund = await deps.db.transaction(async (tx): Promise<PaymentRow | null> => {
    const scope = await cancelScopeOf(tx, input.bookingId);
    if (!scope) throw notFound('Booking');
    const ownGuest = isGuest(viewer) && scope.userId === viewer.id;
    // A retry of a cancel that went through is answered as it is, the window closed or not.
    if (ownGuest && scope.status === 'cancelled' && scope.userId === input.userId) return null;
    if (!canCancelBooking(viewer, scope, input.now)) {
      if (ownGuest) {
        const { date, timeZone } = scope.freeCancellation;
        throw new HttpError(
          403,
          BOOKING_MESSAGES.freeCancellationEnded(date, timeZone),
          'id',
          'FREE_CANCELLATION_ENDED',
        );
      }
      throw new HttpError(403, GUARD_MESSAGES.forbidden, undefined, 'FORBIDDEN');
    }
    if (scope.userId !== input.userId) {
      throw new HttpError(422, BOOKING_MESSAGES.otherGuest, 'user', 'BAD_REQUEST');
    }
    const changed = await tx.execute(sql`
      update bookings set status = 'cancelled', cancelled_at = now()
      where id = ${input.bookingId} and status = 'confirmed'
      returning id`);
    if (changed.rows.length === 0) {
      // Read after the update: a concurrent cancel that won the row has committed by now.
      const now = await tx.execute<{ status: string }>(
        sql`select status from bookings where id = ${input.bookingId}`,
      );
      if (now.rows[0]?.status === 'cancelled') return null;
      throw new HttpError(409, BOOKING_MESSAGES.notConfirmed, 'id', 'BOOKING_NOT_CONFIRMED');
    }
    await releaseUnits(tx, nightlyDemand(await bookingStays(tx, [input.bookingId])), {
      cause: 'cancelled',
      bookingIds: [input.bookingId],
    });
    const payment = await lockPaymentOf(tx, input.bookingId);
    const captured = payment?.status === 'captured' ? payment : null;
    // The refund owed is credited now, with the cancel (the lines a line cancel credited before
    // keep theirs): the numbers go back if this rolls back, and the e-mail can link them.
    if (captured && captured.amountCents > captured.refundedCents) {
      await creditCancelledLines(tx, input.bookingId, 'live');
    }
    // Delivered after the commit (the guest's e-mail among its subscribers): no subscriber can
    // refuse or hold up the cancel.
    await announce(tx, 'bookingCancelled', {
      bookingId: input.bookingId,
      by: isGuest(viewer) ? 'guest' : 'staff',
      refundCents: captured ? captured.amountCents - captured.refundedCents : 0,
    });
    return captured;
  });
  // The cancel has committed: whatever the processor says now, the answer tells what happened.
  const outcome: RefundOutcome = toRefund
    ? await refundOutcome(deps.log, { payment: toRefund.id }, () => refund(deps, toRefund))
    : { status: 'none', reason: null };
  const [record] = await bookingRecords(
    deps.db,
    [input.bookingId],
    viewer,
    input.now,
    input.hotelId,
  );
  if (!record) throw notFound('Booking');
  return { ...record, refund: outcome };
}

/**
 * What a refund tried after a committed cancel tells the guest: done, refused (recorded on the
 * payment; people settle it with the processor) or pending (the processor did not answer or
 * failed: the reconciliation, or the sweep for a line, refunds it once it answers).
 */
export async function refundOutcome(
  log: FastifyBaseLogger,
  what: Record<string, unknown>,
  attempt: () => Promise<unknown>,
): Promise<RefundOutcome> {
  try {
    await attempt();
    return { status: 'refunded', reason: null };
  } catch (error) {
    if (error instanceof ProviderUnavailableError) {
      log.warn(what, 'refund deferred: the processor did not answer');
    } else if (error instanceof RefundRefusedError) {
      log.error({ ...what, reason: error.message }, 'refund refused');
      return { status: 'refused', reason: error.message };
    } else {
      log.error({ ...what, err: error }, 'refund failed; retried later');
    }
    return { status: 'pending', reason: null };
  }
}
