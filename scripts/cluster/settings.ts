// Where and on which ports `npm run cluster` runs its parts, from the environment. Every part
// listens on 127.0.0.1 here, or with CLUSTER_NETNS=on each database node on an address of its own
// in a network namespace of its own (netns.ts); on several machines only these addresses change
// (docs/operations.md).
import path from 'node:path';
import { ROOT } from '../web-build.ts';
import { type BackupSettings, backupSettings } from './backup-settings.ts';
import { type NodeNetwork, nodeNetwork } from './netns.ts';

export interface DatabaseNode {
  /** Patroni's member name. */
  name: string;
  /** PostgreSQL's port. */
  pgPort: number;
  /** Patroni's REST API (health checks: /primary, /replica, /sync). */
  restPort: number;
  /** The address its PostgreSQL and REST API listen on and are reached at. */
  host: string;
  /** Its network namespace (CLUSTER_NETNS=on): the machine it stands for. */
  namespace?: string;
}

/** One etcd member: the store Patroni keeps its leader key in, replicated over members. */
export interface EtcdMember {
  /** etcd's member name. */
  name: string;
  /** Where Patroni and etcdctl reach it. */
  clientPort: number;
  /** Where the other members reach it. */
  peerPort: number;
  /** Its `/metrics` and `/health` alone, plain HTTP on loopback: what Prometheus scrapes. */
  metricsPort: number;
}

export interface ClusterSettings {
  /** State, data and logs: processes.json, etcd/, node1/, haproxy.cfg, logs/. */
  dir: string;
  /** The site, through HAProxy. */
  port: number;
  /** The address HAProxy's site listens on. */
  host: string;
  /** One port per API process. */
  apiPorts: number[];
  /** The etcd members (3: the store survives the loss of any one). */
  etcd: EtcdMember[];
  /** The database nodes (3: losing any one leaves a primary and a synchronous replica). */
  nodes: DatabaseNode[];
  /** HAProxy's doors to the databases: whichever node is primary, and a streaming replica. */
  primaryPort: number;
  replicaPort: number;
  /** HAProxy's statistics page (the drills read the backends' states from it); also its metrics. */
  statsPort: number;
  /** One Prometheus metrics port per API process (METRICS_PORT), beside `apiPorts`. */
  metricsPorts: number[];
  /** A replica further behind the primary than this (bytes of WAL) leaves the replicas' door. */
  replicaLagBytes: number;
  /** `--observe`: Prometheus, and one PostgreSQL exporter per database node from `pgExporterPort`. */
  prometheusPort: number;
  pgExporterPort: number;
  /** The backups' metrics file server (node exporter's textfile collector). */
  textfileExporterPort: number;
  /** How long a stopping API process keeps answering while the balancer takes it out. */
  drainMs: number;
  /** The origin people open. */
  publicUrl: string;
  /** Further configuration of every API process (the drills raise the per-address limits). */
  apiEnv: Record<string, string>;
  /** pgBackRest's repository and retention (backup-settings.ts). */
  backup: BackupSettings;
  /** The database nodes' own network (CLUSTER_NETNS=on), else undefined: all on loopback. */
  network?: NodeNetwork;
}

const int = (env: NodeJS.ProcessEnv, name: string, fallback: number) => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new Error(`${name} must be a port or count`);
  return n;
};

const positive = (env: NodeJS.ProcessEnv, name: string, fallback: number) => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${name} must be a whole number above 0`);
  return n;
};

export function clusterSettings(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<ClusterSettings> = {},
): ClusterSettings {
  const port = int(env, 'CLUSTER_PORT', 8080);
  const processes = int(env, 'CLUSTER_PROCESSES', 2);
  if (processes < 1) throw new Error('CLUSTER_PROCESSES must be 1 or more');
  const apiPort = int(env, 'CLUSTER_API_PORT', 3101);
  const pgPort = int(env, 'CLUSTER_PG_PORT', 54401);
  const restPort = int(env, 'CLUSTER_PATRONI_PORT', 8101);
  const host = env.CLUSTER_HOST || '127.0.0.1';
  const dir = path.resolve(env.CLUSTER_DIR || path.join(ROOT, '.data/cluster'));
  const nodes = int(env, 'CLUSTER_NODES', 3);
  if (nodes < 2 || nodes > 9) throw new Error('CLUSTER_NODES must be 2 to 9');
  const members = int(env, 'CLUSTER_ETCD_MEMBERS', 3);
  if (members < 1 || members > 9 || members % 2 === 0) {
    throw new Error(
      'CLUSTER_ETCD_MEMBERS must be 1, 3, 5, 7 or 9 (an odd number keeps a majority)',
    );
  }
  const etcdPort = int(env, 'CLUSTER_ETCD_PORT', 23791);
  const etcdMetricsPort = int(env, 'CLUSTER_ETCD_METRICS_PORT', etcdPort + 20);
  const network = nodeNetwork(env, pgPort);
  return {
    dir,
    port,
    host,
    apiPorts: Array.from({ length: processes }, (_, i) => apiPort + i),
    etcd: Array.from({ length: members }, (_, i) => ({
      name: `etcd${i + 1}`,
      clientPort: etcdPort + i,
      peerPort: etcdPort + 10 + i,
      metricsPort: etcdMetricsPort + i,
    })),
    nodes: Array.from({ length: nodes }, (_, i) => i + 1).map((n) => ({
      name: `node${n}`,
      pgPort: pgPort + n - 1,
      restPort: restPort + n - 1,
      host: network ? network.nodeHost(n) : '127.0.0.1',
      ...(network ? { namespace: network.namespace(n) } : {}),
    })),
    primaryPort: pgPort - 1,
    replicaPort: pgPort + 9,
    statsPort: int(env, 'CLUSTER_STATS_PORT', 8404),
    metricsPorts: Array.from(
      { length: processes },
      (_, i) => int(env, 'CLUSTER_METRICS_PORT', 9101) + i,
    ),
    replicaLagBytes: positive(env, 'CLUSTER_REPLICA_LAG_BYTES', 16 * 1024 * 1024),
    prometheusPort: int(env, 'CLUSTER_PROMETHEUS_PORT', 9090),
    pgExporterPort: int(env, 'CLUSTER_PG_EXPORTER_PORT', 9187),
    textfileExporterPort: int(env, 'CLUSTER_TEXTFILE_EXPORTER_PORT', 9100),
    drainMs: int(env, 'CLUSTER_DRAIN_MS', 4000),
    publicUrl: env.PUBLIC_URL || `http://localhost:${port}`,
    apiEnv: {},
    backup: backupSettings(env, overrides.dir ?? dir),
    ...(network ? { network } : {}),
    ...overrides,
  };
}
