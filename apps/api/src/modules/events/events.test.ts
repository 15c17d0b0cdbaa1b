import type { Event } from '@devstay/shared/contracts/catalogue';
import { TOTAL_COUNT_HEADER } from '@devstay/shared/http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { roomNights } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { inDays, roomWithStock } from '../../test/booking-fixtures.ts';
import {
  image,
  insertEvent,
  insertHotel,
  insertLocation,
  UNKNOWN_ID,
  uniqueToken,
} from '../../test/catalogue-rows.ts';

let t: TestApp;
const token = uniqueToken();
let hotelId = 0;
let quietHotelId = 0;
/** Events of this file are dated in 2199 so no other row shares their window. */
const ids: Record<string, number> = {};

const ids2 = (list: Event[]) => list.map((e) => e.id);
const get = (url: string) => t.app.inject(url);

beforeAll(async () => {
  t = await createTestApp();
  const loc = await insertLocation(t.db, {
    state: `Antioquia ${token}`,
    department: `Valle de Aburrá ${token}`,
    city: `Medellín ${token}`,
  });
  const hotel = await insertHotel(t.db, {
    name: `events ${token}`,
    locationId: loc.id,
    address: 'calle 10 # 43-12',
  });
  hotelId = hotel.id;
  const other = await insertHotel(t.db, { name: `other ${token}`, locationId: loc.id });
  quietHotelId = (await insertHotel(t.db, { name: `quiet ${token}`, locationId: loc.id })).id;
  // Inserted out of order on purpose.
  ids.evening = (
    await insertEvent(t.db, {
      hotelId,
      name: `rust meetup ${token}`,
      date: '2199-01-10',
      time: '18:30',
    })
  ).id;
  ids.february = (
    await insertEvent(t.db, {
      hotelId: other.id,
      name: `k8s day ${token}`,
      date: '2199-02-01',
      time: '10:00',
    })
  ).id;
  ids.morning = (
    await insertEvent(t.db, {
      hotelId,
      name: `node conf ${token}`,
      date: '2199-01-10',
      time: '09:00:00',
    })
  ).id;
  ids.nextDay = (
    await insertEvent(t.db, {
      hotelId,
      name: `ts workshop ${token}`,
      date: '2199-01-11',
      time: '08:05',
    })
  ).id;
});
afterAll(() => t.close());

