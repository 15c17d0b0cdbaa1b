// `npm run cluster -- --observe`: Prometheus scraping every part of the cluster — each API
// process's metrics port, Patroni's /metrics, HAProxy's exporter, etcd's /metrics, one
// PostgreSQL exporter per database node, and the backups' metrics file — with the alert rules of
// prometheus/rules.yml (docs/operations.md, Monitoring).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { apiName } from './api.ts';
import type { ObserveTools } from './packages.ts';
import type { ProcessTable } from './processes.ts';
import { clusterSecrets, USERS } from './secrets.ts';
import type { ClusterSettings, DatabaseNode } from './settings.ts';
import { caFile, verifiedUrl } from './tls.ts';
import { statusOf, waitFor } from './wait.ts';

const HERE = path.dirname(new URL(import.meta.url).pathname);
export const RULES_FILE = path.join(HERE, 'prometheus/rules.yml');
const POSTGRES_QUERIES_FILE = path.join(HERE, 'prometheus/postgres-queries.yml');

/** The role the PostgreSQL exporters read as: pg_monitor's rights, nothing else. */
const MONITOR_ROLE = 'devstay_monitor';

/** Where the backups' metrics file lies (node exporter's textfile collector reads the folder). */
const textfileDir = (settings: ClusterSettings) => path.join(settings.dir, 'metrics');

/** The exporter of node `i`'s PostgreSQL. */
const pgExporterName = (node: DatabaseNode) => `pg-exporter-${node.name}`;
const pgExporterPort = (settings: ClusterSettings, i: number) => settings.pgExporterPort + i;

/** Prometheus's folder: its configuration, its data, the statistics password it scrapes with. */
const prometheusDir = (settings: ClusterSettings) => path.join(settings.dir, 'prometheus');
const statsPasswordFile = (settings: ClusterSettings) =>
  path.join(prometheusDir(settings), 'stats-password');

/**
 * The files Prometheus's configuration names, which promtool checks exist: the cluster's CA
 * (made at the cluster's start) and the statistics password, written here owner-only.
 */
export function writeScrapeCredentials(settings: ClusterSettings): void {
  mkdirSync(prometheusDir(settings), { recursive: true, mode: 0o700 });
  writeFileSync(statsPasswordFile(settings), clusterSecrets(settings.dir).stats, { mode: 0o600 });
}

/** A part on the host's loopback, or a database node at its own address (CLUSTER_NETNS=on). */
const target = (port: number, name: string, host = '127.0.0.1') => ({
  targets: [`${host}:${port}`],
  labels: { name },
});

/**
 * Prometheus's configuration for the cluster (YAML is a superset of JSON), from the settings: a
 * part started again keeps its ports.
 */
export function prometheusConfig(settings: ClusterSettings, rulesFile = RULES_FILE) {
  const job = (
    name: string,
    targets: ReturnType<typeof target>[],
    how: Record<string, unknown> = {},
  ) => ({
    job_name: name,
    static_configs: targets,
    ...how,
  });
  // Patroni's REST API is HTTPS only; its GETs ask no password. Every node's certificate names
  // the node's address, the one scraped, so no server_name is needed.
  const patroniTls = { scheme: 'https', tls_config: { ca_file: caFile(settings.dir) } };
  // HAProxy's /metrics asks the statistics page's password (haproxy.ts).
  const statsAuth = {
    basic_auth: { username: USERS.stats, password_file: statsPasswordFile(settings) },
  };
  return {
    global: { scrape_interval: '10s', scrape_timeout: '5s', evaluation_interval: '10s' },
    rule_files: [rulesFile],
    scrape_configs: [
      job(
        'devstay-api',
        settings.metricsPorts.map((port, i) => target(port, apiName(i))),
      ),
      job(
        'patroni',
        settings.nodes.map((node) => target(node.restPort, node.name, node.host)),
        patroniTls,
      ),
      job(
        'postgres',
        settings.nodes.map((node, i) => target(pgExporterPort(settings, i), node.name)),
      ),
      job('haproxy', [target(settings.statsPort, 'haproxy')], statsAuth),
      // Each member's metrics-only listener: its client port asks a client certificate (etcd.ts).
      job(
        'etcd',
        settings.etcd.map((member) => target(member.metricsPort, member.name)),
      ),
      job('textfile', [target(settings.textfileExporterPort, 'backups')]),
      job('prometheus', [target(settings.prometheusPort, 'prometheus')]),
    ],
  };
}

