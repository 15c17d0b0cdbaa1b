/**
 * The benchmark's server: the real application (buildApp) on the benchmark database, listening
 * on a free loopback port. Started as a child process by catalogue.ts and booking.ts so the
 * load generator never shares an event loop with the server it measures. BENCH_CONFIG (JSON)
 * adds configuration: the booking benchmark runs two of these with one AUTH_SECRET (sessions
 * good on both) and its crowd's sign-ups and payments unthrottled.
 */
import { randomBytes } from 'node:crypto';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDb } from '../src/db/client.ts';
import { countStatements, resetStatementCounts, statementCounts } from './statement-count.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) throw new Error('BENCH_DATABASE_URL is not set');

const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATABASE_URL: databaseUrl,
  UPLOADS_DIR: process.env.BENCH_UPLOADS_DIR ?? '',
  WEB_DIST_DIR: '/nonexistent',
  AUTH_SECRET: randomBytes(32).toString('base64'),
  ...(JSON.parse(process.env.BENCH_CONFIG ?? '{}') as Record<string, string>),
});
const db = createDb(databaseUrl);
const app = await buildApp({ config, db });
if (process.env.BENCH_COUNT_STATEMENTS === '1') countStatements(app.server);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no port');

process.send?.({ port: address.port });
// The benchmark asks how often the list was answered from the read cache.
// The booking benchmark asks what each route asked of the database (BENCH_COUNT_STATEMENTS=1).
process.on('message', (message) => {
  if (message === 'statements') process.send?.({ statements: statementCounts() });
  if (message === 'reset-statements') {
    resetStatementCounts();
    process.send?.({ reset: true });
  }
  if (message !== 'stats') return;
  const { hotelPages } = app.catalogue;
  process.send?.({ stats: { hits: hotelPages.hits, misses: hotelPages.misses } });
});
process.on('disconnect', async () => {
  await app.close();
  await db.$client.end();
  process.exit(0);
});
