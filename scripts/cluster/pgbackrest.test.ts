import { execFileSync, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort } from '../../apps/api/src/lib/free-port.ts';
import { ensureTools } from './packages.ts';
import {
  archiveParameters,
  createStanza,
  pgbackrest,
  REPLICA_HOLD_S,
  writeConfig,
} from './pgbackrest.ts';
import { asRoot, giveToServerUser } from './server-user.ts';
import { waitFor } from './wait.ts';

// A real PostgreSQL 15 archiving with the command and the pgBackRest configuration the cluster's
// nodes get, into a repository in a folder.
let work: string;
let dataDir: string;
let config: string;
let url: string;
const repo = () => path.join(work, 'repo');
const bin = (tool: string) => path.join(ensureTools().pgBinDir, tool);
const asServerUser = (program: string, args: string[]) =>
  asRoot()
    ? execFileSync('runuser', ['-u', 'postgres', '--', program, ...args], { stdio: 'pipe' })
    : execFileSync(program, args, { stdio: 'pipe' });

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'devstay-pgbackrest-'));
  chmodSync(work, 0o700);
  dataDir = path.join(work, 'data');
  const port = await freePort();
  config = writeConfig({
    backup: { repo: { type: 'posix', path: repo() }, retentionFull: 1, retentionDiff: 1 },
    passphrase: 'the operator keeps this',
    work: path.join(work, 'node'),
    pg: { path: dataDir, port, socket: work },
  });
  giveToServerUser(work);
  asServerUser(bin('initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust']);
  const archive = archiveParameters(path.join(path.dirname(config), 'archive-command.sh'));
  // In the server's own file, as Patroni writes them: no shell between.
  appendFileSync(
    path.join(dataDir, 'postgresql.conf'),
    `archive_mode = '${archive.archive_mode}'\narchive_command = '${archive.archive_command.replaceAll("'", "''")}'\n`,
  );
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='${work}'`;
  asServerUser(bin('pg_ctl'), [
    ...['-D', dataDir, '-o', options, '-l', path.join(work, 'log'), '-w', 'start'],
  ]);
  url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  await createStanza(config, '');
}, 180_000);

afterAll(() => {
  if (dataDir) {
    try {
      asServerUser(bin('pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } catch {}
  }
  if (work) rmSync(work, { recursive: true, force: true });
});

async function sql<T extends pg.QueryResultRow>(text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** Every file and folder under `dir` (no links), with its mode. */
function tree(dir: string): { file: string; mode: number; folder: boolean }[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    const stat = lstatSync(file);
    if (stat.isSymbolicLink()) return [];
    const entry = { file, mode: stat.mode & 0o777, folder: stat.isDirectory() };
    return stat.isDirectory() ? [entry, ...tree(file)] : [entry];
  });
}

/** Closes a segment and waits until PostgreSQL reports it archived: its name. */
async function archiveOne(): Promise<string> {
  await sql('create table if not exists t (x int); insert into t values (1)');
  const [row] = await sql<{ wal: string }>('select pg_walfile_name(pg_switch_wal()) as wal');
  const wal = row?.wal as string;
  await waitFor(
    `${wal} archived`,
    async () => {
      const [s] = await sql<{ last: string | null }>(
        'select last_archived_wal as last from pg_stat_archiver',
      );
      return (s?.last ?? '') >= wal;
    },
    60_000,
  );
  return wal;
}

test('a finished segment is in the repository, encrypted, and nothing the repository or the spool holds is readable by others', async () => {
  const wal = await archiveOne();
  const out = path.join(work, 'got');
  await pgbackrest(config, ['archive-get', wal, out]);
  expect(lstatSync(out).size).toBe(16 * 1024 * 1024);

  const files = tree(repo()).filter((e) => !e.folder);
  expect(files.some((e) => path.basename(e.file).startsWith(wal))).toBe(true);
  // OpenSSL's salted format: aes-256-cbc with the passphrase, every file (info files too).
  for (const { file } of files)
    expect(readFileSync(file).subarray(0, 8).toString()).toBe('Salted__');
  for (const place of [repo(), path.join(work, 'node', 'spool')]) {
    for (const entry of tree(place)) {
      expect([entry.file, entry.mode.toString(8)]).toEqual([
        entry.file,
        entry.folder ? '700' : '600',
      ]);
    }
  }
}, 120_000);

test('a segment pushed again with other bytes under an archived name is refused; with the same bytes it is done', async () => {
  const wal = await archiveOne();
  const same = path.join(work, 'same', wal);
  const other = path.join(work, 'other', wal);
  for (const file of [same, other]) {
    mkdirSync(path.dirname(file));
  }
  giveToServerUser(work);
  await pgbackrest(config, ['archive-get', wal, same]);
  const bytes = readFileSync(same);
  bytes.write('not the same WAL', 8 * 1024 * 1024);
  writeFileSync(other, bytes);
  giveToServerUser(work);
  // Pushed in the foreground, as the asynchronous pusher PostgreSQL starts pushes each segment.
  await expect(
    pgbackrest(config, ['archive-push', '--no-archive-async', same]),
  ).resolves.toBeDefined();
  await expect(pgbackrest(config, ['archive-push', '--no-archive-async', other])).rejects.toThrow(
    /already exists in the repo1 archive with a different checksum/,
  );
}, 120_000);

/** A segment's name `n` segments after `wal`, on timeline `tli` (hex, 8 digits) or its own. */
const segmentAfter = (wal: string, n: number, tli = wal.slice(0, 8)) =>
  `${tli}${wal.slice(8, 16)}${(Number.parseInt(wal.slice(16), 16) + n).toString(16).toUpperCase().padStart(8, '0')}`;

/** A replica's data folder (standby.signal) with its own configuration and archive command. */
function replica(name: string) {
  const data = path.join(work, name);
  mkdirSync(path.join(data, 'pg_wal'), { recursive: true });
  writeFileSync(path.join(data, 'PG_VERSION'), readFileSync(path.join(dataDir, 'PG_VERSION')));
  writeFileSync(path.join(data, 'standby.signal'), '');
  const replicaConfig = writeConfig({
    backup: { repo: { type: 'posix', path: repo() }, retentionFull: 1, retentionDiff: 1 },
    passphrase: 'the operator keeps this',
    work: path.join(work, `${name}-backup`),
    pg: { path: data, port: 1, socket: work },
  });
  const script = path.join(path.dirname(replicaConfig), 'archive-command.sh');
  giveToServerUser(work);
  /** Runs the command for `wal` as PostgreSQL does (in the data folder) or Patroni (elsewhere). */
  const archive = (wal: string, cwd = data) => {
    const command = [script, path.join(data, 'pg_wal', wal), wal];
    const run = asRoot() ? ['runuser', '-u', 'postgres', '--', ...command] : command;
    return spawnSync(run[0] as string, run.slice(1), { cwd }).status;
  };
  /** A finished segment in its pg_wal, finished `ageS` seconds ago. */
  const finished = (wal: string, ageS = 0) => {
    const file = path.join(data, 'pg_wal', wal);
    writeFileSync(file, 'WAL');
    const at = new Date(Date.now() - ageS * 1000);
    utimesSync(file, at, at);
    giveToServerUser(work);
  };
  return { data, archive, finished };
}

const inRepository = (wal: string) =>
  tree(repo()).some((e) => path.basename(e.file).startsWith(wal));

test("a replica's archive command is done once the primary's copy is in the repository, not done before, pushing nothing, wherever it runs from", async () => {
  const wal = await archiveOne();
  const { archive, finished } = replica('replica-data');
  const next = segmentAfter(wal, 1);
  finished(wal);
  finished(next);
  expect(archive(wal)).toBe(0);
  // Patroni runs it from its own folder before a rewind: still a replica's.
  expect(archive(wal, work)).toBe(0);
  expect(archive(next, work)).not.toBe(0);
  expect(archive(next)).not.toBe(0);
  expect(inRepository(next)).toBe(false);
}, 120_000);

test('a replica lets a segment go once held past REPLICA_HOLD_S, and every node one past where its timeline ended, archiving neither', async () => {
  const wal = await archiveOne();
  const { data, archive, finished } = replica('replica-timelines');
  const held = segmentAfter(wal, 5);
  finished(held, REPLICA_HOLD_S - 60);
  expect(archive(held)).not.toBe(0);
  finished(held, REPLICA_HOLD_S + 1);
  expect(archive(held)).toBe(0);

  // Timeline 2 began inside segment `wal`+2 of timeline 1: that segment of timeline 1 (the
  // partial one) and any after it are never archived; the one before is the primary's to archive.
  const tli1 = wal.slice(0, 8);
  const forkSegment = segmentAfter(wal, 2);
  const low = Number.parseInt(forkSegment.slice(16), 16) * 0x1000000 + 0x2a0;
  const forkedAt = `${Number.parseInt(forkSegment.slice(8, 16), 16).toString(16).toUpperCase()}/${low.toString(16).toUpperCase()}`;
  const history = `${(Number.parseInt(tli1, 16) + 1).toString(16).toUpperCase().padStart(8, '0')}.history`;
  writeFileSync(
    path.join(data, 'pg_wal', history),
    `${Number.parseInt(tli1, 16)}\t${forkedAt}\tno recovery target specified\n`,
  );
  const before = segmentAfter(wal, 1);
  const after = segmentAfter(wal, 3);
  for (const segment of [before, forkSegment, after]) finished(segment);
  expect(archive(before)).not.toBe(0);
  expect(archive(forkSegment)).toBe(0);
  expect(archive(after)).toBe(0);
  // Also as primary (no standby.signal): nothing pushed under a name whose timeline had ended.
  rmSync(path.join(data, 'standby.signal'));
  expect(archive(forkSegment)).toBe(0);
  for (const segment of [held, forkSegment, after]) expect(inRepository(segment)).toBe(false);
}, 120_000);
