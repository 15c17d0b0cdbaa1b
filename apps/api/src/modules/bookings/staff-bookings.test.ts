import { randomUUID } from 'node:crypto';
import type { Booking, BookingRecord } from '@devstay/shared/contracts/booking';
import type { BookingReceipt } from '@devstay/shared/contracts/receipt';
import { IDEMPOTENCY_KEY_HEADER, TOTAL_COUNT_HEADER } from '@devstay/shared/http';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bookings, payments } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signIn, signUp, withSession } from '../../test/auth.ts';
import {
  checkoutPayload,
  expectLedgerReconciled,
  inDays,
  roomWithStock,
  twoHotelsWithStaff,
} from '../../test/booking-fixtures.ts';
import { reconcilePayments } from '../payments/pay.ts';
import type { TestCardProvider } from '../payments/test-card-provider.ts';

/**
 * The booking history (GET /api/booking/user/{uid}), the bookings table (GET /api/booking) and
 * the staff's cancel (PUT /api/booking/status), against the real database and test processor.
 */

type Actor = 'visitor' | 'user' | 'otherUser' | 'adminA' | 'adminB' | 'superAdmin';
const ACTORS: Actor[] = ['visitor', 'user', 'otherUser', 'adminA', 'adminB', 'superAdmin'];

let t: TestApp;
let provider: TestCardProvider;
const cookie = {} as Record<Actor, string>;
let guestId: string;
let roomA: number;
let roomB: number;
let hotelA: number;
let hotelB: number;

beforeAll(async () => {
  // The reconciliation is run by hand and its result asserted.
  t = await createTestApp({ PAYMENT_RATE_LIMIT: '100' }, { workers: false });
  provider = t.app.payments as TestCardProvider;
  const made = await twoHotelsWithStaff(
    t.app,
    t.db,
    { a: { stock: 5, priceCents: 10_000 }, b: { stock: 5, priceCents: 20_000 } },
    'admin.b@devstay.dev',
  );
  [hotelA, hotelB, roomA, roomB] = [made.hotelA, made.hotelB, made.roomA, made.roomB];
  Object.assign(cookie, made.cookies, { visitor: '' });
  const guest = await signUp(t.app, `guest.${randomUUID()}@devstay.dev`);
  guestId = guest.id;
  cookie.user = guest.cookie;
  cookie.otherUser = (await signUp(t.app, `other.${randomUUID()}@devstay.dev`)).cookie;
});
afterAll(() => t.close());

const VISA = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };

/** A booking held by the guest, not paid. */
async function held(roomId: number, quantity = 1, from = 3, to = 5): Promise<Booking> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/booking',
    headers: { ...withSession(cookie.user), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    payload: await checkoutPayload(t.app, [
      { id: roomId, checkIn: inDays(from), checkOut: inDays(to), cartQuantity: quantity },
    ]),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Booking>();
}

/** A booking the guest held and paid by card. */
async function confirmed(roomId: number, quantity = 1, from = 3, to = 5): Promise<Booking> {
  const booking = await held(roomId, quantity, from, to);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/card',
    headers: { ...withSession(cookie.user), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    payload: { booking: booking.id, card: VISA },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().booking as Booking;
}

const get = (url: string, actor: Actor) =>
  t.app.inject({ method: 'GET', url, headers: withSession(cookie[actor]) });

const cancel = (actor: Actor, id: string, user = guestId) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/booking/status',
    headers: withSession(cookie[actor]),
    payload: { id, user, status: 'cancelled' },
  });

const takenOn = async (roomId: number, night: string) => {
  const result = await t.db.execute<{ taken: number }>(
    sql`select taken from room_nights where room_id = ${roomId} and night = ${night}::date`,
  );
  return result.rows[0]?.taken ?? 0;
};
const paymentOf = async (bookingId: string) =>
  (await t.db.select().from(payments).where(eq(payments.bookingId, bookingId)))[0];
const idsOf = (res: { json: () => unknown }) => (res.json() as BookingRecord[]).map((b) => b.id);

