// The database nodes: PostgreSQL 15 under Patroni, which elects the primary through etcd, makes
// the other nodes streaming replicas (pg_basebackup, then pg_rewind after a failover, a new copy
// when a rewind cannot be made) and promotes one by itself when the primary's leader key lapses.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { etcdHosts } from './etcd.ts';
import type { Tools } from './packages.ts';
import {
  archiveParameters,
  nodeArchiveScript,
  nodeConfigFile,
  nodePromotionScript,
  repositoryFolder,
  restoreCommand,
  writeNodeConfig,
} from './pgbackrest.ts';
import type { ProcessTable, Role, SpawnOptions } from './processes.ts';
import { type Secrets, USERS } from './secrets.ts';
import { chownTree, postgresIds } from './server-user.ts';
import type { ClusterSettings, DatabaseNode } from './settings.ts';
import { issueCertificate, type PartTls } from './tls.ts';
import { statusOf, waitFor } from './wait.ts';

/** How long the leader key lives without renewal: the longest a dead primary holds on to it. */
export const LEADER_TTL_S = 10;

/**
 * The node's certificate, in its folder's tls/: for PostgreSQL, its REST API and as etcd's
 * client. It names the node and its address, which is also the address of the balancer's
 * database doors the API processes dial (127.0.0.1 on one machine; docs/operations.md), and
 * localhost, the name Patroni dials its own PostgreSQL by.
 */
const nodeTls = (settings: ClusterSettings, node: DatabaseNode): PartTls =>
  issueCertificate(settings.dir, path.join(settings.dir, node.name, 'tls'), node.name, [
    node.name,
    '127.0.0.1',
    'localhost',
    // Its own address in its network namespace (netns.ts), where the others dial it.
    ...(node.host === '127.0.0.1' ? [] : [node.host]),
  ]);

