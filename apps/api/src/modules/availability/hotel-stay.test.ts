import type { HotelStay } from '@devstay/shared/contracts/booking';
import type { HotelCard } from '@devstay/shared/contracts/catalogue';
import { centsToPrice } from '@devstay/shared/text';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { guestHold, inDays, roomWithStock } from '../../test/booking-fixtures.ts';
import { insertRoom } from '../../test/catalogue-rows.ts';
import { firstFreeStay } from './ledger.ts';

/**
 * The hotel page for a stay: every room priced and checked as the cart would quote it, the
 * same total as the list's card, rooms that cannot be booked as asked last, and a sold-out
 * room's next free stay.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const stayOf = (hotelId: number, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/hotels/${hotelId}/stay?${query}` });

describe('GET /api/hotels/{id}/stay', () => {
  test('each room for the stay: priced as the card, sold out and too small last, the next free stay', async () => {
    // Three rooms: the suite (2 units, sold out on the stay's 2nd night and the 3 after), a
    // cheap single that sleeps 1, and a double that fits.
    const { hotel, room: suite } = await roomWithStock(t.db, 2, 15_240);
    const single = await insertRoom(t.db, {
      hotelId: hotel.id,
      name: 'single',
      priceCents: 9_990,
      stock: 3,
      capacity: 1,
    });
    const double = await insertRoom(t.db, {
      hotelId: hotel.id,
      name: 'double',
      priceCents: 20_005,
      stock: 1,
      capacity: 2,
    });
    await guestHold(t.db, suite.id, inDays(21), inDays(25), 2);
    const query = `checkIn=${inDays(20)}&checkOut=${inDays(23)}&guests=2`;

    const res = await stayOf(hotel.id, query);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { rooms } = res.json<HotelStay>();
    expect(rooms.map((r) => r.id)).toEqual([double.id, single.id, suite.id]);

    const [fits, small, soldOut] = rooms as [
      HotelStay['rooms'][0],
      HotelStay['rooms'][0],
      HotelStay['rooms'][0],
    ];
    expect(fits).toMatchObject({
      totalPrice: 600.15,
      lineTotalCents: 60_015,
      available: 1,
      availabilityMessage: null,
      guestsMessage: null,
      nextFree: null,
    });
    expect(fits.nights).toHaveLength(3);
    // Beds, not units, are what the single lacks: no other dates would help.
    expect(small.guestsMessage).not.toBeNull();
    expect(small.availabilityMessage).toBeNull();
    expect(small.nextFree).toBeNull();
    // The suite's 2nd night to the 5th are taken: three nights in a row next fit from day 25.
    expect(soldOut).toMatchObject({ available: 0, guestsMessage: null });
    expect(soldOut.availabilityMessage).not.toBeNull();
    expect(soldOut.nextFree).toEqual({ checkIn: inDays(25), checkOut: inDays(28) });

    // The list's card for the same search shows the same price as the page's first room.
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/hotels?name=${encodeURIComponent(hotel.name)}&${query}`,
    });
    const [card] = list.json<HotelCard[]>();
    expect(card?.stay?.total).toBe(centsToPrice(fits.lineTotalCents));
  });

  test('rooms asks for that many units of each room, their total and their beds', async () => {
    const { hotel, room } = await roomWithStock(t.db, 3, 10_000);
    const res = await stayOf(
      hotel.id,
      `checkIn=${inDays(40)}&checkOut=${inDays(42)}&rooms=3&guests=5`,
    );
    const [line] = res.json<HotelStay>().rooms;
    expect(line).toMatchObject({
      id: room.id,
      cartQuantity: 3,
      guests: 5,
      lineTotalCents: 60_000,
      availabilityMessage: null,
      guestsMessage: null,
    });
    const more = await stayOf(hotel.id, `checkIn=${inDays(40)}&checkOut=${inDays(42)}&rooms=4`);
    expect(more.json<HotelStay>().rooms[0]).toMatchObject({ available: 3, nextFree: null });
  });

  test('a hotel with no rooms has none for the stay; an unknown one is a 404', async () => {
    const { hotel, room } = await roomWithStock(t.db, 1);
    await t.db.execute(`delete from rooms where id = ${room.id}`);
    const empty = await stayOf(hotel.id, `checkIn=${inDays(5)}&checkOut=${inDays(6)}`);
    expect(empty.json()).toEqual({ rooms: [] });
    const missing = await stayOf(2_000_000_000, `checkIn=${inDays(5)}&checkOut=${inDays(6)}`);
    expect(missing.statusCode).toBe(404);
  });

  test.each([
    [
      'a check-in before the hotel’s today',
      `checkIn=${inDays(-2)}&checkOut=${inDays(1)}`,
      'checkIn',
    ],
    ['no check-in', `checkOut=${inDays(3)}`, 'checkIn'],
    ['a check-out before the check-in', `checkIn=${inDays(3)}&checkOut=${inDays(2)}`, 'checkOut'],
    ['too long a stay', `checkIn=${inDays(3)}&checkOut=${inDays(400)}`, 'checkOut'],
    ['rooms as hex', `checkIn=${inDays(3)}&checkOut=${inDays(4)}&rooms=0x2`, 'rooms'],
    ['no guests', `checkIn=${inDays(3)}&checkOut=${inDays(4)}&guests=0`, 'guests'],
  ])('%s is a 400 naming the field', async (_, query, field) => {
    const { hotel } = await roomWithStock(t.db, 1);
    const res = await stayOf(hotel.id, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });
});

describe('firstFreeStay', () => {
  // Taken units by night, from the 2nd of the month (the "after" day is the 1st).
  const takenFrom = (taken: number[]) => (night: string) => taken[Number(night.slice(8)) - 2] ?? 0;

  test.each([
    [
      'every night free: the day after',
      [0, 0, 0],
      2,
      { checkIn: '2030-01-02', checkOut: '2030-01-04' },
    ],
    [
      'a gap too short is skipped',
      [0, 2, 0, 2, 0, 0],
      2,
      { checkIn: '2030-01-06', checkOut: '2030-01-08' },
    ],
    [
      'a night with room for the units counts',
      [1, 1, 2],
      2,
      { checkIn: '2030-01-02', checkOut: '2030-01-04' },
    ],
  ])('%s', (_, taken, nights, expected) => {
    expect(firstFreeStay(2, 1, nights, '2030-01-01', 30, takenFrom(taken))).toEqual(expected);
  });

  test('none within the look-ahead, or more units than the stock', () => {
    const full = () => 2;
    expect(firstFreeStay(2, 1, 1, '2030-01-01', 30, full)).toBeNull();
    expect(firstFreeStay(2, 3, 1, '2030-01-01', 30, () => 0)).toBeNull();
    // The last start within the look-ahead still counts; one day later does not.
    const lateFree = (night: string) => (night >= '2030-01-31' ? 0 : 2);
    expect(firstFreeStay(2, 1, 3, '2030-01-01', 30, lateFree)).toEqual({
      checkIn: '2030-01-31',
      checkOut: '2030-02-03',
    });
    expect(firstFreeStay(2, 1, 3, '2030-01-01', 29, lateFree)).toBeNull();
  });
});
