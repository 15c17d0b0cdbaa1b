import type { HotelCard } from '@devstay/shared/contracts/catalogue';
import { TOTAL_COUNT_HEADER, TOTAL_COUNT_LOWER_BOUND_HEADER } from '@devstay/shared/http';
import { placeKey, searchKey } from '@devstay/shared/text';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { escapeLiteral } from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../app.ts';
import { hotels, locations } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { guestHold, inDays } from '../../test/booking-fixtures.ts';
import { insertHotel, insertLocation, insertRoom, uniqueToken } from '../../test/catalogue-rows.ts';
import {
  type HotelPagePlan,
  hotelCountQuery,
  hotelPageQuery,
  searchHotels,
} from './search-planner.ts';

/**
 * The list's search box by destination: every word of the text in the hotel's name, city,
 * department (a neighbourhood) or state, ignoring case and accents, kept by the database
 * (`hotels.search_key`) through renames and moves; with a stay, paged and counted.
 */

let t: TestApp;
/** In every hotel's name here: each search adds it, which keeps the demo's hotels out. */
const token = uniqueToken();
let bariloche = 0;
let palermo = 0;

const q = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
const list = async (params: Record<string, string | number>, app?: FastifyInstance) => {
  const res = await (app ?? t.app).inject(`/api/hotels?${q(params)}`);
  expect(res.statusCode, res.body).toBe(200);
  return {
    names: res.json<HotelCard[]>().map((h) => h.name.replace(` ${token}`, '')),
    total: res.headers[TOTAL_COUNT_HEADER],
    more: res.headers[TOTAL_COUNT_LOWER_BOUND_HEADER],
  };
};
const found = async (text: string, params: Record<string, string | number> = {}) =>
  (await list({ name: `${text} ${token}`, pageSize: 100, ...params })).names;

beforeAll(async () => {
  t = await createTestApp();
  // The demo's places with the token in the state (one row per state, department and city).
  const cordoba = await insertLocation(t.db, {
    state: `Córdoba ${token}`,
    department: 'Capital',
    city: 'Córdoba',
  });
  const rioNegro = await insertLocation(t.db, {
    state: `Río Negro ${token}`,
    department: 'Bariloche',
    city: 'San Carlos de Bariloche',
  });
  const caba = await insertLocation(t.db, {
    state: `Ciudad Autónoma de Buenos Aires ${token}`,
    department: 'Palermo',
    city: 'Buenos Aires',
  });
  bariloche = rioNegro.id;
  palermo = caba.id;
  await insertHotel(t.db, { name: `Alpha ${token}`, locationId: cordoba.id });
  await insertHotel(t.db, { name: `Bravo ${token}`, locationId: rioNegro.id });
  const charlie = await insertHotel(t.db, { name: `Charlie ${token}`, locationId: caba.id });
  const delta = await insertHotel(t.db, { name: `Delta ${token}`, locationId: caba.id });
  await insertHotel(t.db, { name: `Córdoba Suites ${token}`, locationId: caba.id });
  // For a stay: Charlie has a room free, Delta's only room is sold out, the suites have none.
  await insertRoom(t.db, { hotelId: charlie.id, stock: 2 });
  const deltaRoom = await insertRoom(t.db, { hotelId: delta.id, stock: 1 });
  await guestHold(t.db, deltaRoom.id, inDays(20), inDays(22));
});

afterAll(async () => {
  await t?.close();
});

