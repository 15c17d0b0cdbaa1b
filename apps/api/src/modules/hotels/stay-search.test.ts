import { type HotelCard, hotelCardList } from '@devstay/shared/contracts/catalogue';
import { TOTAL_COUNT_HEADER, TOTAL_COUNT_LOWER_BOUND_HEADER } from '@devstay/shared/http';
import { BOOKING_MESSAGES } from '@devstay/shared/messages';
import { addDays, CHECK_OUT_ERROR, calendarDateIn, earliestToday } from '@devstay/shared/stay';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { guestHold, inDays } from '../../test/booking-fixtures.ts';
import {
  insertHotel,
  insertLocation,
  insertRoom,
  insertRoomService,
  uniqueToken,
} from '../../test/catalogue-rows.ts';
import { releasePending } from '../bookings/repository.ts';
import { hotelCountQuery, hotelPageQuery, inlineLiteral } from './search-planner.ts';

/**
 * The hotel list's stay search (checkIn, checkOut, rooms) and room services filter over the
 * HTTP route, with every other filter, sort and page; bad and past dates.
 */

let t: TestApp;
const token = uniqueToken();
const cityA = `Stayville ${token}`;
const cityB = `Otherton ${token}`;
const ids: Record<'alpha' | 'bravo' | 'charlie' | 'kiritimati', number> = {
  alpha: 0,
  bravo: 0,
  charlie: 0,
  kiritimati: 0,
};
let alphaRoom = 0;
let desk = 0;
let monitor = 0;

const q = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries({ name: token, ...params }).flatMap(([k, v]) =>
      v === undefined ? [] : [[k, String(v)]],
    ),
  ).toString();
const search = (params: Record<string, string | number | undefined>) =>
  t.app.inject(`/api/hotels?${q(params)}`);
const namesOf = async (params: Record<string, string | number | undefined>) => {
  const res = await search(params);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<HotelCard[]>().map((h) => h.name.split(' ')[0]);
};

/** Holds `quantity` units of a room for a stay, as a guest's checkout does (a live hold). */
const hold = (roomId: number, checkIn: string, checkOut: string, quantity?: number) =>
  guestHold(t.db, roomId, checkIn, checkOut, quantity);

beforeAll(async () => {
  t = await createTestApp();
  const place = { state: `State ${token}`, department: `Dept ${token}` };
  const a = await insertLocation(t.db, { ...place, city: cityA });
  const b = await insertLocation(t.db, { ...place, city: cityB });
  desk = (await insertRoomService(t.db, `standing desk ${token}`)).id;
  monitor = (await insertRoomService(t.db, `dual monitor ${token}`)).id;

  const alpha = await insertHotel(t.db, {
    name: `alpha ${token}`,
    locationId: a.id,
    qualification: 4,
  });
  const bravo = await insertHotel(t.db, {
    name: `bravo ${token}`,
    locationId: a.id,
    qualification: 3,
  });
  const charlie = await insertHotel(t.db, {
    name: `charlie ${token}`,
    locationId: b.id,
    qualification: 4,
  });
  // Its today is a day or two after the earliest zone's: a check-in can be past there only.
  const kiritimati = await insertHotel(t.db, {
    name: `kiritimati ${token}`,
    locationId: b.id,
    qualification: 2,
    timeZone: 'Pacific/Kiritimati',
  });
  Object.assign(ids, {
    alpha: alpha.id,
    bravo: bravo.id,
    charlie: charlie.id,
    kiritimati: kiritimati.id,
  });
  alphaRoom = (
    await insertRoom(t.db, { hotelId: alpha.id, stock: 1, capacity: 2, serviceIds: [desk] })
  ).id;
  await insertRoom(t.db, { hotelId: bravo.id, stock: 2, capacity: 3, serviceIds: [desk, monitor] });
  await insertRoom(t.db, { hotelId: charlie.id, stock: 1, capacity: 4 });
  await insertRoom(t.db, { hotelId: kiritimati.id, stock: 3, capacity: 1 });
});
afterAll(() => t.close());

