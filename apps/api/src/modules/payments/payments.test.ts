import { randomUUID } from 'node:crypto';
import { RECEIPT_SUBJECT } from '@devstay/shared/constants';
import type { Booking } from '@devstay/shared/contracts/booking';
import { IDEMPOTENCY_KEY_HEADER } from '@devstay/shared/http';
import { BOOKING_MESSAGES } from '@devstay/shared/messages';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bookings, mailAttachments, mailOutbox, payments } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { DEMO, signIn, signUp, withSession } from '../../test/auth.ts';
import {
  checkoutPayload,
  expectLedgerReconciled,
  inDays,
  roomWithStock,
} from '../../test/booking-fixtures.ts';
import { unitsFree } from '../availability/ledger.ts';
import { releaseExpiredHolds } from '../bookings/hold-sweeper.ts';
import { reconcilePayments } from './pay.ts';
import { insertPendingPayment } from './repository.ts';
import type { TestCardProvider } from './test-card-provider.ts';

let t: TestApp;
let provider: TestCardProvider;
let guest: { cookie: string; email: string };
beforeAll(async () => {
  // The tests below pay often as one guest; the limit itself is tested with its own account.
  // The sweeps and the reconciliation are run by hand and each one's result asserted.
  t = await createTestApp({ PAYMENT_RATE_LIMIT: '30' }, { workers: false });
  provider = t.app.payments as TestCardProvider;
  const email = `payer.${randomUUID()}@devstay.dev`;
  guest = { cookie: (await signUp(t.app, email)).cookie, email };
});
afterAll(() => t.close());

const VISA = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const NO_FUNDS = '4000 0000 0000 9995';
const card = (number: string, extra: Record<string, unknown> = {}) => ({
  number,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
  ...extra,
});

async function hold(roomId: number, quantity = 1, from = 2, to = 4, cookie = guest.cookie) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/booking',
    headers: { ...withSession(cookie), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    payload: await checkoutPayload(t.app, [
      { id: roomId, checkIn: inDays(from), checkOut: inDays(to), cartQuantity: quantity },
    ]),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Booking>();
}

const pay = (body: Record<string, unknown>, key = randomUUID(), cookie = guest.cookie) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/card',
    headers: { ...withSession(cookie), [IDEMPOTENCY_KEY_HEADER]: key },
    payload: body,
  });

const statusOf = async (id: string) =>
  (await t.db.select({ s: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]?.s;
const receiptsOf = async (to: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.subject, RECEIPT_SUBJECT)));
const paymentOf = async (bookingId: string) =>
  (await t.db.select().from(payments).where(eq(payments.bookingId, bookingId)))[0];

