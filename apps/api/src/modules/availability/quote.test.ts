import { FREE_CANCELLATION_DAYS_DEFAULT, HOTEL_TIME_ZONE_DEFAULT } from '@devstay/shared/constants';
import type { CartQuote } from '@devstay/shared/contracts/booking';
import { AVAILABILITY_MESSAGES, BOOKING_MESSAGES } from '@devstay/shared/messages';
import { addDays } from '@devstay/shared/stay';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hotels } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { inDays, roomWithStock } from '../../test/booking-fixtures.ts';
import { insertGuest } from '../../test/fixtures.ts';
import { checkout } from '../bookings/checkout.ts';
import { cancelScopeOf } from '../bookings/records.ts';
import { nightlyDemand, takeUnits, unitsFree } from './ledger.ts';
import { quoteCart } from './quote.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const quote = (cartRoom: unknown[]) =>
  t.app.inject({ method: 'POST', url: '/api/cart/quote', payload: { cartRoom } });

/** Takes units straight on the ledger, as a checkout would. */
async function take(roomId: number, checkIn: string, checkOut: string, quantity: number) {
  const short = await t.db.transaction((tx) =>
    takeUnits(tx, nightlyDemand([{ roomId, checkIn, checkOut, quantity }])),
  );
  expect(short).toBeNull();
}

