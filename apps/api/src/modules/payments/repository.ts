import type { CartLineKey } from '@devstay/shared/cart';
import type { BookingStatus, PaymentStatus } from '@devstay/shared/constants';
import type { Booking } from '@devstay/shared/contracts/booking';
import { and, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { bookings, paymentEvents, payments } from '../../db/schema.ts';
import {
  type PreparedStatement,
  runPrepared,
  sqlOf,
  sqlState,
  sqlText,
} from '../../db/statements.ts';
import { bookingConfirmedCte } from '../../lib/announcements.ts';
import { countCallSql, type RateLimit, rateLimitValues, waitFor } from '../../lib/rate-limit.ts';
import {
  BOOKING_VIEW_COLUMNS,
  type BookingViewRow,
  type CheckoutRoom,
  holdsOfAccountSql,
  saleRoomsJson,
  saleRoomsSql,
  toBooking,
} from '../bookings/repository.ts';
import type { HeldByAccount } from '../bookings/rules.ts';
import {
  type BookingDetails,
  type BookingDetailsColumns,
  bookingDetailsColumns,
  toBookingDetails,
} from '../mail/booking-details.ts';
import { type MailMessage, mailValues, storeMailText } from '../mail/outbox.ts';
import type { ChargeOutcome } from './provider.ts';

export interface PaymentRow {
  id: string;
  bookingId: string;
  idempotencyKey: string;
  amountCents: number;
  currency: string;
  status: PaymentStatus;
  providerRef: string | null;
  receiptUrl: string | null;
  failureReason: string | null;
  refundedCents: number;
  refundRefusal: string | null;
}

const columns = {
  id: payments.id,
  bookingId: payments.bookingId,
  idempotencyKey: payments.idempotencyKey,
  amountCents: payments.amountCents,
  currency: payments.currency,
  status: payments.status,
  providerRef: payments.providerRef,
  receiptUrl: payments.receiptUrl,
  failureReason: payments.failureReason,
  refundedCents: payments.refundedCents,
  refundRefusal: payments.refundRefusal,
};

/** A booking's payment (one per booking), its row locked until the transaction ends. */
export async function lockPaymentOf(tx: Tx, bookingId: string): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select(columns)
    .from(payments)
    .where(eq(payments.bookingId, bookingId))
    .for('update');
  return row as PaymentRow | undefined;
}

/** A booking's latest payment as its receipt shows it: the card's brand and last four only. */
export async function receiptPaymentOf(db: Executor, bookingId: string) {
  const [payment] = await db
    .select({
      status: payments.status,
      amountCents: payments.amountCents,
      refundedCents: payments.refundedCents,
      cardBrand: payments.cardBrand,
      cardLast4: payments.cardLast4,
    })
    .from(payments)
    .where(eq(payments.bookingId, bookingId))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return payment;
}

/**
 * The payment row, written before the processor is called: its id is the key the processor
 * sees, so a retry after any failure reuses it and cannot charge twice.
 */
export async function insertPendingPayment(
  tx: Tx,
  input: { bookingId: string; provider: string; idempotencyKey: string; amountCents: number },
): Promise<PaymentRow> {
  const [row] = await tx
    .insert(payments)
    .values({ ...input, status: 'pending' })
    .returning(columns);
  if (!row) throw new Error('The payment was not stored');
  return row as PaymentRow;
}

/**
 * What the booking rules decide a charge on, as CTEs over `input (booking_id, user_id)`, all
 * from one snapshot: the guest's booking (`lapsed`: its hold has run out, swept or not), its
 * lines, their rooms as they are now with their hotels and what prices their nights
 * (saleRoomsSql), the account's other unpaid holds (holdsOfAccountSql) and the booking's
 * payment, if any.
 */
function chargeReadsSql(): string {
  return `booking as (
      select b.id, b.status, b.total_cents as "totalCents",
        b.hold_expires_at is null or b.hold_expires_at <= now() as lapsed
      from bookings b join input i on b.id = i.booking_id and b.user_id = i.user_id),
    line as (
      select l.id, l.room_id, l.check_in, l.check_out, l.quantity, l.guests
      from booking_lines l where l.booking_id = (select id from booking)),
    room as (${saleRoomsSql('select room_id from line', false)}),
    held as (${holdsOfAccountSql('(select user_id from input)', '(select booking_id from input)')}),
    payment as (
      select p.id, p.idempotency_key as "idempotencyKey", p.status
      from payments p where p.booking_id = (select id from booking))`;
}