describe('who may list and cancel, cell by cell (product §6)', () => {
  let atA: Booking;
  let atB: Booking;
  beforeAll(async () => {
    atA = await confirmed(roomA);
    atB = await confirmed(roomB);
  });

  const LIST: Record<Actor, number> = {
    visitor: 401,
    user: 403,
    otherUser: 403,
    adminA: 200,
    adminB: 200,
    superAdmin: 200,
  };
  test.each(ACTORS)('GET /api/booking as %s', async (actor) => {
    const res = await get('/api/booking?pageSize=100', actor);
    expect(res.statusCode, res.body).toBe(LIST[actor]);
    if (res.statusCode !== 200) return;
    const ids = idsOf(res);
    expect(ids.includes(atA.id)).toBe(actor !== 'adminB');
    expect(ids.includes(atB.id)).toBe(actor !== 'adminA');
    if (actor === 'adminA') {
      const rooms = (res.json() as BookingRecord[]).flatMap((b) => b.cartRoom);
      expect(rooms.every((r) => r.idHotel === hotelA)).toBe(true);
    }
  });

  test('an admin cannot filter by another hotel; the superAdmin can filter by any', async () => {
    const other = await get(`/api/booking?hotel=${hotelB}`, 'adminA');
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'OTHER_HOTEL', field: 'hotel' });
    const own = await get(`/api/booking?hotel=${hotelA}`, 'adminA');
    expect(idsOf(own)).toContain(atA.id);
    const any = await get(`/api/booking?hotel=${hotelB}`, 'superAdmin');
    expect(idsOf(any)).toEqual(expect.arrayContaining([atB.id]));
    expect(idsOf(any)).not.toContain(atA.id);
  });

  const HISTORY: Record<Actor, number> = {
    visitor: 401,
    user: 200,
    otherUser: 403,
    adminA: 403,
    adminB: 403,
    superAdmin: 200,
  };
  test.each(ACTORS)('GET /api/booking/user/{guest} as %s', async (actor) => {
    const res = await get(`/api/booking/user/${guestId}`, actor);
    expect(res.statusCode, res.body).toBe(HISTORY[actor]);
    if (res.statusCode !== 200) return;
    expect(idsOf(res)).toEqual(expect.arrayContaining([atA.id, atB.id]));
    const record = (res.json() as BookingRecord[]).find((b) => b.id === atA.id);
    expect(record).toEqual({
      id: atA.id,
      status: 'confirmed',
      user: guestId,
      date: atA.date,
      cartTotalQuantity: 1,
      cartTotalAmount: 200,
      cartRoom: [
        {
          id: roomA,
          name: 'suite',
          idHotel: hotelA,
          hotel: expect.any(String),
          address: expect.any(String),
          checkIn: inDays(3),
          checkOut: inDays(5),
          cartQuantity: 1,
          guests: 1,
          price: 100,
          // Two nights at $100, as charged.
          nights: [
            { date: inDays(3), price: 100 },
            { date: inDays(4), price: 100 },
          ],
          totalCents: 20_000,
          newStock: expect.any(Number),
          // Check-out in five days: not over yet.
          stayEnded: false,
          line: expect.any(Number),
          // Booked for the guest themselves: no traveller named.
          traveller: null,
          cancelled: false,
          lineCancellable: true,
        },
      ],
      // Its guest may, within the free-cancellation window (3 days ahead, window 2); so may
      // the superAdmin.
      cancellable: true,
      freeCancellation: {
        until: expect.any(String),
        date: inDays(1),
        timeZone: 'America/Argentina/Buenos_Aires',
      },
    });
  });

  // The guest within the free-cancellation window (guest-cancel.test.ts: its edges).
  const CANCEL: Record<Actor, number> = {
    visitor: 401,
    user: 200,
    otherUser: 403,
    adminA: 200,
    adminB: 403,
    superAdmin: 200,
  };
  test.each(ACTORS)('PUT /api/booking/status of a booking at hotel A as %s', async (actor) => {
    const booking = await confirmed(roomA, 1, 20, 21);
    const res = await cancel(actor, booking.id);
    expect(res.statusCode, res.body).toBe(CANCEL[actor]);
    const [row] = await t.db
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.id, booking.id));
    expect(row?.status).toBe(CANCEL[actor] === 200 ? 'cancelled' : 'confirmed');
    if (actor === 'adminB') expect(res.json()).toMatchObject({ code: 'OTHER_HOTEL' });
  });
});

