import type { HotelService, RoomService } from '@devstay/shared/contracts/catalogue';
import { compareText } from '@devstay/shared/text';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  image,
  insertHotel,
  insertHotelService,
  insertLocation,
  insertRoomService,
  UNKNOWN_ID,
  uniqueToken,
} from '../../test/catalogue-rows.ts';

let t: TestApp;
const token = uniqueToken();
let hotelId = 0;
let otherHotelId = 0;
let roomServiceIds: number[] = [];
let coworkingId = 0;
let fibreId = 0;

beforeAll(async () => {
  t = await createTestApp();
  const loc = await insertLocation(t.db, {
    state: 's',
    department: `d ${token}`,
    city: `c ${token}`,
  });
  hotelId = (await insertHotel(t.db, { name: `services ${token}`, locationId: loc.id })).id;
  otherHotelId = (await insertHotel(t.db, { name: `other ${token}`, locationId: loc.id })).id;
  roomServiceIds = [
    (await insertRoomService(t.db, `zz monitor ${token}`)).id,
    (await insertRoomService(t.db, `ácoustic panel ${token}`)).id,
  ];
  fibreId = (await insertHotelService(t.db, { hotelId, name: `fast fibre ${token}` })).id;
  coworkingId = (
    await insertHotelService(t.db, {
      hotelId,
      name: `coworking ${token}`,
      description: 'open 24/7',
    })
  ).id;
  await insertHotelService(t.db, { hotelId: otherHotelId, name: `sauna ${token}` });
});
afterAll(() => t.close());

describe('GET /api/serviceRooms', () => {
  test('lists every room service by name, ignoring case and accents', async () => {
    const res = await t.app.inject('/api/serviceRooms');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/public/);
    const list = res.json<RoomService[]>();
    const mine = list.filter((s) => s.name.endsWith(token));
    expect(mine.map((s) => s.id)).toEqual([roomServiceIds[1], roomServiceIds[0]]);
    expect(list.map((s) => s.name)).toEqual([...list.map((s) => s.name)].sort(compareText));
  });
});

describe('GET /api/serviceRooms/:id', () => {
  test('shows one room service', async () => {
    const id = roomServiceIds[0];
    const res = await t.app.inject(`/api/serviceRooms/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id,
      name: `zz monitor ${token}`,
      image: [image(`service-zz-monitor-${token}`)],
    });
  });

  test('unknown is 404, malformed is 400 naming id', async () => {
    const missing = await t.app.inject(`/api/serviceRooms/${UNKNOWN_ID}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Room service not found', statusCode: 404 });
    const bad = await t.app.inject('/api/serviceRooms/wifi');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'id' });
  });
});

describe('GET /api/serviceHotels/hotel/:id', () => {
  test("lists the hotel's own services by name", async () => {
    const res = await t.app.inject(`/api/serviceHotels/hotel/${hotelId}`);
    expect(res.statusCode).toBe(200);
    const list = res.json<HotelService[]>();
    expect(list.map((s) => s.id)).toEqual([coworkingId, fibreId]);
    expect(list[0]).toEqual({
      id: coworkingId,
      name: `coworking ${token}`,
      image: [image(`hotel-service-coworking-${token}`)],
      description: 'open 24/7',
      idHotel: hotelId,
    });
  });

  test('unknown hotel is 404, malformed id is 400 naming id', async () => {
    const missing = await t.app.inject(`/api/serviceHotels/hotel/${UNKNOWN_ID}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Hotel not found' });
    const bad = await t.app.inject('/api/serviceHotels/hotel/0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'id' });
  });
});

test("a hotel's services are kept until a hotel service changes, then read again", async () => {
  const names = async () => {
    const res = await t.app.inject(`/api/serviceHotels/hotel/${otherHotelId}`);
    expect(res.statusCode).toBe(200);
    return res.json<HotelService[]>().map((s) => s.name);
  };
  expect(await names()).toEqual([`sauna ${token}`]);
  // Written behind the cache's back: the kept answer stays until the writer names the change.
  const added = await insertHotelService(t.db, { hotelId: otherHotelId, name: `gym ${token}` });
  expect(await names()).toEqual([`sauna ${token}`]);
  await t.app.catalogue.invalidate({ hotelService: added.id, hotel: otherHotelId });
  expect(await names()).toEqual([`gym ${token}`, `sauna ${token}`]);
});

describe('GET /api/serviceHotels/:id', () => {
  test('shows one hotel service', async () => {
    const res = await t.app.inject(`/api/serviceHotels/${fibreId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: fibreId,
      name: `fast fibre ${token}`,
      idHotel: hotelId,
    });
  });

  test('unknown is 404, malformed is 400 naming id', async () => {
    const missing = await t.app.inject(`/api/serviceHotels/${UNKNOWN_ID}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Hotel service not found', statusCode: 404 });
    const bad = await t.app.inject('/api/serviceHotels/1e3x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'id' });
  });
});