describe('GET /api/hotels with a stay', () => {
  test('a hotel whose every room is taken on a night of the stay is left out; check-out night is free', async () => {
    const stay = { checkIn: inDays(20), checkOut: inDays(22) };
    expect(await namesOf(stay)).toEqual(['alpha', 'bravo', 'charlie', 'kiritimati']);
    const pagesBefore = t.app.catalogue.hotelPages.size;

    const booking = await hold(alphaRoom, inDays(21), inDays(23));
    // The same address, asked again after the booking: never an answer kept from before.
    expect(await namesOf(stay)).toEqual(['bravo', 'charlie', 'kiritimati']);
    expect(await namesOf({ checkIn: inDays(22), checkOut: inDays(24) })).not.toContain('alpha');
    // Nights before and from its check-out on are free.
    expect(await namesOf({ checkIn: inDays(20), checkOut: inDays(21) })).toContain('alpha');
    expect(await namesOf({ checkIn: inDays(23), checkOut: inDays(25) })).toContain('alpha');
    // A stay search is kept in no read cache.
    expect(t.app.catalogue.hotelPages.size).toBe(pagesBefore);

    await t.db.transaction((tx) => releasePending(tx, sql`id = ${booking}`, 'cancelled'));
    expect(await namesOf(stay)).toContain('alpha');
  });

  test('its cards are the contract’s, field for field (the route sends them unparsed)', async () => {
    const res = await search({ checkIn: inDays(20), checkOut: inDays(22) });
    const cards = res.json<HotelCard[]>();
    expect(cards).toHaveLength(4);
    expect(hotelCardList.parse(cards)).toEqual(cards);
  });

  test('rooms asks for that many units of one room', async () => {
    const stay = { checkIn: inDays(30), checkOut: inDays(31) };
    expect(await namesOf({ ...stay, rooms: 2 })).toEqual(['bravo', 'kiritimati']);
    expect(await namesOf({ ...stay, rooms: 3 })).toEqual(['kiritimati']);
    const booking = await hold(
      (await t.db.execute<{ id: number }>(sql`select id from rooms where hotel_id = ${ids.bravo}`))
        .rows[0]?.id as number,
      inDays(30),
      inDays(31),
    );
    expect(await namesOf({ ...stay, rooms: 2 })).toEqual(['kiritimati']);
    expect(await namesOf({ ...stay, rooms: 1 })).toContain('bravo');
    await t.db.transaction((tx) => releasePending(tx, sql`id = ${booking}`, 'cancelled'));
    // Without a stay: a room with that many units in stock.
    expect(await namesOf({ rooms: 2 })).toEqual(['bravo', 'kiritimati']);
  });

  test('guests asks that the units of one free room sleep them (rooms × capacity)', async () => {
    const stay = { checkIn: inDays(50), checkOut: inDays(51) };
    // Capacities: alpha 2, bravo 3 (2 units), charlie 4, kiritimati 1 (3 units).
    expect(await namesOf({ ...stay, guests: 1 })).toEqual([
      'alpha',
      'bravo',
      'charlie',
      'kiritimati',
    ]);
    expect(await namesOf({ ...stay, guests: 2 })).toEqual(['alpha', 'bravo', 'charlie']);
    // A hotel whose rooms sleep 2 is hidden from a search for 3.
    expect(await namesOf({ ...stay, guests: 3 })).toEqual(['bravo', 'charlie']);
    expect(await namesOf({ ...stay, guests: 3, rooms: 3 })).toEqual(['kiritimati']);
    expect(await namesOf({ ...stay, guests: 5, rooms: 2 })).toEqual(['bravo']);
    expect(await namesOf({ ...stay, guests: 5 })).toEqual([]);
    const search5 = await search({ ...stay, guests: 5, rooms: 2 });
    expect(search5.headers[TOTAL_COUNT_HEADER]).toBe('1');
    // The units must be free on the stay's nights too: the same room meets both.
    const bravoRoom = (
      await t.db.execute<{ id: number }>(sql`select id from rooms where hotel_id = ${ids.bravo}`)
    ).rows[0]?.id as number;
    const booking = await hold(bravoRoom, inDays(50), inDays(51));
    expect(await namesOf({ ...stay, guests: 5, rooms: 2 })).toEqual([]);
    expect(await namesOf({ ...stay, guests: 3 })).toEqual(['bravo', 'charlie']);
    await t.db.transaction((tx) => releasePending(tx, sql`id = ${booking}`, 'cancelled'));
    // Without a stay: units in stock that sleep them.
    expect(await namesOf({ guests: 4 })).toEqual(['charlie']);
    expect(await namesOf({ guests: 6, rooms: 2 })).toEqual(['bravo']);
  });

  test('combines with city, stars, name, sort and pages, the total counting every match', async () => {
    const stay = { checkIn: inDays(40), checkOut: inDays(43) };
    expect(await namesOf({ ...stay, city: cityA.toUpperCase() })).toEqual(['alpha', 'bravo']);
    expect(await namesOf({ ...stay, qualification: 4 })).toEqual(['alpha', 'charlie']);
    expect(await namesOf({ ...stay, qualification: 4, city: cityB })).toEqual(['charlie']);
    expect(await namesOf({ ...stay, sort: 'name_desc' })).toEqual([
      'kiritimati',
      'charlie',
      'bravo',
      'alpha',
    ]);
    const booking = await hold(alphaRoom, inDays(41), inDays(42));
    const page2 = await search({ ...stay, pageSize: 1, page: 2, sort: 'score_desc' });
    expect(page2.json<HotelCard[]>().map((h) => h.name.split(' ')[0])).toEqual(['bravo']);
    expect(page2.headers[TOTAL_COUNT_HEADER]).toBe('3');
    const inCity = await search({ ...stay, city: cityA, pageSize: 1 });
    expect(inCity.headers[TOTAL_COUNT_HEADER]).toBe('1');
    // Past the city's last page: no card, the same total.
    const pastCity = await search({ ...stay, city: cityA, pageSize: 1, page: 5 });
    expect(pastCity.json()).toEqual([]);
    expect(pastCity.headers[TOTAL_COUNT_HEADER]).toBe('1');
    await t.db.transaction((tx) => releasePending(tx, sql`id = ${booking}`, 'cancelled'));
  });

  test('a check-in that is past at a hotel (its own zone) leaves that hotel out', async () => {
    const earliest = calendarDateIn('Etc/GMT+12');
    const there = calendarDateIn('Pacific/Kiritimati');
    expect(there > earliest).toBe(true);
    const stay = { checkIn: earliest, checkOut: addDays(there, 1) };
    expect(await namesOf(stay)).not.toContain('kiritimati');
    expect(await namesOf({ checkIn: there, checkOut: addDays(there, 1) })).toContain('kiritimati');
    // Along each plan: the zone read from the row ('name'), or for the hotels the text matched
    // in index entries ('walk').
    for (const plan of ['walk', 'name'] as const) {
      const namesAlong = async (checkIn: string) => {
        const { text } = hotelPageQuery(
          { name: token, checkIn, checkOut: addDays(there, 1), page: 1, pageSize: 50 },
          plan,
          false,
          inlineLiteral,
          new Date(),
        );
        const { rows } = await t.db.$client.query<{ name: string }>(text);
        return rows.map((row) => row.name.split(' ')[0]);
      };
      expect(await namesAlong(earliest), plan).not.toContain('kiritimati');
      expect(await namesAlong(there), plan).toContain('kiritimati');
    }
  });

  test('its page is read as a simple query, values written as literals: a quote or backslash in a name finds it', async () => {
    const own = uniqueToken();
    // A place of its own: in one holding the file's token, the searches by the token find it.
    const city = await insertLocation(t.db, {
      state: `State ${own}`,
      department: `Dept ${own}`,
      city: `City ${own}`,
    });
    const hotel = await insertHotel(t.db, { name: `o'hara\\ ${own}`, locationId: city.id });
    await insertRoom(t.db, { hotelId: hotel.id, stock: 1, capacity: 4 });
    const stay = { checkIn: inDays(40), checkOut: inDays(42) };
    const page = hotelPageQuery(
      { ...stay, name: `o'hara\\ ${own}`, guests: 4, page: 1, pageSize: 8 },
      'walk',
      false,
      (v) => (typeof v === 'number' ? String(v) : `'${String(v)}'`),
      new Date(),
    );
    expect(page.text).not.toMatch(/\$\d/);
    expect(page.name).toBeUndefined();
    for (const guests of [4, 5]) {
      const res = await search({ ...stay, name: `O'Hara\\ ${own}`, guests });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<HotelCard[]>().map((h) => h.id)).toEqual(guests === 4 ? [hotel.id] : []);
    }
  });

  test("the hotel's-today condition is written only while a check-in can be past somewhere", () => {
    const now = new Date();
    const earliest = earliestToday(now);
    const countSql = (checkIn: string) =>
      hotelCountQuery(
        { checkIn, checkOut: addDays(checkIn, 1), page: 1, pageSize: 8 },
        undefined,
        undefined,
        now,
      ).text;
    // No zone's today is more than two days after the earliest one's.
    expect(countSql(addDays(earliest, 2))).toContain('time_zone');
    // After that the condition holds for every hotel: left out, the count stays on the indexes.
    expect(countSql(addDays(earliest, 3))).not.toContain('time_zone');
  });
});

