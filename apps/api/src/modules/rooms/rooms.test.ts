import type { RoomDetail, RoomSummary } from '@devstay/shared/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  image,
  insertHotel,
  insertLocation,
  insertRoom,
  insertRoomService,
  UNKNOWN_ID,
  uniqueToken,
} from '../../test/catalogue-rows.ts';

let t: TestApp;
const token = uniqueToken();
let hotelId = 0;
let emptyHotelId = 0;
let suiteId = 0;
let singleId = 0;
let wifiId = 0;
let deskId = 0;

beforeAll(async () => {
  t = await createTestApp();
  const loc = await insertLocation(t.db, {
    state: 's',
    department: `d ${token}`,
    city: `c ${token}`,
  });
  const hotel = await insertHotel(t.db, {
    name: `rooms ${token}`,
    locationId: loc.id,
    address: 'carrera 7 # 12-30',
  });
  hotelId = hotel.id;
  emptyHotelId = (await insertHotel(t.db, { name: `empty ${token}`, locationId: loc.id })).id;
  wifiId = (await insertRoomService(t.db, `wifi ${token}`)).id;
  deskId = (await insertRoomService(t.db, `desk ${token}`)).id;
  suiteId = (
    await insertRoom(t.db, {
      hotelId,
      name: 'suite',
      priceCents: 19_999,
      category: 'premium',
      stock: 3,
      description: 'a suite with two screens',
      serviceIds: [wifiId, deskId],
    })
  ).id;
  singleId = (await insertRoom(t.db, { hotelId, name: 'single', priceCents: 4_500 })).id;
});
afterAll(() => t.close());

describe('GET /api/rooms/:id', () => {
  test('shows the room, its services and its hotel; the price in dollars', async () => {
    const res = await t.app.inject(`/api/rooms/${suiteId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/public/);
    const room = res.json<RoomDetail>();
    expect(room).toEqual({
      id: suiteId,
      name: 'suite',
      image: [image('room-1'), image('room-2')],
      price: 199.99,
      // No rate rules: no night is cheaper than the base.
      fromPrice: 199.99,
      description: 'a suite with two screens',
      category: 'premium',
      stock: 3,
      capacity: 2,
      idHotel: hotelId,
      services: [`desk ${token}`, `wifi ${token}`],
      ServicesRooms: [
        {
          id: deskId,
          name: `desk ${token}`,
          image: [image(`service-desk-${token}`)],
        },
        {
          id: wifiId,
          name: `wifi ${token}`,
          image: [image(`service-wifi-${token}`)],
        },
      ],
      Hotels: {
        id: hotelId,
        name: `rooms ${token}`,
        address: 'carrera 7 # 12-30',
        timeZone: 'America/Argentina/Buenos_Aires',
      },
    });
  });

  test('a room without services has empty service lists', async () => {
    const res = await t.app.inject(`/api/rooms/${singleId}`);
    expect(res.json()).toMatchObject({ id: singleId, price: 45, services: [], ServicesRooms: [] });
  });

  test('an unknown room is a JSON 404', async () => {
    const res = await t.app.inject(`/api/rooms/${UNKNOWN_ID}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: 'Not Found',
      code: 'NOT_FOUND',
      message: 'Room not found',
      statusCode: 404,
    });
  });

  test.each(['x', '0', '-1', '2.5'])('id %s is a 400 naming id', async (id) => {
    const res = await t.app.inject(`/api/rooms/${id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, field: 'id' });
  });
});

describe('GET /api/rooms/allRooms/:id', () => {
  test('lists the rooms of the hotel, cheapest first', async () => {
    const res = await t.app.inject(`/api/rooms/allRooms/${hotelId}`);
    expect(res.statusCode).toBe(200);
    const list = res.json<RoomSummary[]>();
    expect(list.map((r) => [r.id, r.price, r.idHotel])).toEqual([
      [singleId, 45, hotelId],
      [suiteId, 199.99, hotelId],
    ]);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(
      [
        'capacity',
        'category',
        'description',
        'fromPrice',
        'id',
        'idHotel',
        'image',
        'name',
        'price',
        'stock',
      ].sort(),
    );
  });

  test('a hotel without rooms gives an empty list', async () => {
    const res = await t.app.inject(`/api/rooms/allRooms/${emptyHotelId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  test('an unknown hotel is a JSON 404', async () => {
    const res = await t.app.inject(`/api/rooms/allRooms/${UNKNOWN_ID}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Hotel not found', statusCode: 404 });
  });

  test('a malformed hotel id is a 400 naming id', async () => {
    const res = await t.app.inject('/api/rooms/allRooms/first');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'id' });
  });
});
