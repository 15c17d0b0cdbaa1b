import type { HotelCard } from '@devstay/shared/contracts/catalogue';
import { addDays, calendarDateIn } from '@devstay/shared/stay';
import { placeKey, searchKey } from '@devstay/shared/text';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hotels, locations, rooms } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { insertHotel, insertLocation, insertRoom, uniqueToken } from '../../test/catalogue-rows.ts';

/**
 * Each hotel's largest room (hotels.largest_room_capacity, migration 0031), kept by the database
 * after every write to rooms, and the hotels' narrow search copy (hotel_search, migration 0032),
 * kept after every write to a hotel or its location: what a stay search by a text reads before
 * probing rooms, so a stale copy would list a hotel by its old name or leave it out.
 */

let t: TestApp;
const token = uniqueToken();
let locationId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ id: locationId } = await insertLocation(t.db, {
    city: `Largest city ${token}`,
    department: 'Capital',
    state: 'Buenos Aires',
  }));
});

afterAll(() => t.close());

async function largestRoom(hotelId: number): Promise<number | undefined> {
  const [row] = await t.db
    .select({ capacity: hotels.largestRoomCapacity })
    .from(hotels)
    .where(eq(hotels.id, hotelId));
  return row?.capacity;
}

describe('kept after every write to rooms', () => {
  test('rooms added, resized, moved to another hotel and removed', async () => {
    const a = await insertHotel(t.db, { name: `${token} Alpha`, locationId });
    const b = await insertHotel(t.db, { name: `${token} Beta`, locationId });
    expect(await largestRoom(a.id)).toBe(0);

    const pair = await insertRoom(t.db, { hotelId: a.id, capacity: 2 });
    const family = await insertRoom(t.db, { hotelId: a.id, capacity: 4 });
    expect(await largestRoom(a.id)).toBe(4);

    await t.db.update(rooms).set({ capacity: 1 }).where(eq(rooms.id, family.id));
    expect(await largestRoom(a.id)).toBe(2);
    await t.db.update(rooms).set({ capacity: 6 }).where(eq(rooms.id, family.id));
    expect(await largestRoom(a.id)).toBe(6);

    // Moved: the hotel it left and the one it joined.
    await t.db.update(rooms).set({ hotelId: b.id }).where(eq(rooms.id, family.id));
    expect([await largestRoom(a.id), await largestRoom(b.id)]).toEqual([2, 6]);

    await t.db.delete(rooms).where(eq(rooms.id, pair.id));
    expect(await largestRoom(a.id)).toBe(0);
  });
});

describe('a search with guests by a text', () => {
  test("lists a hotel once a room of it sleeps them, and no longer once it doesn't", async () => {
    const name = `${token} Gamma`;
    const hotel = await insertHotel(t.db, { name, locationId });
    const room = await insertRoom(t.db, { hotelId: hotel.id, capacity: 2, stock: 3 });
    const checkIn = addDays(calendarDateIn('America/Argentina/Buenos_Aires'), 20);
    const listed = async (query: string) => {
      const res = await t.app.inject(
        `/api/hotels?name=${encodeURIComponent(name)}&checkIn=${checkIn}&checkOut=${addDays(checkIn, 2)}&${query}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json<HotelCard[]>().some((h) => h.id === hotel.id);
    };
    // Two units of a room for 2 sleep 4; one doesn't.
    expect(await listed('guests=4')).toBe(false);
    expect(await listed('guests=4&rooms=2')).toBe(true);
    expect(await listed('guests=3&rooms=2')).toBe(true);

    await t.db.update(rooms).set({ capacity: 4 }).where(eq(rooms.id, room.id));
    expect(await listed('guests=4')).toBe(true);
    expect(await listed('guests=5')).toBe(false);

    await t.db.update(rooms).set({ capacity: 3 }).where(eq(rooms.id, room.id));
    expect(await listed('guests=4')).toBe(false);
    expect(await listed('guests=3')).toBe(true);
  });
});

describe('a stay search by a text, through the search copy', () => {
  test('finds a hotel by its new name, its new place, and its renamed place', async () => {
    const hotel = await insertHotel(t.db, { name: `${token} Delta`, locationId });
    await insertRoom(t.db, { hotelId: hotel.id, capacity: 2, stock: 2 });
    const checkIn = addDays(calendarDateIn('America/Argentina/Buenos_Aires'), 30);
    const found = async (text: string) => {
      const res = await t.app.inject(
        `/api/hotels?name=${encodeURIComponent(text)}&checkIn=${checkIn}&checkOut=${addDays(checkIn, 1)}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json<HotelCard[]>().some((h) => h.id === hotel.id);
    };
    expect(await found(`${token} delta`)).toBe(true);

    await t.db
      .update(hotels)
      .set({ name: `${token} Epsilon`, nameKey: searchKey(`${token} Epsilon`) })
      .where(eq(hotels.id, hotel.id));
    expect([await found(`${token} delta`), await found(`${token} epsilon`)]).toEqual([false, true]);

    const place = { city: `Moved ${token}`, department: 'Capital', state: 'Buenos Aires' };
    const other = await insertLocation(t.db, place);
    await t.db.update(hotels).set({ locationId: other.id }).where(eq(hotels.id, hotel.id));
    expect(await found(`moved ${token}`)).toBe(true);

    await t.db
      .update(locations)
      .set({
        city: `Renamed ${token}`,
        cityKey: searchKey(`Renamed ${token}`),
        placeKey: placeKey({ ...place, city: `Renamed ${token}` }),
      })
      .where(eq(locations.id, other.id));
    expect([await found(`moved ${token}`), await found(`renamed ${token}`)]).toEqual([false, true]);
  });
});

test("a stay search by a text: a check-in past in the hotel's new time zone leaves it out", async () => {
  const name = `${token} Zeta`;
  const earliest = calendarDateIn('Etc/GMT+12');
  const hotel = await insertHotel(t.db, { name, locationId, timeZone: 'Etc/GMT+12' });
  await insertRoom(t.db, { hotelId: hotel.id, capacity: 2, stock: 2 });
  const listed = async () => {
    const res = await t.app.inject(
      `/api/hotels?name=${encodeURIComponent(name)}&checkIn=${earliest}&checkOut=${addDays(earliest, 2)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    // The count (read through the copy) and the page (read from the hotels) agree.
    const cards = res.json<HotelCard[]>();
    expect(res.headers['x-total-count']).toBe(String(cards.length));
    return cards.some((h) => h.id === hotel.id);
  };
  expect(await listed()).toBe(true);
  // Kiritimati's today is always a day or two after the earliest zone's.
  await t.db.update(hotels).set({ timeZone: 'Pacific/Kiritimati' }).where(eq(hotels.id, hotel.id));
  expect(await listed()).toBe(false);
});
