// Starts every part and stops them all: the etcd members, every database node at once (Patroni
// elects as primary whichever holds the newest data: a first start, a restart after a failover,
// a clean stop or a power loss alike), HAProxy, the API's role and database, the web build, then
// the API processes, serving once each is in the balancer's rotation. A database node or etcd
// member that ends on its own is started again (a node rejoins as a replica).
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { errorMessage } from '@devstay/shared/error-message';
import pg from 'pg';
import { ensureDatabaseRoles } from '../../apps/api/src/db/roles.ts';
import { buildWeb, webBuildIsStale } from '../web-build.ts';
import { ApiProcesses, apiName } from './api.ts';
import { startEtcd, startEtcdMember } from './etcd.ts';
import { API_BACKEND, backendStates, startHaproxy } from './haproxy.ts';
import { removeNetwork, setUpNetwork } from './netns.ts';
import { ensureNetworkTools, ensureTools, type Tools } from './packages.ts';
import { LEADER_TTL_S, namespaceKind, roleOf, startNode, waitForRole } from './patroni.ts';
import { createStanza, describeRepository, nodeConfigFile } from './pgbackrest.ts';
import { type ClusterPort, reservePorts, takenPorts } from './ports.ts';
import { ProcessTable, type SpawnOptions } from './processes.ts';
import { clusterSecrets, type Secrets, USERS } from './secrets.ts';
import type { ClusterSettings, DatabaseNode, EtcdMember } from './settings.ts';
import { ensureCa, trustCluster, verifiedUrl } from './tls.ts';
import { waitFor } from './wait.ts';

/** What reaches a running cluster: its site, its database, its primary. */
export interface ClusterAccess {
  settings: ClusterSettings;
  secrets: Secrets;
  /** The site through the balancer. */
  base: string;
  /** A superuser's address of the database through the primary door. */
  adminUrl(port?: number): string;
  /** The node Patroni reports as primary now. */
  primary(): Promise<DatabaseNode | undefined>;
}

/** The access to the cluster of `settings`, whichever process runs it. */
export function clusterAccess(settings: ClusterSettings): ClusterAccess {
  const secrets = clusterSecrets(settings.dir);
  // The CA before any part: each is issued its certificate as it starts, and this process
  // verifies them (Patroni's REST API, etcd) against it.
  ensureCa(settings.dir);
  trustCluster(settings.dir);
  return {
    settings,
    secrets,
    base: `http://127.0.0.1:${settings.port}`,
    adminUrl: (port = settings.primaryPort) =>
      verifiedUrl(
        `postgres://postgres:${encodeURIComponent(secrets.superuser)}@127.0.0.1:${port}/devstay`,
        settings.dir,
      ),
    primary: async () => {
      for (const node of settings.nodes) if ((await roleOf(node)) === 'primary') return node;
      return undefined;
    },
  };
}

export interface Cluster extends ClusterAccess {
  table: ProcessTable;
  apis: ApiProcesses;
  /** Database nodes and etcd members the supervisor started again after they ended on their own. */
  restarts: { nodes: number; etcd: number };
  /** Starts every part; stops what it started when a part fails or `stop` is called meanwhile. */
  start(): Promise<void>;
  /** Stops everything started, at any time (also during the start). */
  stop(): Promise<void>;
  /**
   * Has `stop` also stop `stopPart`, something started beside the cluster (a restored server),
   * after the cluster's own parts: also what started while they stopped. Throws once stopping.
   */
  stopWith(part: string, stopPart: () => void | Promise<void>): void;
}

/** Time for an election after a power loss (the old leader key lapses first) or a rewind. */
const NODE_START_TIMEOUT_MS = 180_000;
/** A part that ended on its own is started again after this. */
const RESTART_DELAY_MS = 1000;
/**
 * A node, after its leader key's life and a little more: a primary started again sooner finds
 * the key still its own and resumes as primary; after it, another node has been promoted and it
 * rejoins as a replica, as a machine that takes longer than that to boot does.
 */
const NODE_RESTART_DELAY_MS = (LEADER_TTL_S + 5) * 1000;

/** Every port of the cluster on this machine, named by its part. */
function clusterPorts(settings: ClusterSettings): ClusterPort[] {
  const on = (part: string, port: number, host = '127.0.0.1'): ClusterPort => ({
    part,
    host,
    port,
  });
  return [
    on('the site', settings.port, settings.host),
    ...settings.apiPorts.map((p, i) => on(apiName(i), p)),
    ...settings.metricsPorts.map((p, i) => on(`${apiName(i)} metrics`, p)),
    ...settings.etcd.flatMap((m) => [
      on(m.name, m.clientPort),
      on(`${m.name} peers`, m.peerPort),
      on(`${m.name} metrics`, m.metricsPort),
    ]),
    ...settings.nodes.flatMap((n) => [on(n.name, n.pgPort), on(`${n.name} Patroni`, n.restPort)]),
    on('the primary door', settings.primaryPort),
    on('the replicas door', settings.replicaPort),
    on('HAProxy stats', settings.statsPort),
  ];
}

