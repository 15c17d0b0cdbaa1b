import type { AddressInfo } from 'node:net';
import type { HotelCard } from '@devstay/shared/contracts/catalogue';
import { HOTEL_LIST_PARAMS } from '@devstay/shared/hotel-list-params';
import { afterAll, beforeAll, expect, test } from 'vitest';

/**
 * A parameter added to HOTEL_LIST_PARAMS and nowhere else is honoured everywhere the hotel list
 * reads its query: the API's contract, the search planner's filter, the kept answers' key, the
 * server render's address and data, the web's address, its chips and "clear filters".
 *
 * The parameter is a yes/no hotel attribute of this file only: it is put into the table before
 * any module that derives from it loads (each test file has its modules of its own), and its
 * column into this file's database only. Nothing of it ships.
 */
const FLAG = 'throwawayFlag';
Object.assign(HOTEL_LIST_PARAMS, { [FLAG]: { kind: 'boolean', label: 'Throwaway flag' } });

// Loaded after the table has the parameter, as they load with one written there.
const { createTestApp } = await import('../../test/app.ts');
const { insertHotel, insertLocation, insertRoom, uniqueToken } = await import(
  '../../test/catalogue-rows.ts'
);
const { inDays } = await import('../../test/booking-fixtures.ts');
const { keptAddress } = await import('../../lib/kept-address.ts');
const web = {
  api: await import('../../../../web/src/lib/api.ts'),
  loader: await import('../../../../web/src/app/routes/hotels/hotel-list-loader.ts'),
  state: await import('../../../../web/src/features/hotels/hooks/use-hotel-list-state.ts'),
  filters: await import('../../../../web/src/features/hotels/hooks/hotel-filters.ts'),
  chips: await import('../../../../web/src/features/hotels/hooks/filter-chips.ts'),
};

let t: Awaited<ReturnType<typeof createTestApp>>;
let base = '';
const city = `Flagville ${uniqueToken()}`;
const flagged: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.db.$client.query(
    'alter table hotels add column throwaway_flag boolean not null default false',
  );
  const location = await insertLocation(t.db, { state: 'S', department: 'D', city });
  for (const [name, flag] of [
    ['Alpha inn', true],
    ['Beta inn', false],
    ['Gamma inn', true],
  ] as const) {
    const hotel = await insertHotel(t.db, { name: `${name} ${city}`, locationId: location.id });
    await insertRoom(t.db, { hotelId: hotel.id, stock: 3 });
    if (flag) {
      await t.db.$client.query('update hotels set throwaway_flag = true where id = $1', [hotel.id]);
      flagged.push(hotel.name);
    }
  }
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // The server render's reads, as web-app.ts gives them: to this server.
  web.api.setApiTransport((url, init) => fetch(base + url, init));
});
afterAll(() => t?.close());

const names = (cards: HotelCard[]) => cards.map((card) => card.name).sort();
const cityQuery = `city=${encodeURIComponent(city)}`;

test('the API reads it, the planner filters on it and the kept answers keep it apart', async () => {
  const hits = t.app.keptAnswers.hits;
  // Twice each, in turn: the second of each is the kept answer, under its own address.
  for (let round = 0; round < 2; round++) {
    const all = await fetch(`${base}/api/hotels?${cityQuery}`);
    expect(all.status).toBe(200);
    expect(names((await all.json()) as HotelCard[])).toHaveLength(3);
    const only = await fetch(`${base}/api/hotels?${cityQuery}&${FLAG}=true`);
    expect(only.status).toBe(200);
    expect(names((await only.json()) as HotelCard[])).toEqual(flagged.sort());
    expect(only.headers.get('x-total-count')).toBe('2');
  }
  expect(t.app.keptAnswers.hits).toBe(hits + 2);

  // With a stay, the search is read with its values written into the statement.
  const stay = `checkIn=${inDays(40)}&checkOut=${inDays(42)}`;
  const live = await fetch(`${base}/api/hotels?${cityQuery}&${stay}&${FLAG}=true`);
  expect(live.status).toBe(200);
  expect(names((await live.json()) as HotelCard[])).toEqual(flagged.sort());

  // `true` or absent: anything else is a 400 that names it, never read as either.
  for (const value of ['false', '1', 'TRUE', '']) {
    const refused = await t.app.inject(`/api/hotels?${cityQuery}&${FLAG}=${value}`);
    expect(refused.statusCode, value).toBe(400);
    expect(refused.json().field, value).toBe(FLAG);
  }
});

test('the server render asks for it, and keeps one page per its value', async () => {
  const url = new URL(`http://localhost/home?${cityQuery}&${FLAG}=true&utm_source=mail`);
  expect(web.loader.hotelListLive(url)).toBe(false);
  const [query, ...others] = web.loader.hotelListData({ params: {}, url });
  if (!query) throw new Error('the list asks for no data');
  expect(others).toEqual([]);
  // Its read as the render runs it (the query client's work is the same for every query).
  const read = query.queryFn as (context: { signal: AbortSignal }) => Promise<unknown>;
  const page = await read({ signal: new AbortController().signal });
  expect(names((page as { items: HotelCard[] }).items)).toEqual(flagged.sort());

  const params = web.loader.HOTEL_LIST_ADDRESS_PARAMS;
  const withFlag = keptAddress(`/home?${cityQuery}&${FLAG}=true&utm_source=mail`, params);
  expect(withFlag).toBe(`/home?${cityQuery}&${FLAG}=true`);
  expect(keptAddress(`/home?${cityQuery}`, params)).not.toBe(withFlag);
});

test('the address keeps it, its chip shows it, its close button and "clear filters" drop it', () => {
  const address = new URLSearchParams(`${cityQuery}&${FLAG}=true&sort=name_desc`);
  const read = web.state.parseHotelListParams(address) as Record<string, unknown>;
  expect(read[FLAG]).toBe(true);
  expect(web.state.parseHotelListParams(new URLSearchParams(`${FLAG}=false`))).not.toHaveProperty(
    FLAG,
  );

  const chips = web.chips.activeFilters(web.state.parseHotelListParams(address), (d) => d);
  expect(chips).toContainEqual({ key: FLAG, label: 'Throwaway flag' });
  // Alone in the address, it has the chips drawn.
  const alone = web.state.parseHotelListParams(new URLSearchParams(`${FLAG}=true`));
  expect(web.filters.hasActiveFilter(alone)).toBe(true);

  const removed = new URLSearchParams(address);
  web.filters.removeFilterFrom(removed, FLAG as never);
  expect(Object.fromEntries(removed)).toEqual({ city, sort: 'name_desc' });

  const cleared = new URLSearchParams(address);
  web.filters.clearFiltersFrom(cleared);
  expect(cleared.toString()).toBe('');
});