describe('POST /api/payments/card', () => {
  test('4242… charges the server’s total once, confirms the booking and e-mails one receipt', async () => {
    const { room } = await roomWithStock(t.db, 2, 15_000);
    const booking = await hold(room.id, 2);
    const key = randomUUID();
    const res = await pay(
      { booking: booking.id, card: card(VISA), amount: 1, email: 'x@y.z' },
      key,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: BOOKING_MESSAGES.paid,
      receipt_url: `http://localhost:3000/bookings/${booking.id}/receipt`,
      booking: { id: booking.id, status: 'confirmed', holdExpiresAt: null, cartTotalCents: 60_000 },
    });
    const payment = await paymentOf(booking.id);
    expect(payment).toMatchObject({
      status: 'captured',
      amountCents: 60_000,
      cardBrand: 'visa',
      cardLast4: '4242',
      provider: 'test',
    });
    expect(await provider.capturedCharge(payment?.id ?? '')).toEqual({
      amountCents: 60_000,
      refundedCents: 0,
    });
    // The card number is nowhere in the database.
    const stored = await t.db.execute(sql`select row_to_json(p)::text as j from payments p`);
    expect(JSON.stringify(stored.rows)).not.toMatch(/4242\s?4242\s?4242/);

    // A retry with the same key: the first answer, no second charge, no second receipt.
    const calls = provider.calls;
    const again = await pay({ booking: booking.id, card: card(VISA) }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().receipt_url).toBe(res.json().receipt_url);
    expect(provider.calls).toBe(calls);
    const receipts = await receiptsOf(guest.email);
    expect(receipts.filter((m) => m.html.includes(booking.id))).toHaveLength(1);
    expect(receipts.find((m) => m.html.includes(booking.id))?.text).toContain('Total paid: $600');
    // Another key on a paid booking is a different request.
    const other = await pay({ booking: booking.id, card: card(VISA) });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_MISMATCH' });
    await expectLedgerReconciled(t.db, [room.id]);
  });

  test.each([
    [DECLINED, 'Your card was declined.'],
    [NO_FUNDS, 'Your card has insufficient funds.'],
  ])('%s declines: 402 Unprocessed Payment, the hold released at once', async (number, reason) => {
    const { room } = await roomWithStock(t.db, 1);
    const booking = await hold(room.id);
    expect(await unitsFree(t.db, room.id, inDays(2), inDays(4))).toBe(0);
    const res = await pay({ booking: booking.id, card: card(number) });
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({
      code: 'PAYMENT_DECLINED',
      message: BOOKING_MESSAGES.declined(reason),
    });
    expect(res.json().message.startsWith('Unprocessed Payment')).toBe(true);
    expect(await statusOf(booking.id)).toBe('expired');
    expect(await paymentOf(booking.id)).toMatchObject({
      status: 'failed',
      cardLast4: number.slice(-4),
    });
    expect(await unitsFree(t.db, room.id, inDays(2), inDays(4))).toBe(1);
    await expectLedgerReconciled(t.db, [room.id]);
  });

  test('in test mode the page is told the test cards, and each does what it is listed for', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(res.json()).toMatchObject({ provider: 'test', publishableKey: null });
    const testCards: { number: string; outcome: string }[] = res.json().testCards;
    const declined = testCards.find((c) => c.outcome.startsWith('Declined: '));
    const succeeds = testCards.find((c) => c.outcome === 'Succeeds');
    if (!declined || !succeeds) throw new Error(`no test cards listed: ${res.body}`);
    const { room } = await roomWithStock(t.db, 2);
    const refused = await pay({ booking: (await hold(room.id)).id, card: card(declined.number) });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe(
      BOOKING_MESSAGES.declined(declined.outcome.slice('Declined: '.length)),
    );
    const paid = await pay({ booking: (await hold(room.id)).id, card: card(succeeds.number) });
    expect(paid.statusCode, paid.body).toBe(200);
  });

  test('a payment method id from a card widget works too', async () => {
    const { room } = await roomWithStock(t.db, 1);
    const booking = await hold(room.id);
    const res = await pay({ booking: booking.id, id: 'pm_card_visa' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await pay({ booking: booking.id, id: 'pm_unknown' })).statusCode).toBe(400);
  });

  test.each([
    ['a number failing Luhn', card('4242 4242 4242 4241'), 'card.number'],
    ['letters in the number', card('4242-abcd'), 'card.number'],
    ['an expired card', card(VISA, { expMonth: 1, expYear: 2020 }), 'card.expYear'],
    ['month 13', card(VISA, { expMonth: 13 }), 'card.expMonth'],
    ['a 2-digit code', card(VISA, { cvc: '12' }), 'card.cvc'],
    ['no card at all', undefined, 'card'],
  ])('%s → 400 naming the field; nothing is recorded', async (_, given, field) => {
    const { room } = await roomWithStock(t.db, 1);
    const booking = await hold(room.id);
    const res = await pay({ booking: booking.id, card: given });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ field });
    expect(await paymentOf(booking.id)).toBeUndefined();
    expect(await statusOf(booking.id)).toBe('pending');
  });

  test('only the booking’s guest pays it: another guest 404, staff 403, visitors 401', async () => {
    const { room } = await roomWithStock(t.db, 1);
    const booking = await hold(room.id);
    const body = { booking: booking.id, card: card(VISA) };
    const stranger = (await signUp(t.app, `stranger.${randomUUID()}@devstay.dev`)).cookie;
    expect((await pay(body, randomUUID(), stranger)).statusCode).toBe(404);
    expect((await pay(body, randomUUID(), await signIn(t.app, DEMO.admin))).statusCode).toBe(403);
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/payments/card',
      headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      payload: body,
    });
    expect(visitor.statusCode).toBe(401);
    expect(await paymentOf(booking.id)).toBeUndefined();
  });

  test('the processor unreachable → 502, then the retry with the same key charges once', async () => {
    const { room } = await roomWithStock(t.db, 1);
    const booking = await hold(room.id);
    const key = randomUUID();
    provider.unreachable = true;
    const down = await pay({ booking: booking.id, card: card(VISA) }, key).finally(() => {
      provider.unreachable = false;
    });
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
    expect(await paymentOf(booking.id)).toMatchObject({ status: 'pending' });
    const retry = await pay({ booking: booking.id, card: card(VISA) }, key);
    expect(retry.statusCode, retry.body).toBe(200);
    const payment = await paymentOf(booking.id);
    expect(await provider.capturedCharge(payment?.id ?? '')).toBeDefined();
  });

  test('paying a lapsed hold: the units are taken again when free, else 409 and no charge', async () => {
    const lapse = async (id: string, sweep: boolean) => {
      await t.db
        .update(bookings)
        .set({ holdExpiresAt: sql`now() - interval '1 second'` })
        .where(eq(bookings.id, id));
      if (sweep) expect(await releaseExpiredHolds(t.db, new Date())).toContain(id);
    };
    // Lapsed, not yet swept: its units are still on the ledger; it is held again and paid.
    const { room: a } = await roomWithStock(t.db, 1);
    const unswept = await hold(a.id);
    await lapse(unswept.id, false);
    const first = await pay({ booking: unswept.id, card: card(VISA) });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().booking.status).toBe('confirmed');

    // Lapsed and swept, its room still free: the units are taken again in the same transaction.
    const { room: b } = await roomWithStock(t.db, 1);
    const swept = await hold(b.id);
    await lapse(swept.id, true);
    expect(await unitsFree(t.db, b.id, inDays(2), inDays(4))).toBe(1);
    const second = await pay({ booking: swept.id, card: card(VISA) });
    expect(second.statusCode, second.body).toBe(200);
    expect(await unitsFree(t.db, b.id, inDays(2), inDays(4))).toBe(0);
    // Each e-mailed one receipt, whose calendar file is the one its link serves.
    for (const id of [unswept.id, swept.id]) {
      const receipts = (await receiptsOf(guest.email)).filter((m) => m.html.includes(id));
      expect(receipts).toHaveLength(1);
      const files = await t.db
        .select({ content: mailAttachments.content })
        .from(mailAttachments)
        .where(eq(mailAttachments.mailId, receipts[0]?.id ?? ''));
      const link = await t.app.inject({
        method: 'GET',
        url: `/api/calendar/booking/${id}.ics`,
        headers: withSession(guest.cookie),
      });
      expect(link.statusCode, link.body).toBe(200);
      expect(files.map((f) => f.content.toString('utf8'))).toEqual([link.body]);
    }

    // Lapsed and swept, its room sold meanwhile: 409 'Your reservation expired', nothing charged.
    const { room: c } = await roomWithStock(t.db, 1);
    const lost = await hold(c.id);
    await lapse(lost.id, true);
    const other = await signUp(t.app, `other.${randomUUID()}@devstay.dev`);
    await hold(c.id, 1, 2, 4, other.cookie);
    const calls = provider.calls;
    const third = await pay({ booking: lost.id, card: card(VISA) });
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({
      code: 'HOLD_EXPIRED',
      message: 'Your reservation expired',
    });
    expect(provider.calls).toBe(calls);
    expect(await paymentOf(lost.id)).toBeUndefined();
    await expectLedgerReconciled(t.db, [a.id, b.id, c.id]);
  });

  test('a charge that lands after the hold lapsed re-takes free rooms, else is refunded', async () => {
    const { room } = await roomWithStock(t.db, 1);
    const { room: contested } = await roomWithStock(t.db, 1);
    // The hold lapses and is swept while the processor is still working on the charge.
    const slowLate = async (roomId: number, takenMeanwhile: boolean) => {
      const booking = await hold(roomId, 1, 10, 12);
      let decide = () => {};
      provider.gate = new Promise<void>((resolve) => {
        decide = resolve;
      });
      // inject() starts on then(): start it now, await it later.
      const started = pay({ booking: booking.id, card: card(VISA) }).then((r) => r);
      await expect
        .poll(async () => (await paymentOf(booking.id))?.status, { timeout: 10_000 })
        .toBe('pending');
      await t.db
        .update(bookings)
        .set({ holdExpiresAt: sql`now() - interval '1 second'` })
        .where(eq(bookings.id, booking.id));
      expect(await releaseExpiredHolds(t.db, new Date())).toContain(booking.id);
      if (takenMeanwhile) await hold(roomId, 1, 11, 13);
      // Now the processor captures the charge.
      decide();
      provider.gate = null;
      return { booking, res: await started };
    };
    try {
      const kept = await slowLate(room.id, false);
      expect(kept.res.statusCode, kept.res.body).toBe(200);
      expect(await statusOf(kept.booking.id)).toBe('confirmed');
      expect(await unitsFree(t.db, room.id, inDays(10), inDays(12))).toBe(0);
      expect(
        await receiptsOf(guest.email).then((r) =>
          r.filter((m) => m.html.includes(kept.booking.id)),
        ),
      ).toHaveLength(1);

      const lost = await slowLate(contested.id, true);
      expect(lost.res.statusCode, lost.res.body).toBe(409);
      expect(lost.res.json()).toMatchObject({ code: 'HOLD_EXPIRED' });
      expect(lost.res.json().message).toContain(BOOKING_MESSAGES.refunded);
      const payment = await paymentOf(lost.booking.id);
      expect(payment).toMatchObject({ status: 'refunded', refundedCents: payment?.amountCents });
      expect((await provider.capturedCharge(payment?.id ?? ''))?.refundedCents).toBe(
        payment?.amountCents,
      );
      expect(await statusOf(lost.booking.id)).toBe('expired');
    } finally {
      provider.gate = null;
    }
    await expectLedgerReconciled(t.db, [room.id, contested.id]);
  });

  test('payments a stopped process left are finished by the reconciliation', async () => {
    const { room } = await roomWithStock(t.db, 2);
    // Charged, then the process stopped before recording it.
    const charged = await hold(room.id);
    const chargedPayment = await t.db.transaction((tx) =>
      insertPendingPayment(tx, {
        bookingId: charged.id,
        provider: 'test',
        idempotencyKey: 'k1',
        amountCents: charged.cartTotalCents,
      }),
    );
    await provider.charge({
      idempotencyKey: chargedPayment.id,
      amountCents: charged.cartTotalCents,
      currency: 'usd',
      method: { card: card(VISA) },
      description: 'test',
      bookingId: charged.id,
    });
    // Stopped before the processor was called.
    const never = await hold(room.id);
    await t.db.transaction((tx) =>
      insertPendingPayment(tx, {
        bookingId: never.id,
        provider: 'test',
        idempotencyKey: 'k2',
        amountCents: 1,
      }),
    );
    await t.db.update(payments).set({ updatedAt: sql`now() - interval '1 hour'` });
    await reconcilePayments({ db: t.db, provider });
    expect(await statusOf(charged.id)).toBe('confirmed');
    expect(
      await receiptsOf(guest.email).then((r) => r.filter((m) => m.html.includes(charged.id))),
    ).toHaveLength(1);
    expect(await statusOf(never.id)).toBe('expired');
    expect(await paymentOf(never.id)).toMatchObject({ status: 'failed' });
    // Nothing is left to do: a second run changes nothing.
    expect(await reconcilePayments({ db: t.db, provider })).toBe(0);
    await expectLedgerReconciled(t.db, [room.id]);
  });

  test('payment attempts are rate-limited per account', async () => {
    const { cookie } = await signUp(t.app, `hasty.${randomUUID()}@devstay.dev`);
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      codes.push(
        (await pay({ booking: randomUUID(), card: card(VISA) }, randomUUID(), cookie)).statusCode,
      );
    }
    expect(codes.slice(0, 30)).toEqual(Array(30).fill(404));
    expect(codes[30]).toBe(429);
  });

  test('a payment method the processor refuses counts as an attempt too; over the limit nothing starts', async () => {
    const { cookie } = await signUp(t.app, `unknown.method.${randomUUID()}@devstay.dev`);
    const { room } = await roomWithStock(t.db, 1);
    const booking = await hold(room.id, 1, 2, 3, cookie);
    for (let i = 0; i < 30; i++) {
      const res = await pay({ booking: booking.id, id: 'pm_card_unknown' }, randomUUID(), cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'id' });
    }
    const res = await pay({ booking: booking.id, card: card(VISA) }, randomUUID(), cookie);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(await paymentOf(booking.id)).toBeUndefined();
    expect(await statusOf(booking.id)).toBe('pending');
  });
});
