// `npm run cluster`: DevStay on a replicated PostgreSQL (Patroni + etcd), several API processes
// and HAProxy, on this machine. Ctrl+C, SIGTERM, SIGHUP, or the end of the command that started
// it (SIGTERM to `npm run cluster` ends npm, whose shell need not pass it on) stops everything
// it started.
import { errorMessage } from '@devstay/shared/error-message';
import { createCluster } from './cluster.ts';
import { clusterSettings } from './settings.ts';

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
  await cluster.start();
  console.log(
    `DevStay cluster is serving ${settings.publicUrl} (${settings.apiPorts.length} API processes, each in the balancer's rotation; ${settings.nodes.length} database nodes, ${settings.etcd.length} etcd members; processes in ${settings.dir}/processes.json, logs in ${settings.dir}/logs)`,
  );
} catch (error) {
  if (stopping) await new Promise(() => {});
  console.error(`The cluster did not start: ${errorMessage(error)}`);
  process.exit(1);
}