describe('the search box finds hotels by destination', () => {
  test('by city, whole or a word of it', async () => {
    expect(await found('bariloche')).toEqual(['Bravo']);
    expect(await found('San Carlos de Bariloche')).toEqual(['Bravo']);
  });

  test('by province (state)', async () => {
    expect(await found('rio negro')).toEqual(['Bravo']);
    expect(await found('ciudad autonoma')).toEqual(['Charlie', 'Córdoba Suites', 'Delta']);
  });

  test('by neighbourhood (department)', async () => {
    expect(await found('palermo')).toEqual(['Charlie', 'Córdoba Suites', 'Delta']);
  });

  test('by name still, and a place and a name together, in any order', async () => {
    expect(await found('suites')).toEqual(['Córdoba Suites']);
    expect(await found('charlie palermo')).toEqual(['Charlie']);
    expect(await found('buenos aires delta')).toEqual(['Delta']);
    expect(await found('bravo palermo')).toEqual([]);
  });

  test('ignoring case and accents, in the text and in the names', async () => {
    // Córdoba is a city and a state (Alpha), and a word of a hotel's name (the suites).
    for (const text of ['cordoba', 'CÓRDOBA', 'Cordobá', '  córdoba  ']) {
      expect(await found(text), text).toEqual(['Alpha', 'Córdoba Suites']);
    }
    expect(await found('BARILOCHE RÍO')).toEqual(['Bravo']);
  });

  test('with a stay: the destination’s hotels with a room free', async () => {
    const stay = { checkIn: inDays(20), checkOut: inDays(22) };
    expect(await found('palermo', stay)).toEqual(['Charlie']);
    expect(await found('palermo', { ...stay, guests: 4 })).toEqual([]);
    // The next nights Delta's room is free again.
    expect(await found('palermo', { checkIn: inDays(22), checkOut: inDays(23) })).toEqual([
      'Charlie',
      'Delta',
    ]);
  });

  test('pages and their counts', async () => {
    const name = `palermo ${token}`;
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await list({ name, pageSize: 1, page }));
    expect(pages).toEqual([
      { names: ['Charlie'], total: '3', more: undefined },
      { names: ['Córdoba Suites'], total: '3', more: undefined },
      { names: ['Delta'], total: '3', more: undefined },
    ]);
    expect((await list({ name, pageSize: 1, page: 4 })).names).toEqual([]);
    expect(await list({ name, sort: 'name_desc', pageSize: 2 })).toEqual({
      names: ['Delta', 'Córdoba Suites'],
      total: '3',
      more: undefined,
    });
    // Counted up to the bound (here 2): "more than 2" on page 1, exact once the page passes it.
    const capped = await buildApp({ config: { ...t.app.config, SEARCH_COUNT_CAP: 2 }, db: t.db });
    try {
      expect(await list({ name, pageSize: 1 }, capped)).toEqual({
        names: ['Charlie'],
        total: '2',
        more: 'true',
      });
      expect(await list({ name, pageSize: 1, page: 3 }, capped)).toEqual({
        names: ['Delta'],
        total: '3',
        more: undefined,
      });
    } finally {
      await capped.close();
    }
  });

  test('every plan reads the same page of a destination', async () => {
    for (const search of [
      { name: `palermo ${token}`, page: 1, pageSize: 2 },
      { name: `CÓRDOBA ${token}`, page: 1, pageSize: 8 },
      { name: `palermo ${token}`, city: 'buenos aires', page: 2, pageSize: 1 },
      { name: `palermo ${token}`, checkIn: inDays(22), checkOut: inDays(23), page: 1, pageSize: 8 },
    ]) {
      const served = await searchHotels(t.db, search, { now: new Date() });
      expect(served.items.length, JSON.stringify(search)).toBeGreaterThan(0);
      const plans: HotelPagePlan[] = search.city ? ['city', 'walk', 'name'] : ['walk', 'name'];
      for (const plan of plans) {
        const { rows } = await t.db.$client.query<{ id: number }>(
          hotelPageQuery(search, plan, false, undefined, new Date()),
        );
        expect(
          rows.map((r) => r.id),
          `${plan} ${JSON.stringify(search)}`,
        ).toEqual(served.items.map((c) => c.id));
      }
    }
  });
});

