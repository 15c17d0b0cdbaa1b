/**
 * Stay search benchmark (`npm run bench -- dates`): the hotel list searched by dates over
 * 100,000 hotels with a booking load in the inventory ledger.
 *
 * 1. A throwaway embedded PostgreSQL (or DATABASE_URL), migrated and filled by
 *    seedLargeCatalogue (1–3 rooms per hotel).
 * 2. The booking load, written straight into the ledger (room_nights) as checkouts leave it: on
 *    each night of a busy fortnight, 30 % of the rooms fully booked and 20 % more with one unit
 *    taken; on the other nights of a quarter, 10 % fully booked. Then VACUUM ANALYZE.
 * 3. For each kind of search (city + dates, dates alone, dates + stars, city + dates + 2 rooms,
 *    dates alone deep in the list, by guest rating, a name + dates, a destination typed in the
 *    search box — a city, department or state, as written — + dates), and each again with 2 and
 *    with 4 guests a room (rooms sleep 1–4 in the set, so guests leave out rooms as well: a
 *    quarter of them sleep 4), queries drawn from the data, RUNS sequential calls of
 *    searchHotels as the route makes them for a stay (no read cache: a stay is never kept; the
 *    count stops at the route's bound, SEARCH_COUNT_CAP; the counts the route keeps — every
 *    hotel, a city's — kept as it keeps them): p50, p95, max, the matches told (their
 *    mean) and how many searches were told "more than" (counted to the bound).
 * 4. EXPLAIN (ANALYZE, BUFFERS) of the statements of the slowest search of each kind, run again
 *    with the settings they ran with (the count and a stay's page run without parallel workers).
 *
 * Target (product §5): p95 < 50 ms for every kind, with guests and without, on an idle machine;
 * the load average is printed before and after (figures taken under load are indicative only).
 * Environment: BENCH_HOTELS (100000), BENCH_DATES_RUNS (200), DATABASE_URL (use that server;
 * the ledger's booking load is written anew at each run).
 */
