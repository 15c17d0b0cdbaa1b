// What both drills share: a fresh cluster of their own, the load, the checks of the bookings
// against the ledger, and a verdict that fails the run loudly.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { consistency } from '../../apps/api/bench/booking-servers.ts';
import { createDb } from '../../apps/api/src/db/client.ts';
import { ROOT } from '../web-build.ts';
import { type Cluster, createCluster } from './cluster.ts';
import { CROWD_LIMITS, hotelIds, Load } from './load.ts';
import { clusterSettings } from './settings.ts';

/** Runs `drill` on a cluster of its own, stopped after it; a drill that throws fails the run. */
export async function runDrill(name: string, drill: (cluster: Cluster) => Promise<void>) {
  const cluster = await drillCluster(name);
  try {
    await drill(cluster);
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await cluster.stop();
  }
}

/** A cluster in a folder of its own, emptied first; stopped on SIGINT/SIGTERM. */
async function drillCluster(name: string): Promise<Cluster> {
  const dir = path.join(ROOT, `.data/cluster-drill-${name}`);
  rmSync(dir, { recursive: true, force: true });
  const settings = clusterSettings(process.env, { dir });
  settings.apiEnv = { ...CROWD_LIMITS, AUTH_RATE_LIMIT: 'false', LOG_LEVEL: 'warn' };
  const cluster = createCluster(settings, (line) => console.log(`  ${line}`));
  const abort = () => {
    console.error('interrupted: stopping the cluster');
    void cluster.stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', abort);
  process.once('SIGTERM', abort);
  const started = performance.now();
  await cluster.start();
  console.log(`cluster started in ${seconds(performance.now() - started)} s`);
  return cluster;
}

export const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** `guests` guests booking `rooms` seeded rooms and `readers` readers of the hotels, all started. */
export async function startLoad(
  cluster: Cluster,
  load: { guests: number; rooms: number; readers: number },
): Promise<Load> {
  const { rooms, guests } = await Load.prepare(cluster, load.guests, load.rooms);
  const started = new Load(cluster.base, cluster.settings.publicUrl);
  started.book(guests, rooms);
  started.read(load.readers, await hotelIds(cluster.base));
  return started;
}

/**
 * The bookings the load saw confirmed, on the database the primary door leads to now: each
 * there, confirmed and paid; and the ledger: no night over its stock, every night's units those
 * of the live bookings, no confirmed booking without a captured payment.
 */
export async function checkBookings(cluster: Cluster, confirmed: readonly string[]) {
  const db = createDb(cluster.adminUrl(), 2);
  try {
    const found = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from bookings b
      where b.id::text in (select jsonb_array_elements_text(${JSON.stringify(confirmed)}::jsonb))
        and b.status = 'confirmed'
        and exists (select 1 from payments p where p.booking_id = b.id and p.status = 'captured')`);
    const ledger = await consistency(db);
    return { kept: found.rows[0]?.n ?? 0, ...ledger };
  } finally {
    await db.$client.end();
  }
}

/** The bars of the ledger every drill must leave whole, from `checkBookings`. */
export function ledgerBars(check: Awaited<ReturnType<typeof checkBookings>>): [string, boolean][] {
  return [
    [`no night overbooked (${check.overbooked})`, check.overbooked === 0],
    [
      `the ledger matches the live bookings (${check.ledgerMismatch} nights differ)`,
      check.ledgerMismatch === 0,
    ],
    [`no confirmed booking unpaid (${check.unpaid})`, check.unpaid === 0],
  ];
}

/** Prints each bar and whether it holds; the exit code says whether they all did. */
export function verdict(bars: readonly (readonly [string, boolean])[]): boolean {
  for (const [bar, held] of bars) console.log(`${held ? 'PASS' : 'FAIL'}  ${bar}`);
  const all = bars.every(([, held]) => held);
  if (!all) process.exitCode = 1;
  return all;
}
