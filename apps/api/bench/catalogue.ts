/**
 * Catalogue benchmark (`npm run bench`): search + filter + sort + page over 100,000 hotels.
 *
 * 1. A throwaway embedded PostgreSQL (or DATABASE_URL), migrated and filled by
 *    seedLargeCatalogue; VACUUM ANALYZE, as autovacuum leaves a settled table.
 * 2. The real app (bench/server.ts) in a child process on a free loopback port.
 * 3. autocannon, for a fixed time each, against the bare /api/health route and the hotel list,
 *    sending a browser's Accept-Encoding.
 *    The list's traffic model: a pool of distinct searches drawn from the data (every one has
 *    matches), each request picking one with Zipf popularity (rank r has weight 1/r), as real
 *    search traffic concentrates on a few popular searches with a long tail. Two pools:
 *    search + stars + city + sort + page together, and a broader mix (browsing without
 *    filters, one filter, deep pages). Then, for reference, the same two kinds with every
 *    request new (the read cache never helps: the database answers each one). For each list
 *    scenario and the bare run before it, the CPU a request cost the server process and the
 *    embedded database over the measured window (it moves less with the machine's load).
 * 4. The pages the server renders (the web build, made if stale): /home with the same searches
 *    and hotel pages, Zipf-popular (kept until the catalogue changes), then every page new
 *    (each one rendered), each with the CPU per request like the lists'. Then one request at a
 *    time, the server's CPU for each (its count read before and after it): a trivial request, a
 *    /home search and a hotel page not already kept, a kept page.
 * 5. The list's SQL alone (searchHotels without caches, N sequential runs), and the two ways
 *    of counting matches (a second query, or count(*) over () in the page query).
 *
 * Targets (docs/scaling.md, Hotel list): list p95 < 25 ms; list throughput >= half the bare route's; a
 * list request that misses every cache: server + database CPU printed against its 750 µs aim. A page
 * not already kept: p50 <= 8 ms of server CPU (a /home search, a hotel page); the popular
 * pages >= 0.1 × the bare route's throughput.
 * Environment: BENCH_HOTELS (100000), BENCH_SECONDS (10), BENCH_CONNECTIONS (16),
 * BENCH_DISTINCT_QUERIES (20000), BENCH_SQL_RUNS (1000), BENCH_PAGE_SAMPLES (300: requests of
 * each kind one at a time), DATABASE_URL (use that server).
 */
import path from 'node:path';
import { HOTEL_SORT_VALUES } from '@devstay/shared/constants';
import { TOTAL_COUNT_HEADER } from '@devstay/shared/http';
import { count, sql } from 'drizzle-orm';
import { buildWebIfStale, ROOT } from '../../../scripts/web-build.ts';
import { hotels } from '../src/db/schema.ts';
import { ReadCache } from '../src/lib/read-cache.ts';
import {
  type HotelPagePlan,
  type HotelSearch,
  hotelCountQuery,
  hotelPageQuery,
  searchHotels,
} from '../src/modules/hotels/search-planner.ts';
import {
  benchDatabase,
  type CannonResult,
  Cleanups,
  cannonPaths,
  databaseCpuMs,
  envInt,
  loadAverage,
  machine,
  percentile,
  printTargets,
  seedHotels,
  startServer,
} from './kit.ts';
import {
  fullQuery,
  loadSamples,
  mixedQuery,
  pick,
  queryPool,
  randomInt,
  toPath,
  zipf,
} from './list-traffic.ts';

const HOTELS = envInt('BENCH_HOTELS', 100_000);
const SECONDS = envInt('BENCH_SECONDS', 10);
const CONNECTIONS = envInt('BENCH_CONNECTIONS', 16);
const SQL_RUNS = envInt('BENCH_SQL_RUNS', 1000);
const DISTINCT_QUERIES = envInt('BENCH_DISTINCT_QUERIES', 20_000);
const PAGE_SAMPLES = envInt('BENCH_PAGE_SAMPLES', 300);
const PAGE_CPU_TARGET_MS = 8;
const PAGES_VS_BARE_TARGET = 0.1;
const WARMUP_SECONDS = 2;
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const P95_TARGET_MS = 25;
/** Server + database CPU of a list request that misses every cache: the aim (docs/scaling.md). */
const MISS_CPU_AIM_US = 750;

