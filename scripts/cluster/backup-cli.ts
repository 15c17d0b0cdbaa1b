// The cluster's backups for operators, with the code the PITR drill runs (pitr.ts):
//   npm run cluster:backup [-- --out DIR]
//     a base backup of whichever node is primary, into .data/cluster/base-backups/<when it
//     ended> (or DIR);
//   npm run cluster:restore -- --to '<timestamp>' [--from DIR]
//     a new PostgreSQL server made from the newest base backup that ended before the moment (or
//     DIR) and the WAL archive, replayed up to the moment and promoted; left running, on a port
//     of its own, for the operator to check and copy from (docs/operations.md, Backups).
import { existsSync, readdirSync, renameSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { errorMessage } from '@devstay/shared/error-message';
import { recordBackup } from './observe.ts';
import { PG_BIN_DIR } from './packages.ts';
import { baseBackup, restoreToTime } from './pitr.ts';
import { clusterSecrets } from './secrets.ts';
import { clusterSettings } from './settings.ts';

const USAGE = `usage: npm run cluster:backup [-- --out DIR]
       npm run cluster:restore -- --to '2026-11-28 19:20:00+00' [--from DIR]`;

const settings = clusterSettings();
const backups = path.join(settings.dir, 'base-backups');

/** The cluster's passwords: its folder must hold them (it ran at least once). */
function secrets() {
  if (!existsSync(path.join(settings.dir, 'secrets.json'))) {
    throw new Error(`No cluster in ${settings.dir} (CLUSTER_DIR): start one with npm run cluster`);
  }
  return clusterSecrets(settings.dir);
}

function backup(out: string | undefined) {
  if (out && existsSync(out)) throw new Error(`${out} exists: name a new folder`);
  const started = performance.now();
  // Named once it has ended: a restore to a moment needs a backup that ended before it.
  const partial = out ?? path.join(backups, `.taking-${process.pid}`);
  baseBackup(settings, secrets(), PG_BIN_DIR, partial);
  const dir = out ?? path.join(backups, new Date().toISOString());
  if (!out) renameSync(partial, dir);
  // The backups' age, for the BackupTooOld alert (observe.ts).
  recordBackup(settings, new Date());
  console.log(`base backup in ${dir} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

/** The newest base backup in the usual folder that ended before `target`. */
function backupBefore(target: number): string {
  const ended = (existsSync(backups) ? readdirSync(backups) : [])
    .map((name) => ({ name, at: Date.parse(name) }))
    .filter((b) => !Number.isNaN(b.at) && b.at < target)
    .sort((a, b) => b.at - a.at);
  const newest = ended[0];
  if (!newest) {
    throw new Error(`No base backup in ${backups} ended before that moment: give one with --from`);
  }
  return path.join(backups, newest.name);
}

async function restore(to: string | undefined, from: string | undefined) {
  const target = Date.parse(to ?? '');
  if (!to || Number.isNaN(target)) {
    throw new Error(`--to must be a moment with its zone, e.g. '2026-11-28 19:20:00+00'\n${USAGE}`);
  }
  const backupDir = from ? path.resolve(from) : backupBefore(target);
  const dataDir = path.join(
    settings.dir,
    'restored',
    new Date(target).toISOString().replace(/[:.]/g, '-'),
    'data',
  );
  if (existsSync(dataDir)) {
    throw new Error(
      `${dataDir} holds a restore to that moment already: stop its server and remove the folder first`,
    );
  }
  console.log(`restoring ${backupDir} and the WAL archive to ${to}…`);
  const restored = await restoreToTime({
    settings,
    secrets: secrets(),
    binDir: PG_BIN_DIR,
    backupDir,
    dataDir,
    target: to,
  });
  const port = new URL(restored.url).port;
  const asPostgres = userInfo().uid === 0 ? 'runuser -u postgres -- ' : '';
  console.log(`restored: PostgreSQL on 127.0.0.1:${port}, database devstay, user postgres (the cluster's superuser password, ${path.join(settings.dir, 'secrets.json')})
  data: ${dataDir}
  stop it: ${asPostgres}${path.join(PG_BIN_DIR, 'pg_ctl')} -D ${dataDir} stop`);
}

const [command, ...rest] = process.argv.slice(2);
try {
  const { values } = parseArgs({
    args: rest,
    options: {
      out: { type: 'string' },
      to: { type: 'string' },
      from: { type: 'string' },
    },
  });
  if (command === 'backup') backup(values.out && path.resolve(values.out));
  else if (command === 'restore') await restore(values.to, values.from);
  else throw new Error(USAGE);
} catch (error) {
  const message = errorMessage(error);
  console.error(message);
  if (message.includes('before configured recovery target')) {
    console.error(
      'The WAL archive does not reach that moment yet: a segment is archived when it closes, within a minute (archive_timeout). Wait a minute, or run `select pg_switch_wal()` on the primary, and restore again.',
    );
  }
  process.exitCode = 1;
}
