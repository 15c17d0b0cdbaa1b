import { randomUUID } from 'node:crypto';
import type { Booking, CancelledBooking, PaymentResult } from '@devstay/shared/contracts/booking';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { payments } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { DEMO, signIn, signUp, withSession } from '../../test/auth.ts';
import {
  expectBookingsConsistent,
  inDays,
  payByCard,
  placeHold,
  roomWithStock,
} from '../../test/booking-fixtures.ts';
import { type PaymentDeps, reconcilePayments, settle } from './pay.ts';
import { insertPendingPayment, recordRefundedTotal } from './repository.ts';
import type { TestCardProvider } from './test-card-provider.ts';

/**
 * Refunds that cannot be lost: a capture found after its payment was given up is recorded
 * before it is refunded, the reconciliation gives up a payment only while it holds its lease,
 * a refund the processor refuses is recorded and skipped without stopping the others (and the
 * cancel that asked for it says so), and a refund asks only for what is left.
 */

let t: TestApp;
let provider: TestCardProvider;
let deps: PaymentDeps;
let guest: string;
let staff: string;
beforeAll(async () => {
  // The reconciliation is run by hand and its result asserted.
  t = await createTestApp({ PAYMENT_RATE_LIMIT: '100' }, { workers: false });
  provider = t.app.payments as TestCardProvider;
  deps = { db: t.db, provider };
  guest = (await signUp(t.app, `refunds.${randomUUID()}@devstay.dev`)).cookie;
  staff = await signIn(t.app, DEMO.superAdmin);
});
afterAll(() => t.close());

const card = (number: string) => ({ number, expMonth: 12, expYear: 2099, cvc: '123' });
const VISA = '4242424242424242';
const DISPUTED = '4000000000000259';

async function hold(from: number): Promise<Booking> {
  const { room } = await roomWithStock(t.db, 3, 10_000);
  return placeHold(t.app, guest, [
    { id: room.id, checkIn: inDays(from), checkOut: inDays(from + 2), cartQuantity: 1 },
  ]);
}

const pay = (bookingId: string, number = VISA) => payByCard(t.app, guest, bookingId, card(number));

async function paid(from: number, number = VISA): Promise<Booking> {
  const booking = await hold(from);
  const res = await pay(booking.id, number);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PaymentResult>().booking;
}

const cancel = (booking: Booking) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/booking/status',
    headers: withSession(staff),
    payload: { id: booking.id, user: booking.user, status: 'cancelled' },
  });

const paymentOf = async (bookingId: string) =>
  (await t.db.select().from(payments).where(eq(payments.bookingId, bookingId)))[0];

test('a capture found after its payment was given up is recorded, then refunded — also when that refund fails at first', async () => {
  const booking = await hold(3);
  const payment = await t.db.transaction((tx) =>
    insertPendingPayment(tx, {
      bookingId: booking.id,
      provider: 'test',
      idempotencyKey: randomUUID(),
      amountCents: booking.cartTotalCents,
    }),
  );
  // The processor captured it, but we had already given the payment up.
  const outcome = await provider.charge({
    idempotencyKey: payment.id,
    amountCents: booking.cartTotalCents,
    currency: 'usd',
    method: { card: card(VISA) },
    description: 'late',
    bookingId: booking.id,
  });
  await t.db.update(payments).set({ status: 'failed' }).where(eq(payments.id, payment.id));
  // The late answer arrives while the processor cannot take the refund.
  provider.unreachable = true;
  try {
    await expect(settle(deps, booking.id, outcome)).rejects.toThrow();
  } finally {
    provider.unreachable = false;
  }
  // Not lost: recorded as captured, with the processor's reference, before any refund.
  expect(await paymentOf(booking.id)).toMatchObject({
    status: 'captured',
    providerRef: outcome.status === 'captured' ? outcome.providerRef : 'none',
  });
  // The next reconciliation refunds it from that record.
  await reconcilePayments(deps);
  expect(await paymentOf(booking.id)).toMatchObject({
    status: 'refunded',
    refundedCents: booking.cartTotalCents,
  });
  expect(await provider.capturedCharge(payment.id)).toEqual({
    amountCents: booking.cartTotalCents,
    refundedCents: booking.cartTotalCents,
  });
  await expectBookingsConsistent(t.db);
});

test('the reconciliation gives up a pending payment only while nobody drives it: the retry in flight wins', async () => {
  const booking = await hold(6);
  let decide = () => {};
  provider.gate = new Promise<void>((resolve) => {
    decide = resolve;
  });
  try {
    // The guest's payment is at the processor, undecided.
    const started = pay(booking.id).then((r) => r);
    await expect.poll(async () => (await paymentOf(booking.id))?.status).toBe('pending');
    // A reconciliation that takes every pending payment for stale: it must leave this one.
    await reconcilePayments(deps, 0);
    expect((await paymentOf(booking.id))?.status).toBe('pending');
    decide();
    const res = await started;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PaymentResult>().booking.status).toBe('confirmed');
  } finally {
    provider.gate = null;
    decide();
  }
  expect((await paymentOf(booking.id))?.status).toBe('captured');
  await expectBookingsConsistent(t.db);
});

describe('a refund the processor refuses', () => {
  test('the cancel answers what happened; the refusal is kept; the others are still refunded', async () => {
    const disputed = await paid(10, DISPUTED);
    const plain = await paid(12);
    const later = await paid(14);

    // Cancelled while the processor is down: both refunds are due to the reconciliation.
    provider.unreachable = true;
    try {
      const first = await cancel(disputed);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json<CancelledBooking>().refund).toEqual({ status: 'pending', reason: null });
      expect((await cancel(plain)).json<CancelledBooking>().refund.status).toBe('pending');
    } finally {
      provider.unreachable = false;
    }
    // The disputed charge comes first and is refused: recorded, and the next one still refunded.
    await reconcilePayments(deps);
    expect(await paymentOf(disputed.id)).toMatchObject({
      status: 'captured',
      refundRefusal: 'charge_disputed: This charge has been disputed.',
    });
    expect((await paymentOf(plain.id))?.status).toBe('refunded');
    // Left to people: the next reconciliations do not ask the processor again.
    const calls = provider.refundCalls;
    await reconcilePayments(deps);
    expect(provider.refundCalls).toBe(calls);

    // A cancel whose refund is refused at once answers 200 with the reason, not a 500.
    const refusedNow = await paid(16, DISPUTED);
    const res = await cancel(refusedNow);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CancelledBooking>()).toMatchObject({
      status: 'cancelled',
      refund: { status: 'refused', reason: 'charge_disputed: This charge has been disputed.' },
    });
    // And a plain cancel says the money went back.
    const ok = await cancel(later);
    expect(ok.json<CancelledBooking>().refund).toEqual({ status: 'refunded', reason: null });
  });
});

test('a refund asks for what is left when part was given back in the processor’s dashboard', async () => {
  const booking = await paid(20);
  const payment = await paymentOf(booking.id);
  if (!payment?.providerRef) throw new Error('no charge');
  // $50 refunded in the dashboard; its webhook recorded it.
  await provider.refundInDashboard(payment.providerRef, 5_000);
  await recordRefundedTotal(t.db, payment.id, 5_000);
  const res = await cancel(booking);
  expect(res.json<CancelledBooking>().refund).toEqual({ status: 'refunded', reason: null });
  expect(await provider.capturedCharge(payment.id)).toEqual({
    amountCents: booking.cartTotalCents,
    refundedCents: booking.cartTotalCents,
  });
  expect(await paymentOf(booking.id)).toMatchObject({
    status: 'refunded',
    refundedCents: booking.cartTotalCents,
  });
});
