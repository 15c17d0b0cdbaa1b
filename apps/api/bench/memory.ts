/**
 * Memory benchmark (`npm run bench -- memory`): what one server process holds under a steady
 * load of mixed reads, one in ten on a hotel page with a query string of the visitor's own (as
 * crawlers' tracking parameters are), against the caches' budgets (docs/scaling.md, Memory).
 *
 * 1. A throwaway embedded PostgreSQL (or DATABASE_URL) filled by seedLargeCatalogue.
 * 2. The real app (bench/server.ts) in a child process, serving the web app's pages (the web
 *    build, made if stale), as deployed.
 * 3. Its idle RSS (started, nothing asked yet), then BENCH_RATE requests a second for
 *    BENCH_MEMORY_SECONDS: hotel list searches and hotel details from the API, /home searches
 *    and hotel pages, and one request in ten a hotel page with `?utm_source=<new value>`. RSS is
 *    read every second (/proc); at the end, what each cache holds against its budget and the
 *    process's heap and buffers outside it.
 *
 * Target: the peak RSS at most 200 MB above the idle RSS.
 * Environment: BENCH_HOTELS (20000), BENCH_MEMORY_SECONDS (180), BENCH_RATE (300),
 * BENCH_CONNECTIONS (16), DATABASE_URL (use that server).
 */
import path from 'node:path';
import { HOTEL_SORT_VALUES } from '@devstay/shared/constants';
import { eq, sql } from 'drizzle-orm';
import { buildWebIfStale, ROOT } from '../../../scripts/web-build.ts';
import { hotels, locations } from '../src/db/schema.ts';
import {
  ask,
  benchDatabase,
  Cleanups,
  cannonPaths,
  envInt,
  loadAverage,
  machine,
  printTargets,
  RSS_GROWTH_BUDGET_MB,
  rssOf,
  seedHotels,
  sleep,
  startServer,
} from './kit.ts';

const HOTELS = envInt('BENCH_HOTELS', 20_000);
const SECONDS = envInt('BENCH_MEMORY_SECONDS', 180);
const RATE = envInt('BENCH_RATE', 300);
const CONNECTIONS = envInt('BENCH_CONNECTIONS', 16);
const MB = 1_000_000;

const randomInt = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(list: readonly T[]): T => list[randomInt(list.length)] as T;

interface CacheUse {
  size: number;
  weight: number;
  budget: number;
}

