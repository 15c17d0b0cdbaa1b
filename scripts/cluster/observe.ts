// `npm run cluster -- --observe`: Prometheus scraping every part of the cluster — each API
// process's metrics port, Patroni's /metrics, HAProxy's exporter, etcd's /metrics, one
// PostgreSQL exporter per database node, and the backups' metrics file — with the alert rules of
// prometheus/rules.yml (docs/operations.md, Monitoring).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { apiName } from './api.ts';
import type { ObserveTools } from './packages.ts';
import type { ProcessTable } from './processes.ts';
import type { ClusterSettings, DatabaseNode } from './settings.ts';
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

const target = (port: number, name: string) => ({
  targets: [`127.0.0.1:${port}`],
  labels: { name },
});

/**
 * Prometheus's configuration for the cluster (YAML is a superset of JSON), from the settings: a
 * part started again keeps its ports.
 */
export function prometheusConfig(settings: ClusterSettings, rulesFile = RULES_FILE) {
  const job = (name: string, targets: ReturnType<typeof target>[]) => ({
    job_name: name,
    static_configs: targets,
  });
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
        settings.nodes.map((node) => target(node.restPort, node.name)),
      ),
      job(
        'postgres',
        settings.nodes.map((node, i) => target(pgExporterPort(settings, i), node.name)),
      ),
      job('haproxy', [target(settings.statsPort, 'haproxy')]),
      job(
        'etcd',
        settings.etcd.map((member) => target(member.clientPort, member.name)),
      ),
      job('textfile', [target(settings.textfileExporterPort, 'backups')]),
      job('prometheus', [target(settings.prometheusPort, 'prometheus')]),
    ],
  };
}

/** `promtool check config` on a written configuration: its complaint, or undefined when good. */
export function checkConfig(promtool: string, configFile: string): string | undefined {
  const checked = spawnSync(promtool, ['check', 'config', configFile], { encoding: 'utf8' });
  return checked.status === 0 ? undefined : `${checked.stdout}${checked.stderr}`.trim();
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
        DATA_SOURCE_NAME: `postgresql://${MONITOR_ROLE}:${encodeURIComponent(password)}@127.0.0.1:${node.pgPort}/postgres?sslmode=disable`,
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

  const dir = path.join(settings.dir, 'prometheus');
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
  await Promise.all([
    ...settings.nodes.map((node, i) =>
      answers(pgExporterName(node), `http://127.0.0.1:${pgExporterPort(settings, i)}/metrics`),
    ),
    answers('textfile-exporter', `http://127.0.0.1:${settings.textfileExporterPort}/metrics`),
    answers('prometheus', `http://127.0.0.1:${settings.prometheusPort}/-/ready`),
  ]);
}