const CHARGE_READS_COLUMNS = `(select row_to_json(b) from booking b) as booking,
      (select coalesce(json_agg(json_build_object('id', room_id, 'checkIn', check_in,
          'checkOut', check_out, 'cartQuantity', quantity, 'guests', guests) order by id), '[]')
        from line) as lines,
      ${saleRoomsJson('room')} as rooms,
      (select row_to_json(h) from held h) as held,
      (select row_to_json(p) from payment p) as payment`;

/** What chargeReadsSql answers: null booking when the guest has no such booking. */
// A type, not an interface: Drizzle's execute wants rows with an index signature.
export type ChargeReads = {
  booking: {
    id: string;
    status: BookingStatus;
    totalCents: number;
    lapsed: boolean;
  } | null;
  lines: CartLineKey[];
  rooms: CheckoutRoom[];
  held: HeldByAccount;
  payment: { id: string; idempotencyKey: string; status: PaymentStatus } | null;
};

/**
 * The payment call's first statement:
 * - the call counted against the account's payment rate limit (every call counts, even one
 *   that fails);
 * - what the booking rules decide the charge on read (chargeReadsSql);
 * - when the rate limit allows the call and the guest's own booking is pending with its hold
 *   live and no payment yet — the usual first try — the payment started: the booking's units
 *   held for `$9` seconds more at least, and the pending payment written, whose id the
 *   processor will see. It answers the booking as its receipt will show it, its details (none
 *   of which a payment changes), the guest's e-mail and the hold's end before this call.
 * The rules are then checked on what this statement read, the very snapshot the payment was
 * started on (a price changed after it is not the agreed total's business); a refusal undoes
 * the start (undoStart). A first call racing another for the same booking waits for the
 * booking's row, then meets the other's payment in the one-payment-per-booking index: the
 * statement fails and writes nothing.
 * Values: booking, account, the rate limit's (rateLimitValues), provider, client key, hold
 * seconds.
 */
const START_CHARGE: PreparedStatement = {
  name: 'payment_start_charge',
  text: `
    with counted as (${countCallSql({ key: '$3', now: '$4', windowStart: '$5', max: '$6' })}),
    input as (select $1::uuid as booking_id, $2::text as user_id),
    ${chargeReadsSql()},
    held_longer as (
      update bookings b
        set hold_expires_at = greatest(b.hold_expires_at, now() + make_interval(secs => $9::int))
      from (select hold_expires_at from bookings where id = $1::uuid) was
      where b.id = $1::uuid and b.user_id = $2::text and b.status = 'pending'
        and b.hold_expires_at > now()
        and not exists (select 1 from payments where booking_id = $1::uuid)
        and (select allowed from counted)
      returning b.id, b.status, b.user_id, b.total_quantity, b.total_cents, b.hold_expires_at,
        b.created_at, b.confirmed_at, was.hold_expires_at as hold_was),
    started as (
      insert into payments (booking_id, provider, idempotency_key, amount_cents, status)
      select id, $7::text, $8::text, total_cents, 'pending' from held_longer
      returning id, amount_cents, currency)
    select c.count, c.last_request as counted_from, ${CHARGE_READS_COLUMNS},
      (select row_to_json(s) from (
        select p.id as payment_id, p.amount_cents, p.currency, u.email, b.hold_was,
          ${BOOKING_VIEW_COLUMNS}, ${sqlText(bookingDetailsColumns)}
        from started p cross join held_longer b left join users u on u.id = b.user_id) s)
        as started
    from counted c`,
};

/** A payment START_CHARGE started, with what its receipt needs. */
export interface StartedPayment {
  payment: Pick<PaymentRow, 'id' | 'amountCents' | 'currency' | 'status'>;
  /** The booking as its receipt shows it (still pending). */
  booking: Booking;
  /** Its details for its receipt, without a card: the charge tells which. */
  details: BookingDetails;
  email: string | null;
  /** When its hold ended before this payment kept it longer (undoStart puts it back). */
  holdWas: string;
}

type StartedRow = BookingViewRow &
  BookingDetailsColumns & {
    payment_id: string;
    amount_cents: number;
    currency: string;
    email: string | null;
    hold_was: string;
  };

/**
 * See START_CHARGE: what the rules decide on, `waitMs` (0 when the rate limit allowed the
 * call) and the payment it started, or null when the general path must decide.
 */