/** The files a scrape job reads its credentials from. */
function credentialFiles(job: {
  tls_config?: { ca_file?: string; cert_file?: string; key_file?: string };
  basic_auth?: { password_file?: string };
}): string[] {
  const { ca_file, cert_file, key_file } = job.tls_config ?? {};
  return [ca_file, cert_file, key_file, job.basic_auth?.password_file].filter(
    (f): f is string => f !== undefined,
  );
}

/**
 * `promtool check config` on a written configuration (JSON, as `startObserve` writes it), and
 * every credential file it names readable: promtool 2.42 checks a client certificate's files but
 * not a CA file or a password file, whose absence would only show as targets down. Its
 * complaint, or undefined when good.
 */
export function checkConfig(promtool: string, configFile: string): string | undefined {
  const checked = spawnSync(promtool, ['check', 'config', configFile], { encoding: 'utf8' });
  if (checked.status !== 0) return `${checked.stdout}${checked.stderr}`.trim();
  const config = JSON.parse(readFileSync(configFile, 'utf8')) as {
    scrape_configs: Parameters<typeof credentialFiles>[0][];
  };
  const unreadable = config.scrape_configs.flatMap(credentialFiles).filter((file) => {
    try {
      accessSync(file, constants.R_OK);
      return false;
    } catch {
      return true;
    }
  });
  return unreadable.length === 0 ? undefined : `cannot read ${[...new Set(unreadable)].join(', ')}`;
}

/**
 * The newest base backup's end, as a metric node exporter's textfile collector serves (written
 * under a temporary name, then renamed: the collector never reads half a file).
 */
export function recordBackup(settings: ClusterSettings, endedAt: Date) {
  const dir = textfileDir(settings);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'backup.prom');
  writeFileSync(
    `${file}.tmp`,
    `# HELP devstay_backup_last_success_timestamp_seconds When the newest base backup of the cluster ended.
# TYPE devstay_backup_last_success_timestamp_seconds gauge
devstay_backup_last_success_timestamp_seconds ${Math.floor(endedAt.getTime() / 1000)}
`,
  );
  renameSync(`${file}.tmp`, file);
}

