import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort } from '../../apps/api/src/lib/free-port.ts';
import { backupSettings } from './backup-settings.ts';
import { ensureTools } from './packages.ts';
import {
  archiveParameters,
  createStanza,
  pgbackrest,
  takeBackup,
  verifyRepository,
  writeConfig,
} from './pgbackrest.ts';
import { asRoot, giveToServerUser } from './server-user.ts';
import { issueCertificate } from './tls.ts';
import { waitFor } from './wait.ts';

// The repository in an S3 bucket: s3rver over HTTPS with a certificate of a CA of its own, reached
// path-style at localhost:<port> with the settings an operator gives (backupSettings), and a real
// PostgreSQL 15 archiving into it with the nodes' command.
const BUCKET = 'devstay-backups';
const PASSPHRASE = 'the operator keeps this';
let work: string;
let store: string;
let s3: S3rver | undefined;
let env: NodeJS.ProcessEnv;
const running: string[] = [];
const bin = (tool: string) => path.join(ensureTools().pgBinDir, tool);
// Never synchronous while the store answers from this process: PostgreSQL's archiver and
// restore_command wait on it.
const run = promisify(execFile);
const asServerUser = (program: string, args: string[]) =>
  asRoot() ? run('runuser', ['-u', 'postgres', '--', program, ...args]) : run(program, args);

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'devstay-pgbackrest-s3-'));
  chmodSync(work, 0o700);
  // The store's own folder, apart from what PostgreSQL's user is given.
  store = mkdtempSync(path.join(tmpdir(), 'devstay-s3-store-'));
  const tls = issueCertificate(path.join(work, 'store-ca'), path.join(work, 'store-tls'), 'store', [
    'localhost',
    '127.0.0.1',
  ]);
  const port = await freePort();
  s3 = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory: store,
    configureBuckets: [{ name: BUCKET, configs: [] }],
    key: readFileSync(tls.key),
    cert: readFileSync(tls.cert),
  });
  await s3.run();
  env = {
    CLUSTER_BACKUP_S3_BUCKET: BUCKET,
    CLUSTER_BACKUP_S3_ENDPOINT: `https://localhost:${port}`,
    CLUSTER_BACKUP_S3_ACCESS_KEY_ID: 'S3RVER',
    CLUSTER_BACKUP_S3_SECRET_ACCESS_KEY: 'S3RVER',
    CLUSTER_BACKUP_S3_CA_FILE: tls.ca,
    CLUSTER_BACKUP_S3_PATH: '/cluster',
    CLUSTER_BACKUP_RETENTION_FULL: '1',
    CLUSTER_BACKUP_RETENTION_DIFF: '1',
  };
}, 60_000);

afterAll(async () => {
  for (const dataDir of running) {
    try {
      await asServerUser(bin('pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } catch {}
  }
  await s3?.close();
  for (const dir of [work, store])
    if (dir && !process.env.KEEP) rmSync(dir, { recursive: true, force: true });
});

async function sql<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Starts PostgreSQL on `dataDir` at `port` (its socket in `work`): its address. */
async function start(dataDir: string, port: number, settings: string[] = []): Promise<string> {
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories='${work}'`,
    ...settings,
  ].join(' ');
  const log = `${dataDir}.log`;
  running.push(dataDir);
  await asServerUser(bin('pg_ctl'), [
    '-D',
    dataDir,
    '-o',
    options,
    '-l',
    log,
    '-w',
    '-t',
    '120',
    'start',
  ]);
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}

async function stop(dataDir: string) {
  await asServerUser(bin('pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  running.splice(running.indexOf(dataDir), 1);
}

/** Every file under `dir`. */
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? files(file) : [file];
  });

test('a full backup and the WAL go to the bucket encrypted, verify, and restore from the bucket alone', async () => {
  const backup = backupSettings(env, work);
  const dataDir = path.join(work, 'data');
  const pgPort = await freePort();
  const config = writeConfig({
    backup,
    passphrase: PASSPHRASE,
    work: path.join(work, 'node'),
    pg: { path: dataDir, port: pgPort, socket: work },
  });
  giveToServerUser(work);
  await asServerUser(bin('initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust']);
  const archive = archiveParameters(path.join(path.dirname(config), 'archive-command.sh'));
  appendFileSync(
    path.join(dataDir, 'postgresql.conf'),
    `archive_mode = '${archive.archive_mode}'\narchive_command = '${archive.archive_command.replaceAll("'", "''")}'\n`,
  );
  const url = await start(dataDir, pgPort);
  await createStanza(config, '');

  // Random hex: the same bytes in a file of the bucket would be a row unencrypted.
  const note = () => `guest-${randomBytes(24).toString('hex')}`;
  const inBackup = note();
  const inWal = note();
  await sql(url, 'create table guest (id int, note text)');
  await sql(url, 'insert into guest values (1, $1)', [inBackup]);
  await takeBackup(config, '', 'full');
  // A row after the backup: only the WAL pushed to the bucket holds it (its segment closed).
  await sql(url, 'insert into guest values (2, $1)', [inWal]);
  const [row] = await sql<{ wal: string }>(url, 'select pg_walfile_name(pg_switch_wal()) as wal');
  await waitFor(
    `${row?.wal} archived`,
    async () => {
      const [s] = await sql<{ last: string | null }>(
        url,
        'select last_archived_wal as last from pg_stat_archiver',
      );
      return (s?.last ?? '') >= (row?.wal ?? '~');
    },
    60_000,
  );
  const verified = await verifyRepository(config);
  expect(verified.report).toMatch(/status: ok/);
  expect(verified.ok).toBe(true);

  // In the bucket under the repository's folder, and nothing there holds the row in the clear.
  const inBucket = files(path.join(store, BUCKET));
  expect(inBucket.some((f) => f.includes(`${path.sep}cluster${path.sep}backup${path.sep}`))).toBe(
    true,
  );
  expect(inBucket.some((f) => f.includes(`${path.sep}cluster${path.sep}archive${path.sep}`))).toBe(
    true,
  );
  const plaintext = inBucket.filter((f) => {
    const bytes = readFileSync(f);
    return bytes.includes(inBackup) || bytes.includes(inWal);
  });
  expect(plaintext).toEqual([]);

  // The server and its node's folder gone: only the bucket, the settings and the passphrase.
  await stop(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(path.join(work, 'node'), { recursive: true, force: true });
  const restoreWork = path.join(work, 'restore');
  const restored = path.join(restoreWork, 'data');
  mkdirSync(restoreWork, { mode: 0o700 });
  const restoreConfig = writeConfig({
    backup: backupSettings(env, work),
    passphrase: PASSPHRASE,
    work: restoreWork,
    pg: { path: restored },
  });
  giveToServerUser(work);
  // To the end of the WAL in the bucket, then a primary.
  await pgbackrest(restoreConfig, ['restore']);
  // archive_mode off: the old node's archive command is gone with its folder.
  const restoredUrl = await start(restored, await freePort(), ['-c archive_mode=off']);
  await waitFor(
    'the restored server promoted',
    async () => {
      try {
        const [r] = await sql<{ recovering: boolean }>(
          restoredUrl,
          'select pg_is_in_recovery() as recovering',
        );
        return r?.recovering === false;
      } catch {
        return false;
      }
    },
    60_000,
  );
  expect(await sql(restoredUrl, 'select note from guest order by id')).toEqual([
    { note: inBackup },
    { note: inWal },
  ]);
}, 120_000);
