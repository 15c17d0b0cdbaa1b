// Rolling restart drill: under reads and bookings through the balancer, each API process in
// turn gets SIGTERM, drains (readiness 503 until HAProxy takes it out, then its requests in
// flight finish), exits and is started again by the cluster; the load must see 0 failed
// requests. Exits non-zero when a bar is not met.
import { apiName } from './api.ts';
import { checkBookings, ledgerBars, runDrill, seconds, startLoad, verdict } from './drill.ts';
import { API_BACKEND, backendStates } from './haproxy.ts';
import { failed, sleep } from './load.ts';
import { waitFor } from './wait.ts';

await runDrill('rolling', async (cluster) => {
  const { settings, table, apis } = cluster;
  const load = await startLoad(cluster, { guests: 8, rooms: 20, readers: 8 });
  await sleep(5000);
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
  await sleep(3000);
  await load.stop();
  const bad = load.answers.filter(failed);
  const count = (kind: string) => load.answers.filter((a) => a.kind === kind).length;
  console.log(
    `requests: ${load.answers.length} (${count('read')} reads, ${count('checkout')} checkouts, ${count('payment')} payments); failed: ${bad.length}; bookings confirmed: ${load.confirmed.length}; restarts: ${apis.restarts}`,
  );
  for (const a of bad.slice(0, 10))
    console.log(`  failed: ${a.kind} ${a.path} → ${a.status || 'no answer'}`);
  const check = await checkBookings(cluster, load.confirmed);
  verdict([
    ['every API process restarted', apis.restarts >= settings.apiPorts.length],
    ['0 failed requests', bad.length === 0],
    ['bookings confirmed during the drill', load.confirmed.length > 0],
    [
      `every confirmed booking kept and paid (${check.kept}/${load.confirmed.length})`,
      check.kept === load.confirmed.length,
    ],
    ...ledgerBars(check),
  ]);
});
