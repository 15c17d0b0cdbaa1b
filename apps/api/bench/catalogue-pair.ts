/**
 * The hotel list against another code, interleaved
 * (`BENCH_PAIR_DIR=<a checkout, its packages installed> npm run bench -- catalogue-pair`).
 *
 * Two runs of the catalogue benchmark one after the other move by up to half between them on
 * this 2-core machine (the same code's mixed miss, 753 µs of CPU in one run and 1,320 in the
 * next), more than two codes differ. Here both apps run at once, each in its own process on
 * its own database of one embedded PostgreSQL (each migrated and filled by its own code, the
 * same seed), and the load alternates between them in short bursts (A B, B A, …): whatever
 * the machine does meanwhile falls on both alike. For each of the catalogue benchmark's four
 * list scenarios (popular searches and the mixed set, Zipf-popular; then every request new),
 * each code's searches in its own orders: requests a second, the CPU a request cost its server
 * process and the database over its own bursts, and the share its list cache answered.
 *
 * Targets (docs/scaling.md, Hotel list): this code's popular pages at least as
 * fast as the other's, and a request that misses every cache at most the other's CPU.
 * Environment: BENCH_PAIR_DIR (required), BENCH_HOTELS (100000), BENCH_PAIR_ROUNDS (8),
 * BENCH_PAIR_SECONDS (3: a burst), BENCH_CONNECTIONS (16), BENCH_DISTINCT_QUERIES (20000).
 */
import path from 'node:path';
import { HOTEL_SORT_VALUES } from '@devstay/shared/constants';
import { sql } from 'drizzle-orm';
import {
  ask,
  type BenchServer,
  benchDatabase,
  Cleanups,
  cannonPaths,
  databaseCpuMs,
  envInt,
  loadAverage,
  machine,
  printTargets,
  processCpuMs,
  seedHotels,
  startServer,
} from './kit.ts';
import {
  fullQuery,
  loadSamples,
  mixedQuery,
  queryPool,
  type Sample,
  toPath,
  zipf,
} from './list-traffic.ts';

const HOTELS = envInt('BENCH_HOTELS', 100_000);
const ROUNDS = envInt('BENCH_PAIR_ROUNDS', 8);
const BURST_SECONDS = envInt('BENCH_PAIR_SECONDS', 3);
const CONNECTIONS = envInt('BENCH_CONNECTIONS', 16);
const DISTINCT_QUERIES = envInt('BENCH_DISTINCT_QUERIES', 20_000);

interface Totals {
  requests: number;
  seconds: number;
  serverMs: number;
  databaseMs: number;
  failed: number;
  hits: number;
  misses: number;
}

interface Side {
  name: string;
  server: BenchServer;
  sorts: readonly string[];
  samples: Sample[];
  totals: Map<string, Totals>;
}

/** The list cache's hits and misses so far (bench/server.ts answers 'stats'). */
const listStats = async (server: BenchServer) =>
  (await ask<{ stats: { list: { hits: number; misses: number } } }>(server, 'stats', 'stats')).stats
    .list;

