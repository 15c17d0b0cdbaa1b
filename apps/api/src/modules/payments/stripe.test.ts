import { randomUUID } from 'node:crypto';
import { RECEIPT_SUBJECT } from '@devstay/shared/constants';
import type { Booking } from '@devstay/shared/contracts/booking';
import { IDEMPOTENCY_KEY_HEADER } from '@devstay/shared/http';
import { and, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bookings, mailOutbox, paymentEvents, payments } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { DEMO, signIn, signUp, withSession } from '../../test/auth.ts';
import {
  checkoutPayload,
  expectLedgerReconciled,
  inDays,
  roomWithStock,
} from '../../test/booking-fixtures.ts';
import {
  type StandInEvent,
  type StripeStandIn,
  startStripeStandIn,
} from '../../test/stripe-stand-in.ts';
import { unitsFree } from '../availability/ledger.ts';
import { releaseExpiredHolds } from '../bookings/hold-sweeper.ts';
import { reconcilePayments } from './pay.ts';
import { insertPendingPayment } from './repository.ts';

/**
 * The Stripe adapter end to end: the real `stripe` SDK against a local stand-in of Stripe's API
 * (real HTTP, Idempotency-Key honoured as Stripe does), webhooks signed with the SDK's own
 * signing, the real database.
 */

const WEBHOOK_SECRET = 'whsec_devstaytestsecret';
const signer = new Stripe('sk_test_signer');

let stand: StripeStandIn;
let t: TestApp;
let guest: { cookie: string; email: string; id: string };
beforeAll(async () => {
  stand = await startStripeStandIn();
  // The sweeps and the reconciliation are run by hand and each one's result asserted.
  t = await createTestApp(
    {
      PAYMENT_RATE_LIMIT: '100',
      STRIPE_SECRET_KEY: 'sk_test_devstay',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_devstay',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stand.url,
    },
    { workers: false },
  );
  const email = `stripe.${randomUUID()}@devstay.dev`;
  const signed = await signUp(t.app, email);
  guest = { cookie: signed.cookie, email, id: signed.id };
});
afterAll(async () => {
  await t?.close();
  await stand?.close();
});

async function hold(roomId: number, from = 2, to = 4): Promise<Booking> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/booking',
    headers: { ...withSession(guest.cookie), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    payload: await checkoutPayload(t.app, [
      { id: roomId, checkIn: inDays(from), checkOut: inDays(to), cartQuantity: 1 },
    ]),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Booking>();
}

const pay = (bookingId: string, method: Record<string, unknown>, key = randomUUID()) =>
  t.app
    .inject({
      method: 'POST',
      url: '/api/payments/card',
      headers: { ...withSession(guest.cookie), [IDEMPOTENCY_KEY_HEADER]: key },
      payload: { booking: bookingId, ...method },
    })
    // inject() starts on then(): this starts it now.
    .then((r) => r);

/** Delivers `event` to the webhook as Stripe would, signed at `timestamp` (seconds). */
const deliver = (
  event: StandInEvent,
  { timestamp = Math.floor(Date.now() / 1000), secret = WEBHOOK_SECRET } = {},
) => {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret, timestamp }),
    },
    payload,
  });
};

const eventOf = (type: string, bookingId: string) => {
  const found = stand.events.find(
    (e) =>
      e.type === type &&
      (e.data.object.metadata as Record<string, string> | undefined)?.booking_id === bookingId,
  );
  if (!found) throw new Error(`No ${type} event for booking ${bookingId}`);
  return found;
};
const intentsOf = (bookingId: string) =>
  [...stand.intents.values()].filter(
    (i) => (i.metadata as Record<string, string>).booking_id === bookingId,
  );
const statusOf = async (id: string) =>
  (await t.db.select({ s: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]?.s;
const paymentOf = async (bookingId: string) =>
  (await t.db.select().from(payments).where(eq(payments.bookingId, bookingId)))[0];
const receiptsFor = async (bookingId: string) =>
  (
    await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, guest.email), eq(mailOutbox.subject, RECEIPT_SUBJECT)))
  ).filter((m) => m.html.includes(bookingId));
const lapse = async (bookingId: string) => {
  await t.db
    .update(bookings)
    .set({ holdExpiresAt: sql`now() - interval '1 second'` })
    .where(eq(bookings.id, bookingId));
  expect(await releaseExpiredHolds(t.db, new Date())).toContain(bookingId);
};
/** Holds Stripe's answers to PaymentIntent creations until the returned function is called. */
const holdAnswers = () => {
  let release = () => {};
  stand.gate = new Promise<void>((resolve) => {
    release = () => {
      stand.gate = null;
      resolve();
    };
  });
  return release;
};

