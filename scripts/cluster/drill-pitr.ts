// Point-in-time restore drill: a base backup of the running cluster, then a booking, a moment,
// a second booking; the base backup and the archived WAL restored to that moment on a server
// of its own must hold the first booking, paid, and not the second. Exits non-zero when a bar
// is not met.
import path from 'node:path';
import type { Cluster } from './cluster.ts';
import { archiveNow, keptBookings, query, runDrill, seconds, verdict } from './drill.ts';
import { Load, sleep } from './load.ts';
import { PG_BIN_DIR } from './packages.ts';
import { baseBackup, restoreToTime, stopRestored } from './pitr.ts';
import { waitFor } from './wait.ts';

/** One booking made and paid through the balancer: its id. */
async function oneBooking(cluster: Cluster, prepared: Awaited<ReturnType<typeof Load.prepare>>) {
  const load = new Load(cluster.base, cluster.settings.publicUrl);
  load.book(prepared.guests, prepared.rooms);
  await waitFor('a booking confirmed', async () => load.confirmed.length > 0, 60_000, 50);
  await load.stop();
  return load.confirmed as string[];
}

await runDrill('pitr', async (cluster) => {
  const { settings, secrets } = cluster;
  const backupDir = path.join(settings.dir, 'base-backups', 'drill');
  let t0 = performance.now();
  baseBackup(settings, secrets, PG_BIN_DIR, backupDir);
  console.log(`base backup taken in ${seconds(performance.now() - t0)} s`);

  const prepared = await Load.prepare(cluster, 1, 2);
  const first = await oneBooking(cluster, prepared);
  await sleep(1000);
  const [moment] = await query<{ at: string }>(
    cluster.adminUrl(),
    'select clock_timestamp()::text as at',
  );
  const target = moment?.at as string;
  await sleep(1000);
  const second = await oneBooking(cluster, prepared);
  // The segment holding the second booking archived now, not within a minute (archive_timeout):
  // the restore must find WAL past the target to stop at it.
  if (!(await archiveNow(cluster))) throw new Error('the WAL past the target was not archived');
  console.log(`bookings: ${first.length} before ${target}, ${second.length} after`);

  t0 = performance.now();
  const dataDir = path.join(settings.dir, 'restored', 'data');
  // Stopped also when a signal stops the drill while it restores.
  cluster.stopWith('the restored server', () => stopRestored(PG_BIN_DIR, dataDir));
  const restored = await restoreToTime({
    settings,
    secrets,
    binDir: PG_BIN_DIR,
    backupDir,
    dataDir,
    target,
  });
  console.log(`restored to ${target} in ${seconds(performance.now() - t0)} s`);
  try {
    const before = await keptBookings(restored.url, first);
    const after = await keptBookings(restored.url, second);
    const [anyAfter] = await query<{ n: number }>(
      restored.url,
      'select count(*)::int as n from bookings where id::text = any($1)',
      [second],
    );
    verdict([
      [
        `the booking before the moment is there, paid, with its nights (${before}/${first.length})`,
        before === first.length,
      ],
      [
        `the booking after the moment is not (${anyAfter?.n ?? 0} found)`,
        (anyAfter?.n ?? 0) === 0 && after === 0,
      ],
    ]);
  } finally {
    restored.stop();
  }
});