import { availableParallelism } from 'node:os';
import { HOTEL_TIME_ZONE_DEFAULT } from '@devstay/shared/constants';
import { addDays, calendarDateIn } from '@devstay/shared/stay';
import { count, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { hotels } from '../src/db/schema.ts';
import {
  chooseHotelPagePlan,
  type HotelSearch,
  type SqlQuery,
  searchHotels,
} from '../src/modules/hotels/search-planner.ts';
import {
  benchDatabase,
  Cleanups,
  envInt,
  loadAverage as load,
  machine,
  seedHotels,
  timeSequential,
} from './kit.ts';

const HOTELS = envInt('BENCH_HOTELS', 100_000);
const RUNS = envInt('BENCH_DATES_RUNS', 200);
const P95_TARGET_MS = 50;
/** Guests a room the kinds are run again with (besides none). */
const GUESTS_A_ROOM = [2, 4];

const pick = <T>(list: readonly T[]): T => {
  const item = list[Math.floor(Math.random() * list.length)];
  if (item === undefined) throw new Error('empty list');
  return item;
};
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/** The ledger's nights as a booking load leaves them (see the file's comment). */
async function bookRooms(db: Db, today: string): Promise<{ busyFrom: string; busyTo: string }> {
  const busyFrom = addDays(today, 30);
  const busyTo = addDays(busyFrom, 14);
  await db.execute(sql`truncate room_nights`);
  // Half the rooms have units taken on each busy night, 60 % of those every unit: 30 % full.
  await db.execute(sql`
    insert into room_nights (room_id, night, taken)
    select r.id, n::date, case when random() < 0.6 then r.stock else 1 end
    from rooms r
    cross join generate_series(${busyFrom}::date, ${busyTo}::date - 1, interval '1 day') n
    where random() < 0.5`);
  await db.execute(sql`
    insert into room_nights (room_id, night, taken)
    select r.id, n::date, r.stock
    from rooms r
    cross join generate_series(${today}::date, ${today}::date + 89, interval '1 day') n
    where (n::date < ${busyFrom}::date or n::date >= ${busyTo}::date) and random() < 0.1`);
  return { busyFrom, busyTo };
}

/**
 * The counts the route keeps (its catalogue cache's hotelCounts), as searchHotels is given them:
 * what a stay search counts besides its own matches — every hotel (to choose a name's plan), a
 * city's hotels — is kept across requests; its own matches never are (searchHotels loads them
 * each time). Nothing changes the catalogue during the run, so nothing drops them.
 */
const keptCounts = new Map<string, Promise<number>>();
const routeOptions = {
  // The route passes the app's clock; the bench's start is as good a "now".
  now: new Date(),
  counts: {
    get(key: string, load: () => Promise<number>) {
      let kept = keptCounts.get(key);
      if (!kept) {
        kept = load();
        keptCounts.set(key, kept);
      }
      return kept;
    },
  },
};

/**
 * The statements searchHotels sends for a search (through a pool that notes them), each with
 * the settings of the transaction it ran in, if any: a statement run without workers is sent
 * as one simple query, `begin; set local …; <statement>; commit`.
 */
async function statementsOf(db: Db, search: HotelSearch) {
  const sent: { query: SqlQuery; settings?: string }[] = [];
  const note = (q: string | SqlQuery) => {
    if (typeof q !== 'string') {
      sent.push({ query: q });
      return;
    }
    const simple = /^begin; (set local [^;]+); ([\s\S]*); commit$/.exec(q);
    if (simple?.[1] && simple[2])
      sent.push({ query: { text: simple[2], values: [] }, settings: simple[1] });
  };
  const pool = db.$client;
  const noting = {
    query: (q: string | SqlQuery) => {
      note(q);
      return pool.query(q as never);
    },
    connect: async () => {
      const client = await pool.connect();
      return new Proxy(client, {
        get(target, key, receiver) {
          if (key !== 'query') return Reflect.get(target, key, receiver);
          return (q: string | SqlQuery) => {
            note(q);
            return target.query(q as never);
          };
        },
      });
    },
  };
  const page = await searchHotels(
    { ...db, $client: noting } as unknown as Db,
    search,
    routeOptions,
  );
  return { sent, page };
}

async function main() {
  const cleanups = new Cleanups();
  try {
    const { db, uploadsDir } = await benchDatabase(cleanups, {
      database: 'devstay_bench',
      poolSize: 2,
    });
    console.log(machine());
    await seedHotels(db, HOTELS, uploadsDir);
    const today = calendarDateIn(HOTEL_TIME_ZONE_DEFAULT);
    const t1 = performance.now();
    const { busyFrom } = await bookRooms(db, today);
    await db.execute(sql`vacuum analyze`);
    const shape = (
      await db.execute<{ rooms: number; nights: number; full: number }>(sql`
        select (select count(*) from rooms)::int as rooms,
          (select count(*) from room_nights)::int as nights,
          (select count(*) from room_nights rn join rooms r on r.id = rn.room_id
            where rn.night = ${busyFrom}::date and rn.taken >= r.stock)::int as full`)
    ).rows[0];
    console.log(
      `booking load: ${shape?.nights} ledger rows over ${shape?.rooms} rooms; on ${busyFrom} ${(
        (100 * (shape?.full ?? 0)) / Math.max(1, shape?.rooms ?? 1)
      ).toFixed(1)} % of rooms full (written in ${((performance.now() - t1) / 1000).toFixed(1)} s)`,
    );

    const cities = (
      await db.execute<{ city: string; hotels: number }>(
        sql`select l.city, count(*)::int as hotels from hotels h
            join locations l on l.id = h.location_id group by l.city`,
      )
    ).rows;
    const names = (
      await db.execute<{ name: string }>(sql`select name from hotels order by random() limit 500`)
    ).rows.map((r) => r.name.split(' ')[0] ?? '');
    // What a guest types in the box for a destination: a place's city, department or state.
    const destinations = (
      await db.execute<{ place: string }>(
        sql`select distinct unnest(array[l.city, l.department, l.state]) as place
            from locations l where exists (select 1 from hotels h where h.location_id = l.id)`,
      )
    ).rows.map((r) => r.place);
    const [allHotels] = await db.select({ n: count() }).from(hotels);
    console.log(
      `catalogue: ${allHotels?.n} hotels in ${cities.length} cities, ${destinations.length} place names`,
    );

    /** A stay of 1–3 nights starting in the busy fortnight (most searches) or the quarter. */
    const stay = () => {
      const busy = Math.random() < 0.7;
      const checkIn = busy ? addDays(busyFrom, between(0, 12)) : addDays(today, between(1, 85));
      return { checkIn, checkOut: addDays(checkIn, between(1, 3)) };
    };
    const base = { page: 1, pageSize: 8 } as const;
    const stayKinds: [string, () => HotelSearch][] = [
      ['city + dates', () => ({ ...base, city: pick(cities).city, ...stay() })],
      ['dates alone', () => ({ ...base, ...stay() })],
      ['dates + stars', () => ({ ...base, qualification: between(1, 5), ...stay() })],
      ['city + dates + 2 rooms', () => ({ ...base, city: pick(cities).city, rooms: 2, ...stay() })],
      ['dates alone, page 50', () => ({ ...base, page: 50, ...stay() })],
      ['dates, guest rating', () => ({ ...base, sort: 'rating_desc', ...stay() })],
      ['name + dates', () => ({ ...base, name: pick(names), ...stay() })],
      ['destination + dates', () => ({ ...base, name: pick(destinations), ...stay() })],
    ];
    // Each kind again with guests: 2 and 4 a room (rooms sleep 1–4).
    const kinds: [string, () => HotelSearch][] = [
      ...stayKinds,
      ...GUESTS_A_ROOM.flatMap((guests) =>
        stayKinds.map(([kind, make]): [string, () => HotelSearch] => {
          const rooms = make().rooms ?? 1;
          return [
            `${kind} + ${guests * rooms} guests`,
            () => ({ ...make(), guests: guests * rooms }),
          ];
        }),
      ),
    ];
    console.log(`\n${RUNS} sequential searches of each kind, as the route runs a stay search`);
    console.log(
      `${'kind'.padEnd(36)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'max'.padStart(10)}${'matches avg'.padStart(14)}${'"more"'.padStart(8)}`,
    );
    const failures: string[] = [];
    const slowest = new Map<string, HotelSearch>();
    for (const [kind, make] of kinds) {
      let matches = 0;
      let lowerBounds = 0;
      const {
        p50,
        p95,
        max,
        slowest: search,
      } = await timeSequential(
        RUNS,
        make,
        (asked) => searchHotels(db, asked, routeOptions),
        ({ total, totalIsLowerBound }) => {
          matches += total;
          if (totalIsLowerBound) lowerBounds += 1;
        },
      );
      if (search !== undefined) slowest.set(kind, search);
      console.log(
        `${kind.padEnd(36)}${`${p50.toFixed(2)} ms`.padStart(10)}${`${p95.toFixed(2)} ms`.padStart(10)}${`${max.toFixed(2)} ms`.padStart(10)}${(matches / RUNS).toFixed(0).padStart(14)}${`${Math.round((100 * lowerBounds) / RUNS)} %`.padStart(8)}`,
      );
      if (!(p95 < P95_TARGET_MS)) {
        failures.push(`${kind}: p95 ${p95.toFixed(2)} ms`);
      }
    }

    console.log(
      '\nQuery plans (EXPLAIN ANALYZE) of the statements the slowest search of each kind sent, run again',
    );
    for (const [kind] of kinds) {
      const search = slowest.get(kind);
      if (!search) continue;
      const { sent, page } = await statementsOf(db, search);
      const plan = search.city
        ? 'city'
        : chooseHotelPagePlan(search, page.total, allHotels?.n ?? HOTELS);
      console.log(
        `\n${kind}: ${JSON.stringify(search)} (${page.totalIsLowerBound ? 'more than ' : ''}${page.total} matches, plan ${plan})`,
      );
      for (const { query, settings } of sent) {
        const client = await db.$client.connect();
        try {
          if (settings) await client.query(`begin; ${settings}`);
          const explained = await client.query<{ 'QUERY PLAN': string }>(
            `explain (analyze, buffers, costs off) ${query.text}`,
            query.values,
          );
          if (settings) await client.query('commit');
          const what = query.text.startsWith('select count') ? 'count' : 'page';
          console.log(`  ${what}${settings ? ` (${settings})` : ''}:`);
          for (const row of explained.rows) console.log(`    ${row['QUERY PLAN']}`);
        } finally {
          client.release();
        }
      }
    }

    console.log('\nTarget');
    console.log(
      failures.length === 0
        ? `  PASS  every kind: p95 < ${P95_TARGET_MS} ms`
        : `  FAIL  p95 ≥ ${P95_TARGET_MS} ms: ${failures.join('; ')}`,
    );
    console.log(`load average at the end: ${load()} (${availableParallelism()} CPUs)`);
    if (failures.length > 0) process.exitCode = 1;
  } finally {
    await cleanups.run();
  }
}

await main();