test('a walk of an order’s index, or of a city’s, and a city’s count test the words from its entries alone', async () => {
  // Every visible row marked so, as autovacuum leaves a table: an index-only scan reads no row.
  await t.db.execute(sql`vacuum analyze hotels`);
  const cases: [Parameters<typeof hotelPageQuery>[0], HotelPagePlan, string][] = [
    [{ name: `palermo ${token}`, page: 1, pageSize: 8 }, 'walk', 'hotels_name_key_id_idx'],
    [
      { name: `palermo ${token}`, sort: 'score_asc', page: 1, pageSize: 8 },
      'walk',
      'hotels_qualification_name_key_idx',
    ],
    [
      { name: `palermo ${token}`, sort: 'score_desc', page: 1, pageSize: 8 },
      'walk',
      'hotels_qualification_desc_name_key_idx',
    ],
    [
      { name: `palermo ${token}`, sort: 'rating_desc', page: 1, pageSize: 8 },
      'walk',
      'hotels_rating_name_key_idx',
    ],
    // A city's page: along whichever index the planner takes for so few hotels.
    [{ name: `palermo ${token}`, city: 'buenos aires', page: 1, pageSize: 8 }, 'city', 'hotels_'],
  ];
  const literal = (v: unknown) => (typeof v === 'string' ? escapeLiteral(v) : String(v));
  const explain = (text: string) =>
    t.db.transaction(async (tx) => {
      // The test's tables are small enough to scan whole: ask what the planner does with the
      // order's index (the page is read along it, as on a full catalogue).
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      const result = await tx.execute<{ 'QUERY PLAN': string }>(sql.raw(`explain ${text}`));
      return result.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  // A city's count, too, from the city's index entries.
  const inCity = { name: `palermo ${token}`, city: 'buenos aires', page: 1, pageSize: 8 };
  const counted = await explain(hotelCountQuery(inCity, 1001, literal, new Date()).text);
  expect(/->\s+(.+?) on hotels h\b/.exec(counted)?.[1], counted).toMatch(/^Index Only Scan using/);
  for (const [search, plan, index] of cases) {
    const explained = await explain(hotelPageQuery(search, plan, false, literal, new Date()).text);
    // The page's hotels (h_1: the joined rows are read for the page alone) from index entries.
    const found = /->\s+(.+?) on hotels h_1\b/.exec(explained)?.[1];
    expect(found, `${plan} ${JSON.stringify(search)}\n${explained}`).toMatch(
      new RegExp(`^Index Only Scan using ${index}`),
    );
  }
});

describe('the database keeps each hotel’s search key', () => {
  const keyOf = async (name: string) => {
    const [row] = await t.db
      .select({ key: hotels.searchKey })
      .from(hotels)
      .where(eq(hotels.nameKey, searchKey(`${name} ${token}`)));
    return row?.key;
  };

  test('its name key and its place’s key, whatever a writer puts there', async () => {
    expect(await keyOf('Bravo')).toBe(
      `bravo ${token} san carlos de bariloche bariloche rio negro ${token}`,
    );
    await t.db.execute(
      sql`update hotels set search_key = 'elsewhere' where name_key = ${`bravo ${token}`}`,
    );
    expect(await keyOf('Bravo')).toContain('bariloche');
  });

  // Written straight into the tables, which tells no process's read cache: read without it.
  const foundNow = async (text: string) =>
    (await searchHotels(t.db, { name: `${text} ${token}`, page: 1, pageSize: 100 })).items.map(
      (h) => h.name.replace(` ${token}`, ''),
    );

  test('a place renamed, a hotel renamed or moved: found by its new names only', async () => {
    const renamed = {
      state: `Río Negro ${token}`,
      department: 'Bariloche',
      city: 'Dina Huapi',
    };
    await t.db
      .update(locations)
      .set({ ...renamed, cityKey: searchKey(renamed.city), placeKey: placeKey(renamed) })
      .where(eq(locations.id, bariloche));
    expect(await foundNow('huapi')).toEqual(['Bravo']);
    expect(await foundNow('san carlos')).toEqual([]);

    await t.db
      .update(hotels)
      .set({ name: `Echo ${token}`, nameKey: searchKey(`Echo ${token}`), locationId: palermo })
      .where(eq(hotels.nameKey, searchKey(`Bravo ${token}`)));
    expect(await foundNow('bravo')).toEqual([]);
    expect(await foundNow('huapi')).toEqual([]);
    expect(await foundNow('echo palermo')).toEqual(['Echo']);
  });
});