describe('PUT /api/booking/status', () => {
  test('cancelling frees the units and refunds the payment, once, however many calls race', async () => {
    const { room } = await roomWithStock(t.db, 4, 15_000);
    const booking = await confirmed(room.id, 3, 6, 8);
    const nights = [inDays(6), inDays(7)];
    for (const night of nights) expect(await takenOn(room.id, night)).toBe(3);
    const refundsBefore = provider.refundCalls;

    // Six cancels at once, from the superAdmin (the booking's hotel has no admin).
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => cancel('superAdmin', booking.id)),
    );
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: booking.id, status: 'cancelled' });
    }
    // The units came back once: 3 taken → 0, not below (the ledger's check would refuse that
    // anyway, and the whole cancel would fail with it).
    for (const night of nights) expect(await takenOn(room.id, night)).toBe(0);
    expect(provider.refundCalls - refundsBefore).toBe(1);
    const payment = await paymentOf(booking.id);
    expect(payment).toMatchObject({ status: 'refunded', refundedCents: 90_000 });
    expect(await provider.capturedCharge(payment?.id ?? '')).toEqual({
      amountCents: 90_000,
      refundedCents: 90_000,
    });
    await expectLedgerReconciled(t.db, [room.id]);

    // A later call answers the same and does nothing more.
    const again = await cancel('superAdmin', booking.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'cancelled' });
    expect(provider.refundCalls - refundsBefore).toBe(1);
    for (const night of nights) expect(await takenOn(room.id, night)).toBe(0);
  });

  test('the freed units can be booked again and the stock balance shows them', async () => {
    const { room } = await roomWithStock(t.db, 1);
    const first = await confirmed(room.id, 1, 9, 10);
    const listed = await get(`/api/booking/user/${guestId}`, 'user');
    const line = (listed.json() as BookingRecord[]).find((b) => b.id === first.id)?.cartRoom[0];
    expect(line?.newStock).toBe(0);
    expect((await cancel('superAdmin', first.id)).json().cartRoom[0].newStock).toBe(1);
    await confirmed(room.id, 1, 9, 10);
  });

  test('a processor that does not answer: cancelled now, refunded once by the reconciliation', async () => {
    const booking = await confirmed(roomA, 1, 11, 12);
    const refundsBefore = provider.refundCalls;
    provider.unreachable = true;
    try {
      const res = await cancel('adminA', booking.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('cancelled');
    } finally {
      provider.unreachable = false;
    }
    expect(await paymentOf(booking.id)).toMatchObject({ status: 'captured', refundedCents: 0 });
    await reconcilePayments({ db: t.db, provider });
    await reconcilePayments({ db: t.db, provider });
    expect(await paymentOf(booking.id)).toMatchObject({
      status: 'refunded',
      refundedCents: 10_000,
    });
    // One refused call, one refund.
    expect(provider.refundCalls - refundsBefore).toBe(2);
  });

  test('a booking never confirmed: 409, its hold untouched', async () => {
    const booking = await held(roomA, 1, 13, 14);
    const res = await cancel('superAdmin', booking.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'BOOKING_NOT_CONFIRMED', field: 'id' });
    expect(await takenOn(roomA, inDays(13))).toBe(1);
  });

  test('bad input names the field', async () => {
    const booking = await confirmed(roomA, 1, 15, 16);
    const mismatch = await cancel('superAdmin', booking.id, 'someone-else');
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json()).toMatchObject({ field: 'user' });
    const missing = await cancel('superAdmin', randomUUID());
    expect(missing.statusCode).toBe(404);
    for (const [payload, field] of [
      [{ id: booking.id, user: guestId, status: 'confirmed' }, 'status'],
      [{ id: 'nope', user: guestId, status: 'cancelled' }, 'id'],
      [{ id: booking.id, status: 'cancelled' }, 'user'],
    ] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/booking/status',
        headers: withSession(cookie.superAdmin),
        payload,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const badQuery = await get('/api/booking?status=pending', 'superAdmin');
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json().field).toBe('status');
    const badSort = await get('/api/booking?sort=price', 'superAdmin');
    expect(badSort.json().field).toBe('sort');
  });
});

