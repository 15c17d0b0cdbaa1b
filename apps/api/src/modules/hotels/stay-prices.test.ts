import type { CartQuote } from '@devstay/shared/contracts/booking';
import {
  type HotelCard,
  type HotelDetail,
  hotelCardList,
  type RoomSummary,
} from '@devstay/shared/contracts/catalogue';
import type { RateRule } from '@devstay/shared/contracts/rates';
import { nightPrices, type PricingRule, stayCents, weekdayOf } from '@devstay/shared/rates';
import { priceToCents } from '@devstay/shared/text';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { hotels, roomRates } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { DEMO, signIn, withSession } from '../../test/auth.ts';
import { guestHold, inDays } from '../../test/booking-fixtures.ts';
import {
  insertEvent,
  insertHotel,
  insertLocation,
  insertRoom,
  uniqueToken,
} from '../../test/catalogue-rows.ts';
import { releasePending } from '../bookings/repository.ts';

/**
 * The prices of the hotel list's cards: "from", the cheapest night of any of a hotel's rooms,
 * and with a stay the cheapest stay among its rooms that fit it, which the cart then quotes to
 * the cent; the cached list follows rate edits; bad input is a 400.
 */

let t: TestApp;
let admin: string;
const token = uniqueToken();
/** Hotels by the first word of their name; rooms by what they are for. */
const hotel = { seasons: 0, guests: 0, from: 0, empty: 0 };
const room = { seasons: 0, seasonsDear: 0, small: 0, big: 0, fromA: 0, fromB: 0 };

