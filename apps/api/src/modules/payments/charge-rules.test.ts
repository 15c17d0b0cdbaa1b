import { randomUUID } from 'node:crypto';
import { BOOKING_MESSAGES } from '@devstay/shared/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bookings, payments } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp } from '../../test/auth.ts';
import {
  expectBookingsConsistent,
  inDays,
  lapseHold,
  payByCard,
  placeHold,
  roomWithStock,
} from '../../test/booking-fixtures.ts';
import { unitsFree } from '../availability/ledger.ts';
import type { TestCardProvider } from './test-card-provider.ts';

/**
 * A charge follows the checkout's rules whatever path leads to it — a first try, a retry, the
 * payment of a hold that lapsed and was swept: the total the guest agreed to is today's, every
 * check-in is on or after its hotel's today, a lapsed hold's units are taken anew only when free
 * and within the account's hold limits. Otherwise the payment is refused with the reason and the
 * processor is never called.
 */

let t: TestApp;
let provider: TestCardProvider;
/** The app's clock: a test moves the hotels' today by moving it. */
let now = new Date();
beforeAll(async () => {
  t = await createTestApp(
    { PAYMENT_RATE_LIMIT: '100', HOLDS_PER_ACCOUNT: '1' },
    { clock: () => now },
  );
  provider = t.app.payments as TestCardProvider;
});
afterAll(async () => {
  await expectBookingsConsistent(t.db);
  await t.close();
});

const VISA = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };
const guest = async () => (await signUp(t.app, `charge.${randomUUID()}@devstay.dev`)).cookie;

const hold = (cookie: string, roomId: number, from = 2, to = 4) =>
  placeHold(t.app, cookie, [
    { id: roomId, checkIn: inDays(from), checkOut: inDays(to), cartQuantity: 1 },
  ]);

const pay = (cookie: string, bookingId: string, key = randomUUID()) =>
  payByCard(t.app, cookie, bookingId, VISA, key);

/** The hold runs out and the sweeper releases it (`expired`, its units back). */
const lapse = (id: string) => lapseHold(t.db, id);

