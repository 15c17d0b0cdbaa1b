// The engines the cluster runs, from Debian's packages: installed with apt-get when this runs as
// root on Debian, otherwise named with the command that installs them.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';
import { PGBACKREST } from './pgbackrest.ts';

export interface Tools {
  patroni: string;
  etcd: string;
  haproxy: string;
  /** PostgreSQL 15's programs (postgres, initdb, pg_basebackup, pg_rewind). */
  pgBinDir: string;
  /** The backups: WAL archive, full and differential backups, restores. */
  pgbackrest: string;
}

export const PG_BIN_DIR = '/usr/lib/postgresql/15/bin';

/** Where each tool is looked for, and the Debian package that brings it. */
const WANTED = [
  { tool: 'patroni', paths: ['/usr/bin/patroni'], pkg: 'patroni' },
  // Patroni's etcd client hands TLS to pyOpenSSL where python3-openssl is installed, which then
  // needs idna to check a certificate's names; Debian only suggests it, and without it Patroni
  // never reaches etcd ("No module named 'idna'").
  { tool: 'idna', paths: ['/usr/lib/python3/dist-packages/idna/__init__.py'], pkg: 'python3-idna' },
  { tool: 'etcd', paths: ['/usr/bin/etcd'], pkg: 'etcd-server' },
  { tool: 'haproxy', paths: ['/usr/sbin/haproxy', '/usr/bin/haproxy'], pkg: 'haproxy' },
  { tool: 'pgBinDir', paths: [`${PG_BIN_DIR}/postgres`], pkg: 'postgresql-15' },
  { tool: 'pgbackrest', paths: [PGBACKREST], pkg: 'pgbackrest' },
] as const;

/** What `npm run cluster -- --observe` adds (docs/operations.md, Monitoring). */
export interface ObserveTools {
  prometheus: string;
  promtool: string;
  postgresExporter: string;
  nodeExporter: string;
}

const OBSERVE_WANTED = [
  { tool: 'prometheus', paths: ['/usr/bin/prometheus'], pkg: 'prometheus' },
  { tool: 'promtool', paths: ['/usr/bin/promtool'], pkg: 'prometheus' },
  {
    tool: 'postgresExporter',
    paths: ['/usr/bin/prometheus-postgres-exporter'],
    pkg: 'prometheus-postgres-exporter',
  },
  {
    tool: 'nodeExporter',
    paths: ['/usr/bin/prometheus-node-exporter'],
    pkg: 'prometheus-node-exporter',
  },
] as const;

/** What the nodes' network namespaces and a partition between them need (CLUSTER_NETNS=on). */
const NETWORK_WANTED = [
  { tool: 'ip', paths: ['/usr/sbin/ip', '/sbin/ip', '/usr/bin/ip', '/bin/ip'], pkg: 'iproute2' },
  { tool: 'nft', paths: ['/usr/sbin/nft', '/sbin/nft', '/usr/bin/nft'], pkg: 'nftables' },
] as const;

type Wanted = readonly { tool: string; paths: readonly string[]; pkg: string }[];

function located(wanted: Wanted): Record<string, string> {
  const tools: Record<string, string> = {};
  for (const w of wanted) {
    const found = w.paths.find((p) => existsSync(p));
    if (found) tools[w.tool] = w.tool === 'pgBinDir' ? PG_BIN_DIR : found;
  }
  return tools;
}

/** The tools, installing the missing packages when root with apt-get; else says what to run. */
export function ensureTools(log: (line: string) => void = console.log): Tools {
  return ensurePackages(WANTED, log) as unknown as Tools;
}

/** Prometheus, promtool and the exporters, as `ensureTools` ensures the engines. */
export function ensureObserveTools(log: (line: string) => void = console.log): ObserveTools {
  return ensurePackages(OBSERVE_WANTED, log) as unknown as ObserveTools;
}

/** `ip` and `nft`, as `ensureTools` ensures the engines (a partition is nftables rules). */
export function ensureNetworkTools(log: (line: string) => void = console.log): void {
  ensurePackages(NETWORK_WANTED, log);
}

/** promtool's path, or undefined when it is missing and cannot be installed (not root). */
export function promtoolIfAny(log: (line: string) => void = console.log): string | undefined {
  try {
    return ensurePackages(OBSERVE_WANTED.slice(1, 2), log).promtool;
  } catch {
    return undefined;
  }
}

function ensurePackages(wanted: Wanted, log: (line: string) => void): Record<string, string> {
  let tools = located(wanted);
  let missing = [...new Set(wanted.filter((w) => !tools[w.tool]).map((w) => w.pkg))];
  if (missing.length === 0) return tools;
  const install = `apt-get install -y ${missing.join(' ')}`;
  const hasApt = spawnSync('which', ['apt-get']).status === 0;
  if (!hasApt || userInfo().uid !== 0) {
    throw new Error(
      `The cluster needs ${missing.join(', ')} (Debian packages), and only root installs them. Run \`sudo ${install}\` (or that command as root), then start it again.`,
    );
  }
  log(`Installing ${missing.join(', ')} (${install})…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = () =>
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
      stdio: 'inherit',
      env,
    });
  try {
    run();
  } catch {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    run();
  }
  tools = located(wanted);
  missing = wanted.filter((w) => !tools[w.tool]).map((w) => w.pkg);
  if (missing.length > 0) throw new Error(`Installed, yet not found: ${missing.join(', ')}`);
  return tools;
}