type Params = Record<string, string | number | undefined>;
const list = async (params: Params) => {
  const query = new URLSearchParams(
    Object.entries({ name: token, ...params }).flatMap(([k, v]) =>
      v === undefined ? [] : [[k, String(v)]],
    ),
  );
  const res = await t.app.inject(`/api/hotels?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const cards = res.json<HotelCard[]>();
  expect(hotelCardList.parse(cards)).toEqual(cards);
  return cards;
};
const cardOf = async (id: number, params: Params = {}) => {
  const card = (await list(params)).find((c) => c.id === id);
  if (!card) throw new Error(`hotel ${id} is not listed`);
  return card;
};

const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: withSession(admin), ...(payload && { payload }) });
const addRate = async (roomId: number, body: object) => {
  const res = await call('POST', `/api/rooms/${roomId}/rates`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<RateRule>();
};

/** The cart's quote of `cartQuantity` units of a room for a stay, in cents. */
const quoted = async (id: number, checkIn: string, checkOut: string, cartQuantity = 1) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/cart/quote',
    payload: { cartRoom: [{ id, checkIn, checkOut, cartQuantity }] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CartQuote>().cartTotalCents;
};

beforeAll(async () => {
  // No background work: the statements of a request are counted on the app's pool.
  t = await createTestApp({}, { workers: false });
  admin = await signIn(t.app, DEMO.superAdmin);
  const location = await insertLocation(t.db, {
    state: `State ${token}`,
    department: `Dept ${token}`,
    city: `Priceton ${token}`,
  });
  const make = async (name: string) =>
    (await insertHotel(t.db, { name: `${name} ${token}`, locationId: location.id })).id;
  hotel.seasons = await make('seasons');
  hotel.guests = await make('guests');
  hotel.from = await make('from');
  hotel.empty = await make('empty');
  const add = async (hotelId: number, priceCents: number, stock: number, capacity: number) =>
    (await insertRoom(t.db, { hotelId, priceCents, stock, capacity })).id;
  room.seasons = await add(hotel.seasons, 10_000, 2, 2);
  room.seasonsDear = await add(hotel.seasons, 30_000, 2, 2);
  room.small = await add(hotel.guests, 5_000, 3, 1);
  room.big = await add(hotel.guests, 12_000, 1, 4);
  room.fromA = await add(hotel.from, 10_000, 1, 2);
  room.fromB = await add(hotel.from, 9_500, 1, 2);
});
afterAll(() => t.close());

describe('a card with a stay', () => {
  const checkIn = inDays(30);
  const checkOut = inDays(34);

  test('costs the sum of the room’s nights by the one pricing rule, across its rules and event nights, as the cart quotes it', async () => {
    // A weekday rule on the stay's second night, a season over its last two, an event on its
    // first with the hotel's 10 % premium: four nights of four different prices.
    const weekday = await addRate(room.seasons, {
      kind: 'weekdays',
      weekdays: [weekdayOf(inDays(31))],
      price: 80,
    });
    const season = await addRate(room.seasons, {
      kind: 'season',
      from: inDays(32),
      to: inDays(33),
      price: 150,
    });
    await t.db
      .update(hotels)
      .set({ eventNightPremiumPercent: 10 })
      .where(eq(hotels.id, hotel.seasons));
    await insertEvent(t.db, {
      hotelId: hotel.seasons,
      name: `meetup ${token}`,
      date: checkIn,
      time: '19:00',
    });

    const rules: PricingRule[] = [
      { kind: 'weekdays', weekdays: weekday.weekdays ?? [], priceCents: 8_000 },
      { kind: 'season', from: season.from, to: season.to, priceCents: 15_000 },
    ];
    const expected = stayCents(
      nightPrices(
        { baseCents: 10_000, rules, eventNights: new Set([checkIn]), premiumPercent: 10 },
        checkIn,
        checkOut,
      ),
    );
    expect(expected).toBe(11_000 + 8_000 + 15_000 + 15_000);

    const card = await cardOf(hotel.seasons, { checkIn, checkOut });
    expect(card.stay).toEqual({ roomId: room.seasons, nights: 4, rooms: 1, total: 490 });
    expect(priceToCents(card.stay?.total ?? 0)).toBe(await quoted(room.seasons, checkIn, checkOut));

    // Two rooms: twice the stay, as a cart line of two units.
    const two = await cardOf(hotel.seasons, { checkIn, checkOut, rooms: 2 });
    expect(two.stay).toEqual({ roomId: room.seasons, nights: 4, rooms: 2, total: 980 });
    expect(priceToCents(two.stay?.total ?? 0)).toBe(
      await quoted(room.seasons, checkIn, checkOut, 2),
    );

    // The season changed: the next search prices the stay by the new rule.
    const changed = await call('PUT', `/api/rates/${season.id}?version=${season.version}`, {
      kind: 'season',
      from: season.from,
      to: season.to,
      price: 120,
      version: season.version,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await cardOf(hotel.seasons, { checkIn, checkOut });
    expect(after.stay?.total).toBe(110 + 80 + 120 + 120);
    expect(priceToCents(after.stay?.total ?? 0)).toBe(
      await quoted(room.seasons, checkIn, checkOut),
    );
  });

  test('is priced on a room that fits: one that sleeps the guests, with units free', async () => {
    const stay = { checkIn: inDays(40), checkOut: inDays(43) };
    // The small room (one guest, $50) is the cheapest.
    expect((await cardOf(hotel.guests, stay)).stay).toEqual({
      roomId: room.small,
      nights: 3,
      rooms: 1,
      total: 150,
    });
    // Three guests: one small unit sleeps one, so the big room ($120) is priced.
    expect((await cardOf(hotel.guests, { ...stay, guests: 3 })).stay).toEqual({
      roomId: room.big,
      nights: 3,
      rooms: 1,
      total: 360,
    });
    // Three units of the small room sleep three; the big room has one unit.
    const three = await cardOf(hotel.guests, { ...stay, guests: 3, rooms: 3 });
    expect(three.stay).toEqual({ roomId: room.small, nights: 3, rooms: 3, total: 450 });
    expect(priceToCents(three.stay?.total ?? 0)).toBe(
      await quoted(room.small, stay.checkIn, stay.checkOut, 3),
    );

    // Every unit of the small room taken on one night of the stay: the big room is priced.
    const booking = await guestHold(t.db, room.small, inDays(41), inDays(42), 3);
    expect((await cardOf(hotel.guests, stay)).stay).toMatchObject({ roomId: room.big, total: 360 });
    // Not on the nights before it.
    expect(
      (await cardOf(hotel.guests, { checkIn: inDays(40), checkOut: inDays(41) })).stay,
    ).toEqual({ roomId: room.small, nights: 1, rooms: 1, total: 50 });
    await t.db.transaction((tx) => releasePending(tx, sql`id = ${booking}`, 'cancelled'));
    expect((await cardOf(hotel.guests, stay)).stay).toMatchObject({ roomId: room.small });
  });

  test('is read in the same few statements however many cards the page has', async () => {
    const stay = { checkIn: inDays(45), checkOut: inDays(47) };
    const statements = async (pageSize: number) => {
      const spy = vi.spyOn(t.app.db.$client, 'query');
      try {
        const cards = await list({ ...stay, pageSize });
        expect(cards).toHaveLength(pageSize);
        expect(cards.every((c) => c.stay !== undefined)).toBe(true);
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    // Once first: the count of all hotels, which a search by name reads, is kept after it.
    await statements(3);
    const one = await statements(1);
    expect(await statements(3)).toBe(one);
  });

  test('a stay absent without dates; a hotel without a room has neither price', async () => {
    const cards = await list({ guests: 2 });
    expect(cards.every((c) => c.stay === undefined)).toBe(true);
    expect(cards.find((c) => c.id === hotel.empty)).toBeUndefined();
    expect(await cardOf(hotel.empty)).toMatchObject({ fromPrice: null });
    expect((await cardOf(hotel.empty)).stay).toBeUndefined();
  });
});

describe("a card's from price", () => {
  const roomsFrom = async (hotelId: number) => {
    const res = await t.app.inject(`/api/rooms/allRooms/${hotelId}`);
    expect(res.statusCode, res.body).toBe(200);
    return Math.min(...res.json<RoomSummary[]>().map((r) => r.fromPrice));
  };
  const detailFrom = async (hotelId: number) =>
    (await t.app.inject(`/api/hotels/${hotelId}`)).json<HotelDetail>().fromPrice;

  test('is the cheapest night of any room, the rooms’ own from prices; rate edits reach the kept list', async () => {
    // Room B's base ($95) is the cheapest night.
    expect((await cardOf(hotel.from)).fromPrice).toBe(95);
    const kept = t.app.catalogue.hotelPages.size;
    expect(kept).toBeGreaterThan(0);
    // A season already over, however cheap, is no night to be had.
    await t.db.insert(roomRates).values({
      roomId: room.fromA,
      kind: 'season',
      firstNight: inDays(-20),
      lastNight: inDays(-10),
      priceCents: 1_000,
    });
    // A weekday rule of room A under it: every rate write drops the kept pages.
    const weekday = await addRate(room.fromA, { kind: 'weekdays', weekdays: [0, 6], price: 90 });
    expect((await cardOf(hotel.from)).fromPrice).toBe(90);
    // A season to come, cheaper still.
    const season = await addRate(room.fromA, {
      kind: 'season',
      from: inDays(100),
      to: inDays(110),
      price: 60,
    });
    expect((await cardOf(hotel.from)).fromPrice).toBe(60);
    // The card's, the hotel page's and the rooms' own agree.
    expect(await detailFrom(hotel.from)).toBe(60);
    expect(await roomsFrom(hotel.from)).toBe(60);

    expect(
      (await call('DELETE', `/api/rates/${season.id}?version=${season.version}`)).statusCode,
    ).toBe(204);
    expect((await cardOf(hotel.from)).fromPrice).toBe(90);
    expect(
      (await call('DELETE', `/api/rates/${weekday.id}?version=${weekday.version}`)).statusCode,
    ).toBe(204);
    expect((await cardOf(hotel.from)).fromPrice).toBe(95);
    expect(await detailFrom(hotel.from)).toBe(95);
    expect(await roomsFrom(hotel.from)).toBe(95);
  });

  test('is the cheapest night even when the stay priced is dearer', async () => {
    const card = await cardOf(hotel.guests, {
      checkIn: inDays(50),
      checkOut: inDays(52),
      guests: 4,
    });
    expect(card.fromPrice).toBe(50);
    expect(card.stay).toMatchObject({ roomId: room.big, total: 240 });
  });
});

describe('bad input is a 400 naming the field', () => {
  test.each([
    [{ checkIn: inDays(10) }, 'checkOut'],
    [{ checkIn: inDays(10), checkOut: inDays(10) }, 'checkOut'],
    [{ checkIn: '2026-02-30', checkOut: inDays(10) }, 'checkIn'],
    [{ checkIn: inDays(10), checkOut: inDays(12), rooms: 0 }, 'rooms'],
    [{ checkIn: inDays(10), checkOut: inDays(12), guests: 'two' }, 'guests'],
    [{ checkIn: inDays(-400), checkOut: inDays(-398) }, 'checkIn'],
  ])('%j → %s', async (params, field) => {
    const query = new URLSearchParams(
      Object.entries(params).map(([k, v]) => [k, String(v)]),
    ).toString();
    const res = await t.app.inject(`/api/hotels?${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ field?: string }>().field).toBe(field);
  });
});