describe('GET /api/events', () => {
  test('lists events by date then time, with the total', async () => {
    const res = await get('/api/events');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/public/);
    const list = res.json<Event[]>();
    const keys = list.map((e) => `${e.date} ${e.time}`);
    expect(keys).toEqual([...keys].sort());
    expect(Number(res.headers[TOTAL_COUNT_HEADER])).toBeGreaterThanOrEqual(4);
  });

  test('an event has the product’s fields, the time to the minute and its hotel with location', async () => {
    const res = await get('/api/events?from=2199-01-10&to=2199-01-10');
    const [first] = res.json<Event[]>();
    expect(first).toEqual({
      id: ids.morning,
      name: `node conf ${token}`,
      idHotel: hotelId,
      date: '2199-01-10',
      time: '09:00',
      // The zone the date and time are in: the hotel's (Buenos Aires unless it says otherwise).
      timeZone: 'America/Argentina/Buenos_Aires',
      image: [image(`event-node-conf-${token}`)],
      description: `node conf ${token}: talks and workshops`,
      Hotels: {
        id: hotelId,
        name: `events ${token}`,
        address: 'calle 10 # 43-12',
        Locations: [
          {
            city: `Medellín ${token}`,
            department: `Valle de Aburrá ${token}`,
            state: `Antioquia ${token}`,
          },
        ],
      },
      // The hotel has no room at all.
      roomFree: false,
    });
  });

  test('from and to are inclusive', async () => {
    const res = await get('/api/events?from=2199-01-10&to=2199-01-11');
    expect(ids2(res.json())).toEqual([ids.morning, ids.evening, ids.nextDay]);
    expect(res.headers[TOTAL_COUNT_HEADER]).toBe('3');

    const fromOnly = await get('/api/events?from=2199-01-11');
    expect(ids2(fromOnly.json())).toEqual([ids.nextDay, ids.february]);
    const day = await get('/api/events?from=2199-02-01&to=2199-02-01');
    expect(ids2(day.json())).toEqual([ids.february]);
    const none = await get('/api/events?from=2199-01-12&to=2199-01-31');
    expect(none.json()).toEqual([]);
    expect(none.headers[TOTAL_COUNT_HEADER]).toBe('0');
  });

  test('to alone keeps everything up to that day', async () => {
    const res = await get('/api/events?to=2199-01-10');
    const list = res.json<Event[]>();
    expect(list.every((e) => e.date <= '2199-01-10')).toBe(true);
    expect(ids2(list)).toContain(ids.evening);
    expect(ids2(list)).not.toContain(ids.nextDay);
  });

  test('pages', async () => {
    const window = 'from=2199-01-01&to=2199-12-31';
    const p1 = await get(`/api/events?${window}&pageSize=2&page=1`);
    const p2 = await get(`/api/events?${window}&pageSize=2&page=2`);
    const p3 = await get(`/api/events?${window}&pageSize=2&page=3`);
    expect(ids2(p1.json())).toEqual([ids.morning, ids.evening]);
    expect(ids2(p2.json())).toEqual([ids.nextDay, ids.february]);
    // Past the last page: nothing, and the same total.
    expect(p3.json()).toEqual([]);
    for (const res of [p1, p2, p3]) expect(res.headers[TOTAL_COUNT_HEADER]).toBe('4');
  });

  test.each([
    ['from=2199-13-01', 'from'],
    ['from=2199-02-30', 'from'],
    ['from=10/01/2199', 'from'],
    ['to=tomorrow', 'to'],
    ['from=2199-01-11&to=2199-01-10', 'to'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['page=1.5', 'page'],
    ['page=99999999999', 'page'],
    ['pageSize=0', 'pageSize'],
    ['pageSize=six', 'pageSize'],
    ['pageSize=101', 'pageSize'],
  ])('rejects %s with a 400 naming %s', async (query, field) => {
    const res = await get(`/api/events?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Bad Request', statusCode: 400, field });
  });
});

describe('GET /api/events/:id', () => {
  test('shows one event', async () => {
    const res = await get(`/api/events/${ids.nextDay}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: ids.nextDay,
      time: '08:05',
      date: '2199-01-11',
      idHotel: hotelId,
    });
  });

  test('unknown is 404, malformed is 400 naming id', async () => {
    const missing = await get(`/api/events/${UNKNOWN_ID}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      error: 'Not Found',
      code: 'NOT_FOUND',
      message: 'Event not found',
      statusCode: 404,
    });
    const bad = await get('/api/events/next');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'id' });
  });
});

describe('GET /api/events/hotel/:idHotel', () => {
  test("lists the hotel's events by date and time", async () => {
    const res = await get(`/api/events/hotel/${hotelId}`);
    expect(res.statusCode).toBe(200);
    expect(ids2(res.json())).toEqual([ids.morning, ids.evening, ids.nextDay]);
  });

  test('a hotel without events gives an empty list', async () => {
    const res = await get(`/api/events/hotel/${quietHotelId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  test('unknown hotel is 404, malformed id is 400 naming idHotel', async () => {
    const missing = await get(`/api/events/hotel/${UNKNOWN_ID}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Hotel not found' });
    const bad = await get('/api/events/hotel/-2');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'idHotel' });
  });
});

describe("whether an event's hotel has a room free for its night", () => {
  test('true while a room has a unit free that night, false once taken, null when past', async () => {
    const { hotel, room } = await roomWithStock(t.db, 1);
    const night = inDays(15);
    const event = await insertEvent(t.db, {
      hotelId: hotel.id,
      name: `free ${token}`,
      date: night,
      time: '19:00',
    });
    const past = await insertEvent(t.db, {
      hotelId: hotel.id,
      name: `past ${token}`,
      date: inDays(-1),
      time: '19:00',
    });
    const roomFreeOf = async (id: number) =>
      (await get(`/api/events/${id}`)).json<Event>().roomFree;
    expect(await roomFreeOf(event.id)).toBe(true);
    expect(await roomFreeOf(past.id)).toBeNull();

    // Taken the night before and from the next day on: the event's night is still free.
    await t.db.insert(roomNights).values([
      { roomId: room.id, night: inDays(14), taken: 1 },
      { roomId: room.id, night: inDays(16), taken: 1 },
    ]);
    expect(await roomFreeOf(event.id)).toBe(true);
    await t.db.insert(roomNights).values({ roomId: room.id, night, taken: 1 });
    expect(await roomFreeOf(event.id)).toBe(false);
    const listed = (await get(`/api/events?from=${night}&to=${night}`)).json<Event[]>();
    expect(listed.find((e) => e.id === event.id)?.roomFree).toBe(false);
    const ofHotel = (await get(`/api/events/hotel/${hotel.id}`)).json<Event[]>();
    expect(ofHotel.find((e) => e.id === event.id)?.roomFree).toBe(false);
  });
});
