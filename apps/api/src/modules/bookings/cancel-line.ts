import type { CancelledBooking, RefundOutcome } from '@devstay/shared/contracts/booking';
import { BOOKING_MESSAGES, GUARD_MESSAGES } from '@devstay/shared/messages';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { announce } from '../../lib/announcements.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { canCancelBooking, isGuest } from '../../lib/policies.ts';
import {
  type FreeCancellationRow,
  stayDeadlineJson,
  toFreeCancellation,
} from '../availability/free-cancellation.ts';
import { nightlyDemand, releaseUnits } from '../availability/ledger.ts';
import { creditCancelledLines } from '../invoices/repository.ts';
import type { PaymentDeps } from '../payments/pay.ts';
import { ProviderUnavailableError, RefundRefusedError } from '../payments/provider.ts';
import { lockPaymentOf, recordRefundRefusal } from '../payments/repository.ts';
import { type CancelInput, cancelBooking, refundOutcome } from './cancel.ts';
import { bookingRecords, cancelScopeOf } from './records.ts';

/** The refund of a line cancelled alone, owed by its payment's charge. */
interface LineRefund {
  lineId: number;
  paymentId: string;
  providerRef: string;
  cents: number;
}

/** The processor's key of a line's refund: a retry, from any process, refunds once. */
const lineRefundKey = (lineId: number) => `refund-line-${lineId}`;

/**
 * Gives back a line's refund with the line's own key, then records it done on the line. A
 * refusal is kept on the payment (people settle it), as for a booking's refund.
 */
async function refundLine(deps: PaymentDeps, due: LineRefund): Promise<void> {
  try {
    await deps.provider.refund({
      providerRef: due.providerRef,
      amountCents: due.cents,
      idempotencyKey: lineRefundKey(due.lineId),
    });
  } catch (error) {
    if (error instanceof RefundRefusedError) {
      await recordRefundRefusal(deps.db, due.paymentId, error.message);
    }
    throw error;
  }
  await deps.db.execute(
    sql`update booking_lines set refunded_at = now() where id = ${due.lineId} and refunded_at is null`,
  );
}

/**
 * The organiser (the booking's guest, before this line's hotel's free-cancellation deadline) or
 * staff of every hotel in the booking cancel one line alone — a team trip's traveller's stay —
 * the rest of the booking staying confirmed. Its units go back and exactly its amount is
 * refunded, once however many calls race: every cancel of the booking, whole or a line, first
 * locks the booking's row, so they run one after the other, and only the call whose guarded
 * update `cancelled_at is null → now()` returned the line releases it, owes its refund and
 * announces it (`lineCancelled`: its traveller and the organiser are told). The refund owed is
 * added to the payment's `refunded_cents` in that transaction, with the line's credit note
 * (its hotel's next number), so a later cancel of the whole booking gives back and credits
 * only the rest; the refund itself runs after the commit with the line's own key
 * (`refund-line-{id}`), and the line records when it was given back: one a crash or a silent
 * processor left due is given back by the reconciliation (refundDueLines) with the same key.
 * Cancelling the booking's last live line cancels the whole booking (cancelBooking).
 */