async function main() {
  const other = process.env.BENCH_PAIR_DIR;
  if (!other)
    throw new Error('BENCH_PAIR_DIR: the checkout to compare with (its packages installed)');
  if (process.env.DATABASE_URL) throw new Error('The pair runs on its own embedded PostgreSQL');
  const cleanups = new Cleanups();
  try {
    const { db, url, dataDir, uploadsDir } = await benchDatabase(cleanups, {
      database: 'devstay_bench',
      poolSize: 4,
    });
    console.log(machine());
    await seedHotels(db, HOTELS, uploadsDir);
    await db.execute(sql`vacuum analyze`);

    // The other code's database in the same server, migrated and filled by that code.
    await db.execute(sql`create database devstay_pair`);
    const otherUrl = new URL(url);
    otherUrl.pathname = '/devstay_pair';
    const otherDatabase = await import(path.join(other, 'apps/api/src/db/open-database.ts'));
    const otherKit = await import(path.join(other, 'apps/api/bench/kit.ts'));
    const opened = await otherDatabase.openDatabase({
      databaseUrl: otherUrl.href,
      dataDir,
      port: 0,
      poolSize: 4,
    });
    cleanups.add(() => opened.close());
    await otherKit.seedHotels(opened.db, HOTELS, path.join(uploadsDir, 'pair'));
    await opened.db.$client.query('vacuum analyze');
    const otherSorts: readonly string[] = (
      await import(path.join(other, 'packages/shared/src/constants.ts'))
    ).HOTEL_SORT_VALUES;

    const serverEnv = (databaseUrl: string) => ({
      NODE_ENV: 'production',
      BENCH_DATABASE_URL: databaseUrl,
      BENCH_UPLOADS_DIR: uploadsDir,
    });
    const sides: Side[] = [
      {
        name: path.basename(other),
        server: await startServer(cleanups, serverEnv(otherUrl.href), undefined, other),
        sorts: otherSorts,
        samples: await loadSamples(opened.db.$client),
        totals: new Map(),
      },
      {
        name: 'this code',
        server: await startServer(cleanups, serverEnv(url)),
        sorts: HOTEL_SORT_VALUES,
        samples: await loadSamples(db.$client),
        totals: new Map(),
      },
    ];

    const scenarios: [string, (side: Side) => () => string][] = [
      [
        'popular: search+stars+city+sort+page',
        (s) => zipf(queryPool(DISTINCT_QUERIES, () => fullQuery(s.samples, s.sorts))),
      ],
      [
        'popular: mixed (browse, filters, deep)',
        (s) => zipf(queryPool(DISTINCT_QUERIES, () => mixedQuery(s.samples, s.sorts))),
      ],
      ['every request new: search+stars+…', (s) => () => toPath(fullQuery(s.samples, s.sorts))],
      ['every request new: mixed', (s) => () => toPath(mixedQuery(s.samples, s.sorts))],
    ];

    /** One burst of load on one side; what it cost added to its totals when `scenario` is set. */
    const burst = async (
      side: Side,
      nextPath: () => string,
      seconds: number,
      scenario?: string,
    ) => {
      const pid = side.server.child.pid as number;
      let failed = 0;
      const before = { stats: await listStats(side.server), server: processCpuMs(pid) };
      const database = databaseCpuMs(dataDir) ?? 0;
      const started = performance.now();
      const result = await cannonPaths(
        {
          url: side.server.base,
          connections: CONNECTIONS,
          duration: seconds,
          headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
        },
        nextPath,
        (status) => {
          if (status !== 200) failed += 1;
        },
      );
      const elapsed = (performance.now() - started) / 1000;
      const databaseMs = (databaseCpuMs(dataDir) ?? 0) - database;
      const serverMs = processCpuMs(pid) - before.server;
      const stats = await listStats(side.server);
      if (!scenario) return;
      const totals = side.totals.get(scenario) ?? {
        requests: 0,
        seconds: 0,
        serverMs: 0,
        databaseMs: 0,
        failed: 0,
        hits: 0,
        misses: 0,
      };
      totals.requests += result.requests.total;
      totals.seconds += elapsed;
      totals.serverMs += serverMs;
      totals.databaseMs += databaseMs;
      totals.failed += failed + result.errors;
      totals.hits += stats.hits - before.stats.hits;
      totals.misses += stats.misses - before.stats.misses;
      side.totals.set(scenario, totals);
    };

    console.log(
      `\n${sides[0]?.name} and this code, ${CONNECTIONS} connections, ${ROUNDS} rounds of a` +
        ` ${BURST_SECONDS} s burst each (after 3 s of warm-up each), alternating; load average ${loadAverage()}`,
    );
    const cpu = (t: Totals) => ((t.serverMs + t.databaseMs) * 1000) / Math.max(1, t.requests);
    const rate = (t: Totals) => t.requests / Math.max(0.001, t.seconds);
    for (const [scenario, traffic] of scenarios) {
      const paths = sides.map(traffic);
      for (const [i, side] of sides.entries()) await burst(side, paths[i] as () => string, 3);
      for (let round = 0; round < ROUNDS; round++) {
        for (const i of round % 2 === 0 ? [0, 1] : [1, 0]) {
          await burst(sides[i] as Side, paths[i] as () => string, BURST_SECONDS, scenario);
        }
      }
      console.log(`  ${scenario}`);
      for (const side of sides) {
        const t = side.totals.get(scenario) as Totals;
        const us = (ms: number) => `${((ms * 1000) / Math.max(1, t.requests)).toFixed(0)} µs`;
        console.log(
          `    ${side.name.padEnd(12)} ${rate(t).toFixed(0).padStart(6)} req/s   server ${us(t.serverMs).padStart(7)} + database ${us(t.databaseMs).padStart(7)} = ${cpu(t).toFixed(0).padStart(5)} µs   list cache ${((100 * t.hits) / Math.max(1, t.hits + t.misses)).toFixed(0)} %${t.failed ? `   ${t.failed} failed` : ''}`,
        );
      }
    }
    const [theirs, ours] = sides as [Side, Side];
    const of = (side: Side, i: number) => side.totals.get(scenarios[i]?.[0] as string) as Totals;
    printTargets([
      ...[0, 1].map(
        (i) =>
          [
            `${scenarios[i]?.[0]}: ${rate(of(ours, i)).toFixed(0)} req/s >= ${rate(of(theirs, i)).toFixed(0)}`,
            rate(of(ours, i)) >= rate(of(theirs, i)),
          ] as const,
      ),
      ...[2, 3].map(
        (i) =>
          [
            `${scenarios[i]?.[0]}: ${cpu(of(ours, i)).toFixed(0)} µs of CPU <= ${cpu(of(theirs, i)).toFixed(0)}`,
            cpu(of(ours, i)) <= cpu(of(theirs, i)),
          ] as const,
      ),
      [
        'no failed request',
        sides.every((s) => [...s.totals.values()].every((t) => t.failed === 0)),
      ],
    ]);
    console.log(`load average at the end: ${loadAverage()}`);
  } finally {
    await cleanups.run();
  }
}

await main();
