/**
 * A large synthetic catalogue for benchmarks: N more hotels spread over every city, with
 * names combined from word lists, 1–3 rooms each (with room services and nightly rates) and 1–2
 * hotel services, all reusing the demo pictures. Rows go in with a few set-based statements (arrays unnested in
 * batches for the hotels, INSERT … SELECT for the rest), in one transaction; then the hotels
 * table is rewritten compactly and every table written analyzed.
 */

import type { Db } from '@devstay/api/db/client';
import type { ImageStorage } from '@devstay/api/modules/images/storage';
import { searchKey } from '@devstay/shared/text';
import type { PoolClient } from 'pg';
import { seedIfEmpty } from './demo.ts';
import {
  DESCRIPTION_DETAILS,
  DESCRIPTION_OPENINGS,
  KINDS,
  PLACE_WORDS,
  STREETS,
  TECH_WORDS,
} from './large-words.ts';
import { createRng } from './prng.ts';

const BATCH = 10_000;

export interface LargeReport {
  hotels: number;
  rooms: number;
  roomServiceLinks: number;
  hotelServices: number;
  roomRates: number;
  ms: number;
  /** Milliseconds of each step, in order. */
  steps: Record<string, number>;
  /** Whether the foreign-key checks could be skipped (see skipForeignKeyChecks). */
  foreignKeyChecksSkipped: boolean;
}

interface City {
  id: number;
  city: string;
  weight: number;
}

const FILLED_TABLES = ['hotels', 'rooms', 'room_room_services', 'hotel_services', 'room_rates'];

/** Statistics of every table the load writes, for the statements that read them next. */
const ANALYZE_WRITTEN = [...FILLED_TABLES, 'hotel_search']
  .map((table) => `analyze ${table}`)
  .join('; ');

/**
 * The triggers this load does the work of, so that it may skip them with the foreign-key checks:
 * those that keep each hotel card's "from" price (migrations 0022 and 0034), each
 * hotel's largest room (migration 0031) and its search copy (hotel_search, migration 0032),
 * stored once at the end of the load, and the one that writes a hotel's search key (migration
 * 0025), which the load writes by the same rule (devstay_search_key).
 */
const LOAD_WRITTEN_TRIGGER_FUNCTIONS = [
  'devstay_rooms_from_changed',
  'devstay_room_rates_from_changed',
  'devstay_rooms_capacity_changed',
  'devstay_hotel_search_changed',
  'devstay_hotel_search_key',
];

/**
 * Foreign-key checks were half of the time of this load (a trigger call per inserted row),
 * and they cannot fail here: every reference is read from the tables in this transaction.
 * Replica mode skips them, which only a superuser may set (the embedded server's user is one);
 * elsewhere, or when one of the tables has a trigger of its own that must run, they stay on.
 * Replica mode skips the triggers the load does the work of too (LOAD_WRITTEN_TRIGGER_FUNCTIONS).
 */