describe('POST /api/cart/quote', () => {
  test('prices each line on the server and describes room and hotel; client prices are ignored', async () => {
    const { hotel, room } = await roomWithStock(t.db, 4, 12_550);
    const res = await quote([
      {
        id: room.id,
        checkIn: inDays(3),
        checkOut: inDays(6),
        cartQuantity: 2,
        price: 1,
        totalPrice: 1,
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<CartQuote>();
    expect(body).toEqual({
      cartRoom: [
        {
          id: room.id,
          name: 'suite',
          category: 'standard',
          image: room.image[0]?.url,
          idHotel: hotel.id,
          hotel: hotel.name,
          address: hotel.address,
          checkIn: inDays(3),
          checkOut: inDays(6),
          cartQuantity: 2,
          guests: 1,
          capacity: 2,
          guestsMessage: null,
          nights: [3, 4, 5].map((d) => ({ date: inDays(d), price: 125.5 })),
          price: 125.5,
          totalPrice: 376.5,
          lineTotalCents: 75_300,
          available: 4,
          availabilityMessage: null,
          freeCancellation: {
            until: expect.any(String),
            date: addDays(inDays(3), -FREE_CANCELLATION_DAYS_DEFAULT),
            timeZone: HOTEL_TIME_ZONE_DEFAULT,
            open: true,
          },
        },
      ],
      cartTotalQuantity: 2,
      cartTotalAmount: 753,
      cartTotalCents: 75_300,
      bookable: true,
      cartMessage: null,
      // One line: its deadline is the booking's.
      freeCancellation: {
        until: expect.any(String),
        date: addDays(inDays(3), -FREE_CANCELLATION_DAYS_DEFAULT),
        timeZone: HOTEL_TIME_ZONE_DEFAULT,
        open: true,
      },
    });
  });

  test('the three availability texts of product §5', async () => {
    const { room: none } = await roomWithStock(t.db, 0);
    const { room } = await roomWithStock(t.db, 3);
    await take(room.id, inDays(10), inDays(12), 3); // sold out on nights 10, 11
    await take(room.id, inDays(20), inDays(21), 2); // one left on night 20
    const res = await quote([
      { id: none.id, checkIn: inDays(1), checkOut: inDays(2), cartQuantity: 1 },
      { id: room.id, checkIn: inDays(9), checkOut: inDays(11), cartQuantity: 1 },
      { id: room.id, checkIn: inDays(19), checkOut: inDays(22), cartQuantity: 2 },
      { id: room.id, checkIn: inDays(30), checkOut: inDays(31), cartQuantity: 3 },
    ]);
    const lines = res.json<CartQuote>().cartRoom;
    expect(lines.map((l) => [l.available, l.availabilityMessage])).toEqual([
      [0, AVAILABILITY_MESSAGES.noStock],
      [0, AVAILABILITY_MESSAGES.dateTaken],
      [1, AVAILABILITY_MESSAGES.notEnough],
      [3, null],
    ]);
    expect(res.json<CartQuote>().bookable).toBe(false);
  });

  test('the check-out night is free: adjacent stays do not collide', async () => {
    const { room } = await roomWithStock(t.db, 1);
    await take(room.id, inDays(5), inDays(7), 1);
    expect(await unitsFree(t.db, room.id, inDays(7), inDays(9))).toBe(1);
    expect(await unitsFree(t.db, room.id, inDays(3), inDays(5))).toBe(1);
    expect(await unitsFree(t.db, room.id, inDays(6), inDays(8))).toBe(0);
    const res = await quote([
      { id: room.id, checkIn: inDays(7), checkOut: inDays(8), cartQuantity: 1 },
      { id: room.id, checkIn: inDays(4), checkOut: inDays(5), cartQuantity: 1 },
    ]);
    expect(res.json<CartQuote>().bookable).toBe(true);
  });

  test('two lines of the same room on overlapping nights count together', async () => {
    const { room } = await roomWithStock(t.db, 3);
    const res = await quote([
      { id: room.id, checkIn: inDays(2), checkOut: inDays(5), cartQuantity: 2 },
      { id: room.id, checkIn: inDays(4), checkOut: inDays(6), cartQuantity: 2 },
      // Does not overlap the first: only the second line's night 5 is shared.
      { id: room.id, checkIn: inDays(5), checkOut: inDays(6), cartQuantity: 1 },
    ]);
    const lines = res.json<CartQuote>().cartRoom;
    // Line 1 shares night 4 with line 2; line 2 shares night 5 with line 3.
    expect(lines.map((l) => l.available)).toEqual([1, 1, 1]);
    expect(lines.map((l) => l.availabilityMessage)).toEqual([
      AVAILABILITY_MESSAGES.notEnough,
      AVAILABILITY_MESSAGES.notEnough,
      null,
    ]);
  });

  test('an empty cart costs nothing and cannot be booked', async () => {
    const res = await quote([]);
    expect(res.json()).toMatchObject({
      cartRoom: [],
      cartTotalCents: 0,
      bookable: false,
      freeCancellation: null,
    });
  });

  test.each([
    ['a malformed date', { checkIn: '2030-02-30' }, 'cartRoom.0.checkIn'],
    ['a date in another format', { checkIn: '01/02/2030' }, 'cartRoom.0.checkIn'],
    [
      'check-out before check-in',
      { checkIn: inDays(5), checkOut: inDays(4) },
      'cartRoom.0.checkOut',
    ],
    ['check-out on check-in', { checkIn: inDays(5), checkOut: inDays(5) }, 'cartRoom.0.checkOut'],
    ['a check-in in the past', { checkIn: inDays(-1), checkOut: inDays(2) }, 'cartRoom.0.checkIn'],
    ['a stay over a year', { checkIn: inDays(1), checkOut: inDays(400) }, 'cartRoom.0.checkOut'],
    ['quantity 0', { cartQuantity: 0 }, 'cartRoom.0.cartQuantity'],
    ['a fractional quantity', { cartQuantity: 1.5 }, 'cartRoom.0.cartQuantity'],
    ['a room id as text', { id: 'one' }, 'cartRoom.0.id'],
  ])('%s → 400 naming the field', async (_, change, field) => {
    const { room } = await roomWithStock(t.db, 2);
    const res = await quote([
      { id: room.id, checkIn: inDays(1), checkOut: inDays(2), cartQuantity: 1, ...change },
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ field });
  });

  test('more than 20 lines → 400; an unknown room → 404 naming the line', async () => {
    const line = { id: 1, checkIn: inDays(1), checkOut: inDays(2), cartQuantity: 1 };
    const many = await quote(Array.from({ length: 21 }, () => line));
    expect(many.statusCode).toBe(400);
    expect(many.json()).toMatchObject({ field: 'cartRoom' });
    const missing = await quote([line, { ...line, id: 2_000_000_000 }]);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      code: 'NOT_FOUND',
      field: 'cartRoom.1.id',
      message: BOOKING_MESSAGES.roomMissing,
    });
  });
});

describe('the free-cancellation deadline of each line, before paying', () => {
  /** A room of a new hotel in `timeZone` whose window is `days`. */
  async function roomIn(timeZone: string, days: number) {
    const { hotel, room } = await roomWithStock(t.db, 5, 10_000, timeZone);
    await t.db.update(hotels).set({ freeCancellationDays: days }).where(eq(hotels.id, hotel.id));
    return room.id;
  }
  const line = (id: number, checkIn: string) => ({
    id,
    checkIn,
    checkOut: addDays(checkIn, 2),
    cartQuantity: 1,
  });

  test('each line by its own hotel’s window and zone; open until 00:00 there, then closed', async () => {
    // The start of 2030-03-08 in UTC+14 is 2030-03-07 10:00 UTC; the start of 2030-03-05 in
    // UTC−12 (five days before) is 2030-03-05 12:00 UTC.
    const east = await roomIn('Pacific/Kiritimati', 2);
    const west = await roomIn('Etc/GMT+12', 5);
    const cart = [line(east, '2030-03-10'), line(west, '2030-03-10')];
    const eastUntil = '2030-03-07T10:00:00.000Z';
    const before = await quoteCart(t.db, cart, new Date(Date.parse(eastUntil) - 1));
    expect(before.cartRoom.map((l) => l.freeCancellation)).toEqual([
      { until: eastUntil, date: '2030-03-08', timeZone: 'Pacific/Kiritimati', open: true },
      {
        until: '2030-03-05T12:00:00.000Z',
        date: '2030-03-05',
        timeZone: 'Etc/GMT+12',
        open: false,
      },
    ]);
    // The booking's: the earliest of its lines', wherever that line is in the cart.
    expect(before.freeCancellation).toEqual(before.cartRoom[1]?.freeCancellation);
    const reversed = await quoteCart(t.db, [...cart].reverse(), new Date());
    expect(reversed.freeCancellation?.until).toBe('2030-03-05T12:00:00.000Z');
    const at = await quoteCart(t.db, cart, new Date(eastUntil));
    expect(at.cartRoom.map((l) => l.freeCancellation.open)).toEqual([false, false]);
    // Closed terms do not stop a booking: only availability and the total do.
    expect(at.bookable).toBe(true);
  });

  test('the deadline quoted is the booking’s once paid: one rule', async () => {
    const room = await roomIn('Pacific/Kiritimati', 3);
    const stay = line(room, '2030-06-10');
    const [quoted] = (await quoteCart(t.db, [stay], new Date())).cartRoom;
    const held = await checkout(t.db, {
      userId: await insertGuest(t.db),
      idempotencyKey: crypto.randomUUID(),
      lines: [stay],
      shownTotalCents: 20_000,
      holdMinutes: 10,
      limits: { holds: 3, units: 10, lapsedPerDay: 3 },
      now: new Date(),
    });
    const scope = await cancelScopeOf(t.db, held.booking.id);
    expect(quoted?.freeCancellation).toEqual({ ...scope?.freeCancellation, open: true });
    expect(scope?.freeCancellation.date).toBe('2030-06-07');
  });

  test('the cart’s deadline is the booking’s once booked, across hotels: one rule', async () => {
    const strict = await roomIn('Etc/GMT+12', 9);
    const lenient = await roomIn('Pacific/Kiritimati', 1);
    const stays = [line(lenient, '2030-07-01'), line(strict, '2030-07-05')];
    const quote = await quoteCart(t.db, stays, new Date());
    const held = await checkout(t.db, {
      userId: await insertGuest(t.db),
      idempotencyKey: crypto.randomUUID(),
      lines: stays,
      shownTotalCents: quote.cartTotalCents,
      holdMinutes: 10,
      limits: { holds: 3, units: 10, lapsedPerDay: 3 },
      now: new Date(),
    });
    const scope = await cancelScopeOf(t.db, held.booking.id);
    expect(quote.freeCancellation).toEqual({ ...scope?.freeCancellation, open: true });
    // The second line's hotel, whose window reaches further back than the first line's.
    expect(scope?.freeCancellation).toMatchObject({ date: '2030-06-26', timeZone: 'Etc/GMT+12' });
  });
});

describe("a check-in is past by its own hotel's calendar, never the server's", () => {
  // 01:30 UTC on 10 March 2026: still the 9th in Buenos Aires (UTC−3), already the 10th in UTC
  // and in Kiritimati (UTC+14), wherever this runs.
  const now = new Date('2026-03-10T01:30:00Z');
  const line = (id: number, checkIn: string) => ({
    id,
    checkIn,
    checkOut: addDays(checkIn, 2),
    cartQuantity: 1,
  });
  const past = (i: number) => ({
    statusCode: 400,
    field: `cartRoom.${i}.checkIn`,
    message: 'The check-in date cannot be in the past',
  });

  test('the quote: each line against its own hotel, in a cart spanning zones', async () => {
    const { room: ba } = await roomWithStock(t.db, 3);
    const { room: kiritimati } = await roomWithStock(t.db, 3, 12_500, 'Pacific/Kiritimati');
    const both = await quoteCart(
      t.db,
      [line(ba.id, '2026-03-09'), line(kiritimati.id, '2026-03-10')],
      now,
    );
    expect(both.bookable).toBe(true);
    await expect(quoteCart(t.db, [line(ba.id, '2026-03-08')], now)).rejects.toMatchObject(past(0));
    // The 9th is today in Buenos Aires and yesterday in Kiritimati.
    await expect(
      quoteCart(t.db, [line(ba.id, '2026-03-09'), line(kiritimati.id, '2026-03-09')], now),
    ).rejects.toMatchObject(past(1));
  });

  test('the checkout: the same rule, on the rooms it locks', async () => {
    const { room: ba } = await roomWithStock(t.db, 3);
    const { room: kiritimati } = await roomWithStock(t.db, 3, 12_500, 'Pacific/Kiritimati');
    const book = async (lines: ReturnType<typeof line>[]) =>
      checkout(t.db, {
        userId: await insertGuest(t.db),
        idempotencyKey: crypto.randomUUID(),
        lines,
        shownTotalCents: lines.length * 25_000,
        holdMinutes: 10,
        limits: { holds: 3, units: 10, lapsedPerDay: 3 },
        now,
      });
    const made = await book([line(ba.id, '2026-03-09'), line(kiritimati.id, '2026-03-10')]);
    expect(made.booking.status).toBe('pending');
    await expect(book([line(ba.id, '2026-03-08')])).rejects.toMatchObject(past(0));
    await expect(
      book([line(ba.id, '2026-03-10'), line(kiritimati.id, '2026-03-09')]),
    ).rejects.toMatchObject(past(1));
  });

  test('over HTTP: yesterday in Buenos Aires is refused, its today accepted', async () => {
    // The test hotels are in Buenos Aires; inDays counts from its date, not this process's.
    const { room } = await roomWithStock(t.db, 2);
    const yesterday = await quote([line(room.id, inDays(-1))]);
    expect(yesterday.statusCode).toBe(400);
    expect(yesterday.json()).toMatchObject({ field: 'cartRoom.0.checkIn' });
    expect(yesterday.json().message).toBe(BOOKING_MESSAGES.checkInPast);
    const today = await quote([line(room.id, inDays(0))]);
    expect(today.statusCode, today.body).toBe(200);
  });
});
