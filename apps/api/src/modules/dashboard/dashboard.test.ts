import { randomUUID } from 'node:crypto';
import type { Booking } from '@devstay/shared/contracts/booking';
import type { HotelDashboard } from '@devstay/shared/contracts/dashboard';
import type { BookingReceipt } from '@devstay/shared/contracts/receipt';
import { IDEMPOTENCY_KEY_HEADER } from '@devstay/shared/http';
import { addDays, calendarDateIn, nightsBetween } from '@devstay/shared/stay';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bookingLines, payments, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { DEMO, signIn, signUp, withSession } from '../../test/auth.ts';
import {
  checkoutPayload,
  inDays,
  roomWithStock,
  twoHotelsWithStaff,
} from '../../test/booking-fixtures.ts';
import { insertRoom, UNKNOWN_ID } from '../../test/catalogue-rows.ts';
import { occupancyStatement, revenueStatement } from './repository.ts';
import { addMonths } from './windows.ts';

/**
 * GET /api/hotels/{id}/dashboard against the real database and test card processor: who may read
 * it, and its numbers from real bookings and payments (some moved to past months afterwards, as
 * a checkout takes no past check-in).
 */

type Actor = 'visitor' | 'user' | 'adminA' | 'adminB' | 'superAdmin';

let t: TestApp;
const cookie = {} as Record<Actor, string>;
/** Hotel A (the demo admin's) with rooms a1 ($100, 10 units) and a2 ($200, 3 units). */
let hotelA: number;
let a1: number;
let a2: number;
/** Hotel B, another admin's, with room b1 ($300, 4 units). */
let hotelB: number;
let b1: number;

beforeAll(async () => {
  t = await createTestApp({ PAYMENT_RATE_LIMIT: '1000' });
  const made = await twoHotelsWithStaff(
    t.app,
    t.db,
    { a: { stock: 10, priceCents: 10_000 }, b: { stock: 4, priceCents: 30_000 } },
    'dashboard.admin.b@devstay.dev',
  );
  [hotelA, hotelB, a1, b1] = [made.hotelA, made.hotelB, made.roomA, made.roomB];
  a2 = (await insertRoom(t.db, { hotelId: hotelA, stock: 3, priceCents: 20_000, name: 'double' }))
    .id;
  Object.assign(cookie, made.cookies, { visitor: '' });
  cookie.user = (await signUp(t.app, `dashboard.${randomUUID()}@devstay.dev`)).cookie;
});
afterAll(() => t.close());

const dashboard = (hotelId: number | string, actor: Actor = 'superAdmin') =>
  t.app.inject({
    method: 'GET',
    url: `/api/hotels/${hotelId}/dashboard`,
    headers: withSession(cookie[actor]),
  });