async function main() {
  const cleanups = new Cleanups();
  try {
    const {
      db,
      url: databaseUrl,
      uploadsDir,
    } = await benchDatabase(cleanups, {
      database: 'devstay_bench_memory',
      poolSize: 4,
    });
    console.log(machine());
    await seedHotels(db, HOTELS, uploadsDir);
    await db.execute(sql`vacuum analyze`);
    const ids = (
      await db.execute<{ id: number }>(sql`select id from ${hotels} order by random() limit 5000`)
    ).rows.map((row) => row.id);
    const cities = (
      await db
        .selectDistinct({ city: locations.city })
        .from(hotels)
        .innerJoin(locations, eq(locations.id, hotels.locationId))
    ).map((row) => row.city);

    buildWebIfStale();
    // V8's young generation capped as `npm start` caps it (package.json, docs/scaling.md,
    // Memory); its heap collected on demand at the end (--expose-gc): what is live, apart from
    // what V8 had not collected yet.
    const server = await startServer(
      cleanups,
      {
        NODE_ENV: 'production',
        BENCH_DATABASE_URL: databaseUrl,
        BENCH_UPLOADS_DIR: uploadsDir,
        BENCH_CONFIG: JSON.stringify({ WEB_DIST_DIR: path.join(ROOT, 'apps/web/dist') }),
      },
      [...process.execArgv, '--max-semi-space-size=16', '--expose-gc'],
    );
    const pid = server.child.pid as number;
    await sleep(3000);
    const idle = rssOf(pid);
    console.log(`idle RSS ${(idle / MB).toFixed(0)} MB (load average ${loadAverage()})`);
    const atIdle = await ask<{
      memory: NodeJS.MemoryUsage;
      heapSpaces: { name: string; used: number; size: number }[];
    }>(server, 'caches', 'caches');

    /** A search as the list and /home take it: a sort, a page, maybe a city and stars. */
    const search = () => {
      const params = new URLSearchParams({ sort: pick(HOTEL_SORT_VALUES) });
      params.set('page', String(1 + randomInt(30)));
      if (randomInt(2) === 0) params.set('city', pick(cities));
      if (randomInt(3) === 0) params.set('qualification', String(1 + randomInt(5)));
      return params.toString();
    };
    let invented = 0;
    const nextPath = () => {
      const roll = randomInt(10);
      if (roll === 0) return `/hotel/${pick(ids)}?utm_source=${++invented}-${randomInt(1e9)}`;
      if (roll <= 3) return `/api/hotels?${search()}&pageSize=8`;
      if (roll <= 5) return `/api/hotels/${pick(ids)}`;
      if (roll <= 7) return `/home?${search()}`;
      return `/hotel/${pick(ids)}`;
    };

    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(rssOf(pid)), 1000);
    const failures = { count: 0 };
    console.log(
      `${RATE} requests/s for ${SECONDS} s over ${CONNECTIONS} connections: API lists and details,` +
        ' /home searches, hotel pages; one in ten a hotel page with a query string of its own',
    );
    const result = await cannonPaths(
      {
        url: server.base,
        connections: CONNECTIONS,
        duration: SECONDS,
        overallRate: RATE,
        headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      },
      nextPath,
      (status) => {
        if (status !== 200) failures.count += 1;
      },
    );
    clearInterval(sampler);
    const final = rssOf(pid);
    const peak = Math.max(final, ...samples);
    const { caches, memory, beforeGc, heapSpaces } = await ask<{
      caches: Record<string, CacheUse>;
      memory: NodeJS.MemoryUsage;
      beforeGc: NodeJS.MemoryUsage;
      heapSpaces: { name: string; used: number; size: number }[];
    }>(server, 'caches', 'caches');
    const afterGc = rssOf(pid);

    console.log(
      `\n${result.requests.total} requests (${(result.requests.total / result.duration).toFixed(0)}/s),` +
        ` ${failures.count + result.errors} failed; load average ${loadAverage()}`,
    );
    const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
    console.log(
      `RSS: idle ${mb(idle)}, peak ${mb(peak)} (+${mb(peak - idle)}), final ${mb(final)} (+${mb(final - idle)})`,
    );
    for (const at of [30, 60, 120, 180, 300, 600]) {
      const sample = samples[at - 1];
      if (sample !== undefined) console.log(`  after ${at} s: ${mb(sample)}`);
    }
    const usage = (m: NodeJS.MemoryUsage) =>
      `heap used ${mb(m.heapUsed)} of ${mb(m.heapTotal)}, external ${mb(m.external)} (array buffers ${mb(m.arrayBuffers)})`;
    const spaces = (list: { name: string; used: number; size: number }[]) =>
      list
        .filter((space) => space.size > MB)
        .map((space) => `${space.name} ${mb(space.used)} of ${mb(space.size)}`)
        .join(', ');
    console.log(`idle, after a full collection: ${usage(atIdle.memory)}`);
    console.log(`  heap spaces: ${spaces(atIdle.heapSpaces)}`);
    console.log(`process at the end: ${usage(beforeGc)}`);
    console.log(`after a full collection: ${usage(memory)}, RSS ${mb(afterGc)}`);
    console.log(`  heap spaces: ${spaces(heapSpaces)}`);
    console.log(
      `\n${'cache'.padEnd(16)}${'entries'.padStart(9)}${'counted'.padStart(12)}${'budget'.padStart(12)}`,
    );
    let counted = 0;
    let budgets = 0;
    for (const [name, use] of Object.entries(caches)) {
      counted += use.weight;
      budgets += use.budget;
      console.log(
        `${name.padEnd(16)}${String(use.size).padStart(9)}${mb(use.weight).padStart(12)}${mb(use.budget).padStart(12)}`,
      );
    }
    console.log(
      `${'all'.padEnd(16)}${''.padStart(9)}${mb(counted).padStart(12)}${mb(budgets).padStart(12)}`,
    );

    printTargets([
      [
        `peak RSS ${mb(peak - idle)} above idle <= ${RSS_GROWTH_BUDGET_MB} MB`,
        peak - idle <= RSS_GROWTH_BUDGET_MB * MB,
      ],
      ['every cache within its budget', Object.values(caches).every((c) => c.weight <= c.budget)],
      ['no failed request', failures.count + result.errors === 0],
    ]);
  } finally {
    await cleanups.run();
  }
}

await main();