export async function cancelLine(
  deps: PaymentDeps & { log: FastifyBaseLogger },
  input: CancelInput & { lineId: number },
): Promise<CancelledBooking> {
  const { viewer } = input;
  const outcome = await deps.db.transaction(
    async (tx): Promise<LineRefund | 'whole' | 'nothing'> => {
      const scope = await cancelScopeOf(tx, input.bookingId);
      if (!scope) throw notFound('Booking');
      const line = await lineOf(tx, input.bookingId, input.lineId);
      if (!line) {
        throw new HttpError(404, BOOKING_MESSAGES.lineMissing, 'line', 'NOT_FOUND');
      }
      const ownGuest = isGuest(viewer) && scope.userId === viewer.id;
      const done = line.cancelled || scope.status === 'cancelled';
      // A retry of a cancel that went through is answered as it is, the window closed or not.
      if (ownGuest && done && scope.userId === input.userId) return 'nothing';
      const deadline = toFreeCancellation(line.deadline);
      if (
        !canCancelBooking(
          viewer,
          { ...scope, freeCancellationUntil: new Date(deadline.until) },
          input.now,
        )
      ) {
        if (ownGuest) {
          throw new HttpError(
            403,
            BOOKING_MESSAGES.freeCancellationEnded(deadline.date, deadline.timeZone),
            'line',
            'FREE_CANCELLATION_ENDED',
          );
        }
        throw new HttpError(403, GUARD_MESSAGES.forbidden, undefined, 'FORBIDDEN');
      }
      if (scope.userId !== input.userId) {
        throw new HttpError(422, BOOKING_MESSAGES.otherGuest, 'user', 'BAD_REQUEST');
      }
      // The booking's row first, as the whole booking's cancel takes it: cancels queue here.
      const locked = await tx.execute<{ status: string; others: number }>(sql`
        select b.status, (select count(*)::int from booking_lines l
            where l.booking_id = b.id and l.cancelled_at is null and l.id <> ${input.lineId}) as others
        from bookings b where b.id = ${input.bookingId} for update`);
      const booking = locked.rows[0];
      if (booking?.status === 'cancelled') return 'nothing';
      if (booking?.status !== 'confirmed') {
        throw new HttpError(409, BOOKING_MESSAGES.notConfirmed, 'id', 'BOOKING_NOT_CONFIRMED');
      }
      // The last line standing: the trip itself is cancelled, by the booking's own cancel.
      if (booking.others === 0 && !(await lineOf(tx, input.bookingId, input.lineId))?.cancelled) {
        return 'whole';
      }
      const changed = await tx.execute<{
        room_id: number;
        check_in: string;
        check_out: string;
        quantity: number;
        total_cents: number;
      }>(sql`
        update booking_lines set cancelled_at = now()
        where id = ${input.lineId} and booking_id = ${input.bookingId} and cancelled_at is null
        returning room_id, check_in, check_out, quantity, total_cents`);
      const cancelled = changed.rows[0];
      // Cancelled by a call that held the booking's row before this one: done once, there.
      if (!cancelled) return 'nothing';
      await releaseUnits(
        tx,
        nightlyDemand([
          {
            roomId: cancelled.room_id,
            checkIn: cancelled.check_in,
            checkOut: cancelled.check_out,
            quantity: cancelled.quantity,
          },
        ]),
        { cause: 'cancelled', bookingIds: [input.bookingId] },
      );
      const payment = await lockPaymentOf(tx, input.bookingId);
      const cents = Number(cancelled.total_cents);
      const owed = payment?.status === 'captured' && payment.providerRef !== null ? cents : 0;
      if (payment && owed > 0) {
        await tx.execute(sql`
          update payments set refunded_cents = refunded_cents + ${owed}, updated_at = now()
          where id = ${payment.id}`);
        // Its credit note, for exactly the line's amount, with the refund it records.
        await creditCancelledLines(tx, input.bookingId, { lineId: input.lineId });
      } else {
        // Nothing was charged for it: no refund is due.
        await tx.execute(
          sql`update booking_lines set refunded_at = now() where id = ${input.lineId}`,
        );
      }
      await announce(tx, 'lineCancelled', {
        bookingId: input.bookingId,
        lineId: input.lineId,
        by: isGuest(viewer) ? 'guest' : 'staff',
        refundCents: owed,
      });
      return payment && owed > 0
        ? {
            lineId: input.lineId,
            paymentId: payment.id,
            providerRef: payment.providerRef as string,
            cents: owed,
          }
        : 'nothing';
    },
  );
  if (outcome === 'whole') return cancelBooking(deps, input);
  const refund: RefundOutcome =
    outcome === 'nothing'
      ? { status: 'none', reason: null }
      : await refundOutcome(deps.log, { line: outcome.lineId }, () => refundLine(deps, outcome));
  const [record] = await bookingRecords(
    deps.db,
    [input.bookingId],
    viewer,
    input.now,
    input.hotelId,
  );
  if (!record) throw notFound('Booking');
  return { ...record, refund };
}

/** A line of the booking with whether it was cancelled alone and its hotel's deadline. */
async function lineOf(db: Executor, bookingId: string, lineId: number) {
  const result = await db.execute<{ cancelled: boolean; deadline: FreeCancellationRow }>(sql`
    select l.cancelled_at is not null as cancelled, ${stayDeadlineJson(sql`l.check_in`)} as deadline
    from booking_lines l join hotels h on h.id = l.hotel_id
    where l.id = ${lineId} and l.booking_id = ${bookingId}`);
  return result.rows[0];
}

/**
 * Gives back the refunds of lines cancelled alone that are still due (the process stopped, or
 * the processor did not answer, after the cancel committed), with each line's own key: run by
 * the sweeper of every process after the payments' reconciliation. A refusal is recorded on the
 * payment and left to people. Returns how many were looked at.
 */
export async function refundDueLines(
  deps: PaymentDeps & { log?: { warn(obj: object, msg: string): void } },
  olderThanMs = 60_000,
): Promise<number> {
  const due = await deps.db.execute<{
    line_id: number;
    payment_id: string;
    provider_ref: string;
    cents: number;
  }>(sql`
    select l.id as line_id, p.id as payment_id, p.provider_ref, l.total_cents as cents
    from booking_lines l join payments p on p.booking_id = l.booking_id
    where l.cancelled_at is not null and l.refunded_at is null
      and l.cancelled_at < now() - make_interval(secs => ${olderThanMs / 1000})
      and p.provider_ref is not null and p.refund_refusal is null
    order by l.cancelled_at
    limit 100`);
  for (const row of due.rows) {
    try {
      await refundLine(deps, {
        lineId: row.line_id,
        paymentId: row.payment_id,
        providerRef: row.provider_ref,
        cents: Number(row.cents),
      });
    } catch (error) {
      if (error instanceof ProviderUnavailableError) continue;
      deps.log?.warn({ err: error, line: row.line_id }, 'refunding a cancelled line failed');
    }
  }
  return due.rows.length;
}