// ── Statistics

interface Measured {
  name: string;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  requests: number;
  failures: number;
  /** Share of list pages served by the server's read cache, when known. */
  cacheHits?: number;
  /** Throughput over that of the bare route measured just before. */
  vsBare?: number;
  /** CPU per request over the measured window: the server process's, the database's. */
  serverUsPerRequest?: number;
  databaseUsPerRequest?: number;
}

function summarize(name: string, latencies: number[], rps: number, failures: number): Measured {
  const sorted = latencies.sort((a, b) => a - b);
  return {
    name,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    rps,
    requests: sorted.length,
    failures,
  };
}

/** Runs autocannon for `seconds`, each request's path from `nextPath`; latencies per request. */
async function load(
  url: string,
  nextPath: () => string,
  seconds: number,
): Promise<{ latencies: number[]; result: CannonResult; failures: number }> {
  const latencies: number[] = [];
  let failures = 0;
  const result = await cannonPaths(
    {
      url,
      connections: CONNECTIONS,
      duration: seconds,
      // As a browser asks: responses of 1 kB or more may come compressed.
      headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    },
    nextPath,
    (status, ms) => {
      if (status !== 200) failures += 1;
      latencies.push(ms);
    },
  );
  return { latencies, result, failures: failures + result.errors };
}

type CacheStats = { hits: number; misses: number };

/** CPU used over a window by the server process and the database, in milliseconds. */
interface CpuMeter {
  start(): Promise<void>;
  stop(): Promise<{ serverMs: number; databaseMs?: number }>;
}

async function scenario(
  url: string,
  name: string,
  nextPath: () => string,
  cacheStats?: () => Promise<CacheStats>,
  cpu?: CpuMeter,
): Promise<Measured> {
  await load(url, nextPath, WARMUP_SECONDS);
  const before = await cacheStats?.();
  await cpu?.start();
  const { latencies, result, failures } = await load(url, nextPath, SECONDS);
  const used = await cpu?.stop();
  const after = await cacheStats?.();
  const measured = summarize(name, latencies, result.requests.total / result.duration, failures);
  if (before && after) {
    const hits = after.hits - before.hits;
    const all = hits + after.misses - before.misses;
    measured.cacheHits = all > 0 ? hits / all : 0;
  }
  if (used) {
    measured.serverUsPerRequest = (used.serverMs * 1000) / Math.max(1, latencies.length);
    if (used.databaseMs !== undefined) {
      measured.databaseUsPerRequest = (used.databaseMs * 1000) / Math.max(1, latencies.length);
    }
  }
  return measured;
}

// ── SQL alone

async function timeSql(
  name: string,
  runs: number,
  next: () => HotelSearch,
  run: (q: HotelSearch) => Promise<unknown>,
): Promise<Measured> {
  for (let i = 0; i < 50; i++) await run(next());
  const latencies: number[] = [];
  const started = performance.now();
  for (let i = 0; i < runs; i++) {
    const q = next();
    const t0 = performance.now();
    await run(q);
    latencies.push(performance.now() - t0);
  }
  const seconds = (performance.now() - started) / 1000;
  return summarize(name, latencies, runs / seconds, 0);
}

// ── A request at a time

/**
 * The server's CPU for each of `count` requests sent one at a time (ms each, after a few to warm
 * up), read before and after each: nothing else runs in the server meanwhile. The reading
 * itself costs the same small amount in each.
 */
