// etcd, the store Patroni keeps the cluster's leader lock and configuration in. One member here;
// three on three machines for a store that survives one of them (docs/operations.md).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { ProcessTable } from './processes.ts';
import type { ClusterSettings } from './settings.ts';
import { issueCertificate } from './tls.ts';
import { statusOf, waitFor } from './wait.ts';

const etcdUrl = (settings: ClusterSettings) => `https://127.0.0.1:${settings.etcd.clientPort}`;

/**
 * TLS on both of a member's doors, and only clients with a certificate from the cluster's CA
 * (the database nodes, the operator), only peers with one too.
 */
function tlsArgs(settings: ClusterSettings, dataDir: string, name: string) {
  const tls = issueCertificate(settings.dir, path.join(dataDir, 'tls'), name, [name, '127.0.0.1']);
  return [
    `--cert-file=${tls.cert}`,
    `--key-file=${tls.key}`,
    `--trusted-ca-file=${tls.ca}`,
    '--client-cert-auth',
    `--peer-cert-file=${tls.cert}`,
    `--peer-key-file=${tls.key}`,
    `--peer-trusted-ca-file=${tls.ca}`,
    '--peer-client-cert-auth',
  ];
}

export async function startEtcd(table: ProcessTable, settings: ClusterSettings, etcd: string) {
  const dataDir = path.join(settings.dir, 'etcd');
  mkdirSync(dataDir, { recursive: true });
  const client = etcdUrl(settings);
  const peer = `https://127.0.0.1:${settings.etcd.peerPort}`;
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
      ...tlsArgs(settings, dataDir, 'etcd1'),
    ],
  });
  await waitFor('etcd answering', async () => (await statusOf(`${client}/health`)) === 200, 30_000);
}
