/**
 * The benchmark's server: the real application (buildApp) on the benchmark database, listening
 * on a free loopback port. Started as a child process by catalogue.ts and booking.ts so the
 * load generator never shares an event loop with the server it measures. BENCH_CONFIG (JSON)
 * adds configuration: the booking benchmark runs two of these with one AUTH_SECRET (sessions
 * good on both) and its crowd's sign-ups and payments unthrottled.
 */
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDb } from '../src/db/client.ts';
import { compressedForms } from '../src/lib/http.ts';
import {
  countStatements,
  countStatementTotals,
  resetStatementCounts,
  statementCounts,
  statementTotals,
} from './statement-count.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) throw new Error('BENCH_DATABASE_URL is not set');

const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATABASE_URL: databaseUrl,
  UPLOADS_DIR: process.env.BENCH_UPLOADS_DIR ?? '',
  WEB_DIST_DIR: '/nonexistent',
  AUTH_SECRET: randomBytes(32).toString('base64'),
  // Production requires the public origin; the load comes from this machine.
  PUBLIC_URL: 'http://127.0.0.1',
  // The booking benchmark's crowd pays with test cards.
  PAYMENTS_TEST_PROCESSOR: 'true',
  ...(JSON.parse(process.env.BENCH_CONFIG ?? '{}') as Record<string, string>),
});
const db = createDb(databaseUrl);
const app = await buildApp({ config, db });
if (process.env.BENCH_COUNT_STATEMENTS === '1') countStatements(app.server);
// BENCH_STATEMENT_TOTALS=1: every statement and transaction counted, cheaply (asked by 'usage').
if (process.env.BENCH_STATEMENT_TOTALS === '1') countStatementTotals();
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no port');

process.send?.({ port: address.port });
// The benchmark asks how often the list was answered from the read cache.
// The booking benchmark asks what each route asked of the database (BENCH_COUNT_STATEMENTS=1).
// Also how busy this process was over the same window: CPU and event loop utilisation.
let since = {
  cpu: process.cpuUsage(),
  elu: performance.eventLoopUtilization(),
  at: performance.now(),
};
// BENCH_PROFILE_DIR: a CPU profile of exactly that window, one file per server and window.
const profileDir = process.env.BENCH_PROFILE_DIR;
const profiler = profileDir ? new Session() : undefined;
profiler?.connect();
let profiled = 0;
process.on('message', async (message) => {
  // The booking benchmarks read this at both ends of their measured window: CPU time used so
  // far (user + system, µs) and the statements and transactions sent so far.
  if (message === 'usage') {
    const cpu = process.cpuUsage();
    process.send?.({ usage: { cpuMicros: cpu.user + cpu.system, ...statementTotals } });
  }
  if (message === 'statements') {
    if (profiler && profileDir) {
      const { profile } = await profiler.post('Profiler.stop');
      await writeFile(
        path.join(profileDir, `server-${process.pid}-${++profiled}.cpuprofile`),
        JSON.stringify(profile),
      );
    }
    const cpu = process.cpuUsage(since.cpu);
    process.send?.({
      statements: statementCounts(),
      busy: {
        cpu: (cpu.user + cpu.system) / 1000 / (performance.now() - since.at),
        eventLoop: performance.eventLoopUtilization(since.elu).utilization,
      },
    });
  }
  if (message === 'reset-statements') {
    resetStatementCounts();
    if (profiler) {
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    since = {
      cpu: process.cpuUsage(),
      elu: performance.eventLoopUtilization(),
      at: performance.now(),
    };
    process.send?.({ reset: true });
  }
  // The memory benchmark asks what each cache holds against its budget.
  if (message === 'caches') {
    // What is live apart from garbage not yet collected (when the process may collect on demand).
    const beforeGc = process.memoryUsage();
    (globalThis as { gc?: () => void }).gc?.();
    const { hotelPages, hotelCounts, cities, hotelDetails, hotelServices, renderedPages } =
      app.catalogue;
    const caches = {
      keptAnswers: app.keptAnswers.caches.answers,
      keptParams: app.keptAnswers.caches.params,
      hotelPages,
      hotelCounts,
      cities,
      hotelDetails,
      hotelServices,
      renderedPages,
      compressedForms,
      sessions: app.sessions.kept,
    };
    process.send?.({
      caches: Object.fromEntries(
        Object.entries(caches).map(([name, c]) => [
          name,
          { size: c.size, weight: c.weight, budget: c.budget },
        ]),
      ),
      beforeGc,
      memory: process.memoryUsage(),
      heapSpaces: getHeapSpaceStatistics().map((space) => ({
        name: space.space_name,
        used: space.space_used_size,
        size: space.space_size,
      })),
    });
  }
  if (message !== 'stats') return;
  // A hit is an answer from a cache: kept whole in front of the routing, or the read cache's.
  // The list and the page scenarios run one after the other: the kept answers of a window are
  // its scenario's.
  const { hotelPages, renderedPages } = app.catalogue;
  const kept = app.keptAnswers.hits;
  process.send?.({
    stats: {
      list: { hits: kept + hotelPages.hits, misses: hotelPages.misses },
      pages: { hits: kept + renderedPages.hits, misses: renderedPages.misses },
    },
  });
});
process.on('disconnect', async () => {
  await app.close();
  await db.$client.end();
  process.exit(0);
});