describe('the count of a search on rooms stops at the bound (SEARCH_COUNT_CAP)', () => {
  // The same hotels through an app whose count stops at multiples of 2 rather than 1,000.
  let capped: FastifyInstance;
  beforeAll(async () => {
    capped = await buildApp({ config: { ...t.app.config, SEARCH_COUNT_CAP: 2 }, db: t.db });
  });
  afterAll(() => capped.close());

  const page = async (params: Record<string, string | number | undefined>) => {
    const res = await capped.inject(`/api/hotels?${q(params)}`);
    expect(res.statusCode, res.body).toBe(200);
    return {
      names: res.json<HotelCard[]>().map((h) => h.name.split(' ')[0]),
      total: res.headers[TOTAL_COUNT_HEADER],
      more: res.headers[TOTAL_COUNT_LOWER_BOUND_HEADER],
      exposed: res.headers['access-control-expose-headers'],
    };
  };

  test('past the bound the total is "more than the bound"; up to it, exact', async () => {
    const stay = { checkIn: inDays(60), checkOut: inDays(62), pageSize: 1 };
    // Four hotels free. Pages 1–2 count up to 2 (and find a third): more than 2.
    expect(await page({ ...stay, page: 1 })).toEqual({
      names: ['alpha'],
      total: '2',
      more: 'true',
      exposed: `${TOTAL_COUNT_HEADER}, ${TOTAL_COUNT_LOWER_BOUND_HEADER}`,
    });
    expect(await page({ ...stay, page: 2 })).toMatchObject({ names: ['bravo'], more: 'true' });
    // Page 3 counts up to 4: all of them, exact.
    expect(await page({ ...stay, page: 3 })).toEqual({
      names: ['charlie'],
      total: '4',
      more: undefined,
      exposed: TOTAL_COUNT_HEADER,
    });
    expect(await page({ ...stay, page: 4 })).toMatchObject({ names: ['kiritimati'], total: '4' });
    // Exactly the bound's number of matches is exact too: two of the four at 4 stars.
    expect(await page({ ...stay, qualification: 4, page: 1 })).toMatchObject({
      names: ['alpha'],
      total: '2',
      more: undefined,
    });
    // Two a page: the bound reaches the page's end (2), a third match makes it "more".
    expect(await page({ ...stay, pageSize: 2, page: 1 })).toMatchObject({
      names: ['alpha', 'bravo'],
      total: '2',
      more: 'true',
    });
    expect(await page({ ...stay, pageSize: 2, page: 2 })).toMatchObject({
      names: ['charlie', 'kiritimati'],
      total: '4',
      more: undefined,
    });
  });

  test('the count follows the bookings on each side of the bound', async () => {
    const stay = { checkIn: inDays(64), checkOut: inDays(65), pageSize: 1 };
    expect(await page({ ...stay, page: 3 })).toMatchObject({ total: '4', more: undefined });
    const booking = await hold(alphaRoom, stay.checkIn, stay.checkOut);
    // Three free: still more than 2 on page 1, exactly 3 from page 3 on.
    expect(await page({ ...stay, page: 1 })).toMatchObject({
      names: ['bravo'],
      total: '2',
      more: 'true',
    });
    expect(await page({ ...stay, page: 3 })).toMatchObject({
      names: ['kiritimati'],
      total: '3',
      more: undefined,
    });
    // Past the last page: nothing, and the exact count to land on the last page.
    expect(await page({ ...stay, page: 5 })).toMatchObject({ names: [], total: '3' });
    await t.db.transaction((tx) => releasePending(tx, sql`id = ${booking}`, 'cancelled'));
    expect(await page({ ...stay, page: 1 })).toMatchObject({ names: ['alpha'], more: 'true' });
  });

  test('in a small city the count beside the page is exact', async () => {
    const stay = { checkIn: inDays(66), checkOut: inDays(67), pageSize: 1 };
    expect(await page({ ...stay, city: cityA, page: 1 })).toMatchObject({
      names: ['alpha'],
      total: '2',
      more: undefined,
    });
  });
});

