// etcd, the store Patroni keeps the cluster's leader key and configuration in: three members
// (CLUSTER_ETCD_MEMBERS), so that it survives the loss of any one; on three machines, one each
// (docs/operations.md).
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { ProcessTable, SpawnOptions } from './processes.ts';
import type { ClusterSettings, EtcdMember } from './settings.ts';
import { issueCertificate } from './tls.ts';
import { statusOf, waitFor } from './wait.ts';

const url = (port: number) => `https://127.0.0.1:${port}`;

/**
 * TLS on both of a member's doors, and only clients with a certificate from the cluster's CA
 * (the database nodes, the operator), only peers with one too. The certificate is issued into
 * the member's tls/, beside its data.
 */
export const memberTls = (settings: ClusterSettings, member: EtcdMember) =>
  issueCertificate(settings.dir, path.join(settings.dir, 'etcd', member.name, 'tls'), member.name, [
    member.name,
    // A peer's address must be in its certificate: etcd checks it against the connection's.
    '127.0.0.1',
    // Where the nodes in their network namespaces reach it (netns.ts).
    ...(settings.network ? [settings.network.gateway] : []),
  ]);

function tlsArgs(settings: ClusterSettings, member: EtcdMember) {
  const tls = memberTls(settings, member);
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

/** The members' client addresses, as Patroni lists them (host:port). */
export const etcdHosts = (settings: ClusterSettings) =>
  settings.etcd.map((m) => `${settings.network?.gateway ?? '127.0.0.1'}:${m.clientPort}`);

/** Loopback, and the host's address on the nodes' network when they have one. */
const clientUrls = (settings: ClusterSettings, member: EtcdMember) =>
  [
    url(member.clientPort),
    ...(settings.network ? [`https://${settings.network.gateway}:${member.clientPort}`] : []),
  ].join(',');

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
      `--listen-client-urls=${clientUrls(settings, member)}`,
      // The nodes' address alone when they have one: Patroni dials every advertised address, and
      // loopback in a node's namespace is its own.
      `--advertise-client-urls=${settings.network ? `https://${settings.network.gateway}:${member.clientPort}` : url(member.clientPort)}`,
      `--listen-peer-urls=${url(member.peerPort)}`,
      `--initial-advertise-peer-urls=${url(member.peerPort)}`,
      // Prometheus's door: metrics and health only, no key, so no certificate (a client
      // certificate of the cluster's CA may read and write every key). Loopback, as every port
      // here; on machines, firewalled to the Prometheus machine.
      `--listen-metrics-urls=http://127.0.0.1:${member.metricsPort}`,
      `--initial-cluster=${initialCluster}`,
      `--initial-cluster-state=${state}`,
      '--initial-cluster-token=devstay',
      ...tlsArgs(settings, member),
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
