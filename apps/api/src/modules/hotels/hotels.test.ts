import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import {
  type City,
  type HotelCard,
  type HotelDetail,
  hotelCardList,
} from '@devstay/shared/contracts/catalogue';
import { TOTAL_COUNT_HEADER, TOTAL_COUNT_LOWER_BOUND_HEADER } from '@devstay/shared/http';
import { compareText, searchKey } from '@devstay/shared/text';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  image,
  insertHotel,
  insertLocation,
  insertReview,
  insertRoom,
  UNKNOWN_ID,
  uniqueToken,
} from '../../test/catalogue-rows.ts';
import {
  chooseHotelPagePlan,
  type HotelPagePlan,
  type HotelSearch,
  hotelPageQuery,
  searchHotels,
} from './search-planner.ts';

let t: TestApp;
/** Every hotel of this file has the token in its name; cities carry it too. */
const token = uniqueToken();
const bogota = `Bogotá ${token}`;
const medellin = `Medellín ${token}`;
const pageCity = `Pageville ${token}`;

type Made = {
  id: number;
  name: string;
  qualification: number;
  city: string;
  reviewCount: number;
  ratingSum: number;
};
const made: Made[] = [];
let cafeId = 0;
let emptyCityId = 0;

async function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}
const q = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
const names = (cards: HotelCard[]) => cards.map((c) => c.name);
const total = (res: { headers: Record<string, unknown> }) =>
  Number(res.headers[TOTAL_COUNT_HEADER]);

beforeAll(async () => {
  t = await createTestApp();
  const a = await insertLocation(t.db, {
    state: `State ${token}`,
    department: `Cundinamarca ${token}`,
    city: bogota,
  });
  const b = await insertLocation(t.db, {
    state: `State ${token}`,
    department: `Antioquia ${token}`,
    city: medellin,
  });
  const c = await insertLocation(t.db, {
    state: `State ${token}`,
    department: `Paging ${token}`,
    city: pageCity,
  });
  const empty = await insertLocation(t.db, {
    state: `State ${token}`,
    department: `Paging ${token}`,
    city: `Emptyville ${token}`,
  });
  emptyCityId = empty.id;

  const rows: { name: string; q: number; loc: { id: number; city: string } }[] = [
    { name: `café ${token} alpha`, q: 5, loc: a },
    { name: `hilton ${token} bravo`, q: 3, loc: a },
    { name: `árbol ${token} charlie`, q: 4, loc: b },
    { name: `promo ${token} 50%_off`, q: 1, loc: b },
    { name: `promo ${token} 50abcoff`, q: 2, loc: b },
  ];
  // Ten hotels in one city, with stars 1..5 twice, for paging and sorting.
  for (let i = 0; i < 10; i++) {
    rows.push({ name: `page ${token} ${String(i).padStart(2, '0')}`, q: (i % 5) + 1, loc: c });
  }
  // Reviews [count, sum] for the guest-rating order: averages 4.5 (three of them: 2, 4 and 2
  // reviews), 5, 3 and 4; the other hotels have none.
  const reviews: Record<string, [number, number]> = {
    [`café ${token} alpha`]: [2, 9],
    [`page ${token} 00`]: [2, 9],
    [`page ${token} 01`]: [1, 5],
    [`page ${token} 02`]: [4, 18],
    [`page ${token} 03`]: [1, 3],
    [`promo ${token} 50%_off`]: [3, 12],
  };
  for (const r of rows) {
    const [reviewCount, ratingSum] = reviews[r.name] ?? [0, 0];
    const h = await insertHotel(t.db, {
      name: r.name,
      qualification: r.q,
      locationId: r.loc.id,
      image: [image(`${made.length}-a`), image(`${made.length}-b`), image(`${made.length}-c`)],
      reviewCount,
      ratingSum,
    });
    made.push({
      id: h.id,
      name: r.name,
      qualification: r.q,
      city: r.loc.city,
      reviewCount,
      ratingSum,
    });
  }
  cafeId = made[0]?.id ?? 0;
});
afterAll(() => t.close());

const byName = (a: Made, b: Made) =>
  searchKey(a.name) < searchKey(b.name)
    ? -1
    : searchKey(a.name) > searchKey(b.name)
      ? 1
      : a.id - b.id;

/** Guest rating: best average first, then more reviews, unreviewed last, then by name. */
const average = (m: Made) => (m.reviewCount > 0 ? m.ratingSum / m.reviewCount : -1);
const byRating = (a: Made, b: Made) =>
  average(b) - average(a) || b.reviewCount - a.reviewCount || byName(a, b);

