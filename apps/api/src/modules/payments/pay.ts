import type { Booking, PaymentResult } from '@devstay/shared/contracts/booking';
import { BOOKING_MESSAGES } from '@devstay/shared/messages';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { crashPoint } from '../../lib/crash-point.ts';
import { HttpError, RateLimitedError } from '../../lib/errors.ts';
import { enforceRateLimits, type RateLimit } from '../../lib/rate-limit.ts';
import { nightlyDemand, takeUnits } from '../availability/ledger.ts';
import {
  type BookingRow,
  bookingStays,
  findBooking,
  holdForPayment,
  lockBooking,
  releasePending,
} from '../bookings/repository.ts';
import { checkBookingRules, type HoldLimits } from '../bookings/rules.ts';
import { receiptMail, receiptReadsOf } from '../mail/receipt.ts';
import {
  type ChargeOutcome,
  PaymentInputError,
  type PaymentMethod,
  type PaymentProvider,
  ProviderUnavailableError,
  RefundRefusedError,
} from './provider.ts';
import {
  type ChargeReads,
  confirmBooking,
  confirmCaptured,
  endLease,
  insertPendingPayment,
  leasePayment,
  lockCharge,
  lockPaymentOf,
  markAbandoned,
  markRefunded,
  PAYMENT_LEASE_SECONDS,
  type PaymentRow,
  paymentsToSettle,
  recordLateCapture,
  recordOutcome,
  recordRefundRefusal,
  type StartedPayment,
  startCharge,
  undoStart,
} from './repository.ts';

export interface PaymentDeps {
  db: Db;
  provider: PaymentProvider;
}

export interface PayInput {
  userId: string;
  bookingId: string;
  idempotencyKey: string;
  method: PaymentMethod;
  /** The account's payment attempts: every call is counted, even one that fails. */
  rateLimit: RateLimit;
  /** The account's unpaid-hold limits: paying a lapsed hold takes its units anew. */
  limits: HoldLimits;
  /** When the call is made (the app's clock): check-ins are judged at it. */
  now: Date;
}

const paymentInput = (error: PaymentInputError) => new HttpError(400, error.message, error.field);

const missing = () => new HttpError(404, BOOKING_MESSAGES.bookingMissing, 'booking', 'NOT_FOUND');

/**
 * The booking rules (checkBookingRules, checkout's own) on what a charge would be made on:
 * the booking's lines at today's prices against the total the guest agreed to, every check-in
 * against its hotel's today, and — for a hold that lapsed, whose units are taken anew — the
 * account's hold limits. Only a booking a charge may still start on is checked (pending or
 * lapsed, with no payment or one still pending); any other goes on to be answered as it is.
 * Throws the first refusal; nothing has been charged.
 */
function checkCharge(reads: ChargeReads, input: PayInput): void {
  const { booking, payment } = reads;
  if (!booking) throw missing();
  if (booking.status !== 'pending' && booking.status !== 'expired') return;
  if (payment && payment.status !== 'pending') return;
  const retaken = booking.status === 'expired' || booking.lapsed;
  checkBookingRules({
    lines: reads.lines,
    rooms: reads.rooms,
    shownTotalCents: booking.totalCents,
    now: input.now,
    holding: retaken ? { held: reads.held, limits: input.limits } : null,
  });
}

/**
 * Pays a pending booking of the guest (product §7.3's card payment), charging the server's total:
 *
 * 1. One statement (startCharge) counts the call against the account's payment rate limit
 *    (429 when it is full), reads what the booking rules decide on and — for a first attempt
 *    on a live hold, the usual case — starts the payment: the hold kept for the processor's
 *    call and the payment row (status pending) written, whose id is the processor's
 *    idempotency key. The rules then refuse a charge the checkout would refuse now
 *    (checkCharge), on that statement's snapshot; a refusal undoes the start (undoStart):
 *    nothing is left written, nothing charged. Any other attempt writes its row in one short
 *    transaction that locks the booking, checks the rules again on what it locked and writes
 *    it — or finds the row an earlier attempt with the same client key wrote, and reuses it
 *    once that attempt's lease has run out (409 while it is still at the processor).
 * 2. The processor is called outside any transaction (no lock is held over the network).
 * 3. The outcome is settled: a capture of a booking and payment both still pending in one
 *    statement (confirmCaptured: confirmed, with its receipt e-mail rendered beforehand from
 *    what startCharge read); anything else by `settle`
 *    (declined with the hold released at once, confirmed after the hold lapsed, or refunded
 *    when the rooms were lost).
 *
 * A crash between any two steps leaves a state `reconcilePayments` finishes (one between a
 * refused start and its undoing leaves a pending payment the processor never saw: given up
 * after two minutes, the hold released).
 */
