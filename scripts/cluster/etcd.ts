// etcd, the store Patroni keeps the cluster's leader key and configuration in: three members
// (CLUSTER_ETCD_MEMBERS), so that it survives the loss of any one; on three machines, one each
// (docs/operations.md).
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { ProcessTable, SpawnOptions } from './processes.ts';
import type { ClusterSettings, EtcdMember } from './settings.ts';
import { statusOf, waitFor } from './wait.ts';

const url = (port: number) => `http://127.0.0.1:${port}`;

/** The members' client addresses, as Patroni lists them (host:port). */
export const etcdHosts = (settings: ClusterSettings) =>
  settings.etcd.map((m) => `127.0.0.1:${m.clientPort}`);

export function startEtcdMember(
  table: ProcessTable,
  settings: ClusterSettings,
  etcd: string,
  member: EtcdMember,
  onExit?: SpawnOptions['onExit'],
) {
  const dataDir = path.join(settings.dir, 'etcd', member.name);
  // A member that has data rejoins its cluster from it; `new` only makes one the first time.
  const state = existsSync(path.join(dataDir, 'member')) ? 'existing' : 'new';
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const initialCluster = settings.etcd.map((m) => `${m.name}=${url(m.peerPort)}`).join(',');
  return table.spawn({
    role: 'etcd',
    name: member.name,
    port: member.clientPort,
    command: etcd,
    args: [
      `--name=${member.name}`,
      `--data-dir=${dataDir}`,
      `--listen-client-urls=${url(member.clientPort)}`,
      `--advertise-client-urls=${url(member.clientPort)}`,
      `--listen-peer-urls=${url(member.peerPort)}`,
      `--initial-advertise-peer-urls=${url(member.peerPort)}`,
      `--initial-cluster=${initialCluster}`,
      `--initial-cluster-state=${state}`,
      '--initial-cluster-token=devstay',
    ],
    onExit,
  });
}

/** Every member started together by `start` (each answers healthy once a majority is up). */
export async function startEtcd(settings: ClusterSettings, start: (member: EtcdMember) => void) {
  for (const member of settings.etcd) start(member);
  await Promise.all(
    settings.etcd.map((m) =>
      waitFor(
        `${m.name} answering`,
        async () => (await statusOf(`${url(m.clientPort)}/health`)) === 200,
        60_000,
      ),
    ),
  );
}
