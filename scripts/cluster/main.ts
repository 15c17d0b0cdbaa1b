// `npm run cluster`: DevStay on a replicated PostgreSQL (Patroni + etcd), several API processes
// and HAProxy, on this machine. Ctrl+C, SIGTERM, SIGHUP, or the end of the command that started
// it (SIGTERM to `npm run cluster` ends npm, whose shell need not pass it on) stops everything
// it started.
// `npm run cluster -- --observe` also starts Prometheus and the exporters (observe.ts).
import { errorMessage } from '@devstay/shared/error-message';
import { createCluster, nodeLogTails } from './cluster.ts';
import { startObserve } from './observe.ts';
import { ensureObserveTools } from './packages.ts';
import { clusterSettings } from './settings.ts';

const observe = process.argv.slice(2).includes('--observe');
const settings = clusterSettings();
const cluster = createCluster(settings);
let stopping = false;
const stop = async (why: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`${why}: stopping the cluster…`);
  await cluster.stop();
  console.log('stopped');
  process.exit(0);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => void stop(signal));
}
// A parent that ended leaves this process to another (its ppid changes): npm was stopped.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent)
    void stop(`the command that started the cluster (pid ${parent}) ended`);
}, 250).unref();
// Its output may have gone with it: lines nobody reads are dropped, the stop goes on.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});

try {
  const observeTools = observe ? ensureObserveTools() : undefined;
  await cluster.start();
  if (observeTools) {
    // Stopped after the cluster's own parts: whatever of them had started.
    cluster.stopWith('monitoring', async () => {
      const monitors = cluster.table.records().filter((r) => r.role === 'monitor');
      await Promise.all(monitors.map((r) => cluster.table.stop(r.name)));
    });
    await startObserve(cluster.table, settings, observeTools, cluster.adminUrl());
    console.log(
      `Prometheus on http://127.0.0.1:${settings.prometheusPort} (alerts at /alerts; rules in scripts/cluster/prometheus/rules.yml)`,
    );
  }
  console.log(
    `DevStay cluster is serving ${settings.publicUrl} (${settings.apiPorts.length} API processes, each in the balancer's rotation; ${settings.nodes.length} database nodes, ${settings.etcd.length} etcd members; processes in ${settings.dir}/processes.json, logs in ${settings.dir}/logs)`,
  );
} catch (error) {
  if (stopping) await new Promise(() => {});
  console.error(`The cluster did not start: ${errorMessage(error)}`);
  console.error(nodeLogTails(settings));
  // A part that failed after the cluster's own start (monitoring) leaves those to stop.
  await cluster.stop();
  process.exit(1);
}