function patroniConfig(
  settings: ClusterSettings,
  node: DatabaseNode,
  tools: Tools,
  secrets: Secrets,
  tls: PartTls,
) {
  const nodeDir = path.join(settings.dir, node.name);
  // Every connection Patroni, pg_basebackup and pg_rewind open is TLS, the server verified
  // against the CA's certificate in the node's own folder (the cluster's tls/ is root's).
  const verified = { sslmode: 'verify-full', sslrootcert: tls.ca };
  const backupConfig = nodeConfigFile(settings, node);
  const archiveScript = nodeArchiveScript(settings, node);
  return {
    scope: 'devstay',
    name: node.name,
    log: { level: 'INFO' },
    restapi: {
      listen: `${node.host}:${node.restPort}`,
      connect_address: `${node.host}:${node.restPort}`,
      // HTTPS; what changes the cluster (POST /failover, PATCH /config, …) asks a password.
      certfile: tls.cert,
      keyfile: tls.key,
      cafile: tls.ca,
      authentication: { username: USERS.patroniApi, password: secrets.patroniApi },
    },
    // patronictl, and Patroni's calls to the other members' REST API.
    ctl: { cacert: tls.ca, certfile: tls.cert, keyfile: tls.key },
    etcd3: {
      hosts: etcdHosts(settings),
      protocol: 'https',
      cacert: tls.ca,
      cert: tls.cert,
      key: tls.key,
    },
    // The machine's watchdog resets it when Patroni hangs while primary (no second writer after
    // its leader key lapses); `automatic`: used where /dev/watchdog is, started without it
    // elsewhere (docs/operations.md, Watchdog).
    watchdog: { mode: 'automatic', device: '/dev/watchdog', safety_margin: 5 },
    bootstrap: {
      dcs: {
        ttl: LEADER_TTL_S,
        loop_wait: 1,
        retry_timeout: 4,
        // A replica further behind than this is never promoted (with synchronous_mode only a
        // synchronous one is promoted, and it is never behind a confirmed commit).
        maximum_lag_on_failover: 1048576,
        // Every commit waits for every running replica (Patroni 3.0 names them all in
        // synchronous_standby_names), so a confirmed booking survives the loss of any one node
        // and any surviving node may be promoted; not strict: with no replica left the primary
        // goes on alone (docs/decisions/0013-three-nodes.md).
        synchronous_mode: true,
        synchronous_mode_strict: false,
        synchronous_node_count: settings.nodes.length - 1,
        // etcd unreachable from every node: the primary keeps its role while every other node
        // answers it over Patroni's REST API that it is still the leader, rather than demote
        // itself and refuse every booking.
        failsafe_mode: true,
        postgresql: {
          use_pg_rewind: true,
          use_slots: true,
          parameters: {
            wal_level: 'replica',
            hot_standby: 'on',
            wal_log_hints: 'on',
            max_wal_senders: 10,
            max_replication_slots: 10,
            synchronous_commit: 'on',
            hot_standby_feedback: 'on',
            max_connections: 200,
          },
        },
      },
      initdb: [{ encoding: 'UTF8' }, { locale: 'C.UTF-8' }, 'data-checksums'],
    },
    postgresql: {
      listen: `${node.host}:${node.pgPort}`,
      connect_address: `${node.host}:${node.pgPort}`,
      data_dir: path.join(nodeDir, 'data'),
      bin_dir: tools.pgBinDir,
      pgpass: path.join(nodeDir, 'pgpass'),
      // When pg_rewind cannot bring a node back (or its timeline went past the primary's), its
      // data is removed and copied again from the primary: it rejoins by itself either way.
      remove_data_directory_on_rewind_failure: true,
      remove_data_directory_on_diverged_timelines: true,
      // A new replica copies the primary at once rather than after a spread checkpoint.
      basebackup: [{ checkpoint: 'fast' }],
      authentication: {
        superuser: { username: 'postgres', password: secrets.superuser, ...verified },
        replication: { username: 'replicator', password: secrets.replication, ...verified },
        // Made with only the functions pg_rewind reads with (Patroni's bootstrap, and
        // ensureAppDatabase for a cluster made before it).
        rewind: { username: USERS.rewind, password: secrets.rewind, ...verified },
      },
      // TLS or nothing: a connection without it matches no line but the refusals.
      pg_hba: [
        // pgBackRest's backups connect through the node's socket folder (the node's own folder,
        // the server's user's only).
        'local all postgres scram-sha-256',
        'hostssl replication replicator 127.0.0.1/32 scram-sha-256',
        'hostssl all all 127.0.0.1/32 scram-sha-256',
        // The nodes' own network: the other nodes, and the host (HAProxy, the drills).
        ...(settings.network
          ? [
              `hostssl replication replicator ${settings.network.subnet} scram-sha-256`,
              `hostssl all all ${settings.network.subnet} scram-sha-256`,
            ]
          : []),
        'hostnossl all all 0.0.0.0/0 reject',
        'hostnossl replication all 0.0.0.0/0 reject',
      ],
      // Every node archives to pgBackRest's repository, a replica too (pgbackrest.ts).
      parameters: {
        unix_socket_directories: nodeDir,
        ssl: 'on',
        ssl_cert_file: tls.cert,
        ssl_key_file: tls.key,
        ssl_ca_file: tls.ca,
        ssl_min_protocol_version: 'TLSv1.2',
        ...archiveParameters(archiveScript),
      },
      recovery_conf: { restore_command: restoreCommand(backupConfig) },
      // A promoted node archives the old timeline's last segment too (pgbackrest.ts).
      callbacks: { on_role_change: nodePromotionScript(settings, node) },
    },
  };
}

/** Whether PostgreSQL's processes can share the node's fate (a PID namespace of its own). */
let namespaces: 'root' | 'user' | 'none' | undefined;
function namespaceKind(): 'root' | 'user' | 'none' {
  if (namespaces) return namespaces;
  const probe = (args: string[]) =>
    spawnSync('unshare', [...args, '--pid', '--fork', '--mount', '--mount-proc', 'true']).status ===
    0;
  if (userInfo().uid === 0 && probe([])) namespaces = 'root';
  else if (probe(['--map-current-user'])) namespaces = 'user';
  else namespaces = 'none';
  return namespaces;
}

