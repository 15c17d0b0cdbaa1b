import { randomUUID } from 'node:crypto';
import type { Booking } from '@devstay/shared/contracts/booking';
import { IDEMPOTENCY_KEY_HEADER } from '@devstay/shared/http';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { roomNights } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { freshIp, signUp, withSession } from '../../test/auth.ts';
import {
  checkoutPayload,
  expectLedgerReconciled,
  inDays,
  lapseHold,
  payByCard,
  roomWithStock,
} from '../../test/booking-fixtures.ts';
import { insertRoom } from '../../test/catalogue-rows.ts';
import { unitsFree } from '../availability/ledger.ts';

/**
 * Holds nobody can hoard, with the product's own limits (the defaults of config.ts): an
 * account holds at most 3 unpaid reservations of 10 rooms together, may let 3 lapse in a day,
 * and checks out at most 10 times a minute (60 per client address).
 */

let t: TestApp;
beforeAll(async () => {
  // The sweeps are run by hand and each one's result asserted.
  t = await createTestApp({ PAYMENT_RATE_LIMIT: '100' }, { realLimits: true, workers: false });
});
afterAll(() => t.close());

type Line = { id: number; checkIn: string; checkOut: string; cartQuantity: number };
const VISA = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };

/** Every call from an address of its own unless `ip` says otherwise. */
async function book(cookie: string, cartRoom: Line[], ip = freshIp(), shown?: number) {
  const body = await checkoutPayload(t.app, cartRoom);
  return t.app.inject({
    method: 'POST',
    url: '/api/booking',
    headers: { ...withSession(cookie), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    remoteAddress: ip,
    payload: { ...body, cartTotalCents: shown ?? body.cartTotalCents },
  });
}

const pay = (cookie: string, bookingId: string) => payByCard(t.app, cookie, bookingId, VISA);

const guest = async () => (await signUp(t.app, `holds.${randomUUID()}@devstay.dev`)).cookie;

const lapse = (id: string) => lapseHold(t.db, id);

describe('the price the guest saw', () => {
  test('a total that is not the server’s → 409 PRICE_CHANGED naming both, nothing held', async () => {
    const cookie = await guest();
    const { room } = await roomWithStock(t.db, 2, 10_000);
    const line = { id: room.id, checkIn: inDays(3), checkOut: inDays(5), cartQuantity: 1 };
    const shown = (await checkoutPayload(t.app, [line])).cartTotalCents;
    expect(shown).toBe(20_000);
    // An admin raises the price after the payment screen showed $200.
    await t.db.execute(sql`update rooms set price_cents = 12500 where id = ${room.id}`);
    const res = await book(cookie, [line], freshIp(), shown);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'PRICE_CHANGED',
      field: 'cartTotalCents',
      message: 'The total changed from $200 to $250; check the new total and confirm again',
    });
    expect(await unitsFree(t.db, room.id, inDays(3), inDays(5))).toBe(2);
    // Asked again with the new total: booked at it.
    const again = await book(cookie, [line], freshIp(), 25_000);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json<Booking>().cartTotalCents).toBe(25_000);
    await expectLedgerReconciled(t.db, [room.id]);
  });

  test('no total at all → 400 naming cartTotalCents', async () => {
    const cookie = await guest();
    const { room } = await roomWithStock(t.db, 2);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/booking',
      headers: { ...withSession(cookie), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      payload: {
        cartRoom: [{ id: room.id, checkIn: inDays(3), checkOut: inDays(4), cartQuantity: 1 }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('cartTotalCents');
  });
});

describe('amounts and quantities are bounded', () => {
  test('a cart beyond one card payment is quoted exactly, then refused with 422 before any hold', async () => {
    const cookie = await guest();
    // 20 lines × 50 units × 365 nights × $1,000: $365,000,000, past 2^31 cents.
    const lines: Line[] = [];
    for (let i = 0; i < 20; i++) {
      const { room } = await roomWithStock(t.db, 50, 100_000);
      lines.push({ id: room.id, checkIn: inDays(30), checkOut: inDays(395), cartQuantity: 50 });
    }
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/cart/quote',
      payload: { cartRoom: lines },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({
      cartTotalCents: 36_500_000_000,
      cartTotalAmount: 365_000_000,
      bookable: false,
      cartMessage:
        'The total is more than one card payment can take ($999,999.99); book fewer rooms or nights',
    });
    const res = await book(cookie, lines);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'AMOUNT_TOO_LARGE', field: 'cartRoom' });
    const taken = await t.db
      .select()
      .from(roomNights)
      .where(
        inArray(
          roomNights.roomId,
          lines.map((l) => l.id),
        ),
      );
    expect(taken).toEqual([]);
  });

  test('quantities beyond a room’s stock or any room’s: 409 or 400 naming the line, never a 500', async () => {
    const cookie = await guest();
    const { room } = await roomWithStock(t.db, 7);
    const line = (cartQuantity: number) => ({
      id: room.id,
      checkIn: inDays(3),
      checkOut: inDays(4),
      cartQuantity,
    });
    const over = await book(cookie, [line(8)]);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'SOLD_OUT',
      field: 'cartRoom.0.cartQuantity',
      message: 'There is not enough availability for the selected date',
    });
    for (const cartQuantity of [51, 1e15, 2 ** 53]) {
      for (const url of ['/api/cart/quote', '/api/booking']) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...withSession(cookie), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
          payload: { cartRoom: [line(cartQuantity)], cartTotalCents: 1 },
        });
        expect(res.statusCode, `${url} ${cartQuantity}`).toBe(400);
        expect(res.json().field).toBe('cartRoom.0.cartQuantity');
      }
    }
    const total = await t.app.inject({
      method: 'POST',
      url: '/api/booking',
      headers: { ...withSession(cookie), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      payload: { cartRoom: [line(1)], cartTotalCents: 2 ** 60 },
    });
    expect(total.statusCode).toBe(400);
    expect(total.json().field).toBe('cartTotalCents');
  });
});