describe('GET /api/booking: filters, sort and pages on the server', () => {
  beforeAll(async () => {
    // Check-ins spread over days so the sort has something to order.
    for (const [roomId, from] of [
      [roomA, 30],
      [roomB, 31],
      [roomA, 33],
      [roomB, 32],
    ] as const) {
      await confirmed(roomId, 1, from, from + 1);
    }
    const toCancel = await confirmed(roomB, 1, 34, 35);
    expect((await cancel('superAdmin', toCancel.id)).statusCode).toBe(200);
  });

  const all = async (query: string) => {
    const res = await get(`/api/booking?pageSize=100&${query}`, 'superAdmin');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as BookingRecord[];
    // The count is of the table's rows: booked rooms.
    expect(Number(res.headers[TOTAL_COUNT_HEADER])).toBe(
      list.reduce((sum, b) => sum + b.cartRoom.length, 0),
    );
    return list;
  };

  test('status filters', async () => {
    for (const status of ['confirmed', 'cancelled'] as const) {
      const list = await all(`status=${status}`);
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((b) => b.status === status)).toBe(true);
    }
  });

  test('hotel filter keeps that hotel’s bookings and rooms', async () => {
    const list = await all(`hotel=${hotelB}&status=confirmed`);
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.every((b) => b.cartRoom.every((r) => r.idHotel === hotelB))).toBe(true);
  });

  test.each([
    ['checkIn-asc', 1],
    ['checkIn-desc', -1],
  ] as const)('sort %s', async (sort, direction) => {
    const checkIns = (await all(`sort=${sort}`)).map((b) => b.cartRoom[0]?.checkIn ?? '');
    const sorted = [...checkIns].sort((x, y) => (x < y ? -direction : x > y ? direction : 0));
    expect(checkIns).toEqual(sorted);
  });

  test.each([
    ['hotel-asc', 1],
    ['hotel-desc', -1],
  ] as const)('sort %s', async (sort, direction) => {
    const names = (await all(`sort=${sort}`)).map((b) => b.cartRoom[0]?.hotel ?? '');
    expect(new Set(names).size).toBeGreaterThan(1);
    const collated = await t.db.execute<{ name: string }>(
      sql`select distinct name from hotels where id in (${hotelA}, ${hotelB}) order by name`,
    );
    const order = collated.rows.map((r) => r.name);
    const ranks = names.filter((n) => order.includes(n)).map((n) => order.indexOf(n));
    const sorted = [...ranks].sort((x, y) => (x - y) * direction);
    expect(ranks).toEqual(sorted);
  });

  test('pages cover the list once, in order, with the total in X-Total-Count', async () => {
    const full = (await all('sort=checkIn-asc')).map((b) => b.id);
    const paged: string[] = [];
    for (let page = 1; page <= Math.ceil(full.length / 3) + 1; page++) {
      const res = await get(`/api/booking?sort=checkIn-asc&pageSize=3&page=${page}`, 'superAdmin');
      expect(Number(res.headers[TOTAL_COUNT_HEADER])).toBe(full.length);
      paged.push(...idsOf(res));
    }
    expect(paged).toEqual(full);
  });
});