/**
 * The API's database, owned by the migrations' role, the API's own role granted rows only; and
 * the rewind user with only the functions pg_rewind reads with (Patroni makes it when it makes
 * the cluster; a cluster made before it gets it here). Made once on the primary (replicated like
 * everything else), through the balancer's primary door: whichever node is primary when it
 * connects.
 */
async function ensureAppDatabase(settings: ClusterSettings, secrets: Secrets) {
  const adminUrl = verifiedUrl(
    `postgres://postgres:${encodeURIComponent(secrets.superuser)}@127.0.0.1:${settings.primaryPort}/postgres`,
    settings.dir,
  );
  await ensureDatabaseRoles(adminUrl, {
    database: 'devstay',
    owner: { name: USERS.owner, password: secrets.owner },
    app: { name: USERS.app, password: secrets.app },
  });
  await ensureRewindUser(adminUrl, secrets.rewind);
}

/** pg_rewind's rights without superuser (PostgreSQL's pg_rewind documentation). */
async function ensureRewindUser(adminUrl: string, password: string) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const user = client.escapeIdentifier(USERS.rewind);
    const found = await client.query('select 1 from pg_roles where rolname = $1', [USERS.rewind]);
    await client.query(
      `${found.rowCount === 0 ? 'create' : 'alter'} role ${user} login nosuperuser password ${client.escapeLiteral(password)}`,
    );
    for (const fn of [
      'pg_ls_dir(text, boolean, boolean)',
      'pg_stat_file(text, boolean)',
      'pg_read_binary_file(text)',
      'pg_read_binary_file(text, bigint, bigint, boolean)',
    ]) {
      await client.query(`grant execute on function pg_catalog.${fn} to ${user}`);
    }
  } finally {
    await client.end();
  }
}

/**
 * Commits a transaction on the primary every few seconds until stopped. A node pg_rewind brought
 * back is consistent only once it replays WAL up to the primary's insert position as pg_rewind
 * read it; right after a segment switch (archive_timeout) nothing is written there yet, and
 * before the API processes start nothing else writes, so the node would wait for ever.
 */
function walHeartbeat(settings: ClusterSettings, secrets: Secrets) {
  const adminUrl = verifiedUrl(
    `postgres://postgres:${encodeURIComponent(secrets.superuser)}@127.0.0.1:${settings.primaryPort}/postgres`,
    settings.dir,
  );
  let busy = false;
  const beat = async () => {
    if (busy) return;
    busy = true;
    const client = new pg.Client({
      connectionString: adminUrl,
      connectionTimeoutMillis: 3000,
      query_timeout: 5000,
    });
    try {
      await client.connect();
      // Flushed here, waiting for no replica: the one catching up may be the one it would wait for.
      await client.query(
        'begin; set local synchronous_commit to local; select txid_current(); commit',
      );
    } catch {
      // No primary this moment: the next beat tries again.
    } finally {
      await client.end().catch(() => {});
      busy = false;
    }
  };
  const timer = setInterval(() => void beat(), 5000);
  return { stop: () => clearInterval(timer) };
}

/** How long the start waits for the other replicas once one is synchronous. */
const OTHER_REPLICAS_GRACE_MS = 60_000;

/**
 * Waits for the replicas to follow the primary synchronously: one at least (every booking then
 * commits on two nodes), the others for OTHER_REPLICAS_GRACE_MS more. A node still being
 * rewound or copied again after a failover then joins by itself while the cluster serves
 * (Patroni lists in synchronous_standby_names only the replicas that stream), said in the log
 * when it does or when it gives up, rather than keep the whole cluster down. The heartbeat runs
 * until every replica has joined or given up.
 */