async function cpuPerRequest(
  url: string,
  nextPath: () => string,
  count: number,
  serverCpu: () => Promise<number>,
): Promise<number[]> {
  const costs: number[] = [];
  for (let i = -20; i < count; i++) {
    const path = nextPath();
    const before = await serverCpu();
    const response = await fetch(url + path, {
      headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    });
    await response.arrayBuffer();
    const after = await serverCpu();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    if (i >= 0) costs.push(after - before);
  }
  return costs.sort((a, b) => a - b);
}

// ── Report

const ms = (v: number) => `${v.toFixed(2)} ms`.padStart(10);

function table(rows: Measured[]): string {
  const head = `${'scenario'.padEnd(44)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'p99'.padStart(10)}${'req/s'.padStart(10)}${'requests'.padStart(10)}${'failed'.padStart(8)}${'cached'.padStart(8)}${'× bare'.padStart(8)}`;
  const lines = rows.map(
    (r) =>
      `${r.name.padEnd(44)}${ms(r.p50)}${ms(r.p95)}${ms(r.p99)}${r.rps.toFixed(0).padStart(10)}${String(r.requests).padStart(10)}${String(r.failures).padStart(8)}${(r.cacheHits === undefined ? '' : `${(r.cacheHits * 100).toFixed(0)}%`).padStart(8)}${(r.vsBare === undefined ? '' : r.vsBare.toFixed(2)).padStart(8)}`,
  );
  return [head, ...lines].join('\n');
}

// ── Main

