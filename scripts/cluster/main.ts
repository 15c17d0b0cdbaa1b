// `npm run cluster`: DevStay on a replicated PostgreSQL (Patroni + etcd), several API processes
// and HAProxy, on this machine. Ctrl+C or SIGTERM stops everything it started.
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
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

try {
  await cluster.start();
  console.log(
    `DevStay cluster is serving ${settings.publicUrl} (${settings.apiPorts.length} API processes; processes in ${settings.dir}/processes.json, logs in ${settings.dir}/logs)`,
  );
} catch (error) {
  if (stopping) await new Promise(() => {});
  console.error(`The cluster did not start: ${errorMessage(error)}`);
  process.exit(1);
}