async function replicasJoined(
  replicas: DatabaseNode[],
  heartbeat: { stop(): void },
  stopping: AbortSignal,
  log: (line: string) => void,
): Promise<void> {
  const joined = new Set<string>();
  const joins = replicas.map(async (node) => {
    await waitForRole(node, 'sync', NODE_START_TIMEOUT_MS, stopping);
    joined.add(node.name);
    log(`${node.name} synchronous replica on port ${node.pgPort}`);
  });
  void Promise.allSettled(joins).then((results) => {
    heartbeat.stop();
    results.forEach((result, i) => {
      const node = replicas[i];
      if (result.status === 'rejected' && node && !stopping.aborted)
        log(
          `${node.name} did not join as a synchronous replica (${errorMessage(result.reason)}): see logs/${node.name}.log`,
        );
    });
  });
  if (replicas.length === 0) return;
  try {
    await Promise.any(joins);
  } catch {
    throw new Error(
      `no replica following the primary synchronously after ${NODE_START_TIMEOUT_MS / 1000} s (${replicas.map((n) => n.name).join(', ')})`,
    );
  }
  const all = Promise.allSettled(joins);
  const grace = new Promise((resolve) => setTimeout(resolve, OTHER_REPLICAS_GRACE_MS).unref());
  await Promise.race([all, grace]);
  const waiting = replicas.filter((node) => !joined.has(node.name));
  if (waiting.length > 0)
    log(
      `serving without waiting for ${waiting.map((n) => n.name).join(', ')}: not a synchronous replica yet; it joins by itself once it follows the primary (see logs/${waiting[0]?.name}.log)`,
    );
}

/**
 * The last lines of each database node's log: why a start failed is told there (an election
 * refused, a rewind that did not reach a consistent state, a module missing).
 */
export function nodeLogTails(settings: ClusterSettings, lines = 12): string {
  return settings.nodes
    .map((node) => {
      const file = path.join(settings.dir, 'logs', `${node.name}.log`);
      const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
      const tail = text.trimEnd().split('\n').slice(-lines);
      return [`${node.name}'s last lines:`, ...tail.map((line) => `  ${line}`)].join('\n');
    })
    .join('\n');
}