describe('unpaid holds per account', () => {
  test('3 reservations waiting for payment at once, 10 rooms together; paid ones do not count', async () => {
    const cookie = await guest();
    const { room } = await roomWithStock(t.db, 50, 10_000);
    const stay = (from: number, cartQuantity = 1) => [
      { id: room.id, checkIn: inDays(from), checkOut: inDays(from + 1), cartQuantity },
    ];
    const first = await book(cookie, stay(3, 8));
    expect(first.statusCode, first.body).toBe(201);
    const tooMany = await book(cookie, stay(4, 3));
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json()).toMatchObject({
      code: 'HOLD_LIMIT',
      message:
        'Reservations waiting for payment can hold 10 rooms at most; pay the ones you have first',
    });
    expect((await book(cookie, stay(4))).statusCode).toBe(201);
    expect((await book(cookie, stay(5))).statusCode).toBe(201);
    const fourth = await book(cookie, stay(6));
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({
      code: 'HOLD_LIMIT',
      message: 'You already have 3 reservations waiting for payment; pay one or let it lapse first',
    });
    // Paying one frees its place.
    expect((await pay(cookie, first.json<Booking>().id)).statusCode).toBe(200);
    expect((await book(cookie, stay(6))).statusCode).toBe(201);
    await expectLedgerReconciled(t.db, [room.id]);
  });

  test('racing tabs of one account cannot all pass the count', async () => {
    const cookie = await guest();
    const { room } = await roomWithStock(t.db, 50);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        book(cookie, [
          { id: room.id, checkIn: inDays(3 + n), checkOut: inDays(4 + n), cartQuantity: 1 },
        ]),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
  });

  test('after 3 holds lapse unpaid in a day, no new hold until a payment succeeds', async () => {
    const cookie = await guest();
    const { room } = await roomWithStock(t.db, 50);
    const stay = (from: number) => [
      { id: room.id, checkIn: inDays(from), checkOut: inDays(from + 1), cartQuantity: 1 },
    ];
    const kept = (await book(cookie, stay(2))).json<Booking>();
    for (let n = 0; n < 3; n++) {
      const held = await book(cookie, stay(3 + n));
      expect(held.statusCode, held.body).toBe(201);
      await lapse(held.json<Booking>().id);
    }
    const refused = await book(cookie, stay(9));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'HOLD_LIMIT',
      message:
        '3 of your reservations lapsed unpaid in the last day; you can reserve again a day after them or once a payment succeeds',
    });
    // The hold kept from before is paid: the lapses before it no longer count.
    expect((await pay(cookie, kept.id)).statusCode).toBe(200);
    expect((await book(cookie, stay(9))).statusCode).toBe(201);
  });
});