function monitorPassword(settings: ClusterSettings): string {
  const file = path.join(settings.dir, 'monitor-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/** The exporters' role, made (or its password set) on the primary; replicated to every node. */
async function ensureMonitorRole(adminUrl: string, password: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_roles where rolname = $1', [MONITOR_ROLE]);
    const verb = exists.rowCount === 0 ? 'create' : 'alter';
    await client.query(
      `${verb} role ${MONITOR_ROLE} login password ${client.escapeLiteral(password)}`,
    );
    await client.query(`grant pg_monitor to ${MONITOR_ROLE}`);
  } finally {
    await client.end();
  }
}

const READY_TIMEOUT_MS = 30_000;
/** A scrape every 10 s: each target has had a few by then, even on a loaded machine. */
const TARGETS_TIMEOUT_MS = 90_000;

interface TargetState {
  labels: { job: string; name?: string };
  health: 'up' | 'down' | 'unknown';
  lastError: string;
}

/** Prometheus's active targets and how each one's last scrape went. */
async function targetStates(settings: ClusterSettings): Promise<TargetState[]> {
  const res = await fetch(
    `http://127.0.0.1:${settings.prometheusPort}/api/v1/targets?state=active`,
    { signal: AbortSignal.timeout(5000) },
  );
  const body = (await res.json()) as { data: { activeTargets: TargetState[] } };
  return body.data.activeTargets;
}

/**
 * Waits until every target's last scrape succeeded: a credential one part asks and the
 * configuration lacks shows here as a target down, with Prometheus's reason.
 */
async function everyTargetUp(settings: ClusterSettings) {
  // Prometheus ready may list none yet: every target of the configuration, each one up.
  const expected = prometheusConfig(settings).scrape_configs.flatMap((job) =>
    job.static_configs.flatMap((c) => c.targets),
  ).length;
  let down: TargetState[] = [];
  try {
    await waitFor(
      "every one of Prometheus's targets up",
      async () => {
        const targets = await targetStates(settings);
        down = targets.filter((t) => t.health !== 'up');
        return targets.length === expected && down.length === 0;
      },
      TARGETS_TIMEOUT_MS,
      1000,
    );
  } catch (error) {
    const which = down.map((t) => `${t.labels.job}/${t.labels.name}: ${t.lastError || t.health}`);
    throw new Error(`${(error as Error).message} (${which.join('; ')})`);
  }
}

/**
 * Starts the exporters and Prometheus beside a started cluster (role `monitor` in the process
 * table). The configuration is checked with promtool before Prometheus starts.
 */
export async function startObserve(
  table: ProcessTable,
  settings: ClusterSettings,
  tools: ObserveTools,
  adminUrl: string,
): Promise<void> {
  const password = monitorPassword(settings);
  await ensureMonitorRole(adminUrl, password);
  settings.nodes.forEach((node, i) => {
    const port = pgExporterPort(settings, i);
    const name = pgExporterName(node);
    table.spawn({
      role: 'monitor',
      name,
      port,
      command: tools.postgresExporter,
      args: [
        `--web.listen-address=127.0.0.1:${port}`,
        `--extend.query-path=${POSTGRES_QUERIES_FILE}`,
      ],
      // The node itself, not a door: each node's numbers, whatever its role.
      env: {
        ...process.env,
        // TLS, the node's certificate verified against the cluster's CA: pg_hba admits nothing
        // else (lib/pq reads sslmode and sslrootcert as libpq does).
        DATA_SOURCE_NAME: verifiedUrl(
          `postgresql://${MONITOR_ROLE}:${encodeURIComponent(password)}@${node.host}:${node.pgPort}/postgres`,
          settings.dir,
        ),
      },
    });
  });
  mkdirSync(textfileDir(settings), { recursive: true });
  table.spawn({
    role: 'monitor',
    name: 'textfile-exporter',
    port: settings.textfileExporterPort,
    command: tools.nodeExporter,
    args: [
      `--web.listen-address=127.0.0.1:${settings.textfileExporterPort}`,
      '--collector.disable-defaults',
      '--collector.textfile',
      `--collector.textfile.directory=${textfileDir(settings)}`,
    ],
  });

  const dir = prometheusDir(settings);
  writeScrapeCredentials(settings);
  mkdirSync(path.join(dir, 'data'), { recursive: true });
  const configFile = path.join(dir, 'prometheus.yml');
  writeFileSync(configFile, JSON.stringify(prometheusConfig(settings), null, 2));
  const complaint = checkConfig(tools.promtool, configFile);
  if (complaint) throw new Error(`promtool check config ${configFile}: ${complaint}`);
  table.spawn({
    role: 'monitor',
    name: 'prometheus',
    port: settings.prometheusPort,
    command: tools.prometheus,
    args: [
      `--config.file=${configFile}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${settings.prometheusPort}`,
    ],
  });

  const answers = (what: string, url: string) =>
    waitFor(what, async () => (await statusOf(url)) === 200, READY_TIMEOUT_MS);
  // An exporter answers its scrape even when its node refuses it (pg_up 0): ready once it reads.
  const reads = (node: DatabaseNode, i: number) =>
    waitFor(
      `${pgExporterName(node)} reading ${node.name}`,
      async () => {
        const res = await fetch(`http://127.0.0.1:${pgExporterPort(settings, i)}/metrics`, {
          signal: AbortSignal.timeout(5000),
        });
        return /^pg_up 1$/m.test(await res.text());
      },
      READY_TIMEOUT_MS,
      1000,
    );
  await Promise.all([
    ...settings.nodes.map(reads),
    answers('textfile-exporter', `http://127.0.0.1:${settings.textfileExporterPort}/metrics`),
    answers('prometheus', `http://127.0.0.1:${settings.prometheusPort}/-/ready`),
  ]);
  await everyTargetUp(settings);
}
