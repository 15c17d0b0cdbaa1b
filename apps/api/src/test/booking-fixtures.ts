import { randomUUID } from 'node:crypto';
import type { CartLineKey } from '@devstay/shared/cart';
import { HOTEL_TIME_ZONE_DEFAULT } from '@devstay/shared/constants';
import type { Booking, CartQuote } from '@devstay/shared/contracts/booking';
import { IDEMPOTENCY_KEY_HEADER } from '@devstay/shared/http';
import { addDays, calendarDateIn } from '@devstay/shared/stay';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../db/client.ts';
import { bookings, users } from '../db/schema.ts';
import { quoteCart } from '../modules/availability/quote.ts';
import { checkout } from '../modules/bookings/checkout.ts';
import { releaseExpiredHolds } from '../modules/bookings/hold-sweeper.ts';
import { DEMO, signIn, withSession } from './auth.ts';
import { insertHotel, insertLocation, insertRoom, uniqueToken } from './catalogue-rows.ts';
import { insertGuest } from './fixtures.ts';

/**
 * A calendar date `days` from today at the test hotels (`insertHotel` leaves them in the default
 * zone, Buenos Aires), whatever zone the tests run in.
 */
export const inDays = (days: number): string =>
  addDays(calendarDateIn(HOTEL_TIME_ZONE_DEFAULT), days);

/**
 * A checkout's body as the payment page sends it: the lines and the total the server's quote
 * showed for them (POST /api/cart/quote).
 */
export async function checkoutPayload(
  app: FastifyInstance,
  cartRoom: readonly CartLineKey[],
): Promise<{ cartRoom: CartLineKey[]; cartTotalCents: number }> {
  const res = await app.inject({ method: 'POST', url: '/api/cart/quote', payload: { cartRoom } });
  // A cart the quote refuses (a date in the past, …) is sent as it is: the checkout refuses it.
  const shown = res.statusCode === 200 ? res.json<CartQuote>().cartTotalCents : 0;
  return { cartRoom: [...cartRoom], cartTotalCents: shown };
}

/**
 * A guest's checkout of `cartRoom` through POST /api/booking at the total the quote shows, asserted
 * held (201); the booking.
 */
export async function placeHold(
  app: FastifyInstance,
  cookie: string,
  cartRoom: readonly CartLineKey[],
): Promise<Booking> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/booking',
    headers: { ...withSession(cookie), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    payload: await checkoutPayload(app, cartRoom),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Booking>();
}

/** A card the test processor accepts, as the payment page sends it (spaces and all). */
export const TEST_CARD = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
};

/** A guest's card payment of a booking through POST /api/payments/card; the answer unchecked. */
export const payByCard = (
  app: FastifyInstance,
  cookie: string,
  bookingId: string,
  card: { number: string; expMonth: number; expYear: number; cvc: string },
  idempotencyKey = randomUUID(),
) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/card',
    headers: { ...withSession(cookie), [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    payload: { booking: bookingId, card },
  });

/** Lets a booking's hold lapse and sweeps it, as the sweeper would after BOOKING_HOLD_MINUTES. */
export async function lapseHold(db: Db, id: string) {
  await db
    .update(bookings)
    .set({ holdExpiresAt: sql`now() - interval '1 second'` })
    .where(eq(bookings.id, id));
  expect(await releaseExpiredHolds(db, new Date())).toContain(id);
}

/**
 * Holds `quantity` units of a room for a stay as a guest's checkout does, at the total the quote
 * shows (a live hold); the booking's id. A new guest each time: the per-account hold limits play
 * no part.
 */
export async function guestHold(
  db: Db,
  roomId: number,
  checkIn: string,
  checkOut: string,
  quantity = 1,
): Promise<string> {
  const lines = [{ id: roomId, checkIn, checkOut, cartQuantity: quantity }];
  const made = await checkout(db, {
    userId: await insertGuest(db),
    idempotencyKey: randomUUID(),
    holdMinutes: 10,
    now: new Date(),
    lines,
    shownTotalCents: (await quoteCart(db, lines, new Date())).cartTotalCents,
    limits: { holds: 3, units: 10, lapsedPerDay: 3 },
  });
  return made.booking.id;
}

/**
 * A hotel of its own (in `timeZone`, Buenos Aires by default) with one room of `stock` units at
 * `priceCents` a night.
 */
export async function roomWithStock(db: Db, stock: number, priceCents = 12_500, timeZone?: string) {
  const token = uniqueToken();
  const location = await insertLocation(db, {
    state: 'booking state',
    department: `department ${token}`,
    city: `city ${token}`,
  });
  const hotel = await insertHotel(db, {
    name: `hotel ${token}`,
    locationId: location.id,
    address: `street ${token}`,
    timeZone,
  });
  const room = await insertRoom(db, { hotelId: hotel.id, stock, priceCents, name: 'suite' });
  return { hotel, room };
}