describe('GET /api/hotels with room services', () => {
  test('lists hotels with a room that has every service asked', async () => {
    expect(await namesOf({ services: `${desk}` })).toEqual(['alpha', 'bravo']);
    expect(await namesOf({ services: `${monitor},${desk}` })).toEqual(['bravo']);
    expect(await namesOf({ services: `${desk},${desk}` })).toEqual(['alpha', 'bravo']);
    expect(await namesOf({ services: `${desk}`, city: cityB })).toEqual([]);
  });

  test('with a stay, the room that has the services is the one free', async () => {
    const stay = { checkIn: inDays(50), checkOut: inDays(51) };
    const booking = await hold(alphaRoom, stay.checkIn, stay.checkOut);
    expect(await namesOf({ ...stay, services: `${desk}` })).toEqual(['bravo']);
    await t.db.transaction((tx) => releasePending(tx, sql`id = ${booking}`, 'cancelled'));
    expect(await namesOf({ ...stay, services: `${desk}` })).toEqual(['alpha', 'bravo']);
  });
});

describe('bad stays and services are a 400 naming the field', () => {
  const yesterdayEverywhere = addDays(calendarDateIn('Etc/GMT+12'), -1);
  test.each([
    [{ checkIn: inDays(3) }, 'checkOut', undefined],
    [{ checkOut: inDays(3) }, 'checkIn', undefined],
    [{ checkIn: inDays(3), checkOut: inDays(3) }, 'checkOut', CHECK_OUT_ERROR],
    [{ checkIn: inDays(4), checkOut: inDays(3) }, 'checkOut', CHECK_OUT_ERROR],
    [{ checkIn: '2031-02-30', checkOut: '2031-03-02' }, 'checkIn', undefined],
    [{ checkIn: 'tomorrow', checkOut: inDays(3) }, 'checkIn', undefined],
    [{ checkIn: inDays(1), checkOut: inDays(367) }, 'checkOut', BOOKING_MESSAGES.stayTooLong(365)],
    [
      { checkIn: yesterdayEverywhere, checkOut: inDays(2) },
      'checkIn',
      BOOKING_MESSAGES.checkInPast,
    ],
    [{ rooms: 0 }, 'rooms', undefined],
    [{ rooms: 51 }, 'rooms', undefined],
    [{ rooms: 'two' }, 'rooms', undefined],
    [{ guests: 0 }, 'guests', undefined],
    [{ guests: 1_000_000_000 }, 'guests', undefined],
    [{ guests: 601 }, 'guests', undefined],
    [{ guests: 'three' }, 'guests', undefined],
    [{ guests: '2.5' }, 'guests', undefined],
    [{ guests: -3 }, 'guests', undefined],
    [{ services: 'desk' }, 'services', undefined],
    [{ services: '1,,2' }, 'services', undefined],
    [{ services: '0' }, 'services', undefined],
    [{ services: '2147483648' }, 'services', undefined],
    [{ services: '1,2,3,4,5,6,7,8,9,10,11' }, 'services', undefined],
  ])('%j → %s', async (params, field, message) => {
    const res = await search(params);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ message: string; field?: string }>();
    expect(body.field).toBe(field);
    if (message) expect(body.message).toContain(message);
  });
});
