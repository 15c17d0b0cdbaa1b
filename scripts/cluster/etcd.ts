// etcd, the store Patroni keeps the cluster's leader lock and configuration in. One member here;
// three on three machines for a store that survives one of them (docs/operations.md).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { ProcessTable } from './processes.ts';
import type { ClusterSettings } from './settings.ts';
import { statusOf, waitFor } from './wait.ts';

const etcdUrl = (settings: ClusterSettings) => `http://127.0.0.1:${settings.etcd.clientPort}`;

export async function startEtcd(table: ProcessTable, settings: ClusterSettings, etcd: string) {
  const dataDir = path.join(settings.dir, 'etcd');
  mkdirSync(dataDir, { recursive: true });
  const client = etcdUrl(settings);
  const peer = `http://127.0.0.1:${settings.etcd.peerPort}`;
  table.spawn({
    role: 'etcd',
    name: 'etcd',
    port: settings.etcd.clientPort,
    command: etcd,
    args: [
      '--name=etcd1',
      `--data-dir=${dataDir}`,
      `--listen-client-urls=${client}`,
      `--advertise-client-urls=${client}`,
      `--listen-peer-urls=${peer}`,
      `--initial-advertise-peer-urls=${peer}`,
      `--initial-cluster=etcd1=${peer}`,
      '--initial-cluster-token=devstay',
    ],
  });
  await waitFor('etcd answering', async () => (await statusOf(`${client}/health`)) === 200, 30_000);
}