export async function startCharge(
  db: Db,
  input: {
    bookingId: string;
    userId: string;
    rateLimit: RateLimit;
    provider: string;
    idempotencyKey: string;
    holdSeconds: number;
  },
): Promise<ChargeReads & { waitMs: number; started: StartedPayment | null }> {
  const now = Date.now();
  const run = () =>
    runPrepared<ChargeReads & { count: number; counted_from: number; started: StartedRow | null }>(
      db.$client,
      START_CHARGE,
      [
        input.bookingId,
        input.userId,
        ...rateLimitValues(input.rateLimit, now),
        input.provider,
        input.idempotencyKey,
        input.holdSeconds,
      ],
    );
  // Two first rows racing — the rate limit's, or two first payments of one booking: the loser's
  // statement fails and writes nothing; run once more, it counts the call and finds the other's
  // payment (the general path then decides).
  const [row] = await run().catch((error: unknown) => {
    if (sqlState(error) === '23505') return run();
    throw error;
  });
  if (!row) throw new Error('The payment statement answered nothing');
  const { count, counted_from: started, started: s, ...reads } = row;
  return {
    ...reads,
    waitMs: waitFor(input.rateLimit, { count, started }, now),
    started: s && {
      payment: {
        id: s.payment_id,
        amountCents: s.amount_cents,
        currency: s.currency,
        status: 'pending',
      },
      booking: toBooking(s),
      details: toBookingDetails(s, null),
      email: s.email,
      holdWas: s.hold_was,
    },
  };
}

/**
 * Undoes what START_CHARGE started when the rules refuse the charge: the payment, still pending
 * and never sent to the processor, removed and the hold's end put back, in one statement.
 */
export async function undoStart(db: Db, started: StartedPayment): Promise<void> {
  await db.execute(sql`
    with gone as (
      delete from payments where id = ${started.payment.id}::uuid and status = 'pending'
      returning booking_id)
    update bookings set hold_expires_at = ${started.holdWas}::timestamptz
    where id in (select booking_id from gone) and status = 'pending'`);
}

/**
 * chargeReadsSql again inside the payment's transaction, once the booking's rooms are
 * share-locked (in id order, as checkouts lock them): what the rules decide on holds until it
 * commits. The reads are a statement of their own after the locks: one that waited for a write
 * of prices (rates/price-locks.ts) reads what that write committed.
 */
export async function lockCharge(tx: Tx, bookingId: string, userId: string): Promise<ChargeReads> {
  await tx.execute(sql`
    select r.id from rooms r
    where r.id in (select l.room_id from booking_lines l join bookings b on b.id = l.booking_id
      where b.id = ${bookingId}::uuid and b.user_id = ${userId}::text)
    order by r.id for share`);
  const result = await tx.execute<ChargeReads>(sql`
    with input as (select ${bookingId}::uuid as booking_id, ${userId}::text as user_id),
    ${sql.raw(chargeReadsSql())}
    select ${sql.raw(CHARGE_READS_COLUMNS)}`);
  const row = result.rows[0];
  if (!row) throw new Error('The payment statement answered nothing');
  return row;
}

/**
 * Settles a captured charge in one statement, for the usual case — the booking and its payment
 * both still pending: both rows locked together (re-read at their latest version), the payment
 * captured (brand and last four only), the booking confirmed at `confirmedAt` and its receipt
 * written to the outbox. All of it, or — when either row is no longer pending — nothing, and
 * the caller settles through the general path (settle), which knows every other case. Prepared
 * once per number of files the receipt carries. Values: booking, payment, confirmed at, the
 * processor's reference, receipt address, card brand and last four, then mailValues.
 */
function confirmCapturedStatement(files: number): PreparedStatement {
  return {
    name: `payment_confirm_captured_${files}`,
    text: `
      with locked as (
        select b.id from bookings b join payments p on p.booking_id = b.id
        where b.id = $1::uuid and p.id = $2::uuid and b.status = 'pending' and p.status = 'pending'
        for update of b, p),
      confirmed as (
        update bookings set status = 'confirmed', confirmed_at = $3::timestamptz,
          hold_expires_at = null
        where id in (select id from locked)
        returning id),
      captured as (
        update payments set status = 'captured', provider_ref = $4::text, receipt_url = $5::text,
          card_brand = $6::text, card_last4 = $7::text, updated_at = now()
        where id = $2::uuid and exists (select 1 from locked)
        returning id),
      ${storeMailText(8, files, 'exists (select 1 from locked)')},
      ${bookingConfirmedCte('travellers_told', 'confirmed')}
      select (select count(*) from confirmed)::int as confirmed,
        (select count(*) from captured)::int as captured,
        (select count(*) from travellers_told)::int as travellers_told`,
  };
}

