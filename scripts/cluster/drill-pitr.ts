// Point-in-time restore drill, across a failover: a full backup, a booking, a differential
// backup; then the primary's archiving is held (as when its store is slow) while a second booking
// fills a segment the primary finishes but never archives, and the primary's machine hangs, then
// dies once a replica is promoted. On the promoted replica: a third booking, a moment, a fourth. pgBackRest's verify reads the repository
// back; then a new server, in a new folder, from the repository alone, restored to the moment,
// must hold the first three bookings, paid, and not the fourth. Exits non-zero when a bar is not
// met.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import type { Cluster } from './cluster.ts';
import { archiveNow, keptBookings, query, runDrill, seconds, verdict } from './drill.ts';
import { Load, sleep } from './load.ts';
import { PG_BIN_DIR } from './packages.ts';
import {
  type BackupType,
  nodeConfigFile,
  pgbackrest,
  STANZA,
  takeBackup,
  verifyRepository,
  writeConfig,
} from './pgbackrest.ts';
import { restoreToTime, stopRestored } from './pitr.ts';
import type { DatabaseNode } from './settings.ts';
import { waitFor } from './wait.ts';

type Prepared = Awaited<ReturnType<typeof Load.prepare>>;

/** One booking made and paid through the balancer, tried again until confirmed: its id. */
async function oneBooking(cluster: Cluster, prepared: Prepared): Promise<string> {
  const load = new Load(cluster.base, cluster.settings.publicUrl);
  const guest = prepared.guests[0] as { cookie: string };
  const until = Date.now() + 90_000;
  for (;;) {
    const { id } = await load.bookOnce(guest, prepared.rooms);
    if (id) return id;
    if (Date.now() > until) throw new Error('no booking confirmed within 90 s');
    await sleep(250);
  }
}

/** A backup of whichever node is primary now: its label and how long it took. */
async function backup(cluster: Cluster, type: BackupType) {
  const primary = await cluster.primary();
  if (!primary) throw new Error('no primary to back up');
  const t0 = performance.now();
  const label = await takeBackup(
    nodeConfigFile(cluster.settings, primary),
    cluster.secrets.superuser,
    type,
  );
  console.log(`${type} backup ${label} of ${primary.name} in ${seconds(performance.now() - t0)} s`);
}

/**
 * The node's PostgreSQL processes (their folder is its data folder: they run in a session of
 * their own, not in the node's process group) and pgBackRest's, named by its configuration.
 */
function nodeProcesses(cluster: Cluster, node: DatabaseNode, only?: RegExp): number[] {
  const dataDir = path.join(cluster.settings.dir, node.name, 'data');
  const config = nodeConfigFile(cluster.settings, node);
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const ours =
        (cmdline.includes('postgres') && readlinkSync(`/proc/${entry}/cwd`) === dataDir) ||
        cmdline.includes(config);
      if (ours && (!only || only.test(cmdline))) found.push(Number(entry));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

const signalAll = (pids: number[], signal: NodeJS.Signals) => {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {}
  }
};

