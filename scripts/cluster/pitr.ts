// The cluster's continuous backup: a base backup (pg_basebackup through the primary's door)
// plus the WAL every node archives (archive_command, patroni.ts) restore the database to any
// moment after the base backup, on a server of its own (docs/operations.md, "Backups").
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../apps/api/src/lib/free-port.ts';
import { chownTree, postgresIds, walArchive } from './patroni.ts';
import type { Secrets } from './secrets.ts';
import type { ClusterSettings } from './settings.ts';
import { issueCertificate, verifiedUrl, verifyFull } from './tls.ts';
import { waitFor } from './wait.ts';

const root = () => userInfo().uid === 0;

/** Runs one of PostgreSQL's programs, as `postgres` when this is root (the server refuses root). */
function asServerUser(binDir: string, tool: string, args: string[]) {
  const program = path.join(binDir, tool);
  if (root())
    execFileSync('runuser', ['-u', 'postgres', '--', program, ...args], { stdio: 'pipe' });
  else execFileSync(program, args, { stdio: 'pipe' });
}

/** A base backup of whichever node is primary, into `dir` (plain format, with its WAL). */
export function baseBackup(
  settings: ClusterSettings,
  secrets: Secrets,
  binDir: string,
  dir: string,
): void {
  rmSync(dir, { recursive: true, force: true });
  // A backup holds every row and password hash: the owner's alone.
  mkdirSync(path.dirname(dir), { recursive: true, mode: 0o700 });
  chmodSync(path.dirname(dir), 0o700);
  const { sslmode, sslrootcert } = verifyFull(settings.dir);
  execFileSync(
    path.join(binDir, 'pg_basebackup'),
    [
      ...['-h', '127.0.0.1', '-p', String(settings.primaryPort), '-U', 'replicator'],
      ...['-D', dir, '-X', 'stream', '-c', 'fast', '--no-password'],
    ],
    {
      stdio: 'pipe',
      env: {
        ...process.env,
        PGPASSWORD: secrets.replication,
        PGSSLMODE: sslmode,
        PGSSLROOTCERT: sslrootcert,
      },
    },
  );
  // Also what it copied as the server had it (Patroni's postgresql.conf, 644): a copy moved
  // elsewhere stays the owner's.
  execFileSync('chmod', ['-R', 'go-rwx', dir]);
}

/** Stops the server restoreToTime started in `dataDir`, if it runs. */
export function stopRestored(binDir: string, dataDir: string): void {
  if (!existsSync(path.join(dataDir, 'postmaster.pid'))) return;
  asServerUser(binDir, 'pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
}

/**
 * Makes a new server from the base backup in `backupDir` and the archived WAL, replayed up to
 * `target` (a timestamp PostgreSQL reads, e.g. from `clock_timestamp()`), then promoted. It
 * archives nothing and waits for no replica. `dataDir`'s folder is emptied first. Answers its address (the `devstay` database, as
 * the superuser) and how to stop it.
 */
export async function restoreToTime(options: {
  settings: ClusterSettings;
  secrets: Secrets;
  binDir: string;
  backupDir: string;
  dataDir: string;
  target: string;
}): Promise<{ url: string; stop(): void }> {
  const { dataDir, binDir } = options;
  const work = path.dirname(dataDir);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  execFileSync('cp', ['-a', options.backupDir, dataDir]);
  // A base backup of a replica's or primary's data: recovery from the archive, not standby.
  rmSync(path.join(dataDir, 'standby.signal'), { force: true });
  execFileSync('touch', [path.join(dataDir, 'recovery.signal')]);
  const socketDir = path.join(work, 'socket');
  mkdirSync(socketDir, { recursive: true });
  // A certificate of its own: the backup's configuration names its node's, which a fresh machine
  // does not have, and its pg_hba.conf admits TLS only.
  const tls = issueCertificate(options.settings.dir, path.join(work, 'tls'), 'restored', [
    'restored',
    '127.0.0.1',
  ]);
  if (root()) {
    const { uid, gid } = postgresIds();
    chownTree(work, uid, gid);
  }
  execFileSync('chmod', ['700', dataDir]);
  const port = await freePort();
  const archive = walArchive(options.settings);
  // Given on the command line, over what the backup's configuration files (Patroni's) say.
  const settings = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${socketDir}`,
    '-c archive_mode=off',
    "-c synchronous_standby_names=''",
    "-c primary_conninfo=''",
    "-c primary_slot_name=''",
    '-c ssl=on',
    `-c ssl_cert_file=${tls.cert}`,
    `-c ssl_key_file=${tls.key}`,
    `-c ssl_ca_file=${tls.ca}`,
    `-c restore_command='cp ${archive}/%f %p'`,
    `-c recovery_target_time='${options.target}'`,
    '-c recovery_target_action=promote',
    // Patroni's files name the node's own folder.
    `-c hba_file=${path.join(dataDir, 'pg_hba.conf')}`,
    `-c ident_file=${path.join(dataDir, 'pg_ident.conf')}`,
  ].join(' ');
  const log = path.join(work, 'restore.log');
  // The server's own words when it gave up (e.g. the archive does not reach the target yet).
  const gaveUp = () => {
    const last = readFileSync(log, 'utf8')
      .split('\n')
      .filter((line) => /\b(FATAL|PANIC):/.test(line))
      .pop();
    return new Error(
      `The restored server stopped${last ? `: ${last.replace(/^.*?(FATAL|PANIC):\s*/, '')}` : ''} (${log})`,
    );
  };
  try {
    asServerUser(binDir, 'pg_ctl', [
      ...['-D', dataDir, '-o', settings, '-l', log],
      ...['-w', '-t', '300', 'start'],
    ]);
  } catch {
    throw gaveUp();
  }
  const url = verifiedUrl(
    `postgres://postgres:${encodeURIComponent(options.secrets.superuser)}@127.0.0.1:${port}/devstay`,
    options.settings.dir,
  );
  const stop = () => stopRestored(binDir, dataDir);
  const running = () => existsSync(path.join(dataDir, 'postmaster.pid'));
  try {
    await waitFor(
      'the restored server promoted at the target time',
      async () => {
        if (!running()) return true;
        const client = new pg.Client({ connectionString: url });
        try {
          await client.connect();
          const { rows } = await client.query<{ recovering: boolean }>(
            'select pg_is_in_recovery() as recovering',
          );
          return rows[0]?.recovering === false;
        } catch {
          return false;
        } finally {
          await client.end().catch(() => {});
        }
      },
      300_000,
    );
    if (!running()) throw gaveUp();
  } catch (error) {
    if (running()) stop();
    throw error;
  }
  return { url, stop };
}