describe('a booking spanning hotels: each hotel’s admin sees that hotel’s rooms and money alone', () => {
  // Two rooms at hotel A ($100 a night, 2 nights: $400) and one at hotel B ($200 a night,
  // 3 nights: $600), booked and paid as one cart: $1,000 for 3 rooms.
  let spanning: Booking;
  beforeAll(async () => {
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/booking',
      headers: { ...withSession(cookie.user), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      payload: await checkoutPayload(t.app, [
        { id: roomA, checkIn: inDays(40), checkOut: inDays(42), cartQuantity: 2 },
        { id: roomB, checkIn: inDays(40), checkOut: inDays(43), cartQuantity: 1 },
      ]),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payments/card',
      headers: { ...withSession(cookie.user), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      payload: { booking: booked.json().id, card: VISA },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    spanning = paid.json().booking as Booking;
    expect(spanning).toMatchObject({ cartTotalQuantity: 3, cartTotalCents: 100_000 });
  });

  /** What each reader should see: the hotels of the rooms, the rooms, the amount in cents. */
  const SEES: Record<
    'adminA' | 'adminB' | 'superAdmin' | 'user',
    () => [number[], number, number]
  > = {
    adminA: () => [[hotelA], 2, 40_000],
    adminB: () => [[hotelB], 1, 60_000],
    superAdmin: () => [[hotelA, hotelB], 3, 100_000],
    user: () => [[hotelA, hotelB], 3, 100_000],
  };

  const listed = async (actor: Actor) => {
    const url = actor === 'user' ? `/api/booking/user/${guestId}` : '/api/booking?pageSize=100';
    const res = await get(url, actor);
    expect(res.statusCode, res.body).toBe(200);
    const record = (res.json() as BookingRecord[]).find((b) => b.id === spanning.id);
    if (!record) throw new Error(`${actor} does not list the booking`);
    return record;
  };

  test.each(['adminA', 'adminB', 'superAdmin', 'user'] as const)(
    'the bookings table (the guest: their history) as %s',
    async (actor) => {
      const [hotels, quantity, cents] = SEES[actor]();
      const record = await listed(actor);
      expect(record.cartRoom.map((r) => r.idHotel)).toEqual(hotels);
      expect(record.cartTotalQuantity).toBe(quantity);
      expect(record.cartTotalAmount).toBe(cents / 100);
      // Cancelling frees and refunds the whole booking: only staff of every hotel in it may,
      // and its guest (within the window: 40 days ahead).
      expect(record.cancellable).toBe(actor === 'superAdmin' || actor === 'user');
    },
  );

  test.each(['adminA', 'adminB', 'superAdmin', 'user'] as const)(
    'the receipt as %s',
    async (actor) => {
      const [hotels, quantity, cents] = SEES[actor]();
      const res = await get(`/api/booking/${spanning.id}`, actor);
      expect(res.statusCode, res.body).toBe(200);
      const receipt = res.json<BookingReceipt>();
      expect(receipt.cartRoom.map((r) => r.idHotel)).toEqual(hotels);
      expect(receipt).toMatchObject({
        cartTotalQuantity: quantity,
        cartTotalCents: cents,
        cartTotalAmount: cents / 100,
        // The hotel's share of the payment; the card as every reader saw it before.
        payment: {
          status: 'captured',
          amountCents: cents,
          refundedCents: 0,
          cardBrand: 'visa',
          cardLast4: '4242',
        },
      });
    },
  );

  test('an admin of neither hotel, and another guest, may not read the receipt', async () => {
    const { hotel: elsewhere } = await roomWithStock(t.db, 1);
    const admin = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: withSession(cookie.superAdmin),
      payload: {
        email: `admin.c.${randomUUID()}@devstay.dev`,
        password: 'admin-c-pass',
        idHotel: elsewhere.id,
      },
    });
    expect(admin.statusCode, admin.body).toBe(201);
    const adminC = await signIn(t.app, admin.json().email, 'admin-c-pass');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/booking/${spanning.id}`,
      headers: withSession(adminC),
    });
    expect(res.statusCode).toBe(403);
    expect((await get(`/api/booking/${spanning.id}`, 'otherUser')).statusCode).toBe(403);
  });

  test('cancelled: one hotel’s admin may not cancel it all; the superAdmin’s answer is whole, and each admin then reads their share refunded', async () => {
    const refused = await cancel('adminA', spanning.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'OTHER_HOTEL' });
    const res = await cancel('superAdmin', spanning.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      cartTotalQuantity: 3,
      cartTotalAmount: 1000,
      refund: { status: 'refunded' },
    });
    for (const actor of ['adminA', 'adminB', 'superAdmin', 'user'] as const) {
      const [, quantity, cents] = SEES[actor]();
      const record = await listed(actor);
      expect(record).toMatchObject({ status: 'cancelled', cartTotalQuantity: quantity });
      expect(record.cartTotalAmount).toBe(cents / 100);
      const receipt = (await get(`/api/booking/${spanning.id}`, actor)).json<BookingReceipt>();
      expect(receipt.payment).toMatchObject({
        status: 'refunded',
        amountCents: cents,
        refundedCents: cents,
      });
    }
  });
});

describe('the bookings table: who booked, line totals, check-in dates, a count of its rows', () => {
  const guestEmail = `table.guest.${randomUUID()}@devstay.dev`;
  let guest: { id: string; cookie: string };
  /** Two rooms at hotel A and one at hotel B, one cart, check-in in 60 and 61 days. */
  let multi: Booking;
  /** One room at hotel B, check-in in 64 days. */
  let later: Booking;

  beforeAll(async () => {
    guest = await signUp(t.app, guestEmail);
    const book = async (lines: { id: number; from: number; to: number; quantity: number }[]) => {
      const held = await t.app.inject({
        method: 'POST',
        url: '/api/booking',
        headers: { ...withSession(guest.cookie), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
        payload: await checkoutPayload(
          t.app,
          lines.map((l) => ({
            id: l.id,
            checkIn: inDays(l.from),
            checkOut: inDays(l.to),
            cartQuantity: l.quantity,
          })),
        ),
      });
      expect(held.statusCode, held.body).toBe(201);
      const paid = await t.app.inject({
        method: 'POST',
        url: '/api/payments/card',
        headers: { ...withSession(guest.cookie), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
        payload: { booking: held.json().id, card: VISA },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      return paid.json().booking as Booking;
    };
    multi = await book([
      { id: roomA, from: 60, to: 62, quantity: 2 },
      { id: roomB, from: 61, to: 64, quantity: 1 },
    ]);
    later = await book([{ id: roomB, from: 64, to: 65, quantity: 1 }]);
  });

  const table = async (query: string, actor: Actor = 'superAdmin') => {
    const res = await get(`/api/booking?${query}`, actor);
    expect(res.statusCode, res.body).toBe(200);
    return { list: res.json() as BookingRecord[], total: Number(res.headers[TOTAL_COUNT_HEADER]) };
  };
  const window = `from=${inDays(60)}&to=${inDays(64)}`;

  test('each row says who booked (name and e-mail) and the line’s total beside the nightly price', async () => {
    const { list } = await table(`${window}&pageSize=100`);
    const record = list.find((b) => b.id === multi.id);
    expect(record?.guest).toEqual({ name: expect.any(String), email: guestEmail });
    expect(record?.cartRoom.map((r) => [r.idHotel, r.price, r.totalCents])).toEqual([
      // $100 × 2 nights × 2 units; $200 × 3 nights × 1 unit.
      [hotelA, 100, 40_000],
      [hotelB, 200, 60_000],
    ]);
    // The guest's own history carries no guest block.
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/booking/user/${guest.id}`,
      headers: withSession(guest.cookie),
    });
    expect((history.json() as BookingRecord[]).every((b) => b.guest === undefined)).toBe(true);
  });

  test('from and to keep the rooms whose check-in falls between them, both included', async () => {
    const rows = async (query: string) =>
      (await table(`${query}&pageSize=100`)).list
        .filter((b) => b.id === multi.id || b.id === later.id)
        .flatMap((b) => b.cartRoom.map((r) => r.checkIn));
    expect(await rows(window)).toEqual(
      expect.arrayContaining([inDays(60), inDays(61), inDays(64)]),
    );
    expect((await rows(window)).length).toBe(3);
    // Only the line that checks in on the 61st day of the multi-room booking.
    expect(await rows(`from=${inDays(61)}&to=${inDays(61)}`)).toEqual([inDays(61)]);
    expect(await rows(`from=${inDays(62)}`)).toEqual([inDays(64)]);
    expect(await rows(`to=${inDays(59)}`)).toEqual([]);
  });

  test('the count is the number of rows, and pages of rows cover them once', async () => {
    const { list, total } = await table(`${window}&sort=checkIn-asc&pageSize=100`);
    const rows = list.flatMap((b) => b.cartRoom.map((r) => `${b.id}|${r.idHotel}|${r.checkIn}`));
    expect(total).toBe(rows.length);
    expect(total).toBeGreaterThanOrEqual(3);
    const paged: string[] = [];
    for (let page = 1; page <= total + 1; page++) {
      const one = await table(`${window}&sort=checkIn-asc&pageSize=1&page=${page}`);
      expect(one.total).toBe(total);
      expect(one.list.flatMap((b) => b.cartRoom)).toHaveLength(page <= total ? 1 : 0);
      paged.push(
        ...one.list.flatMap((b) => b.cartRoom.map((r) => `${b.id}|${r.idHotel}|${r.checkIn}`)),
      );
    }
    expect(paged).toEqual(rows);
  });

  test('an admin’s table holds their hotel’s rooms only, whatever the filters; another hotel is 403', async () => {
    const { list, total } = await table(`${window}&status=confirmed&pageSize=100`, 'adminA');
    const rooms = list.flatMap((b) => b.cartRoom);
    expect(rooms.length).toBe(total);
    expect(rooms.every((r) => r.idHotel === hotelA)).toBe(true);
    const record = list.find((b) => b.id === multi.id);
    // Hotel A's part of the money alone: $400 of $1,000.
    expect(record?.cartTotalAmount).toBe(400);
    expect(record?.guest?.email).toBe(guestEmail);
    const other = await get(`/api/booking?hotel=${hotelB}&${window}`, 'adminA');
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'OTHER_HOTEL', field: 'hotel' });
    // A guest may not read the table at all.
    expect((await get(`/api/booking?${window}`, 'user')).statusCode).toBe(403);
  });

  test.each([
    ['from=2026-13-01', 'from'],
    ['from=tomorrow', 'from'],
    ['to=2026-02-30', 'to'],
    [`from=${inDays(10)}&to=${inDays(9)}`, 'to'],
    ['status=pending', 'status'],
    ['sort=price', 'sort'],
    ['hotel=abc', 'hotel'],
    ['page=0', 'page'],
    ['pageSize=100000', 'pageSize'],
  ])('bad input %s: 400 naming %s', async (query, field) => {
    const res = await get(`/api/booking?${query}`, 'superAdmin');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ field });
  });
});
