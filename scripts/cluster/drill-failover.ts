// Failover drill: under bookings and reads through the balancer, the primary database node's
// process group gets SIGKILL (the machine dies). Patroni promotes the synchronous replica by
// itself; HAProxy's primary door follows it; no API process is restarted. Bars: bookings
// confirmed again within 30 s, every booking the load saw confirmed is on the new primary,
// confirmed, paid, on the ledger, and no night is overbooked. Exits non-zero otherwise.
import {
  apiPids,
  archiveNow,
  bookingsAgain,
  checkBookings,
  killPrimary,
  ledgerBars,
  runDrill,
  seconds,
  startLoad,
  verdict,
} from './drill.ts';
import { failed, sleep } from './load.ts';

/** The most the site may refuse bookings after the primary dies. */
const RECOVERY_BAR_MS = 30_000;

await runDrill('failover', async (cluster) => {
  const { apis } = cluster;
  const load = await startLoad(cluster, { guests: 12, rooms: 20, readers: 4 });
  await sleep(8000);

  const pidsBefore = apiPids(cluster);
  const confirmedBefore = load.confirmed.length;
  const { node: primary, killedAt } = await killPrimary(cluster);
  console.log(
    `SIGKILL to ${primary.name}'s process group (the primary) after ${confirmedBefore} confirmed bookings`,
  );

  // Recovered: a checkout sent after the kill is accepted and its payment confirmed.
  const back = await bookingsAgain(load, killedAt);
  const recoveredAt = back ?? performance.now();
  const promoted = await cluster.primary();
  await sleep(8000);
  await load.stop();

  const window = (kind: 'browse' | 'booking' | 'payment') =>
    load.between(kind, killedAt, recoveredAt);
  const writes = [...window('booking'), ...window('payment')];
  const reads = window('browse');
  const readsOk = reads.filter((a) => !failed(a)).length;
  const lastWriteBefore = Math.max(
    ...load.answers
      .filter((a) => a.kind !== 'browse' && !failed(a) && a.answered <= killedAt)
      .map((a) => a.answered),
  );
  const firstWriteAfter = Math.min(
    ...load.answers
      .filter((a) => a.kind === 'booking' && a.status === 201 && a.sent > killedAt)
      .map((a) => a.answered),
  );
  const refusedMs = firstWriteAfter - Math.max(lastWriteBefore, killedAt);
  console.log(
    `bookings confirmed again ${seconds(recoveredAt - killedAt)} s after the kill, on ${promoted?.name ?? 'no primary'}; writes refused for ${seconds(refusedMs)} s (${writes.filter(failed).length} of ${writes.length} checkouts and payments failed meanwhile)`,
  );
  console.log(
    `reads meanwhile: ${readsOk} answered, ${reads.length - readsOk} failed; bookings confirmed: ${confirmedBefore} before the kill, ${load.confirmed.length} in all`,
  );
  const check = await checkBookings(cluster, load.confirmed);
  console.log(
    `on the new primary: ${check.confirmed} confirmed bookings, ${check.kept} of the ${load.confirmed.length} the load saw`,
  );
  const archives = await archiveNow(cluster);
  verdict([
    [
      `bookings confirmed again within ${RECOVERY_BAR_MS / 1000} s`,
      back !== undefined && recoveredAt - killedAt <= RECOVERY_BAR_MS,
    ],
    ['the replica was promoted', promoted !== undefined && promoted.name !== primary.name],
    ['the promoted node archives its WAL (a segment closed now is archived within 60 s)', archives],
    [
      'no API process restarted',
      apis.restarts === 0 && apiPids(cluster).join() === pidsBefore.join(),
    ],
    ['bookings confirmed after the failover', load.confirmed.length > confirmedBefore],
    [
      `every booking the load saw confirmed is kept, paid and on the ledger (${check.kept}/${load.confirmed.length})`,
      check.kept === load.confirmed.length,
    ],
    ...ledgerBars(check),
  ]);
});