const confirmCapturedStatements = [0, 1].map(confirmCapturedStatement);

/** See confirmCapturedStatement: true when this call confirmed the booking. */
export async function confirmCaptured(
  db: Db,
  input: {
    bookingId: string;
    paymentId: string;
    outcome: Extract<ChargeOutcome, { status: 'captured' }>;
    confirmedAt: Date;
    receipt: MailMessage;
  },
): Promise<boolean> {
  const { outcome } = input;
  const files = input.receipt.attachments?.length ?? 0;
  const [row] = await runPrepared<{ confirmed: number; captured: number }>(
    db.$client,
    confirmCapturedStatements[files] ?? confirmCapturedStatement(files),
    [
      input.bookingId,
      input.paymentId,
      input.confirmedAt,
      outcome.providerRef,
      outcome.receiptUrl,
      outcome.cardBrand,
      outcome.cardLast4,
      ...mailValues(input.receipt),
    ],
  );
  return row?.confirmed === 1 && row.captured === 1;
}

/**
 * How long one request may drive a pending payment before another may take over: a retry
 * arriving while the first call is still at the processor gets 409 instead of calling it again
 * (with a processor that keeps no record across processes, that would be a second charge).
 */
export const PAYMENT_LEASE_SECONDS = 30;

/**
 * Takes the lease of a pending payment whose lease has run out. Answers the lease's token (the
 * row's new `updated_at`, as text so no precision is lost), or null when someone holds it: a
 * later write guarded by the token happens only while nobody has taken the lease over.
 */
export async function leasePayment(tx: Executor, id: string): Promise<string | null> {
  const result = await tx.execute<{ token: string }>(sql`
    update payments set updated_at = clock_timestamp()
    where id = ${id} and status = 'pending'
      and updated_at < now() - make_interval(secs => ${PAYMENT_LEASE_SECONDS})
    returning updated_at::text as token`);
  return result.rows[0]?.token ?? null;
}

/** Gives the lease back at once (the processor could not be reached: a retry may go now). */
export async function endLease(db: Executor, id: string): Promise<void> {
  await db
    .update(payments)
    .set({ updatedAt: sql`now() - make_interval(secs => ${PAYMENT_LEASE_SECONDS + 1})` })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')));
}

/** Records what the processor answered (brand and last four only, never the number). */
export async function recordOutcome(tx: Tx, id: string, outcome: ChargeOutcome): Promise<void> {
  await tx
    .update(payments)
    .set(
      outcome.status === 'captured'
        ? {
            status: 'captured',
            providerRef: outcome.providerRef,
            receiptUrl: outcome.receiptUrl,
            cardBrand: outcome.cardBrand,
            cardLast4: outcome.cardLast4,
            updatedAt: sql`now()`,
          }
        : {
            status: 'failed',
            failureReason: `${outcome.code}: ${outcome.reason}`,
            cardBrand: outcome.cardBrand,
            cardLast4: outcome.cardLast4,
            updatedAt: sql`now()`,
          },
    )
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')));
}

export async function markRefunded(db: Executor, id: string, cents: number): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'refunded', refundedCents: cents, updatedAt: sql`now()` })
    .where(and(eq(payments.id, id), eq(payments.status, 'captured')));
}

/**
 * A pending payment the processor never saw is given up, only while the caller's lease (its
 * token from leasePayment) is still the row's: a retry that took the payment over in the
 * meantime wins. True when it was given up.
 */
export async function markAbandoned(tx: Tx, id: string, leaseToken: string): Promise<boolean> {
  const rows = await tx
    .update(payments)
    .set({ status: 'failed', failureReason: 'abandoned: the processor never saw it' })
    .where(
      and(
        eq(payments.id, id),
        eq(payments.status, 'pending'),
        sql`${payments.updatedAt} = ${leaseToken}::timestamptz`,
      ),
    )
    .returning({ id: payments.id });
  return rows.length === 1;
}

/**
 * A charge found captured after its payment was given up (failed): recorded as captured, with
 * the processor's reference, before any refund is asked for, so a crash or a refused refund
 * leaves a captured payment the reconciliation sees — never money kept without a record.
 */
