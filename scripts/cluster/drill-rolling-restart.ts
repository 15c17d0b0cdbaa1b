// Rolling restart drill: under reads and bookings through the balancer, each API process in
// turn gets SIGTERM, drains (readiness 503 until HAProxy takes it out, then its requests in
// flight finish), exits and is started again by the cluster; the load must see 0 failed
// requests. Exits non-zero when a bar is not met.
import {
  checkBookings,
  ledgerBars,
  rollingRestart,
  runDrill,
  startLoad,
  verdict,
} from './drill.ts';
import { failed, sleep } from './load.ts';

await runDrill('rolling', async (cluster) => {
  const { settings, apis } = cluster;
  const load = await startLoad(cluster, { guests: 8, rooms: 20, readers: 8 });
  await sleep(5000);
  await rollingRestart(cluster);
  await sleep(3000);
  await load.stop();
  const bad = load.answers.filter(failed);
  const count = (kind: string) => load.answers.filter((a) => a.kind === kind).length;
  console.log(
    `requests: ${load.answers.length} (${count('browse')} reads, ${count('booking')} checkouts, ${count('payment')} payments); failed: ${bad.length}; bookings confirmed: ${load.confirmed.length}; restarts: ${apis.restarts}`,
  );
  for (const a of bad.slice(0, 10))
    console.log(`  failed: ${a.kind} ${a.path} → ${a.status || 'no answer'}`);
  const check = await checkBookings(cluster, load.confirmed);
  verdict([
    ['every API process restarted', apis.restarts >= settings.apiPorts.length],
    ['0 failed requests', bad.length === 0],
    ['bookings confirmed during the drill', load.confirmed.length > 0],
    [
      `every confirmed booking kept, paid and on the ledger (${check.kept}/${load.confirmed.length})`,
      check.kept === load.confirmed.length,
    ],
    ...ledgerBars(check),
  ]);
});
