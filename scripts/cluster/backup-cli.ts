// The cluster's backups for operators, with the code the PITR drill runs (pgbackrest.ts, pitr.ts):
//   npm run cluster:backup [-- --type full|diff]
//     a pgBackRest backup of whichever node is primary (diff: what changed since the last full;
//     the first is a full either way), then the backups past retention expire;
//   npm run cluster:backup -- --verify
//     reads back every backup and WAL segment in the repository and says whether all are whole;
//   npm run cluster:backup -- --info
//     the backups in the repository and the WAL it holds;
//   npm run cluster:restore -- --to '<timestamp>' [--set LABEL]
//     a new PostgreSQL server from the repository alone: the newest backup that ended before the
//     moment (or LABEL) and the archived WAL, replayed up to the moment and promoted; left
//     running, on a port of its own, for the operator to check and copy from.
// The repository's passphrase: CLUSTER_BACKUP_PASSPHRASE, else the cluster's secrets.json.
import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { errorMessage } from '@devstay/shared/error-message';
import { recordBackup } from './observe.ts';
import { PG_BIN_DIR } from './packages.ts';
import { roleOf } from './patroni.ts';
import {
  type BackupType,
  describeRepository,
  nodeConfigFile,
  pgbackrest,
  takeBackup,
  verifyRepository,
  writeConfig,
} from './pgbackrest.ts';
import { restoreToTime } from './pitr.ts';
import { clusterSecrets } from './secrets.ts';
import { clusterSettings } from './settings.ts';

const USAGE = `usage: npm run cluster:backup [-- --type full|diff]
       npm run cluster:backup -- --verify
       npm run cluster:backup -- --info
       npm run cluster:restore -- --to '2026-11-28 19:20:00+00' [--set LABEL]`;

const settings = clusterSettings();

/** The cluster's secrets: its folder must hold them (it ran at least once). */
function secrets() {
  if (!existsSync(path.join(settings.dir, 'secrets.json'))) {
    throw new Error(
      `No cluster in ${settings.dir} (CLUSTER_DIR): start one with npm run cluster, or give CLUSTER_BACKUP_PASSPHRASE to read a repository without it`,
    );
  }
  return clusterSecrets(settings.dir);
}

const passphrase = () => process.env.CLUSTER_BACKUP_PASSPHRASE || secrets().backupPassphrase;

/** A configuration naming the repository only, for reading it (verify, info). */
const readerConfig = () =>
  writeConfig({
    backup: settings.backup,
    passphrase: passphrase(),
    work: path.join(settings.dir, 'backup-reader'),
  });

async function backup(type: BackupType) {
  let primary: (typeof settings.nodes)[number] | undefined;
  for (const node of settings.nodes) if ((await roleOf(node)) === 'primary') primary = node;
  if (!primary)
    throw new Error('No node answers as primary: is the cluster running (npm run cluster)?');
  const started = performance.now();
  const label = await takeBackup(nodeConfigFile(settings, primary), secrets().superuser, type);
  // The backups' age, for the BackupTooOld alert (observe.ts).
  recordBackup(settings, new Date());
  console.log(
    `${label} (${type === 'diff' && label.endsWith('F') ? 'full: no full backup to build on' : type}) of ${primary.name} in ${describeRepository(settings.backup)} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
}

async function restore(to: string | undefined, set: string | undefined) {
  const target = Date.parse(to ?? '');
  if (!to || Number.isNaN(target)) {
    throw new Error(`--to must be a moment with its zone, e.g. '2026-11-28 19:20:00+00'\n${USAGE}`);
  }
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
  console.log(`restoring from ${describeRepository(settings.backup)} to ${to}…`);
  const restored = await restoreToTime({
    backup: settings.backup,
    passphrase: passphrase(),
    superuserPassword: secrets().superuser,
    clusterDir: settings.dir,
    binDir: PG_BIN_DIR,
    dataDir,
    target: to,
    set,
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
      type: { type: 'string' },
      verify: { type: 'boolean' },
      info: { type: 'boolean' },
      to: { type: 'string' },
      set: { type: 'string' },
    },
  });
  if (command === 'backup' && values.verify) {
    const { ok, report } = await verifyRepository(readerConfig());
    console.log(report);
    if (!ok) throw new Error('The repository holds files that do not read back whole (above)');
  } else if (command === 'backup' && values.info) {
    console.log((await pgbackrest(readerConfig(), ['info'])).trim());
  } else if (command === 'backup') {
    const type = values.type ?? 'diff';
    if (type !== 'full' && type !== 'diff')
      throw new Error(`--type must be full or diff\n${USAGE}`);
    await backup(type);
  } else if (command === 'restore') await restore(values.to, values.set);
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
