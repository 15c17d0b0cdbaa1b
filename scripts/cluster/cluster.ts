// Starts every part in order and stops them all: etcd, the first database node (primary),
// HAProxy, the API's role and database, the second node (a synchronous streaming replica), the
// web build, then the API processes.
import { mkdirSync } from 'node:fs';
import { errorMessage } from '@devstay/shared/error-message';
import pg from 'pg';
import { buildWeb, webBuildIsStale } from '../web-build.ts';
import { ApiProcesses, apiName } from './api.ts';
import { startEtcd } from './etcd.ts';
import { startHaproxy } from './haproxy.ts';
import { ensureTools } from './packages.ts';
import { namespaceKind, roleOf, startNode, waitForRole } from './patroni.ts';
import { createStanza, describeRepository, nodeConfigFile } from './pgbackrest.ts';
import { ProcessTable } from './processes.ts';
import { clusterSecrets, type Secrets } from './secrets.ts';
import type { ClusterSettings, DatabaseNode } from './settings.ts';

export interface Cluster {
  settings: ClusterSettings;
  secrets: Secrets;
  table: ProcessTable;
  apis: ApiProcesses;
  /** The site through the balancer. */
  base: string;
  /** A superuser's address of the database through the primary door. */
  adminUrl(port?: number): string;
  /** The node Patroni reports as primary now. */
  primary(): Promise<DatabaseNode | undefined>;
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

const NODE_START_TIMEOUT_MS = 120_000;

/** The API's role and database, made once on the primary (replicated like everything else). */
async function ensureAppDatabase(settings: ClusterSettings, secrets: Secrets, node: DatabaseNode) {
  const client = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(secrets.superuser)}@127.0.0.1:${node.pgPort}/postgres`,
  });
  await client.connect();
  try {
    const role = await client.query(`select 1 from pg_roles where rolname = 'devstay'`);
    if (role.rowCount === 0) {
      await client.query(`create role devstay login password ${client.escapeLiteral(secrets.app)}`);
    }
    const database = await client.query(`select 1 from pg_database where datname = 'devstay'`);
    if (database.rowCount === 0) await client.query('create database devstay owner devstay');
  } finally {
    await client.end();
  }
  void settings;
}

export function createCluster(
  settings: ClusterSettings,
  log: (line: string) => void = console.log,
): Cluster {
  mkdirSync(settings.dir, { recursive: true });
  const table = new ProcessTable(settings.dir);
  table.refuseLeftovers();
  const secrets = clusterSecrets(settings.dir);
  const apis = new ApiProcesses(table, settings, secrets, log);
  const adminUrl = (port = settings.primaryPort) =>
    `postgres://postgres:${encodeURIComponent(secrets.superuser)}@127.0.0.1:${port}/devstay`;
  const primary = async () => {
    for (const node of settings.nodes) if ((await roleOf(node)) === 'primary') return node;
    return undefined;
  };
  let stopped: Promise<void> | undefined;
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
      await attempt('the API processes', () => apis.stopAll());
      await attempt('haproxy', () => table.stop('haproxy'));
      // The replicas first, so that the primary's shutdown does not promote one of them.
      const roles = await Promise.all(
        settings.nodes.map((node) => roleOf(node).catch(() => undefined)),
      );
      const order = settings.nodes
        .map((node, i) => ({ node, primary: roles[i] === 'primary' }))
        .sort((a, b) => Number(a.primary) - Number(b.primary));
      for (const { node } of order) await attempt(node.name, () => table.stop(node.name, 30_000));
      await attempt('etcd', () => table.stop('etcd'));
      for (const [part, stopPart] of beside) await attempt(part, async () => stopPart());
    })();
    return stopped;
  };
  // Each step checks that no stop was asked meanwhile.
  const step = () => {
    if (stopped) throw new Error('stopped while starting');
  };
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
    const webBuilt = webBuildIsStale() ? buildWeb() : undefined;
    await startEtcd(table, settings, tools.etcd);
    log('etcd ready');
    step();
    const [first, ...others] = settings.nodes as [DatabaseNode, ...DatabaseNode[]];
    startNode(table, settings, first, tools, secrets, 'primary');
    await waitForRole(first, 'primary', NODE_START_TIMEOUT_MS);
    log(`${first.name} primary on port ${first.pgPort}`);
    step();
    // The WAL is archived from here on; a repository the nodes cannot use stops the start.
    await createStanza(nodeConfigFile(settings, first), secrets.superuser);
    log(`backup repository ready (${describeRepository(settings.backup)})`);
    step();
    await startHaproxy(table, settings, tools.haproxy);
    log(
      `HAProxy on ${settings.host}:${settings.port} (databases: primary ${settings.primaryPort}, replica ${settings.replicaPort})`,
    );
    await ensureAppDatabase(settings, secrets, first);
    step();
    for (const node of others) {
      startNode(table, settings, node, tools, secrets, 'replica');
      await waitForRole(node, 'sync', NODE_START_TIMEOUT_MS);
      log(`${node.name} synchronous replica on port ${node.pgPort}`);
      step();
    }
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
  };
  return {
    settings,
    secrets,
    table,
    apis,
    base: `http://127.0.0.1:${settings.port}`,
    adminUrl,
    primary,
    start,
    stop,
    stopWith: (part, stopPart) => {
      if (stopped) throw new Error(`the cluster is stopping: ${part} not started`);
      beside.push([part, stopPart]);
    },
  };
}