export async function payBooking(deps: PaymentDeps, input: PayInput): Promise<PaymentResult> {
  const countCall = () =>
    enforceRateLimits(deps.db, [input.rateLimit], BOOKING_MESSAGES.rateLimited);
  try {
    deps.provider.checkMethod(input.method);
  } catch (error) {
    if (error instanceof PaymentInputError) {
      await countCall();
      throw paymentInput(error);
    }
    throw error;
  }
  const reads = await startCharge(deps.db, {
    ...input,
    provider: deps.provider.name,
    holdSeconds: 2 * PAYMENT_LEASE_SECONDS,
  });
  if (reads.waitMs > 0) {
    throw new RateLimitedError(BOOKING_MESSAGES.rateLimited, Math.ceil(reads.waitMs / 1000));
  }
  const { started } = reads;
  try {
    checkCharge(reads, input);
  } catch (error) {
    if (started) await undoStart(deps.db, started);
    throw error;
  }
  const payment = started?.payment ?? (await startOrResumePayment(deps, input));

  if (payment.status === 'pending') {
    crashPoint('before-charge');
    let outcome: ChargeOutcome;
    try {
      outcome = await deps.provider.charge({
        idempotencyKey: payment.id,
        amountCents: payment.amountCents,
        currency: payment.currency,
        method: input.method,
        description: `DevStay booking ${input.bookingId}`,
        bookingId: input.bookingId,
      });
    } catch (error) {
      if (error instanceof PaymentInputError) throw paymentInput(error);
      if (error instanceof ProviderUnavailableError) {
        await endLease(deps.db, payment.id);
        throw new HttpError(
          502,
          BOOKING_MESSAGES.providerDown,
          undefined,
          'PAYMENT_PROVIDER_UNAVAILABLE',
        );
      }
      throw error;
    }
    crashPoint('after-charge');
    const confirmed =
      (started && outcome.status === 'captured'
        ? await confirmStarted(deps, started, outcome)
        : null) ?? (await settle(deps, input.bookingId, outcome));
    // This call confirmed it: the answer is what it just wrote, no read back.
    if (confirmed) {
      return {
        message: BOOKING_MESSAGES.paid,
        receipt_url: confirmed.receiptUrl,
        booking: confirmed.booking,
      };
    }
  }
  return answer(deps.db, input.bookingId);
}

/**
 * The general first step of a payment, in one short transaction: locks the booking, checks the
 * booking rules again on what it locked (its rooms share-locked), and writes the payment row
 * (status pending) whose id is the processor's idempotency key — or finds the row an earlier
 * attempt with the same client key wrote, and reuses it once that attempt's lease has run out
 * (409 while it is still at the processor).
 */
async function startOrResumePayment(
  deps: PaymentDeps,
  input: PayInput,
): Promise<Pick<PaymentRow, 'id' | 'amountCents' | 'currency' | 'status'>> {
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, input.bookingId);
    // Another account's booking is not there, as far as this guest can tell.
    if (!booking || booking.userId !== input.userId) throw missing();
    const earlier = await lockPaymentOf(tx, booking.id);
    if (earlier) {
      if (earlier.idempotencyKey !== input.idempotencyKey) {
        throw new HttpError(
          422,
          BOOKING_MESSAGES.keyReused,
          'Idempotency-Key',
          'IDEMPOTENCY_MISMATCH',
        );
      }
      if (earlier.status !== 'pending') return earlier;
      // Still at the processor for another request: one driver at a time.
      if (!(await leasePayment(tx, earlier.id))) {
        throw new HttpError(
          409,
          BOOKING_MESSAGES.inFlight,
          'Idempotency-Key',
          'IDEMPOTENCY_IN_FLIGHT',
        );
      }
      // A retry drives the processor again only under the rules and while the rooms are held.
      checkCharge(await lockCharge(tx, booking.id, input.userId), input);
      await requireHold(tx, booking);
      return earlier;
    }
    checkCharge(await lockCharge(tx, booking.id, input.userId), input);
    await requireHold(tx, booking);
    return insertPendingPayment(tx, {
      bookingId: booking.id,
      provider: deps.provider.name,
      idempotencyKey: input.idempotencyKey,
      amountCents: booking.totalCents,
    });
  });
}

/**
 * A capture of a payment startCharge began, settled in one statement while the booking and
 * the payment are both still pending (confirmCaptured): confirmed, with its receipt, rendered
 * beforehand from what startCharge read. Null when either moved meanwhile; `settle` then
 * decides.
 */