describe('Stripe as the payment provider', () => {
  test('the payment page is told to use Stripe’s card form, with the publishable key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    const config = res.json();
    expect(config).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_devstay' });
    // A test key: the page lists the test numbers Stripe takes.
    expect(config.testCards).toContainEqual({ number: '4242424242424242', outcome: 'Succeeds' });
  });

  test('pays once with the server’s amount and our key; the webhook after it changes nothing', async () => {
    const { room } = await roomWithStock(t.db, 1, 15_000);
    const booking = await hold(room.id);
    const res = await pay(booking.id, { id: 'pm_card_visa', amount: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().booking).toMatchObject({ status: 'confirmed' });
    const payment = await paymentOf(booking.id);
    const [intent] = intentsOf(booking.id);
    expect(intentsOf(booking.id)).toHaveLength(1);
    expect(intent).toMatchObject({
      amount: 30_000,
      currency: 'usd',
      status: 'succeeded',
      metadata: { payment_id: payment?.id, booking_id: booking.id },
    });
    const creates = stand.requests.filter(
      (r) => r.path === '/v1/payment_intents' && r.idempotencyKey === payment?.id,
    );
    expect(creates).toHaveLength(1);
    expect(payment).toMatchObject({
      provider: 'stripe',
      status: 'captured',
      providerRef: intent?.id,
      cardBrand: 'visa',
      cardLast4: '4242',
    });

    const hook = await deliver(eventOf('payment_intent.succeeded', booking.id));
    expect(hook.statusCode, hook.body).toBe(200);
    expect(await statusOf(booking.id)).toBe('confirmed');
    expect(await receiptsFor(booking.id)).toHaveLength(1);
  });

  test('the webhook arriving before the confirmation returns confirms it; one receipt', async () => {
    const { room } = await roomWithStock(t.db, 1);
    const booking = await hold(room.id);
    const release = holdAnswers();
    const started = pay(booking.id, { id: 'pm_card_visa' });
    try {
      await expect.poll(() => intentsOf(booking.id).length, { timeout: 10_000 }).toBe(1);
      const hook = await deliver(eventOf('payment_intent.succeeded', booking.id));
      expect(hook.statusCode, hook.body).toBe(200);
      expect(hook.json()).toEqual({ received: true, result: 'applied' });
      // Confirmed by Stripe's word alone, while the guest's call is still waiting.
      expect(await statusOf(booking.id)).toBe('confirmed');
      expect(await receiptsFor(booking.id)).toHaveLength(1);
    } finally {
      release();
    }
    const res = await started;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().booking).toMatchObject({ status: 'confirmed' });
    expect(await receiptsFor(booking.id)).toHaveLength(1);
  });

  test('a webhook delivered several times, at once and later, is applied once', async () => {
    const { room } = await roomWithStock(t.db, 1);
    const booking = await hold(room.id);
    const release = holdAnswers();
    const started = pay(booking.id, { id: 'pm_card_visa' });
    try {
      await expect.poll(() => intentsOf(booking.id).length, { timeout: 10_000 }).toBe(1);
      const event = eventOf('payment_intent.succeeded', booking.id);
      const answers = await Promise.all([deliver(event), deliver(event), deliver(event)]);
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);
      expect((await deliver(event)).json()).toEqual({ received: true, result: 'duplicate' });
      const recorded = await t.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.id, event.id));
      expect(recorded).toHaveLength(1);
    } finally {
      release();
    }
    expect((await started).statusCode).toBe(200);
    expect(await statusOf(booking.id)).toBe('confirmed');
    expect(await receiptsFor(booking.id)).toHaveLength(1);
    await expectLedgerReconciled(t.db, [room.id]);
  });

  test('a decline releases the hold (webhook first); a failure event after a success changes nothing', async () => {
    const { room } = await roomWithStock(t.db, 1);
    const declined = await hold(room.id);
    const release = holdAnswers();
    const started = pay(declined.id, { id: 'pm_card_chargeDeclined' });
    try {
      await expect.poll(() => intentsOf(declined.id).length, { timeout: 10_000 }).toBe(1);
      expect(await unitsFree(t.db, room.id, inDays(2), inDays(4))).toBe(0);
      const hook = await deliver(eventOf('payment_intent.payment_failed', declined.id));
      expect(hook.statusCode, hook.body).toBe(200);
      expect(await statusOf(declined.id)).toBe('expired');
      expect(await unitsFree(t.db, room.id, inDays(2), inDays(4))).toBe(1);
    } finally {
      release();
    }
    const res = await started;
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({ code: 'PAYMENT_DECLINED' });
    expect(res.json().message).toContain('Your card was declined.');
    expect(await paymentOf(declined.id)).toMatchObject({ status: 'failed', cardLast4: '0002' });

    // Paid; then a payment_failed event about the same PaymentIntent arrives late.
    const paid = await hold(room.id);
    expect((await pay(paid.id, { id: 'pm_card_visa' })).statusCode).toBe(200);
    const [intent] = intentsOf(paid.id);
    const late = await deliver(stand.eventFor('payment_intent.payment_failed', String(intent?.id)));
    expect(late.statusCode, late.body).toBe(200);
    expect(await statusOf(paid.id)).toBe('confirmed');
    expect(await paymentOf(paid.id)).toMatchObject({ status: 'captured' });
    expect(await unitsFree(t.db, room.id, inDays(2), inDays(4))).toBe(0);
    await expectLedgerReconciled(t.db, [room.id]);
  });

  test('success reported after the hold lapsed: rooms taken again if free, else refunded', async () => {
    const { room } = await roomWithStock(t.db, 1);
    const { room: contested } = await roomWithStock(t.db, 1);
    const lateSuccess = async (roomId: number, takenMeanwhile: boolean) => {
      const booking = await hold(roomId, 10, 12);
      const release = holdAnswers();
      const started = pay(booking.id, { id: 'pm_card_visa' });
      try {
        await expect.poll(() => intentsOf(booking.id).length, { timeout: 10_000 }).toBe(1);
        await lapse(booking.id);
        if (takenMeanwhile) await hold(roomId, 11, 13);
        const hook = await deliver(eventOf('payment_intent.succeeded', booking.id));
        expect(hook.statusCode, hook.body).toBe(200);
      } finally {
        release();
      }
      return { booking, res: await started };
    };

    const kept = await lateSuccess(room.id, false);
    expect(await statusOf(kept.booking.id)).toBe('confirmed');
    expect(kept.res.statusCode, kept.res.body).toBe(200);
    expect(await receiptsFor(kept.booking.id)).toHaveLength(1);

    const lost = await lateSuccess(contested.id, true);
    expect(lost.res.statusCode, lost.res.body).toBe(409);
    expect(lost.res.json()).toMatchObject({ code: 'HOLD_EXPIRED' });
    expect(await statusOf(lost.booking.id)).toBe('expired');
    const payment = await paymentOf(lost.booking.id);
    expect(payment).toMatchObject({ status: 'refunded', refundedCents: payment?.amountCents });
    const [intent] = intentsOf(lost.booking.id);
    expect(stand.refunds.filter((r) => r.payment_intent === intent?.id)).toHaveLength(1);
    expect(
      stand.requests.filter(
        (r) =>
          r.path === '/v1/refunds' &&
          r.idempotencyKey === `refund-${payment?.id}-${payment?.amountCents}`,
      ).length,
    ).toBeGreaterThanOrEqual(1);
    await expectLedgerReconciled(t.db, [room.id, contested.id]);
  });

  test('a bad signature, an old timestamp or no signature → 400; nothing applied', async () => {
    const { room } = await roomWithStock(t.db, 1);
    const booking = await hold(room.id);
    const release = holdAnswers();
    const started = pay(booking.id, { id: 'pm_card_visa' });
    try {
      await expect.poll(() => intentsOf(booking.id).length, { timeout: 10_000 }).toBe(1);
      const event = eventOf('payment_intent.succeeded', booking.id);
      const forged = await deliver(event, { secret: 'whsec_someoneelse' });
      expect(forged.statusCode, forged.body).toBe(400);
      expect(forged.json()).toMatchObject({ field: 'stripe-signature' });
      const old = await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 600 });
      expect(old.statusCode, old.body).toBe(400);
      expect(old.json().message).toMatch(/tolerance/i);
      const unsigned = await t.app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(event),
      });
      expect(unsigned.statusCode).toBe(400);
      // A body changed after signing.
      const payload = JSON.stringify(event);
      const tampered = await t.app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signer.webhooks.generateTestHeaderString({
            payload,
            secret: WEBHOOK_SECRET,
          }),
        },
        payload: payload.replace('"livemode":false', '"livemode":true'),
      });
      expect(tampered.statusCode).toBe(400);
      expect(await statusOf(booking.id)).toBe('pending');
      expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id))).toEqual(
        [],
      );
    } finally {
      release();
    }
    expect((await started).statusCode).toBe(200);
  });

  test('cancelling refunds through Stripe exactly once; charge.refunded is recorded once', async () => {
    const { room } = await roomWithStock(t.db, 2, 20_000);
    const booking = await hold(room.id);
    expect((await pay(booking.id, { id: 'pm_card_visa' })).statusCode).toBe(200);
    const superAdmin = await signIn(t.app, DEMO.superAdmin);
    const cancel = () =>
      t.app.inject({
        method: 'PUT',
        url: '/api/booking/status',
        headers: withSession(superAdmin),
        payload: { id: booking.id, user: guest.id, status: 'cancelled' },
      });
    const answers = await Promise.all([cancel(), cancel(), cancel()]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect((await cancel()).statusCode).toBe(200);
    const payment = await paymentOf(booking.id);
    const [intent] = intentsOf(booking.id);
    expect(stand.refunds.filter((r) => r.payment_intent === intent?.id)).toEqual([
      expect.objectContaining({ amount: 40_000 }),
    ]);
    expect(payment).toMatchObject({ status: 'refunded', refundedCents: 40_000 });
    expect(stand.charges.get(String(intent?.latest_charge))).toMatchObject({
      amount_refunded: 40_000,
    });

    const refunded = stand.events.find(
      (e) => e.type === 'charge.refunded' && e.data.object.payment_intent === intent?.id,
    );
    if (!refunded) throw new Error('No charge.refunded event');
    expect((await deliver(refunded)).json()).toEqual({ received: true, result: 'applied' });
    expect((await deliver(refunded)).json()).toEqual({ received: true, result: 'duplicate' });
    expect(await paymentOf(booking.id)).toMatchObject({
      status: 'refunded',
      refundedCents: 40_000,
    });
    await expectLedgerReconciled(t.db, [room.id]);
  });

  test('a 5xx or a lost answer from Stripe: retries reuse the payment’s key and charge once', async () => {
    const { room } = await roomWithStock(t.db, 3);
    // One 503: the SDK retries by itself with the same key.
    const once = await hold(room.id);
    stand.failures = ['unavailable'];
    expect((await pay(once.id, { id: 'pm_card_visa' })).statusCode).toBe(200);
    const oncePayment = await paymentOf(once.id);
    expect(
      stand.requests.filter(
        (r) => r.path === '/v1/payment_intents' && r.idempotencyKey === oncePayment?.id,
      ),
    ).toHaveLength(2);
    expect(intentsOf(once.id)).toHaveLength(1);

    // Stripe down for every try of the call: 502, then the guest's retry with the same key.
    for (const failure of ['unavailable', 'drop-after'] as const) {
      const booking = await hold(room.id);
      const key = randomUUID();
      stand.failures = [failure, failure, failure, failure];
      const down = await pay(booking.id, { id: 'pm_card_visa' }, key);
      expect(down.statusCode, down.body).toBe(502);
      expect(down.json()).toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
      expect(await paymentOf(booking.id)).toMatchObject({ status: 'pending' });
      stand.failures = [];
      const retry = await pay(booking.id, { id: 'pm_card_visa' }, key);
      expect(retry.statusCode, retry.body).toBe(200);
      const payment = await paymentOf(booking.id);
      const creates = stand.requests.filter(
        (r) => r.path === '/v1/payment_intents' && r.idempotencyKey === payment?.id,
      );
      expect(creates.length).toBeGreaterThan(3);
      // One PaymentIntent, one charge, whatever the number of tries.
      expect(intentsOf(booking.id)).toHaveLength(1);
      expect(payment).toMatchObject({
        status: 'captured',
        providerRef: intentsOf(booking.id)[0]?.id,
      });
    }
    await expectLedgerReconciled(t.db, [room.id]);
  });

  test('a payment left pending by a crash is settled from Stripe’s record (find)', async () => {
    const { room } = await roomWithStock(t.db, 2);
    const booking = await hold(room.id);
    const payment = await t.db.transaction((tx) =>
      insertPendingPayment(tx, {
        bookingId: booking.id,
        provider: 'stripe',
        idempotencyKey: randomUUID(),
        amountCents: booking.cartTotalCents,
      }),
    );
    // Charged at Stripe, then the process stopped before recording it.
    await t.app.payments.charge({
      idempotencyKey: payment.id,
      amountCents: payment.amountCents,
      currency: 'usd',
      method: { paymentMethodId: 'pm_card_visa' },
      description: 'crash',
      bookingId: booking.id,
    });
    await t.db
      .update(payments)
      .set({ updatedAt: sql`now() - interval '1 hour'` })
      .where(eq(payments.id, payment.id));
    await reconcilePayments({ db: t.db, provider: t.app.payments });
    expect(await statusOf(booking.id)).toBe('confirmed');
    expect(await paymentOf(booking.id)).toMatchObject({ status: 'captured', cardLast4: '4242' });
    expect(await receiptsFor(booking.id)).toHaveLength(1);
  });

  test('card numbers are refused under Stripe: 400 naming the field, nothing charged', async () => {
    const { room } = await roomWithStock(t.db, 1);
    const booking = await hold(room.id);
    const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' };
    const res = await pay(booking.id, { card });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'card' });
    const unknown = await pay(booking.id, { id: 'pm_no_such_method' });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'id' });
    expect(intentsOf(booking.id)).toHaveLength(0);
  });
});