const statusOf = async (id: string) =>
  (await t.db.select({ s: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]?.s;
const paymentOf = async (id: string) =>
  (await t.db.select().from(payments).where(eq(payments.bookingId, id)))[0];

/** Runs `call`, expecting the processor not to be called and no payment to be written. */
async function refusedWithoutCharge(bookingId: string, call: () => Promise<unknown>) {
  const calls = provider.calls;
  const res = await call();
  expect(provider.calls, 'the processor was called').toBe(calls);
  expect(await paymentOf(bookingId)).toBeUndefined();
  return res as Awaited<ReturnType<typeof pay>>;
}

describe('paying a booking follows the checkout’s rules', () => {
  test('a lapsed, swept hold whose price was raised: 409 PRICE_CHANGED, nothing charged', async () => {
    const cookie = await guest();
    const { room } = await roomWithStock(t.db, 1, 20_600);
    const booking = await hold(cookie, room.id);
    expect(booking.cartTotalCents).toBe(41_200);
    await lapse(booking.id);
    // The admin raises the price: a fresh quote now says $1,800.
    await t.db.execute(sql`update rooms set price_cents = 90000 where id = ${room.id}`);
    const res = await refusedWithoutCharge(booking.id, () => pay(cookie, booking.id));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'PRICE_CHANGED',
      message: BOOKING_MESSAGES.priceChanged('$412', '$1,800'),
    });
    expect(await statusOf(booking.id)).toBe('expired');
    expect(await unitsFree(t.db, room.id, inDays(2), inDays(4))).toBe(1);
  });

  test('a live hold whose price changed before its first try, or before a retry: 409, nothing charged', async () => {
    const cookie = await guest();
    const { room } = await roomWithStock(t.db, 1, 10_000);
    const booking = await hold(cookie, room.id);
    await t.db.execute(sql`update rooms set price_cents = 10100 where id = ${room.id}`);
    const first = await refusedWithoutCharge(booking.id, () => pay(cookie, booking.id));
    expect(first.statusCode, first.body).toBe(409);
    expect(first.json()).toMatchObject({ code: 'PRICE_CHANGED' });
    expect(await statusOf(booking.id)).toBe('pending');

    // A retry of an attempt the processor never answered meets the rule too.
    await t.db.execute(sql`update rooms set price_cents = 10000 where id = ${room.id}`);
    const key = randomUUID();
    provider.unreachable = true;
    const down = await pay(cookie, booking.id, key).finally(() => {
      provider.unreachable = false;
    });
    expect(down.statusCode).toBe(502);
    await t.db.execute(sql`update rooms set price_cents = 10100 where id = ${room.id}`);
    const calls = provider.calls;
    const retry = await pay(cookie, booking.id, key);
    expect(retry.statusCode, retry.body).toBe(409);
    expect(retry.json()).toMatchObject({ code: 'PRICE_CHANGED' });
    expect(provider.calls).toBe(calls);
    expect(await paymentOf(booking.id)).toMatchObject({ status: 'pending' });
  });

  test('a check-in now before the hotel’s today: 400 naming it, nothing charged, lapsed or not', async () => {
    const cookie = await guest();
    const { room } = await roomWithStock(t.db, 2);
    const lapsed = await hold(cookie, room.id, 1, 3);
    await lapse(lapsed.id);
    const live = await hold(cookie, room.id, 1, 3);
    const start = now;
    now = new Date(start.getTime() + 3 * 86_400_000);
    try {
      // A fresh quote refuses the stay…
      const quote = await t.app.inject({
        method: 'POST',
        url: '/api/cart/quote',
        payload: {
          cartRoom: [{ id: room.id, checkIn: inDays(1), checkOut: inDays(3), cartQuantity: 1 }],
        },
      });
      for (const booking of [lapsed, live]) {
        const res = await refusedWithoutCharge(booking.id, () => pay(cookie, booking.id));
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({
          message: BOOKING_MESSAGES.checkInPast,
          field: 'cartRoom.0.checkIn',
        });
      }
      expect(quote.statusCode).toBe(400);
      expect(quote.json().message).toBe(BOOKING_MESSAGES.checkInPast);
    } finally {
      now = start;
    }
    expect(await statusOf(lapsed.id)).toBe('expired');
    expect(await statusOf(live.id)).toBe('pending');
  });

  test('a lapsed hold whose room was taken meanwhile: 409 HOLD_EXPIRED, nothing charged', async () => {
    const cookie = await guest();
    const { room } = await roomWithStock(t.db, 1);
    const booking = await hold(cookie, room.id);
    await lapse(booking.id);
    await hold(await guest(), room.id, 3, 5);
    const res = await refusedWithoutCharge(booking.id, () => pay(cookie, booking.id));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'HOLD_EXPIRED',
      message: BOOKING_MESSAGES.holdExpired,
    });
    expect(await statusOf(booking.id)).toBe('expired');
  });

  test('a lapsed hold is taken anew within the hold limits only: 429 HOLD_LIMIT, nothing charged', async () => {
    // This app lets an account hold one unpaid reservation at a time.
    const cookie = await guest();
    const { room } = await roomWithStock(t.db, 2);
    const lapsed = await hold(cookie, room.id);
    await lapse(lapsed.id);
    const live = await hold(cookie, room.id, 5, 6);
    const res = await refusedWithoutCharge(lapsed.id, () => pay(cookie, lapsed.id));
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json()).toMatchObject({
      code: 'HOLD_LIMIT',
      message: BOOKING_MESSAGES.tooManyHolds(1),
    });
    // The live hold is paid: it passed the limits when it was taken.
    expect((await pay(cookie, live.id)).statusCode).toBe(200);
    // Nothing else held now: the lapsed one may be taken anew.
    expect((await pay(cookie, lapsed.id)).statusCode).toBe(200);
    expect(await statusOf(lapsed.id)).toBe('confirmed');
  });

  test('a lapsed, swept hold still valid is paid: its units taken anew, charged its total once', async () => {
    const cookie = await guest();
    const { room } = await roomWithStock(t.db, 1, 20_600);
    const booking = await hold(cookie, room.id);
    await lapse(booking.id);
    expect(await unitsFree(t.db, room.id, inDays(2), inDays(4))).toBe(1);
    const res = await pay(cookie, booking.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ booking: { status: 'confirmed', cartTotalCents: 41_200 } });
    const payment = await paymentOf(booking.id);
    expect(await provider.capturedCharge(payment?.id ?? '')).toEqual({
      amountCents: 41_200,
      refundedCents: 0,
    });
    expect(await unitsFree(t.db, room.id, inDays(2), inDays(4))).toBe(0);
  });
});