/**
 * Starts a node in a process group of its own whose leader stands for the machine: Patroni
 * starts PostgreSQL in a session of its own (so that restarting Patroni does not stop it), so
 * the node runs in a PID namespace, and when its first process dies the kernel ends every
 * process in it, as when the machine dies. PostgreSQL refuses to run as root: as root the
 * node runs as the `postgres` user, which owns its folder.
 */
export function startNode(
  table: ProcessTable,
  settings: ClusterSettings,
  node: DatabaseNode,
  tools: Tools,
  secrets: Secrets,
  role: Role,
  onExit?: SpawnOptions['onExit'],
) {
  const nodeDir = path.join(settings.dir, node.name);
  mkdirSync(nodeDir, { recursive: true });
  const configFile = path.join(nodeDir, 'patroni.yml');
  // YAML is a superset of JSON.
  const tls = nodeTls(settings, node);
  writeFileSync(
    configFile,
    JSON.stringify(patroniConfig(settings, node, tools, secrets, tls), null, 2),
  );
  chmodSync(configFile, 0o600);
  // Patroni with its leader key written only when it is the node's or nobody's (the file says why).
  const launcher = path.join(nodeDir, 'patroni-leader-key.py');
  copyFileSync(path.join(import.meta.dirname, 'patroni-leader-key.py'), launcher);
  const python = /^#!(\S+)/.exec(readFileSync(tools.patroni, 'utf8'))?.[1] ?? 'python3';
  chmodSync(nodeDir, 0o700);
  writeNodeConfig(settings, node, secrets.backupPassphrase, tools.pgBinDir);
  repositoryFolder(settings.backup);
  const root = userInfo().uid === 0;
  if (root) {
    const { uid, gid } = postgresIds();
    chownTree(nodeDir, uid, gid);
  }
  const kind = namespaceKind();
  const asPostgres = root
    ? ['setpriv', '--reuid=postgres', '--regid=postgres', '--init-groups', '--']
    : [];
  const command = [...asPostgres, python, launcher, configFile];
  const inNamespace =
    kind === 'none'
      ? command
      : [
          'unshare',
          ...(kind === 'user' ? ['--map-current-user'] : []),
          '--pid',
          '--fork',
          '--kill-child',
          '--mount',
          '--mount-proc',
          ...command,
        ];
  // And in its network namespace, when it has one: its own address, its own firewall.
  const onItsNetwork = node.namespace
    ? ['ip', 'netns', 'exec', node.namespace, ...inNamespace]
    : inNamespace;
  const [program, ...args] = onItsNetwork as [string, ...string[]];
  return table.spawn({
    role,
    name: node.name,
    port: node.pgPort,
    restPort: node.restPort,
    onExit,
    command: program,
    args,
    env: { ...process.env, HOME: nodeDir, PATH: `${tools.pgBinDir}:${process.env.PATH}` },
  });
}

/** Patroni's REST API on `node` (HTTPS: wait.ts's statusOf trusts the cluster's CA). */
const restUrl = (node: DatabaseNode, check: string) =>
  `https://${node.host}:${node.restPort}/${check}`;

/** The node's role as Patroni reports it now, or undefined when it does not answer as either. */
export async function roleOf(node: DatabaseNode): Promise<'primary' | 'replica' | undefined> {
  if ((await statusOf(restUrl(node, 'primary'), 1000)) === 200) return 'primary';
  if ((await statusOf(restUrl(node, 'replica'), 1000)) === 200) return 'replica';
  return undefined;
}

export function waitForRole(
  node: DatabaseNode,
  check: 'primary' | 'replica' | 'sync',
  timeoutMs: number,
  signal?: AbortSignal,
) {
  return waitFor(
    `${node.name} answering ${check}`,
    async () => (await statusOf(restUrl(node, check), 1000)) === 200,
    timeoutMs,
    500,
    signal,
  );
}

export { chownTree, namespaceKind, postgresIds };
