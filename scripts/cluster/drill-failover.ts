// Failover drill: under bookings and reads through the balancer, the primary database node's
// process group gets SIGKILL (the machine dies). Patroni promotes a synchronous replica by
// itself; HAProxy's primary door follows it; the cluster's supervisor starts the dead node
// again and it rejoins as a synchronous replica (pg_rewind, or a new copy) with no one acting;
// then the new primary is killed the same way: two failovers in a row. Bars, for each: bookings
// confirmed again within 30 s, another node promoted, the dead node back as a synchronous
// replica; and in all: no API process restarted, every booking the load saw confirmed is on the
// last primary, confirmed, paid, on the ledger, no night overbooked, the last promoted node
// archives its WAL. Exits non-zero otherwise.
import type { Cluster } from './cluster.ts';
import {
  apiPids,
  archiveNow,
  bookingsAgain,
  checkBookings,
  killPrimary,
  ledgerBars,
  refusedWritesMs,
  runDrill,
  seconds,
  startLoad,
  verdict,
} from './drill.ts';
import { failed, type Load, sleep } from './load.ts';
import { waitForRole } from './patroni.ts';
import { waitFor } from './wait.ts';

/** The most the site may refuse bookings after the primary dies. */
const RECOVERY_BAR_MS = 30_000;
/** The most a dead node may take to be back as a synchronous replica (a rewind or a new copy). */
const REJOIN_BAR_MS = 180_000;

/** One failover: the primary killed under `load`, the figures and bars of its recovery. */
async function failover(cluster: Cluster, load: Load, n: number) {
  const confirmedBefore = load.confirmed.length;
  const { node: killed, killedAt } = await killPrimary(cluster);
  console.log(
    `failover ${n}: SIGKILL to ${killed.name}'s process group (the primary) after ${confirmedBefore} confirmed bookings`,
  );
  // Recovered: a checkout sent after the kill is accepted and its payment confirmed.
  const back = await bookingsAgain(load, killedAt);
  const recoveredAt = back ?? performance.now();
  // Asked until a node answers: on a busy machine its REST API can miss one 1 s check.
  let promoted: Awaited<ReturnType<Cluster['primary']>>;
  await waitFor(
    'a node answering primary',
    async () => {
      promoted = await cluster.primary();
      return promoted !== undefined;
    },
    15_000,
  ).catch(() => {});
  const window = (kind: 'browse' | 'booking' | 'payment') =>
    load.between(kind, killedAt, recoveredAt);
  const writes = [...window('booking'), ...window('payment')];
  const reads = window('browse');
  const readsOk = reads.filter((a) => !failed(a)).length;
  console.log(
    `failover ${n}: bookings confirmed again ${seconds(recoveredAt - killedAt)} s after the kill, on ${promoted?.name ?? 'no primary'}; writes refused for ${seconds(refusedWritesMs(load, killedAt))} s (${writes.filter(failed).length} of ${writes.length} checkouts and payments failed meanwhile); reads meanwhile: ${readsOk} answered, ${reads.length - readsOk} failed`,
  );
  // Healed: the supervisor started the node again and Patroni made it a synchronous replica.
  const rejoined = await waitForRole(killed, 'sync', REJOIN_BAR_MS).then(
    () => performance.now(),
    () => undefined,
  );
  console.log(
    rejoined === undefined
      ? `failover ${n}: ${killed.name} not back as a synchronous replica after ${REJOIN_BAR_MS / 1000} s`
      : `failover ${n}: ${killed.name} back as a synchronous replica ${seconds(rejoined - killedAt)} s after the kill`,
  );
  return [
    [
      `failover ${n}: bookings confirmed again within ${RECOVERY_BAR_MS / 1000} s`,
      back !== undefined && recoveredAt - killedAt <= RECOVERY_BAR_MS,
    ],
    [
      `failover ${n}: another node promoted (${killed.name} → ${promoted?.name ?? 'none'})`,
      promoted !== undefined && promoted.name !== killed.name,
    ],
    [
      `failover ${n}: ${killed.name} back as a synchronous replica by itself within ${REJOIN_BAR_MS / 1000} s`,
      rejoined !== undefined,
    ],
  ] as [string, boolean][];
}

await runDrill('failover', async (cluster) => {
  const { apis } = cluster;
  const load = await startLoad(cluster, { guests: 12, rooms: 20, readers: 4 });
  await sleep(8000);
  const pidsBefore = apiPids(cluster);

  const first = await failover(cluster, load, 1);
  await sleep(5000);
  const second = await failover(cluster, load, 2);
  await sleep(5000);
  await load.stop();

  const check = await checkBookings(cluster, load.confirmed);
  console.log(
    `bookings confirmed: ${load.confirmed.length} in all; on the last primary: ${check.confirmed} confirmed bookings, ${check.kept} of the ${load.confirmed.length} the load saw; nodes started again by the supervisor: ${cluster.restarts.nodes}`,
  );
  const archives = await archiveNow(cluster);
  verdict([
    ...first,
    ...second,
    [
      'the last promoted node archives its WAL (a segment closed now is archived within 60 s)',
      archives,
    ],
    [
      'no API process restarted',
      apis.restarts === 0 && apiPids(cluster).join() === pidsBefore.join(),
    ],
    [
      `every booking the load saw confirmed is kept, paid and on the ledger (${check.kept}/${load.confirmed.length})`,
      check.kept === load.confirmed.length,
    ],
    ...ledgerBars(check),
  ]);
});