/** A room of one of the hotels `twoHotelsWithStaff` makes: its units and nightly price. */
interface RoomSpec {
  stock: number;
  priceCents: number;
}

/**
 * Two hotels of their own, each with one room, and their staff signed in: the demo admin runs
 * hotel A, a new admin (`adminBEmail`) runs hotel B, and the demo superAdmin. What every test
 * of a hotel's staff rights (their hotel, another hotel, everything) starts from.
 */
export async function twoHotelsWithStaff(
  app: FastifyInstance,
  db: Db,
  rooms: { a: RoomSpec; b: RoomSpec },
  adminBEmail: string,
) {
  const a = await roomWithStock(db, rooms.a.stock, rooms.a.priceCents);
  const b = await roomWithStock(db, rooms.b.stock, rooms.b.priceCents);
  await db.update(users).set({ hotelId: a.hotel.id }).where(eq(users.email, DEMO.admin));
  const superAdmin = await signIn(app, DEMO.superAdmin);
  const adminA = await signIn(app, DEMO.admin);
  const password = 'admin-b-pass';
  const created = await app.inject({
    method: 'POST',
    url: '/api/users',
    headers: withSession(superAdmin),
    payload: { email: adminBEmail, password, idHotel: b.hotel.id },
  });
  expect(created.statusCode, created.body).toBe(201);
  const adminB = await signIn(app, adminBEmail, password);
  return {
    hotelA: a.hotel.id,
    roomA: a.room.id,
    hotelB: b.hotel.id,
    roomB: b.room.id,
    cookies: { superAdmin, adminA, adminB },
  };
}

/**
 * The ledger's reconciliation: every night's `taken` equals the units of live (pending or
 * confirmed) booking lines and of blocks (staff and channels) covering that night, for the
 * rooms given (all rooms when omitted).
 */
export async function expectLedgerReconciled(db: Db, roomIds?: number[]) {
  const onlyRooms = roomIds ? sql`and room_id = any(${`{${roomIds.join(',')}}`}::int[])` : sql``;
  const result = await db.execute<{
    room_id: number;
    night: string;
    taken: number;
    booked: number;
  }>(
    sql`
    with booked as (
      select l.room_id, n::date as night, sum(l.quantity)::int as units
      from booking_lines l
      join bookings b on b.id = l.booking_id and b.status in ('pending', 'confirmed')
        and l.cancelled_at is null
      cross join generate_series(l.check_in, l.check_out - 1, interval '1 day') as n
      group by l.room_id, n::date
      union all
      select b.room_id, n::date, sum(b.units)::int from room_blocks b
      cross join generate_series(b.first_night, b.end_night - 1, interval '1 day') as n
      group by b.room_id, n::date),
    held as (select room_id, night, sum(units)::int as units from booked group by room_id, night),
    ledger as (select room_id, night, taken from room_nights where taken > 0)
    select room_id, night, coalesce(ledger.taken, 0) as taken, coalesce(held.units, 0) as booked
    from ledger full join held using (room_id, night)
    where coalesce(ledger.taken, 0) <> coalesce(held.units, 0) ${onlyRooms}`,
  );
  expect(result.rows).toEqual([]);
}

/**
 * Money and rooms agree, over the whole database: the ledger is reconciled, no night holds more
 * than the room's stock, every confirmed booking has its captured payment, every captured
 * payment its confirmed booking, and every charge the processor holds (test_card_charges) is
 * either a captured payment of ours or refunded in full.
 */
export async function expectBookingsConsistent(db: Db) {
  await expectLedgerReconciled(db);
  const rows = async (query: ReturnType<typeof sql>) => (await db.execute(query)).rows;
  expect(
    await rows(sql`
      select rn.room_id, rn.night, rn.taken, r.stock from room_nights rn
      join rooms r on r.id = rn.room_id where rn.taken > r.stock`),
    'nights over stock',
  ).toEqual([]);
  expect(
    await rows(sql`
      select b.id from bookings b where b.status = 'confirmed' and not exists (
        select 1 from payments p where p.booking_id = b.id and p.status = 'captured')`),
    'confirmed bookings without a captured payment',
  ).toEqual([]);
  expect(
    await rows(sql`
      select p.id, b.status from payments p join bookings b on b.id = p.booking_id
      where p.status = 'captured' and b.status <> 'confirmed'`),
    'captured payments without a confirmed booking',
  ).toEqual([]);
  expect(
    await rows(sql`
      select c.idempotency_key, p.status from test_card_charges c
      left join payments p on p.id::text = c.idempotency_key
      where c.provider_ref is not null and c.refunded_cents < c.amount_cents
        and (p.id is null or p.status <> 'captured')`),
    'charges at the processor neither a captured payment nor refunded',
  ).toEqual([]);
}