async function skipForeignKeyChecks(client: PoolClient): Promise<boolean> {
  const own = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_trigger t
     where t.tgrelid = any($1::regclass[]) and not t.tgisinternal
       and t.tgfoid not in (select oid from pg_proc where proname = any($2::text[]))`,
    [FILLED_TABLES, LOAD_WRITTEN_TRIGGER_FUNCTIONS],
  );
  if ((own.rows[0]?.n ?? 0) > 0) return false;
  await client.query('savepoint replica_role');
  try {
    await client.query('set local session_replication_role = replica');
    await client.query('release savepoint replica_role');
    return true;
  } catch {
    await client.query('rollback to savepoint replica_role');
    return false;
  }
}

/**
 * Adds `hotels` synthetic hotels (after making sure the demo seed ran: its pictures, rooms and
 * services are the templates). `seed` varies the names between runs; by default it follows the
 * number of hotels already there, so a second run adds different ones.
 */
export async function seedLargeCatalogue(
  db: Db,
  options: { hotels: number; storage: ImageStorage; seed?: number },
): Promise<LargeReport> {
  const started = performance.now();
  if (!Number.isInteger(options.hotels) || options.hotels < 0) {
    throw new Error(`The number of hotels must be a whole number ≥ 0, not ${options.hotels}`);
  }
  const steps: Record<string, number> = {};
  let mark = performance.now();
  const step = (name: string) => {
    const now = performance.now();
    steps[name] = Math.round(now - mark);
    mark = now;
  };
  await seedIfEmpty(db, { storage: options.storage });
  step('demo seed');
  const client = await db.$client.connect();
  try {
    await client.query('begin');
    // Losing this transaction in a crash only loses benchmark data: no need to wait for the disk.
    await client.query('set local synchronous_commit = off');
    // Room for the sorts and hash joins of the set-based inserts.
    await client.query("set local work_mem = '64MB'");
    const foreignKeyChecksSkipped = await skipForeignKeyChecks(client);
    const before = await client.query<{ max: number; n: number }>(
      'select coalesce(max(id), 0)::int as max, count(*)::int as n from hotels',
    );
    const firstNew = (before.rows[0]?.max ?? 0) + 1;
    const rng = createRng(options.seed ?? before.rows[0]?.n ?? 0);

    // Templates from the demo seed: galleries, rooms and hotel services of the first hotels.
    await client.query(`
      create temp table large_gallery on commit drop as
        select (row_number() over (order by id))::int - 1 as idx, image
        from (select id, image from hotels where jsonb_array_length(image) > 0 order by id limit 100) h;
      create temp table large_room on commit drop as
        select (row_number() over (order by name, category))::int - 1 as idx, name, category, image,
               description, price_cents
        from (
          select distinct on (name, category) name, category, image, description, price_cents
          from rooms where hotel_id in (select id from hotels order by id limit 100)
          order by name, category, id
        ) r;
      create temp table large_service on commit drop as
        select (row_number() over (order by name, id))::int - 1 as idx, name, description, image
        from (
          select distinct on (name) id, name, description, image from hotel_services
          where hotel_id in (select id from hotels order by id limit 100)
          order by name, id
        ) s;
    `);
    const sizes = await client.query<{ g: number; r: number; s: number }>(
      `select (select count(*) from large_gallery)::int as g, (select count(*) from large_room)::int as r,
              (select count(*) from large_service)::int as s`,
    );
    const galleries = sizes.rows[0]?.g ?? 0;
    const roomTemplates = sizes.rows[0]?.r ?? 0;
    const serviceTemplates = sizes.rows[0]?.s ?? 0;
    if (galleries === 0 || roomTemplates === 0 || serviceTemplates === 0) {
      throw new Error('The demo catalogue is missing: it provides the pictures of the large one');
    }

    // Cities: every one gets hotels; those of the demo hotels (the big ones) six times as many.
    const cityRows = await client.query<{ id: number; city: string; busy: boolean }>(
      `select l.id, l.city, exists (select 1 from hotels h where h.location_id = l.id and h.id < $1) as busy
       from locations l order by l.id`,
      [firstNew],
    );
    const cities: City[] = cityRows.rows.map((c) => ({
      id: c.id,
      city: c.city,
      weight: c.busy ? 6 : 1,
    }));
    const totalWeight = cities.reduce((s, c) => s + c.weight, 0);
    const pickCity = () => {
      let x = rng.next() * totalWeight;
      for (const c of cities) {
        x -= c.weight;
        if (x < 0) return c;
      }
      return cities[cities.length - 1] as City;
    };

    step('templates');
    for (let done = 0; done < options.hotels; done += BATCH) {
      const n = Math.min(BATCH, options.hotels - done);
      const names: string[] = [];
      const keys: string[] = [];
      const qualifications: number[] = [];
      const descriptions: string[] = [];
      const addresses: string[] = [];
      const locationIds: number[] = [];
      const gallery: number[] = [];
      for (let i = 0; i < n; i++) {
        const city = pickCity();
        const kind = rng.pick(KINDS);
        const tech = rng.pick(TECH_WORDS);
        const pattern = rng.int(0, 3);
        const name =
          pattern === 0
            ? `${kind} ${tech} ${rng.pick(PLACE_WORDS)}`
            : pattern === 1
              ? `${kind} ${rng.pick(PLACE_WORDS)} ${tech}`
              : pattern === 2
                ? `${tech} ${kind} ${city.city.toLowerCase()}`
                : `${kind} ${rng.sample(TECH_WORDS, 2).join(' ')}`;
        names.push(name);
        keys.push(searchKey(name));
        const q = rng.pick([1, 2, 3, 3, 3, 4, 4, 4, 5, 5]);
        qualifications.push(q);
        descriptions.push(
          `${rng.pick(DESCRIPTION_OPENINGS).replace('{kind}', kind).replace('{city}', city.city)}. ${rng
            .sample(DESCRIPTION_DETAILS, 2)
            .join(' ')}`,
        );
        addresses.push(`${rng.pick(STREETS)} ${rng.int(1, 60) * 50 + rng.int(0, 49)}`);
        locationIds.push(city.id);
        gallery.push(rng.int(0, galleries - 1));
      }
      await client.query(
        `insert into hotels (name, name_key, search_key, image, qualification, description, address, location_id)
         select u.name, u.name_key, devstay_search_key(u.name_key, u.location_id), g.image,
           u.qualification, u.description, u.address, u.location_id
         from unnest($1::text[], $2::text[], $3::int2[], $4::text[], $5::text[], $6::int[], $7::int[])
              as u(name, name_key, qualification, description, address, location_id, gallery)
         join large_gallery g on g.idx = u.gallery`,
        [names, keys, qualifications, descriptions, addresses, locationIds, gallery],
      );
    }

    step('hotels');
    // 1–3 rooms per hotel, distinct (name, category), prices varied around the template's, each
    // sleeping 1–4 guests.
    const roomResult = await client.query(
      `insert into rooms (hotel_id, name, image, price_cents, description, category, stock,
         capacity)
       select h.id, t.name, t.image,
              least(100000, greatest(1000,
                round(t.price_cents * (0.7 + ((h.id * 37 + k * 11) % 60) / 100.0) / 100) * 100))::int,
              t.description, t.category, 1 + ((h.id * 31 + k * 17) % 30),
              1 + ((h.id * 13 + k * 5) % 4)
       from hotels h
       cross join lateral generate_series(1, 1 + (h.id * 7) % 3) as k
       join large_room t on t.idx = (h.id * 5 + k) % $2
       where h.id >= $1`,
      [firstNew, roomTemplates],
    );
    step('rooms');
    const firstRoom = await client.query<{ min: number }>(
      'select coalesce(min(id), 0)::int as min from rooms where hotel_id >= $1',
      [firstNew],
    );
    // Wifi in every room and two more services (as the catalogue has ten, `% 10 < 2` picks two),
    // inserted in key order so the primary key index grows at its end.
    const linkResult = await client.query(
      `insert into room_room_services (room_id, room_service_id)
       select r.id, s.id from rooms r
       cross join room_services s
       where r.id >= $1 and r.hotel_id >= $2
         and (s.name_key = 'wifi 1 gbps' or (r.id * 7 + s.id * 13) % 10 < 2)
       order by r.id, s.id`,
      [firstRoom.rows[0]?.min ?? 0, firstNew],
    );
    step('room services');
    const serviceResult = await client.query(
      `insert into hotel_services (hotel_id, name, image, description)
       select h.id, t.name, t.image, t.description
       from hotels h
       cross join lateral generate_series(0, (h.id * 3) % 2) as k
       join large_service t on t.idx = (h.id + k * 3) % $2
       where h.id >= $1`,
      [firstNew, serviceTemplates],
    );
    step('hotel services');
    // Nightly rates as the demo hotels have them, so a search prices its cards and a checkout
    // its nights against real rules: a third of the rooms dearer in January and February next
    // year (a season), a quarter dearer on Friday and Saturday nights (a weekday rule), and a
    // tenth with a season already over (kept, but pricing no night searched).
    const rateResult = await client.query(
      `insert into room_rates (room_id, kind, first_night, last_night, weekdays, price_cents)
       select r.id, 'season', make_date(y.next, 1, 1), make_date(y.next, 2, 28), null,
              least(100000, round(r.price_cents * 1.3 / 100) * 100)::int
       from rooms r, (select extract(year from current_date)::int + 1 as next) y
       where r.hotel_id >= $1 and r.id % 3 = 0
       union all
       select r.id, 'weekdays', null, null, '{5,6}'::smallint[],
              least(100000, round(r.price_cents * 1.2 / 100) * 100)::int
       from rooms r where r.hotel_id >= $1 and r.id % 4 = 1
       union all
       select r.id, 'season', make_date(y.last, 7, 1), make_date(y.last, 7, 31), null,
              least(100000, round(r.price_cents * 1.1 / 100) * 100)::int
       from rooms r, (select extract(year from current_date)::int - 1 as last) y
       where r.hotel_id >= $1 and r.id % 10 = 7`,
      [firstNew],
    );
    step('room rates');
    // The triggers that keep the cards' "from" prices, the largest rooms and the search copy
    // were skipped with the foreign-key checks: one call each for every new hotel, instead of
    // one per statement (or row) it wrote; the copy last, as it copies the largest room.
    if (foreignKeyChecksSkipped) {
      // Planned without statistics of the rows just written (the tables looked empty), the
      // first of them joined 100,000 hotels to their rooms and rates in nested loops for more
      // than 20 minutes; with them, in seconds.
      await client.query(ANALYZE_WRITTEN);
      for (const store of [
        'devstay_store_hotel_from',
        'devstay_store_largest_room',
        'devstay_store_hotel_search',
      ]) {
        await client.query(`select ${store}(array(select id from hotels where id >= $1))`, [
          firstNew,
        ]);
      }
    }
    step('from prices');
    await client.query('commit');
    step('commit');
    // Storing the cards' "from" and the largest rooms wrote every new hotel's row again, in
    // pages the insert had filled: each a new row version and new index entries. VACUUM would
    // free the old ones but keep the size: the hotels at twice theirs (100,000: 157 MB against
    // 78) and their indexes at two to three times (the trigram index 32 MB against 12), and every
    // list statement read that many more pages. Rewritten once (4 s for 100,000), as after any
    // bulk import. The rewrite leaves no page marked all-visible, so every index-only scan of
    // the hotels (a list page's keys) read their rows too until autovacuum came by: a plain
    // VACUUM marks them.
    await client.query('vacuum full hotels');
    await client.query('vacuum hotels');
    step('compact');
    await client.query(ANALYZE_WRITTEN);
    step('analyze');
    return {
      hotels: options.hotels,
      rooms: roomResult.rowCount ?? 0,
      roomServiceLinks: linkResult.rowCount ?? 0,
      hotelServices: serviceResult.rowCount ?? 0,
      roomRates: rateResult.rowCount ?? 0,
      ms: performance.now() - started,
      steps,
      foreignKeyChecksSkipped,
    };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