async function confirmStarted(
  deps: PaymentDeps,
  started: StartedPayment,
  outcome: Extract<ChargeOutcome, { status: 'captured' }>,
): Promise<Confirmed | null> {
  const email = started.email;
  if (!email) return null;
  const booking: Booking = { ...started.booking, status: 'confirmed', holdExpiresAt: null };
  const { receiptUrl } = outcome;
  const confirmedAt = new Date();
  const card = { brand: outcome.cardBrand, last4: outcome.cardLast4 };
  const receipt = receiptMail({
    to: email,
    booking,
    receiptUrl,
    details: { ...started.details, card: card.last4 ? card : null },
    confirmedAt,
  });
  const captured = await confirmCaptured(deps.db, {
    bookingId: booking.id,
    paymentId: started.payment.id,
    outcome,
    confirmedAt,
    receipt,
  });
  return captured ? { booking, receiptUrl } : null;
}

/**
 * No charge starts on a lapsed hold: a booking about to go to the processor holds its units for
 * the payment's lease at least. A pending booking whose hold ran out (not yet swept: its units
 * are still on the ledger, and the sweeper skips the row this transaction has locked) is held
 * again; a swept one takes its units again when they are all still free (a savepoint: a night
 * gone undoes only this attempt), or the payment is refused with 409 and nothing is charged.
 */
async function requireHold(tx: Tx, booking: BookingRow): Promise<void> {
  const lapsed = new HttpError(409, BOOKING_MESSAGES.holdExpired, 'booking', 'HOLD_EXPIRED');
  if (booking.status === 'expired') {
    try {
      await tx.transaction(async (sp) => {
        if (await takeUnits(sp, nightlyDemand(await bookingStays(sp, [booking.id])))) {
          throw lapsed;
        }
      });
    } catch (error) {
      throw error === lapsed ? lapsed : error;
    }
  } else if (booking.status !== 'pending') {
    throw lapsed;
  }
  await holdForPayment(tx, booking.id, 2 * PAYMENT_LEASE_SECONDS);
}

/** A booking this call confirmed, as the API shows it, and its receipt's address. */
export interface Confirmed {
  booking: Booking;
  receiptUrl: string;
}

/**
 * Confirms a booking whose units are held, with its receipt e-mail, in `tx` (which holds the
 * booking locked): one statement reads what the receipt says, one confirms the booking and
 * writes the receipt. Null when another call confirmed it first.
 */
async function confirmWithReceipt(
  tx: Tx,
  bookingId: string,
  receiptUrl: string,
): Promise<Confirmed | null> {
  const found = await receiptReadsOf(tx, bookingId);
  if (!found?.email) throw new Error('The booking to confirm or its guest is missing');
  const booking: Booking = { ...found.booking, status: 'confirmed', holdExpiresAt: null };
  const confirmedAt = new Date();
  const receipt = receiptMail({
    to: found.email,
    booking,
    receiptUrl,
    details: found.details,
    confirmedAt,
  });
  if (!(await confirmBooking(tx, { bookingId, confirmedAt, receipt }))) return null;
  return { booking, receiptUrl };
}

class RoomsGone extends Error {}

/**
 * Applies the processor's outcome to a pending payment, once (a concurrent settle of the same
 * payment finds it no longer pending and does nothing):
 * - declined: the payment fails and the booking's hold is released now (pending → expired);
 * - captured, booking still pending: confirmed, receipt e-mailed in the same transaction;
 * - captured after the hold lapsed (expired): its units are taken again if still free, and it
 *   is confirmed; if not, the payment is refunded — never a payment without a booking.
 * Returns the booking when this call confirmed it (the payment call answers from it).
 */
export async function settle(
  deps: PaymentDeps,
  bookingId: string,
  outcome: ChargeOutcome,
): Promise<Confirmed | null> {
  const settled = await deps.db.transaction(
    async (tx): Promise<{ refund: PaymentRow } | Confirmed | null> => {
      const booking = await lockBooking(tx, bookingId);
      const payment = await lockPaymentOf(tx, bookingId);
      if (!booking || !payment) return null;
      if (payment.status !== 'pending') {
        // Given up as abandoned, then captured after all: recorded as captured first, then
        // the money goes back from that record (the reconciliation retries a lost refund).
        if (payment.status !== 'failed' || outcome.status !== 'captured') return null;
        const recorded = await recordLateCapture(tx, payment.id, outcome);
        return recorded ? { refund: recorded } : null;
      }
      await recordOutcome(tx, payment.id, outcome);
      if (outcome.status === 'failed') {
        await releasePending(tx, sql`id = ${bookingId}`, 'expired', 'declined');
        return null;
      }
      if (booking.status === 'pending') {
        return confirmWithReceipt(tx, booking.id, outcome.receiptUrl);
      }
      if (booking.status === 'expired') {
        try {
          // A savepoint: a night that no longer fits undoes only this attempt.
          await tx.transaction(async (sp) => {
            if (await takeUnits(sp, nightlyDemand(await bookingStays(sp, [bookingId])))) {
              throw new RoomsGone();
            }
          });
          return confirmWithReceipt(tx, booking.id, outcome.receiptUrl);
        } catch (error) {
          if (!(error instanceof RoomsGone)) throw error;
        }
      }
      return { refund: { ...payment, status: 'captured', providerRef: outcome.providerRef } };
    },
  );
  if (settled && 'refund' in settled) {
    await refund(deps, settled.refund);
    return null;
  }
  return settled;
}