describe('checkout rate limits', () => {
  test('10 checkouts a minute per account, then 429 RATE_LIMITED with Retry-After', async () => {
    const cookie = await guest();
    const { room } = await roomWithStock(t.db, 50);
    const statuses: number[] = [];
    for (let n = 0; n < 11; n++) {
      const res = await book(cookie, [
        { id: room.id, checkIn: inDays(3), checkOut: inDays(4), cartQuantity: 1 },
      ]);
      statuses.push(res.statusCode);
      if (n === 10) {
        expect(res.json()).toMatchObject({
          code: 'RATE_LIMITED',
          message: 'Too many reservations in a short time; please wait a moment',
        });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    // Three held, then the hold limit, then the rate limit.
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429, 429, 429, 429]);
  });

  test('60 checkouts a minute per client address, whatever the account', async () => {
    const { room } = await roomWithStock(t.db, 50);
    const ip = freshIp();
    const cookies = await Promise.all(Array.from({ length: 7 }, () => guest()));
    const codes: string[] = [];
    for (let n = 0; n < 61; n++) {
      const res = await book(
        cookies[Math.floor(n / 9)] as string,
        [{ id: room.id, checkIn: inDays(40 + n), checkOut: inDays(41 + n), cartQuantity: 1 }],
        ip,
      );
      codes.push(res.statusCode === 201 ? 'held' : res.json().code);
    }
    expect(codes.at(-1)).toBe('RATE_LIMITED');
    expect(codes.slice(0, 60)).not.toContain('RATE_LIMITED');
  });
});

test('a script holding everything it can from one fresh account leaves rooms for the next guest', async () => {
  const { hotel, room: first } = await roomWithStock(t.db, 7, 20_000);
  const second = await insertRoom(t.db, { hotelId: hotel.id, stock: 7, priceCents: 15_000 });
  const third = await insertRoom(t.db, { hotelId: hotel.id, stock: 7, priceCents: 9_000 });
  const rooms = [first, second, third];
  const year = { checkIn: inDays(280), checkOut: inDays(280 + 365) };
  const hoarder = await guest();
  const ip = freshIp();
  // Everything, for a year; then one night at a time, 400 times.
  const attempts: Line[][] = [
    ...rooms.map((r) => [{ id: r.id, ...year, cartQuantity: r.stock }]),
    ...rooms.map((r) => [{ id: r.id, ...year, cartQuantity: 1 }]),
    ...Array.from({ length: 400 }, (_, n) => [
      {
        id: (rooms[n % 3] as (typeof rooms)[number]).id,
        checkIn: inDays(280 + (n % 365)),
        checkOut: inDays(281 + (n % 365)),
        cartQuantity: 1,
      },
    ]),
  ];
  const held: Booking[] = [];
  const refusals: Record<string, number> = {};
  for (const cartRoom of attempts) {
    const res = await book(hoarder, cartRoom, ip);
    if (res.statusCode === 201) held.push(res.json<Booking>());
    else refusals[res.json().code] = (refusals[res.json().code] ?? 0) + 1;
  }
  console.info(`hoarding script: ${held.length} held, refused ${JSON.stringify(refusals)}`);
  expect(held.length).toBeLessThanOrEqual(3);
  expect(held.reduce((sum, b) => sum + b.cartTotalQuantity, 0)).toBeLessThanOrEqual(10);
  expect(refusals.HOLD_LIMIT).toBeGreaterThan(0);
  expect(refusals.RATE_LIMITED).toBeGreaterThan(0);

  // The next guest books rooms of that hotel for that year.
  const next = await guest();
  const free = await Promise.all(
    rooms.map((r) => unitsFree(t.db, r.id, year.checkIn, year.checkOut)),
  );
  expect(free.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(21 - 10);
  const bookable = rooms.filter((_, i) => (free[i] ?? 0) > 0);
  const res = await book(next, [
    { id: (bookable[0] as (typeof rooms)[number]).id, ...year, cartQuantity: 1 },
  ]);
  expect(res.statusCode, res.body).toBe(201);

  for (const b of held) await lapse(b.id);
  await expectLedgerReconciled(
    t.db,
    rooms.map((r) => r.id),
  );
});
