import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { freePort } from '../lib/free-port.ts';

const DEBIAN = '/usr/lib/postgresql';

/** The newest PostgreSQL server of Debian's packages on this machine: its bin folder. */
function packagedBinDir(): string | undefined {
  if (!existsSync(DEBIAN)) return undefined;
  return readdirSync(DEBIAN)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => path.join(DEBIAN, v, 'bin'))
    .find((bin) =>
      ['initdb', 'pg_ctl', 'pg_dump', 'pg_restore'].every((t) => existsSync(path.join(bin, t))),
    );
}

/**
 * Debian's PostgreSQL server and tools, installed as the end-to-end tests install Chromium when
 * they are missing (as root, with apt-get).
 */
export function ensurePackagedPostgres(): string {
  const found = packagedBinDir();
  if (found) return found;
  if (userInfo().uid !== 0) {
    throw new Error('No PostgreSQL server package found: apt-get install -y postgresql');
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'postgresql'], { stdio: 'inherit', env });
  const installed = packagedBinDir();
  if (!installed) throw new Error('postgresql was installed but its binaries were not found');
  return installed;
}

/** Runs one of the server's tools, as `postgres` when this is root (PostgreSQL refuses root). */
function toolRunner(binDir: string) {
  const asRoot = userInfo().uid === 0;
  return (tool: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(binDir, tool), ...args])
      : execFileSync(path.join(binDir, tool), args);
}

/** A throwaway folder the server's user owns. */
async function serverFolder(): Promise<string> {
  const work = await mkdtemp(path.join(tmpdir(), 'devstay-pg-'));
  await chmod(work, 0o755);
  if (userInfo().uid === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    await chown(work, uid, gid);
  }
  return work;
}

/**
 * Starts the server of `work`/data on a free loopback port (no socket file), its log in
 * `work`/log, and waits until it answers; the port.
 */
async function startServer(as: ReturnType<typeof toolRunner>, work: string): Promise<number> {
  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''`;
  const log = path.join(work, 'log');
  as('pg_ctl', ['-D', path.join(work, 'data'), '-o', options, '-l', log, '-w', 'start']);
  return port;
}

/**
 * A throwaway PostgreSQL server from Debian's packages (trust on loopback, user `devstay`), for
 * a test that needs the server and the tools of one version. As root it runs as `postgres`.
 */
export async function startPackagedPostgres(binDir: string): Promise<{
  /** The address of its `postgres` database. */
  adminUrl: string;
  stop(): Promise<void>;
}> {
  const work = await serverFolder();
  const dataDir = path.join(work, 'data');
  const as = toolRunner(binDir);
  as('initdb', ['-D', dataDir, '-U', 'devstay', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await startServer(as, work);
  return {
    adminUrl: `postgres://devstay@127.0.0.1:${port}/postgres`,
    async stop() {
      as('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      await rm(work, { recursive: true, force: true });
    },
  };
}

/**
 * A primary and a streaming replica of it (PostgreSQL's own physical replication: a base backup
 * of the primary started in standby, `pg_basebackup -R`), both throwaway servers of Debian's
 * packages. Asynchronous: the test decides when the replica replays (`pg_wal_replay_pause()`).
 */
export async function startPackagedReplicaPair(binDir: string): Promise<{
  /** The `postgres` database of each. */
  primaryAdminUrl: string;
  replicaAdminUrl: string;
  stop(): Promise<void>;
}> {
  const primary = await startPackagedPostgres(binDir);
  const primaryPort = new URL(primary.adminUrl).port;
  const work = await serverFolder();
  const dataDir = path.join(work, 'data');
  const as = toolRunner(binDir);
  try {
    as('pg_basebackup', [
      ...['-h', '127.0.0.1', '-p', primaryPort, '-U', 'devstay', '-D', dataDir],
      ...['-R', '-X', 'stream', '-c', 'fast'],
    ]);
    const port = await startServer(as, work);
    return {
      primaryAdminUrl: primary.adminUrl,
      replicaAdminUrl: `postgres://devstay@127.0.0.1:${port}/postgres`,
      async stop() {
        as('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
        await rm(work, { recursive: true, force: true });
        await primary.stop();
      },
    };
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    await primary.stop();
    throw error;
  }
}