/**
 * Gives back what is left of a captured payment (its amount minus what was already refunded),
 * with a key made of the payment and that amount: a retried refund refunds once, and a refund
 * made meanwhile in the processor's dashboard is not asked for again. A refusal (disputed,
 * already given back) is recorded on the payment and thrown as RefundRefusedError.
 */
export async function refund(deps: PaymentDeps, payment: PaymentRow): Promise<void> {
  if (!payment.providerRef) throw new Error(`Payment ${payment.id} has no charge to refund`);
  const left = payment.amountCents - payment.refundedCents;
  if (left > 0) {
    try {
      await deps.provider.refund({
        providerRef: payment.providerRef,
        amountCents: left,
        idempotencyKey: `refund-${payment.id}-${left}`,
      });
    } catch (error) {
      if (error instanceof RefundRefusedError) {
        await recordRefundRefusal(deps.db, payment.id, error.message);
      }
      throw error;
    }
  }
  await markRefunded(deps.db, payment.id, payment.amountCents);
}

/** The reply to a payment call, from what is recorded (the same for every retry). */
async function answer(db: Db, bookingId: string): Promise<PaymentResult> {
  const booking = await findBooking(db, bookingId);
  const payment = await db.transaction((tx) => lockPaymentOf(tx, bookingId));
  if (!booking || !payment) throw new Error('The paid booking is missing');
  if (payment.status === 'pending') {
    throw new HttpError(409, BOOKING_MESSAGES.inFlight, 'Idempotency-Key', 'IDEMPOTENCY_IN_FLIGHT');
  }
  if (payment.status === 'failed') {
    const reason = payment.failureReason?.split(': ').slice(1).join(': ') || 'declined';
    throw new HttpError(402, BOOKING_MESSAGES.declined(reason), 'card', 'PAYMENT_DECLINED');
  }
  if (booking.status !== 'confirmed') {
    throw new HttpError(
      409,
      `${BOOKING_MESSAGES.holdExpired}. ${BOOKING_MESSAGES.refunded}`,
      'booking',
      'HOLD_EXPIRED',
    );
  }
  return { message: BOOKING_MESSAGES.paid, receipt_url: payment.receiptUrl ?? '', booking };
}

/**
 * Finishes what a stopped process left (run by the sweeper of every process):
 * - a captured payment whose booking is not confirmed is refunded (its refund was due), unless
 *   the processor refused that refund before (recorded on the payment, left to people);
 * - a payment pending for longer than `staleMs` is leased, then settled from the processor's
 *   own record (`find` by its key); one the processor never saw is marked failed and its hold
 *   released — only if the lease is still ours (a client's retry that took it over wins).
 * One payment that fails (a refund refused, an unexpected answer) is logged and skipped; it
 * never stops the others. Returns how many payments were looked at.
 */
export async function reconcilePayments(
  deps: PaymentDeps & { log?: { warn(obj: object, msg: string): void } },
  staleMs = 120_000,
): Promise<number> {
  const { captured, stale } = await paymentsToSettle(deps.db, staleMs);
  const each = async (id: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      // Unreachable, or the processor has not decided yet: the next sweep asks again.
      if (error instanceof ProviderUnavailableError) return;
      deps.log?.warn({ err: error, payment: id }, 'reconciling a payment failed');
    }
  };
  for (const p of captured) {
    await each(p.id, async () => {
      const row = await deps.db.transaction((tx) => lockPaymentOf(tx, p.bookingId));
      if (row?.status === 'captured' && row.refundRefusal === null) await refund(deps, row);
    });
  }
  for (const p of stale) {
    await each(p.id, async () => {
      const lease = await leasePayment(deps.db, p.id);
      if (!lease) return;
      const outcome = await deps.provider.find(p.id);
      if (outcome) {
        await settle(deps, p.bookingId, outcome);
        return;
      }
      await deps.db.transaction(async (tx) => {
        await lockBooking(tx, p.bookingId);
        if (await markAbandoned(tx, p.id, lease)) {
          await releasePending(tx, sql`id = ${p.bookingId}`, 'expired', 'abandoned');
        }
      });
    });
  }
  return captured.length + stale.length;
}
