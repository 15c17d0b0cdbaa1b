/**
 * Hotel picker benchmark (`npm run bench -- pickers`): the superAdmin's hotel picker
 * (GET /api/content/hotels?q=) over 100,000 hotels.
 *
 * 1. A throwaway embedded PostgreSQL (or DATABASE_URL), migrated and filled by
 *    seedLargeCatalogue (hotels spread over every city of the demo's location hierarchy);
 *    VACUUM ANALYZE, as autovacuum leaves a settled table.
 * 2. For each kind of search a superAdmin types (a word of a hotel's name, a city, a
 *    department, a word of a state, an accented or upper-case query, a name word with a city,
 *    one or two letters, nothing, a word nothing holds), queries drawn from the data, RUNS sequential
 *    calls of searchHotelPicker as the route makes them: p50, p95, max and the rows returned.
 * 3. EXPLAIN ANALYZE of the slowest search of each kind, run again.
 *
 * Target: p95 < 100 ms for every kind. Environment: BENCH_HOTELS (100000), BENCH_PICKER_RUNS
 * (200), DATABASE_URL (use that server).
 */
import { sql } from 'drizzle-orm';
import { hotelPickerStatement, searchHotelPicker } from '../src/modules/content/repository.ts';
import {
  benchDatabase,
  Cleanups,
  envInt,
  loadAverage,
  machine,
  seedHotels,
  timeSequential,
} from './kit.ts';

const HOTELS = envInt('BENCH_HOTELS', 100_000);
const RUNS = envInt('BENCH_PICKER_RUNS', 200);
const LIMIT = 20;
const P95_TARGET_MS = 100;

const pick = <T>(list: readonly T[]): T => {
  const item = list[Math.floor(Math.random() * list.length)];
  if (item === undefined) throw new Error('empty list');
  return item;
};

/** Upper-cases a random half of the time: the picker ignores case. */
const anyCase = (text: string) => (Math.random() < 0.5 ? text.toUpperCase() : text);

async function main() {
  const cleanups = new Cleanups();
  try {
    const { db, uploadsDir } = await benchDatabase(cleanups, {
      database: 'devstay_bench',
      poolSize: 2,
    });
    console.log(machine());
    await seedHotels(db, HOTELS, uploadsDir);
    await db.execute(sql`vacuum analyze`);

    // What a superAdmin types, drawn from the data so the searches find hotels.
    const places = (
      await db.execute<{ state: string; department: string; city: string; hotels: number }>(
        sql`select l.state, l.department, l.city, count(*)::int as hotels
            from hotels h join locations l on l.id = h.location_id
            group by l.id order by l.id`,
      )
    ).rows;
    const names = (
      await db.execute<{ name: string }>(sql`select name from hotels order by random() limit 2000`)
    ).rows.map((r) => r.name);
    const total = places.reduce((s, p) => s + p.hotels, 0);
    const states = new Set(places.map((p) => p.state));
    console.log(
      `catalogue: ${total} hotels in ${places.length} cities, ${new Set(places.map((p) => p.department)).size} departments, ${states.size} states`,
    );
    const wordsOf = (texts: string[]) => [
      ...new Set(texts.flatMap((t) => t.split(/\s+/)).filter((w) => w.length >= 3)),
    ];
    const nameWords = wordsOf(names);
    const stateWords = wordsOf([...states]);
    const accented = [
      ...wordsOf([...names, ...places.flatMap((p) => [p.city, p.department, p.state])]),
    ].filter((w) => w !== w.normalize('NFD').replace(/\p{M}/gu, ''));
    const letters = 'abcdefghijklmnopqrstuvwxyz'.split('');

    const kinds: [string, () => string][] = [
      ['name word', () => pick(nameWords)],
      ['name word start (3+ letters)', () => pick(nameWords).slice(0, 3)],
      ['city', () => pick(places).city],
      ['department', () => pick(places).department],
      ['state word', () => pick(stateWords)],
      ['accented / upper case', () => anyCase(pick(accented))],
      ['name word + city', () => `${pick(nameWords)} ${pick(places).city}`],
      ['one letter', () => pick(letters)],
      ['two letters', () => pick(letters) + pick(letters)],
      ['empty', () => ''],
      ['no match', () => `${pick(nameWords)}qx`],
    ];

    console.log(
      `\n${RUNS} sequential searches of each kind (limit ${LIMIT}), as the route runs them`,
    );
    console.log(
      `${'kind'.padEnd(32)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'max'.padStart(10)}${'rows avg'.padStart(10)}`,
    );
    const failures: string[] = [];
    const slowest = new Map<string, string>();
    for (const [kind, make] of kinds) {
      let rows = 0;
      const {
        p50,
        p95,
        max,
        slowest: q,
      } = await timeSequential(
        RUNS,
        make,
        (typed) => searchHotelPicker(db, typed, LIMIT),
        (found) => {
          rows += found.length;
        },
      );
      if (q !== undefined) slowest.set(kind, q);
      console.log(
        `${kind.padEnd(32)}${`${p50.toFixed(2)} ms`.padStart(10)}${`${p95.toFixed(2)} ms`.padStart(10)}${`${max.toFixed(2)} ms`.padStart(10)}${(rows / RUNS).toFixed(1).padStart(10)}`,
      );
      if (!(p95 < P95_TARGET_MS)) failures.push(`${kind}: p95 ${p95.toFixed(2)} ms`);
    }

    console.log('\nQuery plans (EXPLAIN ANALYZE) of the slowest search of each kind, run again');
    for (const [kind] of kinds) {
      const q = slowest.get(kind) ?? '';
      const statement = hotelPickerStatement(q, LIMIT);
      const plan = await db.execute<{ 'QUERY PLAN': string }>(
        sql`explain (analyze, buffers, costs off) ${statement}`,
      );
      console.log(`\n${kind}: q = ${JSON.stringify(q)}`);
      for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);
    }

    console.log('\nTarget');
    console.log(
      failures.length === 0
        ? `  PASS  every kind p95 < ${P95_TARGET_MS} ms`
        : `  FAIL  p95 ≥ ${P95_TARGET_MS} ms: ${failures.join('; ')}`,
    );
    console.log(`load average at the end: ${loadAverage()}`);
    if (failures.length > 0) process.exitCode = 1;
  } finally {
    await cleanups.run();
  }
}

await main();