export function createCluster(
  settings: ClusterSettings,
  log: (line: string) => void = console.log,
): Cluster {
  mkdirSync(settings.dir, { recursive: true });
  const table = new ProcessTable(settings.dir);
  table.refuseLeftovers();
  const access = clusterAccess(settings);
  const { secrets, primary } = access;
  const apis = new ApiProcesses(table, settings, secrets, log);
  let stopped: Promise<void> | undefined;
  const stopping = new AbortController();
  const beside: [string, () => void | Promise<void>][] = [];
  const stop = () => {
    // Each part is stopped whatever became of the one before: a stop that gave up half-way
    // would leave the rest running.
    const attempt = async (part: string, stopPart: () => Promise<void>) => {
      try {
        await stopPart();
      } catch (error) {
        log(`stopping ${part}: ${errorMessage(error)}`);
      }
    };
    stopped ??= (async () => {
      // Waits still running (a replica that has not joined yet) end with it.
      stopping.abort();
      await attempt('the API processes', () => apis.stopAll());
      await attempt('haproxy', () => table.stop('haproxy'));
      // The replicas together first, so that the primary's shutdown promotes none of them; then
      // the primary, then the etcd members together.
      const roles = await Promise.all(
        settings.nodes.map((node) => roleOf(node).catch(() => undefined)),
      );
      const stopNodes = (primary: boolean) =>
        Promise.all(
          settings.nodes
            .filter((_, i) => (roles[i] === 'primary') === primary)
            .map((node) => attempt(node.name, () => table.stop(node.name, 30_000))),
        );
      await stopNodes(false);
      await stopNodes(true);
      await Promise.all(settings.etcd.map((m) => attempt(m.name, () => table.stop(m.name))));
      const { network } = settings;
      if (network) await attempt('the nodes’ network', async () => removeNetwork(network));
      for (const [part, stopPart] of beside) await attempt(part, async () => stopPart());
    })();
    return stopped;
  };
  // Each step checks that no stop was asked meanwhile.
  const step = () => {
    if (stopped) throw new Error('stopped while starting');
  };
  const restarts = { nodes: 0, etcd: 0 };
  // The supervisor: a node or member that ends without being asked to is started again, as a
  // machine's service manager would.
  /**
   * Starts a part with `spawnPart`, and again whenever it ends on its own: after `firstWaitMs`,
   * or, while it keeps ending within 10 s of its start (a port taken, a broken configuration),
   * after twice the last wait, up to 30 s.
   */
  const supervise = (
    name: string,
    spawnPart: (onExit: SpawnOptions['onExit']) => void,
    restarted: () => void,
    firstWaitMs: number,
    waitMs = firstWaitMs,
  ) => {
    const startedAt = Date.now();
    spawnPart((code, signal) => {
      if (stopped) return;
      const next = Date.now() - startedAt < 10_000 ? Math.min(waitMs * 2, 30_000) : firstWaitMs;
      log(`${name} ended (${signal ?? `exit ${code}`}): starting it again in ${next / 1000} s`);
      restarted();
      setTimeout(() => {
        if (!stopped) supervise(name, spawnPart, restarted, firstWaitMs, next);
      }, next);
    });
  };
  // A node started again rejoins as a replica (pg_rewind or a new copy) unless it is elected.
  const superviseNode = (tools: Tools, node: DatabaseNode) =>
    supervise(
      node.name,
      (onExit) => startNode(table, settings, node, tools, secrets, 'replica', onExit),
      () => {
        restarts.nodes += 1;
      },
      NODE_RESTART_DELAY_MS,
    );
  const superviseMember = (tools: Tools, member: EtcdMember) =>
    supervise(
      member.name,
      (onExit) => startEtcdMember(table, settings, tools.etcd, member, onExit),
      () => {
        restarts.etcd += 1;
      },
      RESTART_DELAY_MS,
    );
  let starting: Promise<void> | undefined;
  const start = () => {
    starting ??= run();
    return starting.catch(async (error: unknown) => {
      await stop();
      throw error;
    });
  };
  const run = async () => {
    const tools = ensureTools(log);
    if (namespaceKind() === 'none') {
      log(
        'No PID namespaces here (unshare): killing a database node’s process group will not end the PostgreSQL Patroni started.',
      );
    }
    const ports = clusterPorts(settings);
    const reserved = reservePorts(ports.map((p) => p.port));
    if (typeof reserved === 'string') log(`the cluster's ports are not reserved (${reserved})`);
    else if (reserved.length > 0)
      log(`reserved for the cluster, kept from outgoing connections: ${reserved.join(', ')}`);
    const taken = await takenPorts(ports, log);
    if (taken.length > 0) {
      throw new Error(
        `ports in use (another cluster or program): ${taken.join(', ')}. Choose others with the CLUSTER_* settings (docs/operations.md)`,
      );
    }
    if (settings.network) {
      // Before etcd: its members also listen on the host's address on the nodes' network.
      ensureNetworkTools(log);
      setUpNetwork(settings.network, settings.nodes.length);
      log(
        `network namespaces: ${settings.nodes.map((n) => `${n.name} ${n.host} (${n.namespace})`).join(', ')}; the host ${settings.network.gateway} on ${settings.network.bridge}`,
      );
    }
    const webBuilt = webBuildIsStale() ? buildWeb() : undefined;
    await startEtcd(settings, (member) => superviseMember(tools, member));
    log(`etcd ready (${settings.etcd.map((m) => `${m.name} :${m.clientPort}`).join(', ')})`);
    step();
    // Every node at once: Patroni elects the one with the newest data (the one node1 was, or
    // whichever a failover promoted); a node started alone could wait for a leader forever.
    for (const node of settings.nodes) superviseNode(tools, node);
    await startHaproxy(table, settings, tools.haproxy);
    log(
      `HAProxy on ${settings.host}:${settings.port} (databases: primary ${settings.primaryPort}, replica ${settings.replicaPort})`,
    );
    let first: DatabaseNode | undefined;
    await waitFor(
      'a database node answering primary',
      async () => {
        first = await primary();
        return first !== undefined;
      },
      NODE_START_TIMEOUT_MS,
      500,
    );
    const elected = first as DatabaseNode;
    table.setRole(elected.name, 'primary');
    log(`${elected.name} primary on port ${elected.pgPort}`);
    step();
    // A node restarted after a power loss can answer /primary while its PostgreSQL still starts.
    await waitFor(
      'the primary taking the API’s role and database',
      async () => {
        await ensureAppDatabase(settings, secrets);
        return true;
      },
      NODE_START_TIMEOUT_MS,
      1000,
    );
    step();
    // The WAL is archived from here on; a repository the nodes cannot use stops the start.
    await createStanza(nodeConfigFile(settings, elected), secrets.superuser);
    log(`backup repository ready (${describeRepository(settings.backup)})`);
    step();
    await replicasJoined(
      settings.nodes.filter((node) => node !== elected),
      walHeartbeat(settings, secrets),
      stopping.signal,
      log,
    );
    step();
    await webBuilt;
    step();
    // The first process migrates and seeds the demo data alone; the others start on it.
    apis.start(0);
    await apis.waitReady(0);
    log(`${apiName(0)} ready on port ${settings.apiPorts[0]}`);
    step();
    for (let i = 1; i < settings.apiPorts.length; i++) apis.start(i);
    for (let i = 1; i < settings.apiPorts.length; i++) {
      await apis.waitReady(i);
      log(`${apiName(i)} ready on port ${settings.apiPorts[i]}`);
    }
    // Serving means every process takes requests: each is in the balancer's rotation.
    await waitFor(
      'every API process in the balancer',
      async () => {
        const states = await backendStates(settings, API_BACKEND);
        return settings.apiPorts.every((_, i) => states.get(apiName(i)) === 'UP');
      },
      60_000,
    );
  };
  return {
    ...access,
    table,
    apis,
    restarts,
    start,
    stop,
    stopWith: (part, stopPart) => {
      if (stopped) throw new Error(`the cluster is stopping: ${part} not started`);
      beside.push([part, stopPart]);
    },
  };
}