async function main() {
  const cleanups = new Cleanups();
  try {
    const {
      db,
      url: databaseUrl,
      dataDir,
      uploadsDir,
    } = await benchDatabase(cleanups, {
      database: 'devstay_bench',
      poolSize: 4,
    });
    console.log(`database: ${databaseUrl.replace(/\/\/[^@]*@/, '//')}`);
    console.log(machine());

    await seedHotels(db, HOTELS, uploadsDir);
    await db.execute(sql`vacuum analyze`);
    const [hotelCount] = await db.select({ n: count() }).from(hotels);
    const [cityCount] = await db
      .select({ n: sql<number>`count(distinct ${hotels.locationId})`.mapWith(Number) })
      .from(hotels);
    console.log(`catalogue: ${hotelCount?.n} hotels in ${cityCount?.n} cities`);

    const samples = await loadSamples(db.$client);

    const hotelIds = (
      await db.execute<{ id: number }>(sql`select id from ${hotels} order by random() limit 2000`)
    ).rows.map((row) => row.id);

    // The app in its own process, serving the web app's pages too.
    buildWebIfStale();
    const { base: url, child } = await startServer(cleanups, {
      // As deployed: React renders the pages with its production build.
      NODE_ENV: 'production',
      BENCH_DATABASE_URL: databaseUrl,
      BENCH_UPLOADS_DIR: uploadsDir,
      BENCH_CONFIG: JSON.stringify({ WEB_DIST_DIR: path.join(ROOT, 'apps/web/dist') }),
    });

    // Sanity: the list answers 200 with a page and its total.
    for (let i = 0; i < 20; i++) {
      const res = await fetch(url + toPath(mixedQuery(samples, HOTEL_SORT_VALUES)));
      if (res.status !== 200 || !res.headers.has(TOTAL_COUNT_HEADER)) {
        throw new Error(`list answered ${res.status}: ${await res.text()}`);
      }
    }
    const probe = await fetch(url + toPath(fullQuery(samples, HOTEL_SORT_VALUES)));
    console.log(
      `probe ${probe.url.slice(url.length)} → ${probe.status}, ` +
        `${((await probe.json()) as unknown[]).length} cards of ${probe.headers.get(TOTAL_COUNT_HEADER)}`,
    );

    const fullPool = queryPool(DISTINCT_QUERIES, () => fullQuery(samples, HOTEL_SORT_VALUES));
    const mixedPool = queryPool(DISTINCT_QUERIES, () => mixedQuery(samples, HOTEL_SORT_VALUES));
    const stats = (cache: 'list' | 'pages') => () =>
      new Promise<CacheStats>((resolve) => {
        child.once('message', (m) =>
          resolve((m as { stats: Record<string, CacheStats> }).stats[cache] as CacheStats),
        );
        child.send('stats');
      });
    const cacheStats = stats('list');

    console.log(
      `\nHTTP: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s per scenario;` +
        ` popular = Zipf over ${fullPool.length} / ${mixedPool.length} distinct searches;` +
        ' each list scenario right after a bare-route run, its throughput compared with that one',
    );
    const lists: [string, () => string][] = [
      ['list popular: search+stars+city+sort+page', zipf(fullPool)],
      ['list popular: mixed (browse, filters, deep)', zipf(mixedPool)],
      [
        'list, every request new: search+stars+…',
        () => toPath(fullQuery(samples, HOTEL_SORT_VALUES)),
      ],
      ['list, every request new: mixed', () => toPath(mixedQuery(samples, HOTEL_SORT_VALUES))],
    ];
    // What each request cost in CPU (server process and database), which moves less with the
    // machine's load than throughput does: the server reports its own over the window
    // (bench/server.ts), the database's is read from /proc when it is the embedded one.
    const serverMessage = <T>(message: string) =>
      new Promise<T>((resolve) => {
        child.once('message', (m) => resolve(m as T));
        child.send(message);
      });
    let cpuFrom = { at: 0, database: undefined as number | undefined };
    const cpu: CpuMeter = {
      start: async () => {
        await serverMessage('reset-statements');
        cpuFrom = { at: performance.now(), database: databaseCpuMs(dataDir) };
      },
      stop: async () => {
        const { busy } = await serverMessage<{ busy: { cpu: number } }>('statements');
        const database = databaseCpuMs(dataDir);
        return {
          serverMs: busy.cpu * (performance.now() - cpuFrom.at),
          databaseMs:
            database === undefined || cpuFrom.database === undefined
              ? undefined
              : database - cpuFrom.database,
        };
      },
    };
    const http: Measured[] = [];
    const cpuRows: Measured[] = [];
    /** A scenario right after a bare-route run, its throughput compared with that one. */
    const againstBare = async (
      name: string,
      nextPath: () => string,
      stats: Parameters<typeof scenario>[3],
    ) => {
      const bare = await scenario(
        url,
        'bare route GET /api/health',
        () => '/api/health',
        undefined,
        cpu,
      );
      const measured = await scenario(url, name, nextPath, stats, cpu);
      measured.vsBare = measured.rps / bare.rps;
      http.push(bare, measured);
      cpuRows.push(bare, measured);
      return measured;
    };
    const measuredLists: Measured[] = [];
    for (const [name, nextPath] of lists) {
      measuredLists.push(await againstBare(name, nextPath, cacheStats));
    }
    // The same searches as /home addresses (the web app reads the same parameters), and
    // hotel pages: half and half.
    const homePage = (apiPath: string) =>
      apiPath.replace('/api/hotels?', '/home?').replace(/&?pageSize=\d+/, '');
    const pagePool = fullPool.flatMap((apiPath, i) => [
      homePage(apiPath),
      `/hotel/${hotelIds[i % hotelIds.length]}`,
    ]);
    const sample = await fetch(url + (pagePool[1] as string));
    const sampleHtml = await sample.text();
    if (sample.status !== 200 || !sampleHtml.includes('id="server-state"')) {
      throw new Error(`a hotel page answered ${sample.status} without its server render`);
    }
    // An address of its own for a page: a parameter the page reads (a page is kept by those
    // only), a check-in alone, which shows as no stay.
    let nth = 0;
    const fresh = () => `checkIn=new-${Date.now()}-${++nth}`;
    const pages: [string, () => string][] = [
      ['pages popular: /home searches + hotel pages', zipf(pagePool)],
      [
        'pages, every request new (rendered)',
        () =>
          randomInt(2) === 0
            ? homePage(toPath(fullQuery(samples, HOTEL_SORT_VALUES)))
            : `/hotel/${pick(hotelIds)}?${fresh()}`,
      ],
    ];
    const measuredPages: Measured[] = [];
    for (const [name, nextPath] of pages) {
      measuredPages.push(await againstBare(name, nextPath, stats('pages')));
    }
    console.log(table(http));
    console.log(
      '\nCPU per request of the list and page scenarios and the bare runs before them (same windows): the' +
        " server process, the database (embedded only), and the bare request's total over the" +
        " list's (a throughput ratio that load does not move)",
    );
    for (let i = 0; i < cpuRows.length; i += 2) {
      const [bare, list] = [cpuRows[i], cpuRows[i + 1]] as [Measured, Measured];
      const total = (m: Measured) => (m.serverUsPerRequest ?? 0) + (m.databaseUsPerRequest ?? 0);
      const us = (v: number | undefined) => (v === undefined ? '—' : `${v.toFixed(0)} µs`);
      console.log(
        `  ${list.name.padEnd(46)} server ${us(list.serverUsPerRequest).padStart(8)}  database ${us(list.databaseUsPerRequest).padStart(8)}` +
          `   bare ${us(bare.serverUsPerRequest).padStart(7)}   bare ÷ list ${(total(bare) / Math.max(1, total(list))).toFixed(2)}`,
      );
    }
    const [popularPages, newPages] = measuredPages as [Measured, Measured];

    // One request at a time: what each costs the server. A page not already kept has an
    // address of its own; its data may have been read before (the API's read cache).
    const serverCpu = async () =>
      (await serverMessage<{ usage: { cpuMicros: number } }>('usage')).usage.cpuMicros / 1000;
    const costs: [string, number[]][] = [];
    for (const [name, nextPath] of [
      ['trivial request GET /api/health', () => '/api/health'],
      [
        '/home search, not kept',
        () => `${homePage(toPath(fullQuery(samples, HOTEL_SORT_VALUES)))}&${fresh()}`,
      ],
      ['hotel page, not kept', () => `/hotel/${pick(hotelIds)}?${fresh()}`],
      ['a kept page (the most popular)', () => pagePool[0] as string],
    ] as const) {
      costs.push([name, await cpuPerRequest(url, nextPath, PAGE_SAMPLES, serverCpu)]);
    }
    const trivialCpu = percentile(costs[0]?.[1] ?? [], 50);
    console.log(
      `\nServer CPU per request, ${PAGE_SAMPLES} of each kind one at a time (load average ${loadAverage()}):`,
    );
    console.log(
      `${'request'.padEnd(36)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'× trivial'.padStart(11)}`,
    );
    for (const [name, sorted] of costs) {
      const p50 = percentile(sorted, 50);
      console.log(
        `${name.padEnd(36)}${ms(p50)}${ms(percentile(sorted, 95))}${(p50 / trivialCpu).toFixed(1).padStart(11)}`,
      );
    }
    const homeCpu = percentile(costs[1]?.[1] ?? [], 50);
    const hotelCpu = percentile(costs[2]?.[1] ?? [], 50);
    const [full, mixed, fullCold, mixedCold] = measuredLists as [
      Measured,
      Measured,
      Measured,
      Measured,
    ];

    console.log(
      `\nSQL alone (no HTTP, no page cache), ${SQL_RUNS} sequential runs each:` +
        '\n  served = searchHotels as the server runs it on a page-cache miss (match counts kept);' +
        '\n  then the two ways of counting, nothing kept: count(*) over () in the page query,' +
        ' or the page query and a count query',
    );
    const planFor = (q: HotelSearch): HotelPagePlan => (q.city ? 'city' : 'walk');
    const sqlRows: Measured[] = [];
    for (const [kind, make] of [
      ['full', () => fullQuery(samples, HOTEL_SORT_VALUES)],
      ['mixed', () => mixedQuery(samples, HOTEL_SORT_VALUES)],
    ] as const) {
      const counts = new ReadCache<number>({ ttlMs: 60_000, max: 20_000 });
      sqlRows.push(
        await timeSql(`sql ${kind}: served`, SQL_RUNS, make, (q) =>
          searchHotels(db, q, { counts }),
        ),
        await timeSql(`sql ${kind}: count(*) over () in page`, SQL_RUNS, make, (q) =>
          db.$client.query(hotelPageQuery(q, planFor(q), true)),
        ),
        await timeSql(`sql ${kind}: page query + count query`, SQL_RUNS, make, async (q) => {
          await db.$client.query(hotelPageQuery(q, planFor(q)));
          await db.$client.query(hotelCountQuery(q));
        }),
      );
    }
    console.log(table(sqlRows));

    const ratio = (m: Measured) => (m.vsBare ?? 0).toFixed(2);
    const checks = [
      [
        `list popular (full) p95 ${full.p95.toFixed(2)} ms < ${P95_TARGET_MS} ms`,
        full.p95 < P95_TARGET_MS,
      ],
      [
        `list popular (mixed) p95 ${mixed.p95.toFixed(2)} ms < ${P95_TARGET_MS} ms`,
        mixed.p95 < P95_TARGET_MS,
      ],
      [
        `list popular (full) throughput ${ratio(full)} × bare route >= 0.5`,
        (full.vsBare ?? 0) >= 0.5,
      ],
      [
        `list popular (mixed) throughput ${ratio(mixed)} × bare route >= 0.5`,
        (mixed.vsBare ?? 0) >= 0.5,
      ],
      [
        `/home search not kept: p50 ${homeCpu.toFixed(2)} ms of server CPU <= ${PAGE_CPU_TARGET_MS} ms`,
        homeCpu <= PAGE_CPU_TARGET_MS,
      ],
      [
        `hotel page not kept: p50 ${hotelCpu.toFixed(2)} ms of server CPU <= ${PAGE_CPU_TARGET_MS} ms`,
        hotelCpu <= PAGE_CPU_TARGET_MS,
      ],
      [
        `pages popular throughput ${ratio(popularPages)} × bare route >= ${PAGES_VS_BARE_TARGET}`,
        (popularPages.vsBare ?? 0) >= PAGES_VS_BARE_TARGET,
      ],
      ['no failed request', http.every((m) => m.failures === 0)],
    ] as const;
    printTargets(checks);
    console.log('For reference, every request new (database-bound), and the rendered pages:');
    for (const m of [fullCold, mixedCold, newPages]) {
      console.log(
        `        ${m.name}: p95 ${m.p95.toFixed(2)} ms, ${Math.round(m.rps)} req/s, ${ratio(m)} × bare route throughput`,
      );
    }
    // What a list request that misses every cache costs the server and the database together,
    // the figure a pair of runs (this code and an older one, in the same hour) is compared by.
    const missCpu = (m: Measured) => (m.serverUsPerRequest ?? 0) + (m.databaseUsPerRequest ?? 0);
    console.log(
      `A list request that misses every cache, server + database CPU (aim <= ${MISS_CPU_AIM_US} µs):`,
    );
    for (const m of [fullCold, mixedCold]) {
      // The database's share is read only from the embedded server this bench starts.
      const database = m.databaseUsPerRequest;
      console.log(
        database === undefined
          ? `        ${m.name}: server ${(m.serverUsPerRequest ?? 0).toFixed(0)} µs, database not measured (DATABASE_URL)`
          : `        ${m.name}: ${(m.serverUsPerRequest ?? 0).toFixed(0)} + ${database.toFixed(0)} = ${missCpu(m).toFixed(0)} µs${missCpu(m) <= MISS_CPU_AIM_US ? '' : ' (above the aim)'}`,
      );
    }
    console.log(`load average at the end: ${loadAverage()}`);
  } finally {
    await cleanups.run();
  }
}

await main();