async function dashboardOf(hotelId: number): Promise<HotelDashboard> {
  const res = await dashboard(hotelId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<HotelDashboard>();
}

interface Line {
  room: number;
  from: number;
  to: number;
  quantity?: number;
}

/** A booking the guest holds, unpaid; days count from the test hotels' today. */
async function held(...lines: Line[]): Promise<Booking> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/booking',
    headers: { ...withSession(cookie.user), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    payload: await checkoutPayload(
      t.app,
      lines.map((l) => ({
        id: l.room,
        checkIn: inDays(l.from),
        checkOut: inDays(l.to),
        cartQuantity: l.quantity ?? 1,
      })),
    ),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Booking>();
}

/** A booking the guest held and paid by card. */
async function confirmed(...lines: Line[]): Promise<Booking> {
  const booking = await held(...lines);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/card',
    headers: { ...withSession(cookie.user), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    payload: {
      booking: booking.id,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return booking;
}

/** Cancelled by the superAdmin: the payment is refunded through the processor. */
async function cancelled(booking: Booking): Promise<void> {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/booking/status',
    headers: withSession(cookie.superAdmin),
    payload: { id: booking.id, user: booking.user, status: 'cancelled' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [payment] = await t.db.select().from(payments).where(eq(payments.bookingId, booking.id));
  expect(payment).toMatchObject({ status: 'refunded', refundedCents: payment?.amountCents });
}

/** Moves a booking's line of `room` to start on `checkIn`, keeping its nights. */
async function moveLine(booking: Booking, room: number, checkIn: string): Promise<void> {
  const line = booking.cartRoom.find((l) => l.id === room);
  if (!line) throw new Error('no such line');
  const nights = nightsBetween(line.checkIn, line.checkOut);
  await t.db
    .update(bookingLines)
    .set({ checkIn, checkOut: addDays(checkIn, nights) })
    .where(and(eq(bookingLines.bookingId, booking.id), eq(bookingLines.roomId, room)));
}

describe('who may read a hotel’s dashboard', () => {
  const EXPECTED: Record<Actor, [number, number]> = {
    visitor: [401, 401],
    user: [403, 403],
    adminA: [200, 403],
    adminB: [403, 200],
    superAdmin: [200, 200],
  };
  test.each(Object.keys(EXPECTED) as Actor[])('as %s (hotel A, hotel B)', async (actor) => {
    const [forA, forB] = EXPECTED[actor];
    const a = await dashboard(hotelA, actor);
    const b = await dashboard(hotelB, actor);
    expect([a.statusCode, b.statusCode], `${a.body}\n${b.body}`).toEqual([forA, forB]);
    if (actor === 'adminA') expect(b.json()).toMatchObject({ code: 'OTHER_HOTEL' });
    if (actor === 'adminB') expect(a.json()).toMatchObject({ code: 'OTHER_HOTEL' });
    if (actor === 'user') expect(a.json()).toMatchObject({ code: 'FORBIDDEN' });
    if (actor === 'visitor') expect(a.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    for (const [res, id] of [
      [a, hotelA],
      [b, hotelB],
    ] as const) {
      if (res.statusCode !== 200) continue;
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.json<HotelDashboard>().hotel.id).toBe(id);
    }
  });

  test('an unknown hotel: 404 for the superAdmin, 403 for an admin (not theirs)', async () => {
    expect((await dashboard(UNKNOWN_ID)).statusCode).toBe(404);
    const admin = await dashboard(UNKNOWN_ID, 'adminA');
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toMatchObject({ code: 'OTHER_HOTEL' });
  });

  test.each(['abc', '0', '-1', '1.5', '2147483648', '%00', '1%00'])(
    'a malformed hotel id (%s) is a 400 naming id',
    async (id) => {
      const res = await dashboard(id);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'id' });
    },
  );
});

describe('occupancy: units of confirmed bookings per room and night, from the hotel’s today', () => {
  let expected: { a1: number[]; a2: number[] };
  beforeAll(async () => {
    const none = () => Array.from({ length: 60 }, () => 0);
    expected = { a1: none(), a2: none() };
    const add = (room: 'a1' | 'a2', from: number, to: number, units: number) => {
      for (let night = Math.max(0, from); night < Math.min(60, to); night++) {
        expected[room][night] = (expected[room][night] ?? 0) + units;
      }
    };
    // Counted: confirmed, at A, within the 60 nights.
    await confirmed({ room: a1, from: 1, to: 4, quantity: 2 });
    add('a1', 1, 4, 2);
    await confirmed({ room: a1, from: 2, to: 3, quantity: 1 }, { room: a2, from: 5, to: 7 });
    add('a1', 2, 3, 1);
    add('a2', 5, 7, 1);
    // A booking spanning hotels: its room at A only.
    await confirmed({ room: a2, from: 10, to: 12, quantity: 2 }, { room: b1, from: 10, to: 12 });
    add('a2', 10, 12, 2);
    // Across the 60th night: nights 58 and 59 are in, 60 and 61 are not.
    await confirmed({ room: a2, from: 58, to: 62, quantity: 3 });
    add('a2', 58, 62, 3);
    // A guest arrived before today and is still in: from today on.
    const staying = await confirmed({ room: a1, from: 0, to: 3 });
    await moveLine(staying, a1, inDays(-2));
    add('a1', -2, 1, 1);
    // Not counted: a hold, a cancelled booking, another hotel, past and far-off nights.
    await held({ room: a1, from: 1, to: 3, quantity: 2 });
    await cancelled(await confirmed({ room: a1, from: 1, to: 4, quantity: 1 }));
    await confirmed({ room: b1, from: 1, to: 4, quantity: 3 });
    await confirmed({ room: a1, from: 60, to: 65 });
    const gone = await confirmed({ room: a1, from: 0, to: 2 });
    await moveLine(gone, a1, inDays(-5));
  });

  test('every room of the hotel with its stock, night by night', async () => {
    const body = await dashboardOf(hotelA);
    expect(body.today).toBe(inDays(0));
    expect(body.occupancy.nights).toEqual(Array.from({ length: 60 }, (_, i) => inDays(i)));
    expect(body.occupancy.rooms.map(({ free: _, ...room }) => room)).toEqual([
      { id: a1, name: 'suite', category: 'standard', stock: 10, booked: expected.a1 },
      { id: a2, name: 'double', category: 'standard', stock: 3, booked: expected.a2 },
    ]);
  });

  test('free units by the ledger’s rule: a live hold is neither booked nor free', async () => {
    const { hotel, room } = await roomWithStock(t.db, 5, 10_000);
    await confirmed({ room: room.id, from: 1, to: 3 });
    await held({ room: room.id, from: 2, to: 4, quantity: 2 });
    const [shown] = (await dashboardOf(hotel.id)).occupancy.rooms;
    expect(shown?.booked.slice(0, 5)).toEqual([0, 1, 1, 0, 0]);
    expect(shown?.free.slice(0, 5)).toEqual([5, 4, 2, 3, 5]);
  });

  test('the other hotel sees its own rooms only', async () => {
    const body = await dashboardOf(hotelB);
    const [room] = body.occupancy.rooms;
    expect(body.occupancy.rooms).toHaveLength(1);
    expect(room?.id).toBe(b1);
    expect(room?.booked.slice(0, 13)).toEqual([0, 3, 3, 3, 0, 0, 0, 0, 0, 0, 1, 1, 0]);
  });
});

describe('the dates are the hotel’s, in its time zone', () => {
  test('a hotel east of the date line and one west of it start on their own todays', async () => {
    const east = await roomWithStock(t.db, 1, 10_000, 'Pacific/Kiritimati');
    const west = await roomWithStock(t.db, 1, 10_000, 'Pacific/Pago_Pago');
    const [a, b] = [await dashboardOf(east.hotel.id), await dashboardOf(west.hotel.id)];
    // UTC+14 and UTC−11: 25 hours apart, never the same date.
    expect(a.today).not.toBe(b.today);
    expect(a.today).toBe(calendarDateIn('Pacific/Kiritimati'));
    expect(b.today).toBe(calendarDateIn('Pacific/Pago_Pago'));
    expect(a.occupancy.nights[0]).toBe(a.today);
    expect(a.revenue.at(-4)?.month).toBe(a.today.slice(0, 7));
    expect(b.revenue.at(-4)?.month).toBe(b.today.slice(0, 7));
  });
});

test('at one instant, two hotels on either side of the date line are in different months', async () => {
  // 10:30 UTC on New Year's Day: 23:30 on New Year's Eve in Pago Pago, 00:30 on the 2nd in Kiritimati.
  const fixed = await createTestApp({}, { clock: () => new Date('2027-01-01T10:30:00Z') });
  try {
    const superAdmin = await signIn(fixed.app, DEMO.superAdmin);
    const read = async (timeZone: string) => {
      const { hotel } = await roomWithStock(fixed.db, 1, 10_000, timeZone);
      const res = await fixed.app.inject({
        method: 'GET',
        url: `/api/hotels/${hotel.id}/dashboard`,
        headers: withSession(superAdmin),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<HotelDashboard>();
    };
    const west = await read('Pacific/Pago_Pago');
    const east = await read('Pacific/Kiritimati');
    expect([west.today, west.occupancy.nights[0], west.occupancy.nights.at(-1)]).toEqual([
      '2026-12-31',
      '2026-12-31',
      '2027-02-28',
    ]);
    expect(west.revenue.map((m) => m.month)).toEqual([
      ...['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'].map(
        (m) => `2026-${m}`,
      ),
      ...['01', '02', '03'].map((m) => `2027-${m}`),
    ]);
    expect([east.today, east.revenue[0]?.month, east.revenue.at(-4)?.month]).toEqual([
      '2027-01-02',
      '2026-02',
      '2027-01',
    ]);
    expect(east.revenue.at(-1)?.month).toBe('2027-04');
  } finally {
    await fixed.close();
  }
});

describe('revenue: what was paid for each month’s nights, refunds subtracted', () => {
  // Hotels of their own, so the occupancy's bookings (this month and next) add nothing here.
  let revA: { hotel: number; cheap: number; dear: number };
  let revB: { hotel: number; room: number };
  let spanning: Booking;
  const thisMonth = inDays(0).slice(0, 7);
  const month = (back: number) => addMonths(thisMonth, -back);
  const day = (back: number, d: number) => `${month(back)}-${String(d).padStart(2, '0')}`;

  beforeAll(async () => {
    const a = await roomWithStock(t.db, 10, 10_000);
    const b = await roomWithStock(t.db, 10, 30_000);
    const dear = await insertRoom(t.db, { hotelId: a.hotel.id, stock: 5, priceCents: 20_000 });
    revA = { hotel: a.hotel.id, cheap: a.room.id, dear: dear.id };
    revB = { hotel: b.hotel.id, room: b.room.id };
    const at = async (back: number, d: number, ...lines: Line[]) => {
      const booking = await confirmed(...lines);
      for (const l of lines) await moveLine(booking, l.room, day(back, d));
      return booking;
    };
    // Two months back: $200 paid, and a $200 booking paid then cancelled and refunded.
    await at(2, 4, { room: revA.cheap, from: 1, to: 3 });
    const refunded = await confirmed({ room: revA.cheap, from: 1, to: 3 });
    await cancelled(refunded);
    await moveLine(refunded, revA.cheap, day(2, 10));
    // Five months back: a booking spanning both hotels ($400 at A, $600 at B).
    spanning = await at(
      5,
      6,
      { room: revA.dear, from: 1, to: 3 },
      { room: revB.room, from: 1, to: 3 },
    );
    // Across a month's end: the last night of four months back, two nights of three months back.
    const across = await confirmed({ room: revA.cheap, from: 1, to: 4 });
    await moveLine(across, revA.cheap, addDays(`${month(3)}-01`, -1));
    // Hotel B alone, this month: not A's.
    await at(0, 1, { room: revB.room, from: 1, to: 2 });
    // Twelve months back, a month before the first one shown: not counted.
    await at(12, 15, { room: revA.cheap, from: 1, to: 2, quantity: 4 });
    // The first month shown, counted: $100 × 2 units.
    await at(11, 28, { room: revA.cheap, from: 1, to: 2, quantity: 2 });
    // Held and never paid: nothing was taken.
    const unpaid = await held({ room: revA.cheap, from: 1, to: 3 });
    await moveLine(unpaid, revA.cheap, day(1, 3));
  });

  test('month by month over the hotel’s last twelve months, oldest first, all earned', async () => {
    const body = await dashboardOf(revA.hotel);
    const entry = (capturedCents: number, refundedCents = 0) => ({
      capturedCents,
      refundedCents,
      netCents: capturedCents - refundedCents,
      earnedCents: capturedCents - refundedCents,
      onBooksCents: 0,
    });
    const byMonth: Record<number, ReturnType<typeof entry>> = {
      11: entry(20_000),
      5: entry(40_000),
      4: entry(10_000),
      3: entry(20_000),
      2: entry(40_000, 20_000),
    };
    expect(body.revenue).toEqual(
      Array.from({ length: 15 }, (_, i) => 11 - i).map((back) => ({
        month: month(back),
        ...(byMonth[back] ?? entry(0)),
      })),
    );
  });

  test('the other hotel of the spanning booking counts its own rooms', async () => {
    const body = await dashboardOf(revB.hotel);
    expect(body.revenue.find((m) => m.month === month(5))).toMatchObject({ capturedCents: 60_000 });
    expect(body.revenue.at(-4)).toMatchObject({ month: thisMonth, capturedCents: 30_000 });
  });

  test('a hotel’s share of a partly refunded payment is its receipt’s', async () => {
    // A refund of an odd amount: each hotel's share is rounded down, as on the receipt.
    await t.db
      .update(payments)
      .set({ status: 'refunded', refundedCents: 33_333 })
      .where(eq(payments.bookingId, spanning.id));
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/booking/${spanning.id}`,
      headers: withSession(cookie.adminA),
    });
    await t.db.update(users).set({ hotelId: revA.hotel }).where(eq(users.email, DEMO.admin));
    // Written past the API: the process drops the admin's kept session once the database's
    // notice has arrived.
    await t.app.changeNotices.settle();
    const asAdminOfA = await t.app.inject({
      method: 'GET',
      url: `/api/booking/${spanning.id}`,
      headers: withSession(cookie.adminA),
    });
    await t.db.update(users).set({ hotelId: hotelA }).where(eq(users.email, DEMO.admin));
    await t.app.changeNotices.settle();
    expect(receipt.statusCode).toBe(403); // the admin of the occupancy's hotel A: not theirs
    const payment = asAdminOfA.json<BookingReceipt>().payment;
    expect(payment).toMatchObject({ amountCents: 40_000, refundedCents: 13_333 });
    const body = await dashboardOf(revA.hotel);
    expect(body.revenue.find((m) => m.month === month(5))).toEqual({
      month: month(5),
      capturedCents: payment?.amountCents,
      refundedCents: payment?.refundedCents,
      netCents: 26_667,
      earnedCents: 26_667,
      onBooksCents: 0,
    });
  });
});

test('on the books: what was paid for the coming nights, beside what the past nights earned', async () => {
  const { hotel, room } = await roomWithStock(t.db, 5, 10_000);
  // Two nights, yesterday and tonight: one earned, one on the books.
  const straddling = await confirmed({ room: room.id, from: 1, to: 3 });
  await moveLine(straddling, room.id, inDays(-1));
  // Three nights in five to eight weeks: on the books, in their months.
  await confirmed({ room: room.id, from: 40, to: 43 });
  // Paid, then cancelled and refunded: nothing on the books.
  await cancelled(await confirmed({ room: room.id, from: 50, to: 52 }));

  const earned = new Map<string, number>();
  const onBooks = new Map<string, number>();
  const add = (map: Map<string, number>, night: string) =>
    map.set(night.slice(0, 7), (map.get(night.slice(0, 7)) ?? 0) + 10_000);
  add(earned, inDays(-1));
  for (const night of [inDays(0), inDays(40), inDays(41), inDays(42)]) add(onBooks, night);

  const body = await dashboardOf(hotel.id);
  expect(body.revenue).toHaveLength(15);
  expect(body.revenue.at(-1)?.month).toBe(addMonths(body.today.slice(0, 7), 3));
  for (const m of body.revenue) {
    const e = earned.get(m.month) ?? 0;
    const b = onBooks.get(m.month) ?? 0;
    expect(m, m.month).toMatchObject({ earnedCents: e, onBooksCents: b, netCents: e + b });
  }
  expect(body.revenue.reduce((sum, m) => sum + m.onBooksCents, 0)).toBe(40_000);
});

test.each([
  ['occupancy', () => occupancyStatement(hotelA, inDays(0), inDays(59))],
  [
    'revenue',
    () =>
      revenueStatement(
        hotelA,
        `${addMonths(inDays(0).slice(0, 7), -11)}-01`,
        `${addMonths(inDays(0).slice(0, 7), 4)}-01`,
        inDays(0),
      ),
  ],
])(
  'the %s statement reads the hotel’s booking lines by (hotel_id, check_in)',
  async (_, statement) => {
    const plan = await t.db.transaction(async (tx) => {
      // The test tables are small enough to scan whole: ask what the planner does with an index.
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${statement()}`);
      return result.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/(Bitmap Index Scan on|Index (Only )?Scan using) booking_lines_hotel_idx/);
    // Not every line in booking order (what an inlined revenue statement was planned as).
    expect(plan).not.toContain('booking_lines_booking_idx');
    expect(plan).not.toMatch(/Seq Scan on (booking_lines|bookings|payments)/);
  },
);