describe('GET /api/hotels', () => {
  test('answers one page of cards (8 by default) with the total, cache headers and ETag', async () => {
    const res = await get('/api/hotels');
    expect(res.statusCode).toBe(200);
    const cards = res.json<HotelCard[]>();
    expect(total(res)).toBeGreaterThanOrEqual(made.length);
    expect(cards).toHaveLength(8);
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect(res.headers['access-control-expose-headers']).toMatch(/x-total-count/i);
    expect(res.headers.etag).toMatch(/^W\/".+"$/);

    const again = await get('/api/hotels', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  test('its cards are the contract’s, field for field (the route sends them unparsed)', async () => {
    for (const url of [
      '/api/hotels?pageSize=100',
      `/api/hotels?${q({ name: token, pageSize: 100 })}`,
    ]) {
      const cards = (await get(url)).json<HotelCard[]>();
      expect(cards.length).toBeGreaterThan(0);
      // Parsing keeps the schema's fields only: equal means none missing, mistyped or extra.
      expect(hotelCardList.parse(cards)).toEqual(cards);
    }
  });

  test('is compressed as the client accepts, the same JSON whichever way', async () => {
    const url = `/api/hotels?${q({ name: token, pageSize: 100 })}`;
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const zstd = await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(zstd.headers['content-encoding']).toBe('zstd');
    expect(JSON.parse(zstdDecompressSync(zstd.rawPayload).toString())).toEqual(plain.json());
    expect(zstd.headers.etag).toBe(plain.headers.etag);
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await get(url, { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    expect(gzip.headers.etag).toBe(plain.headers.etag);
    expect(gzip.headers[TOTAL_COUNT_HEADER]).toBe(String(made.length));
  });

  test('a card has the product’s fields, its location and review average', async () => {
    const res = await get(`/api/hotels?${q({ name: `café ${token}` })}`);
    const [card] = res.json<HotelCard[]>();
    expect(card).toEqual({
      id: cafeId,
      name: `café ${token} alpha`,
      image: ['/uploads/0-a-800.webp', '/uploads/0-b-800.webp', '/uploads/0-c-800.webp'],
      picture: image('0-a'),
      qualification: 5,
      address: `calle café ${token} alpha`,
      idLocation: expect.any(Number),
      Locations: [{ city: bogota, department: `Cundinamarca ${token}`, state: `State ${token}` }],
      reviewCount: 2,
      reviewAverage: 4.5,
      // No room yet: no night to price.
      fromPrice: null,
    });
    const other = await get(`/api/hotels?${q({ name: `hilton ${token}` })}`);
    expect(other.json<HotelCard[]>()[0]).toMatchObject({ reviewCount: 0, reviewAverage: null });
  });

  test('is ordered by name A-Z by default', async () => {
    const res = await get(`/api/hotels?${q({ name: token, pageSize: 100 })}`);
    expect(names(res.json())).toEqual([...made].sort(byName).map((m) => m.name));
    expect(total(res)).toBe(made.length);
  });

  test('search ignores case and accents', async () => {
    const upper = await get(`/api/hotels?${q({ name: `HILTON ${token.toUpperCase()}` })}`);
    expect(names(upper.json())).toEqual([`hilton ${token} bravo`]);

    const noAccent = await get(`/api/hotels?${q({ name: `cafe ${token}` })}`);
    expect(names(noAccent.json())).toEqual([`café ${token} alpha`]);

    const accentInQuery = await get(`/api/hotels?${q({ name: `ÁRBOL ${token}` })}`);
    expect(names(accentInQuery.json())).toEqual([`árbol ${token} charlie`]);
    const accentDropped = await get(`/api/hotels?${q({ name: `arbol ${token}` })}`);
    expect(names(accentDropped.json())).toEqual([`árbol ${token} charlie`]);
  });

  test('search matches part of a name, and trims the text', async () => {
    const res = await get(`/api/hotels?${q({ name: `  ${token} alp ` })}`);
    expect(names(res.json())).toEqual([`café ${token} alpha`]);
    expect(total(res)).toBe(1);
  });

  test('% and _ in the search text are taken literally', async () => {
    const both = await get(`/api/hotels?${q({ name: `${token} 50%_` })}`);
    expect(names(both.json())).toEqual([`promo ${token} 50%_off`]);
    // As wildcards, '50_' would also match '50a…' and '50%off' would match '50abcoff'.
    const underscore = await get(`/api/hotels?${q({ name: `${token} 50_` })}`);
    expect(underscore.json()).toEqual([]);
    const percent = await get(`/api/hotels?${q({ name: `${token} 50%off` })}`);
    expect(percent.json()).toEqual([]);
  });

  test('no match is 200 with an empty list and a total of 0', async () => {
    const res = await get(`/api/hotels?${q({ name: `${token}zz` })}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers[TOTAL_COUNT_HEADER]).toBe('0');
  });

  test('a blank search is no search', async () => {
    const all = await get('/api/hotels');
    const blank = await get(`/api/hotels?${q({ name: '   ' })}`);
    expect(blank.statusCode).toBe(200);
    expect(total(blank)).toBe(total(all));
  });

  test('filters by city, ignoring case and accents', async () => {
    const res = await get(`/api/hotels?${q({ city: `BOGOTA ${token.toUpperCase()}` })}`);
    expect(names(res.json())).toEqual([`café ${token} alpha`, `hilton ${token} bravo`]);
    expect(total(res)).toBe(2);
    const none = await get(`/api/hotels?${q({ city: `Atlantis ${token}` })}`);
    expect(none.json()).toEqual([]);
    expect(total(none)).toBe(0);
  });

  test('filters by stars, alone and with search and city', async () => {
    const stars = await get(`/api/hotels?${q({ name: token, qualification: 4, pageSize: 100 })}`);
    const expected = made.filter((m) => m.qualification === 4).sort(byName);
    expect(names(stars.json())).toEqual(expected.map((m) => m.name));
    for (const card of stars.json<HotelCard[]>()) expect(card.qualification).toBe(4);

    const all = await get(`/api/hotels?${q({ qualification: 4, pageSize: 100 })}`);
    for (const card of all.json<HotelCard[]>()) expect(card.qualification).toBe(4);

    const combined = await get(
      `/api/hotels?${q({ name: 'promo', city: medellin, qualification: 2 })}`,
    );
    expect(names(combined.json())).toEqual([`promo ${token} 50abcoff`]);
    expect(total(combined)).toBe(1);
  });

  test.each([
    ['name_asc', (a: Made, b: Made) => byName(a, b)],
    ['name_desc', (a: Made, b: Made) => -byName(a, b)],
    ['score_asc', (a: Made, b: Made) => a.qualification - b.qualification || byName(a, b)],
    ['score_desc', (a: Made, b: Made) => b.qualification - a.qualification || byName(a, b)],
    ['rating_desc', byRating],
  ] as const)('sorts by %s', async (sort, compare) => {
    const res = await get(`/api/hotels?${q({ name: token, sort, pageSize: 100 })}`);
    expect(res.statusCode).toBe(200);
    expect(names(res.json())).toEqual([...made].sort(compare).map((m) => m.name));
  });

  test('pages: page 2 follows page 1, the total stays, past the end is empty', async () => {
    const base = { city: pageCity, pageSize: 4 };
    const p1 = await get(`/api/hotels?${q({ ...base, page: 1 })}`);
    const p2 = await get(`/api/hotels?${q({ ...base, page: 2 })}`);
    const p3 = await get(`/api/hotels?${q({ ...base, page: 3 })}`);
    const p4 = await get(`/api/hotels?${q({ ...base, page: 4 })}`);
    const paged = made.filter((m) => m.city === pageCity).sort(byName);
    expect(names(p1.json())).toEqual(paged.slice(0, 4).map((m) => m.name));
    expect(names(p2.json())).toEqual(paged.slice(4, 8).map((m) => m.name));
    expect(names(p3.json())).toEqual(paged.slice(8).map((m) => m.name));
    expect(p4.json()).toEqual([]);
    const far = await get(`/api/hotels?${q({ ...base, page: 40 })}`);
    expect(far.json()).toEqual([]);
    for (const res of [p1, p2, p3, p4, far]) expect(total(res)).toBe(10);
    // Pages of another size are read on their own: page 6 follows page 5 all the same.
    const twos = { city: pageCity, pageSize: 2 };
    const p5 = await get(`/api/hotels?${q({ ...twos, page: 5 })}`);
    const p6 = await get(`/api/hotels?${q({ ...twos, page: 6 })}`);
    expect(names(p5.json())).toEqual(paged.slice(8, 10).map((m) => m.name));
    expect(p6.json()).toEqual([]);
    expect(total(p6)).toBe(10);
    // Narrowed (a name, stars), the matches are counted beside the page: past its end too.
    for (const [narrowed, matches] of [
      [{ name: `page ${token}` }, 10],
      [{ qualification: 5 }, 2],
    ] as const) {
      const past = await get(`/api/hotels?${q({ ...base, ...narrowed, page: 4 })}`);
      expect(past.json()).toEqual([]);
      expect(total(past)).toBe(matches);
    }
  });

  test('pages with the sort applied before paging', async () => {
    const p1 = await get(`/api/hotels?${q({ city: pageCity, sort: 'score_desc', pageSize: 4 })}`);
    const cards = p1.json<HotelCard[]>();
    expect(cards.map((c) => c.qualification)).toEqual([5, 5, 4, 4]);
  });

  test('guest rating pages: best average first, the most reviewed among equals', async () => {
    const rated = made.filter((m) => m.city === pageCity).sort(byRating);
    const read = async (page: number) =>
      (
        await get(`/api/hotels?${q({ city: pageCity, sort: 'rating_desc', pageSize: 3, page })}`)
      ).json<HotelCard[]>();
    const pages = [await read(1), await read(2), await read(3), await read(4)];
    expect(pages.flat().map((c) => c.name)).toEqual(rated.map((m) => m.name));
    expect(pages[0]?.map((c) => c.reviewAverage)).toEqual([5, 4.5, 4.5]);
    expect(pages[0]?.map((c) => c.reviewCount)).toEqual([1, 4, 2]);
    expect(pages[3]?.map((c) => c.reviewAverage)).toEqual([null]);
  });

  test('page size is capped at 100', async () => {
    const max = await get('/api/hotels?pageSize=100');
    expect(max.statusCode).toBe(200);
    expect(max.json<HotelCard[]>().length).toBe(Math.min(100, total(max)));
    const over = await get('/api/hotels?pageSize=101');
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ statusCode: 400, field: 'pageSize' });
  });

  test.each([
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['page=1.5', 'page'],
    ['pageSize=0', 'pageSize'],
    ['qualification=0', 'qualification'],
    ['qualification=6', 'qualification'],
    ['qualification=abc', 'qualification'],
    ['sort=stars', 'sort'],
    [`name=${'x'.repeat(101)}`, 'name'],
  ])('rejects %s with a 400 naming %s', async (query, field) => {
    const res = await get(`/api/hotels?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'Bad Request',
      code: 'VALIDATION_FAILED',
      field,
      statusCode: 400,
    });
    expect(res.json().message).toContain(field);
  });
});

describe('a search by name counts its matches up to the bound (SEARCH_COUNT_CAP)', () => {
  // The same hotels through an app whose count stops at multiples of 2 rather than 1,000.
  let capped: FastifyInstance;
  beforeAll(async () => {
    capped = await buildApp({ config: { ...t.app.config, SEARCH_COUNT_CAP: 2 }, db: t.db });
  });
  afterAll(() => capped.close());
  const page = async (params: Record<string, string | number>) => {
    const res = await capped.inject(`/api/hotels?${q({ pageSize: 1, ...params })}`);
    expect(res.statusCode, res.body).toBe(200);
    return {
      names: names(res.json<HotelCard[]>()),
      total: res.headers[TOTAL_COUNT_HEADER],
      more: res.headers[TOTAL_COUNT_LOWER_BOUND_HEADER],
    };
  };

  test('past the bound "more than the bound", kept so; up to it, exact', async () => {
    const all = [...made].sort(byName).map((m) => m.name);
    // 15 hotels hold the token: pages 1–2 count up to 2 and find more.
    const first = await page({ name: token });
    expect(first).toEqual({ names: all.slice(0, 1), total: '2', more: 'true' });
    // Read again from the read cache: the same answer, "more" included.
    expect(await page({ name: token })).toEqual(first);
    expect(await page({ name: token, page: 2 })).toMatchObject({ total: '2', more: 'true' });
    // Page 15 counts up to 16: all of them.
    expect(await page({ name: token, page: 15 })).toEqual({
      names: all.slice(14, 15),
      total: '15',
      more: undefined,
    });
    // A name found in two hotels only: exact at the bound.
    expect(await page({ name: `${token} 50` })).toMatchObject({ total: '2', more: undefined });
  });

  test('a name with quotes, backslashes and wildcards is counted as it is written', async () => {
    // The bounded count's values are written into its text: quoted by the driver.
    expect(await page({ name: `${token} 50%_` })).toMatchObject({ total: '1', more: undefined });
    for (const name of [`${token} it's`, `${token} \\'; select 1; --`, `${token} \\x27 "$1"`]) {
      expect(await page({ name })).toEqual({ names: [], total: '0', more: undefined });
    }
  });

  test('a city or stars alone are counted whole; a name in a small city beside its page', async () => {
    expect(await page({ city: pageCity })).toMatchObject({ total: '10', more: undefined });
    expect(await page({ qualification: 5, name: token, city: pageCity })).toMatchObject({
      total: '2',
      more: undefined,
    });
    expect(await page({ name: `page ${token}`, city: pageCity })).toMatchObject({
      total: '10',
      more: undefined,
    });
  });
});

describe('GET /api/filtersHotels/location', () => {
  test('lists the hotels of a city, ignoring case and accents, paged', async () => {
    const res = await get(`/api/filtersHotels/location?${q({ filter: `medellin ${token}` })}`);
    expect(res.statusCode).toBe(200);
    expect(names(res.json())).toEqual(
      made
        .filter((m) => m.city === medellin)
        .sort(byName)
        .map((m) => m.name),
    );
    expect(total(res)).toBe(3);

    const p2 = await get(
      `/api/filtersHotels/location?${q({ filter: pageCity, pageSize: 8, page: 2 })}`,
    );
    expect(p2.json()).toHaveLength(2);
    expect(total(p2)).toBe(10);
  });

  test('an unknown city is an empty list', async () => {
    const res = await get(`/api/filtersHotels/location?${q({ filter: `Nowhere ${token}` })}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(total(res)).toBe(0);
  });

  test('requires the filter', async () => {
    for (const url of ['/api/filtersHotels/location', '/api/filtersHotels/location?filter=']) {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'filter' });
    }
    const bad = await get(`/api/filtersHotels/location?${q({ filter: bogota, page: -1 })}`);
    expect(bad.json()).toMatchObject({ statusCode: 400, field: 'page' });
  });
});

describe('GET /api/filtersHotels/cities', () => {
  test('lists each city with hotels once, sorted ignoring case and accents', async () => {
    const res = await get('/api/filtersHotels/cities');
    expect(res.statusCode).toBe(200);
    const cities = res.json<City[]>();
    const mine = cities.filter((c) => c.city.includes(token));
    expect(mine.map((c) => c.city)).toEqual([bogota, medellin, pageCity]);
    expect(mine[0]).toEqual({
      id: expect.any(Number),
      city: bogota,
      department: `Cundinamarca ${token}`,
      state: `State ${token}`,
    });
    expect(cities.some((c) => c.id === emptyCityId)).toBe(false);
    const sorted = [...cities].sort((x, y) => compareText(x.city, y.city));
    expect(cities.map((c) => searchKey(c.city))).toEqual(sorted.map((c) => searchKey(c.city)));
  });
});

describe('GET /api/hotels/:id', () => {
  test('shows the hotel with its rooms (cheapest first, in dollars) and reviews (newest first)', async () => {
    const expensive = await insertRoom(t.db, {
      hotelId: cafeId,
      name: 'suite',
      priceCents: 25_050,
      category: 'presidential',
      stock: 2,
    });
    const cheap = await insertRoom(t.db, { hotelId: cafeId, name: 'single', priceCents: 8_000 });
    const older = await insertReview(t.db, {
      hotelId: cafeId,
      name: 'ana@example.com',
      rating: 4,
      comment: 'fast wifi',
      createdAt: new Date('2024-01-02T10:00:00Z'),
    });
    const newer = await insertReview(t.db, {
      hotelId: cafeId,
      name: 'Luis',
      rating: 5,
      comment: 'great desk',
      verifiedStay: true,
      createdAt: new Date('2024-03-04T10:00:00Z'),
    });

    const res = await get(`/api/hotels/${cafeId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/public/);
    const hotel = res.json<HotelDetail>();
    expect(hotel).toMatchObject({
      id: cafeId,
      name: `café ${token} alpha`,
      qualification: 5,
      description: `about café ${token} alpha`,
      Locations: [{ city: bogota, department: `Cundinamarca ${token}`, state: `State ${token}` }],
      reviewCount: 2,
      reviewAverage: 4.5,
      // The cheapest night of its rooms.
      fromPrice: 80,
    });
    expect(hotel.image).toHaveLength(3);
    expect(hotel.Rooms.map((r) => r.id)).toEqual([cheap.id, expensive.id]);
    expect(hotel.Rooms[1]).toEqual({
      id: expensive.id,
      name: 'suite',
      image: expensive.image,
      price: 250.5,
      fromPrice: 250.5,
      description: expensive.description,
      category: 'presidential',
      stock: 2,
      capacity: 2,
      idHotel: cafeId,
    });
    expect(hotel.Reviews).toEqual([
      {
        id: newer.id,
        name: 'Luis',
        rating: 5,
        comment: 'great desk',
        verifiedStay: true,
        createdAt: '2024-03-04T10:00:00.000Z',
      },
      {
        id: older.id,
        name: 'ana@example.com',
        rating: 4,
        comment: 'fast wifi',
        verifiedStay: false,
        createdAt: '2024-01-02T10:00:00.000Z',
      },
    ]);
  });

  test('a hotel without rooms or reviews has empty lists', async () => {
    const id = made.find((m) => m.name.startsWith('hilton'))?.id;
    const res = await get(`/api/hotels/${id}`);
    expect(res.json()).toMatchObject({ id, Rooms: [], Reviews: [] });
  });

  test('an unknown hotel is a JSON 404', async () => {
    const res = await get(`/api/hotels/${UNKNOWN_ID}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: 'Not Found',
      code: 'NOT_FOUND',
      message: 'Hotel not found',
      statusCode: 404,
    });
    expect(res.headers['cache-control']).toBeUndefined();
  });

  test.each(['abc', '0', '-3', '1.5', '2147483648'])('id %s is a 400 naming id', async (id) => {
    const res = await get(`/api/hotels/${id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, field: 'id' });
  });
});

describe('page plans', () => {
  // Each plan reads a page its own way; all must give the very same page.
  const searches: HotelSearch[] = [];
  for (const sort of ['name_asc', 'name_desc', 'score_asc', 'score_desc', 'rating_desc'] as const) {
    searches.push(
      { name: token, sort, page: 1, pageSize: 4 },
      { name: token, sort, page: 3, pageSize: 4 },
      { name: `${token} 50%_`, sort, page: 1, pageSize: 8 },
      { name: `PAGE ${token}`, qualification: 2, sort, page: 1, pageSize: 8 },
      { city: pageCity, sort, page: 2, pageSize: 3 },
      { city: pageCity.toUpperCase(), name: 'page', qualification: 5, sort, page: 1, pageSize: 8 },
      { city: medellin, name: `${token} 50`, sort, page: 1, pageSize: 2 },
    );
  }

  test.each(searches)('every plan reads the same page for %j', async (search) => {
    const served = await searchHotels(t.db, search);
    const plans: HotelPagePlan[] = search.city ? ['city', 'walk', 'name'] : ['walk', 'name'];
    for (const plan of plans) {
      for (const withTotal of [false, true]) {
        const { rows } = await t.db.$client.query<{ id: number; total?: number }>(
          hotelPageQuery(search, plan, withTotal),
        );
        expect(
          rows.map((r) => r.id),
          `${plan}${withTotal ? '+total' : ''}`,
        ).toEqual(served.items.map((c) => c.id));
        if (withTotal && rows.length > 0) expect(rows[0]?.total).toBe(served.total);
      }
    }
  });

  test('a common name walks the order index, a rare one starts from its matches', () => {
    const first = { name: 'hotel', page: 1, pageSize: 8 };
    expect(chooseHotelPagePlan(first, 30_000, 100_000)).toBe('walk');
    expect(chooseHotelPagePlan(first, 40, 100_000)).toBe('name');
    expect(chooseHotelPagePlan({ ...first, page: 5_000 }, 30_000, 100_000)).toBe('name');
    expect(chooseHotelPagePlan({ page: 9, pageSize: 8 }, 100_000, 100_000)).toBe('walk');
    expect(chooseHotelPagePlan({ ...first, city: 'x' }, 40, 100_000)).toBe('city');
    // With a stay, each of a name's hotels costs a probe of its rooms and nights: a name with
    // 546 stay matches among 100,000 hotels is walked, one with 15 still read from its matches.
    const stay = { ...first, checkIn: '2027-01-15', checkOut: '2027-01-18', guests: 4 };
    expect(chooseHotelPagePlan(first, 546, 100_000)).toBe('name');
    expect(chooseHotelPagePlan(stay, 546, 100_000)).toBe('walk');
    expect(chooseHotelPagePlan(stay, 15, 100_000)).toBe('name');
  });
});