await runDrill('pitr', async (cluster) => {
  const { settings, secrets } = cluster;
  const prepared = await Load.prepare(cluster, 1, 8);

  await backup(cluster, 'full');
  const beforeFailover = await oneBooking(cluster, prepared);
  await backup(cluster, 'diff');

  const old = await cluster.primary();
  if (!old) throw new Error('no primary before the failover');
  // Its WAL archiver and any pgBackRest it started stopped: a segment finished from now on is
  // streamed to the replicas but not archived by this node.
  const archiving = nodeProcesses(cluster, old, /archiver|pgbackrest/);
  const held = archiving.length;
  if (!archiving.some((pid) => /archiver/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8')))) {
    throw new Error(`${old.name}'s archiver was not found`);
  }
  signalAll(archiving, 'SIGSTOP');
  const unarchived = await oneBooking(cluster, prepared);
  const [segment] = await query<{ wal: string }>(
    cluster.adminUrl(),
    'select pg_walfile_name(pg_switch_wal()) as wal',
  );
  console.log(
    `${old.name}'s archiving held (${held} processes); segment ${segment?.wal} finished with a booking in it, not archived by ${old.name}`,
  );
  // The machine hangs (every process of the node stopped) until the segment is checked: a node
  // that comes back has Patroni archive its ready segments before its rewind, and would hide
  // whether the promoted node archived it.
  const killedAt = performance.now();
  cluster.table.signal(old.name, 'SIGSTOP');
  signalAll(nodeProcesses(cluster, old), 'SIGSTOP');
  console.log(`${old.name} (the primary) stopped whole, its machine hung`);
  await waitFor(
    'another node promoted',
    async () => ((await cluster.primary())?.name ?? old.name) !== old.name,
    90_000,
    500,
  );
  const promoted = await cluster.primary();
  console.log(`${promoted?.name} promoted`);
  const afterFailover = await oneBooking(cluster, prepared);
  console.log(
    `a booking confirmed on ${promoted?.name} ${seconds(performance.now() - killedAt)} s after ${old.name} hung`,
  );
  await sleep(1000);
  const [moment] = await query<{ at: string }>(
    cluster.adminUrl(),
    'select clock_timestamp()::text as at',
  );
  const target = moment?.at as string;
  await sleep(1000);
  const afterMoment = await oneBooking(cluster, prepared);
  // The segment holding the last booking archived now, not within a minute (archive_timeout): the
  // restore must find WAL past the target to stop at it.
  if (!(await archiveNow(cluster))) throw new Error('the WAL past the target was not archived');
  console.log(`bookings: 2 before the failover, 1 after it before ${target}, 1 after that`);
  const reader = writeConfig({
    backup: settings.backup,
    passphrase: secrets.backupPassphrase,
    work: path.join(settings.dir, 'backup-reader'),
  });
  // Still hung, the old primary has archived nothing since: the promoted node did.
  const segmentArchived =
    (
      await pgbackrest(reader, [
        'repo-ls',
        `archive/${STANZA}`,
        '--recurse',
        `--filter=(^|/)${segment?.wal}-`,
      ])
    ).trim() !== '';
  console.log(
    `segment ${segment?.wal} in the repository before ${old.name} came back: ${segmentArchived ? 'yes' : 'no'}`,
  );
  // The machine dies; the cluster's supervisor starts it again, and it rejoins as a replica.
  cluster.table.signal(old.name, 'SIGKILL');

  let t0 = performance.now();
  const verified = await verifyRepository(reader);
  console.log(`verify in ${seconds(performance.now() - t0)} s:\n${verified.report}`);

  // A fresh node: a new folder, a configuration naming the repository and its passphrase only.
  t0 = performance.now();
  const dataDir = path.join(settings.dir, 'fresh-node', 'data');
  // Stopped also when a signal stops the drill while it restores.
  cluster.stopWith('the restored server', () => stopRestored(PG_BIN_DIR, dataDir));
  const restored = await restoreToTime({
    backup: settings.backup,
    passphrase: secrets.backupPassphrase,
    superuserPassword: secrets.superuser,
    clusterDir: settings.dir,
    binDir: PG_BIN_DIR,
    dataDir,
    target,
  });
  console.log(`restored to ${target} on a fresh node in ${seconds(performance.now() - t0)} s`);
  try {
    const kept = await keptBookings(restored.url, [beforeFailover, unarchived, afterFailover]);
    const [late] = await query<{ n: number }>(
      restored.url,
      'select count(*)::int as n from bookings where id = $1',
      [afterMoment],
    );
    const [timeline] = await query<{ tli: number }>(
      restored.url,
      'select timeline_id as tli from pg_control_checkpoint()',
    );
    console.log(
      `on the restored server: ${kept} of the 3 bookings before the moment, ${late?.n ?? 0} of the 1 after it; timeline ${timeline?.tli}`,
    );
    verdict([
      [
        `the segment the old primary finished but never archived was archived by the promoted node (${segment?.wal})`,
        segmentArchived,
      ],
      ['pgBackRest verify: every backup and WAL segment reads back whole', verified.ok],
      [
        `the bookings before the moment are there, confirmed, paid, with their nights — before the failover, in the segment only the replica archived, and after the failover (${kept}/3)`,
        kept === 3,
      ],
      [`the booking after the moment is not (${late?.n ?? 0} found)`, (late?.n ?? 0) === 0],
    ]);
  } finally {
    restored.stop();
  }
});
