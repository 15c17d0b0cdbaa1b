// Point-in-time restore from pgBackRest's repository alone: a new server in a folder of its own,
// from the newest backup that ended before the moment and the archived WAL, replayed up to the
// moment (across failovers: the newest timeline) and promoted (docs/operations.md, Backups).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../apps/api/src/lib/free-port.ts';
import type { BackupSettings } from './backup-settings.ts';
import { chownTree, postgresIds } from './patroni.ts';
import { pgbackrest, writeConfig } from './pgbackrest.ts';
import { issueCertificate, verifiedUrl } from './tls.ts';
import { waitFor } from './wait.ts';

const root = () => userInfo().uid === 0;

/** Runs one of PostgreSQL's programs, as `postgres` when this is root (the server refuses root). */
function asServerUser(binDir: string, tool: string, args: string[]) {
  const program = path.join(binDir, tool);
  if (root())
    execFileSync('runuser', ['-u', 'postgres', '--', program, ...args], { stdio: 'pipe' });
  else execFileSync(program, args, { stdio: 'pipe' });
}

/** Stops the server restoreToTime started in `dataDir`, if it runs. */
export function stopRestored(binDir: string, dataDir: string): void {
  if (!existsSync(path.join(dataDir, 'postmaster.pid'))) return;
  asServerUser(binDir, 'pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
}

/**
 * Makes a new server in `dataDir` from the repository alone (its settings and passphrase):
 * pgBackRest restores the newest backup that ended before `target` (a timestamp PostgreSQL
 * reads, e.g. from `clock_timestamp()`; `set`: that backup instead) and has PostgreSQL replay
 * the archived WAL up to it, then promote. The server archives nothing and waits for no
 * replica. `dataDir`'s folder is emptied first and holds pgBackRest's configuration, log and
 * the server's socket, and a certificate of its own from the CA in `clusterDir` (the backup's
 * configuration names its node's, which a fresh machine does not have, and its pg_hba.conf
 * admits TLS only). Answers its address (the `devstay` database, as the superuser whose
 * password is `superuserPassword`, the server verified) and how to stop it.
 */
export async function restoreToTime(options: {
  backup: BackupSettings;
  passphrase: string;
  superuserPassword: string;
  clusterDir: string;
  binDir: string;
  dataDir: string;
  target: string;
  set?: string;
}): Promise<{ url: string; stop(): void }> {
  const { dataDir, binDir } = options;
  const work = path.dirname(dataDir);
  rmSync(work, { recursive: true, force: true });
  // The folders above it as usual (the server's user passes through them), its own owner-only.
  mkdirSync(path.dirname(work), { recursive: true });
  mkdirSync(work, { mode: 0o700 });
  const config = writeConfig({
    backup: options.backup,
    passphrase: options.passphrase,
    work,
    pg: { path: dataDir },
  });
  const socketDir = path.join(work, 'socket');
  mkdirSync(socketDir, { recursive: true, mode: 0o700 });
  const tls = issueCertificate(options.clusterDir, path.join(work, 'tls'), 'restored', [
    'restored',
    '127.0.0.1',
  ]);
  if (root()) {
    const { uid, gid } = postgresIds();
    chownTree(work, uid, gid);
  }
  // recovery.signal, restore_command (archive-get from the repository), the target.
  await pgbackrest(config, [
    'restore',
    '--type=time',
    `--target=${options.target}`,
    '--target-action=promote',
    ...(options.set ? [`--set=${options.set}`] : []),
  ]);
  const port = await freePort();
  // Given on the command line, over what the backup's configuration files (Patroni's) say; the
  // recovery settings pgBackRest wrote stay.
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
    `postgres://postgres:${encodeURIComponent(options.superuserPassword)}@127.0.0.1:${port}/devstay`,
    options.clusterDir,
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