export async function recordLateCapture(
  tx: Tx,
  id: string,
  outcome: Extract<ChargeOutcome, { status: 'captured' }>,
): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .update(payments)
    .set({
      status: 'captured',
      providerRef: outcome.providerRef,
      receiptUrl: outcome.receiptUrl,
      cardBrand: outcome.cardBrand,
      cardLast4: outcome.cardLast4,
      failureReason: sql`${payments.failureReason} || '; captured after all'`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(payments.id, id), eq(payments.status, 'failed')))
    .returning(columns);
  return row as PaymentRow | undefined;
}

/** The processor refused to refund this payment: kept with its reason, left to people. */
export async function recordRefundRefusal(db: Executor, id: string, reason: string) {
  await db
    .update(payments)
    .set({ refundRefusal: reason, updatedAt: sql`now()` })
    .where(eq(payments.id, id));
}

/**
 * pending (or expired, its units taken again) → confirmed at `confirmedAt`, with its receipt
 * written to the outbox in the same statement; true when this call confirmed it.
 */
export async function confirmBooking(
  tx: Tx,
  input: { bookingId: string; confirmedAt: Date; receipt: MailMessage },
): Promise<boolean> {
  const files = input.receipt.attachments?.length ?? 0;
  const text = `
    with confirmed as (
      update bookings set status = 'confirmed', confirmed_at = $2::timestamptz,
        hold_expires_at = null
      where id = $1::uuid and status in ('pending', 'expired')
      returning id),
    ${storeMailText(3, files, 'exists (select 1 from confirmed)')},
    ${bookingConfirmedCte('travellers_told', 'confirmed')}
    select count(*)::int as confirmed, (select count(*) from travellers_told)::int as told
    from confirmed`;
  const result = await tx.execute<{ confirmed: number }>(
    sqlOf(text, [input.bookingId, input.confirmedAt, ...mailValues(input.receipt)]),
  );
  return result.rows[0]?.confirmed === 1;
}

/**
 * Payments needing a second look: captured without a confirmed booking (a refund was due when
 * the process stopped), or pending for longer than `staleMs` (the process stopped around the
 * processor's call).
 */
export async function paymentsToSettle(db: Executor, staleMs: number) {
  const captured = await db
    .select({ id: payments.id, bookingId: payments.bookingId })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(
      and(
        eq(payments.status, 'captured'),
        ne(bookings.status, 'confirmed'),
        // A refund the processor refused waits for people, not for the next sweep.
        isNull(payments.refundRefusal),
      ),
    )
    .orderBy(payments.createdAt);
  const stale = await db
    .select({ id: payments.id, bookingId: payments.bookingId })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        lt(payments.updatedAt, sql`now() - make_interval(secs => ${staleMs / 1000})`),
      ),
    )
    .orderBy(payments.createdAt);
  return { captured, stale };
}

/** The payment a processor's event names: by our id (its idempotency key), else by its charge. */
export async function findPaymentFor(
  db: Executor,
  ref: { idempotencyKey: string | null; providerRef: string | null },
): Promise<{ id: string; bookingId: string; provider: string } | undefined> {
  const byId = ref.idempotencyKey && /^[0-9a-f-]{36}$/i.test(ref.idempotencyKey);
  if (!byId && !ref.providerRef) return undefined;
  const [row] = await db
    .select({ id: payments.id, bookingId: payments.bookingId, provider: payments.provider })
    .from(payments)
    .where(
      byId
        ? eq(payments.id, ref.idempotencyKey as string)
        : eq(payments.providerRef, ref.providerRef as string),
    );
  return row;
}

/**
 * A refund the processor reports (ours, or one made in its dashboard): the refunded total only
 * grows, and a charge given back whole is `refunded`.
 */
export async function recordRefundedTotal(db: Executor, id: string, cents: number): Promise<void> {
  await db
    .update(payments)
    .set({
      refundedCents: sql`greatest(${payments.refundedCents}, ${cents})`,
      status: sql`case when ${cents} >= ${payments.amountCents} then 'refunded' else ${payments.status} end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(payments.id, id), inArray(payments.status, ['captured', 'refunded'])));
}

export async function eventApplied(db: Executor, eventId: string): Promise<boolean> {
  const rows = await db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(eq(paymentEvents.id, eventId));
  return rows.length > 0;
}

/** Marks a processor event applied; false when another delivery of it was recorded first. */
export async function recordEvent(
  db: Executor,
  event: { id: string; provider: string; type: string; paymentId: string | null },
): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return rows.length === 1;
}
