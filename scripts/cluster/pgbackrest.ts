// The cluster's backups with pgBackRest (Debian's package): one repository, encrypted (aes-256-cbc)
// with a passphrase the operator holds, with the WAL archive and full and differential backups of
// the primary. Every node runs with archive_mode=always and the same archive command: on the
// primary it pushes each segment with pgBackRest (checked, synced, refused when other bytes carry
// a name already archived); on a replica it succeeds once the primary's copy is in the
// repository, so the replica keeps each segment until then (at most REPLICA_HOLD_S), and once
// promoted it archives what its dead primary had finished but not archived. On every node a
// segment past where its timeline ended is never archived (the next timeline holds its WAL), and
// the command never waits. One node writes the archive at a time, as pgBackRest requires. A
// restore needs the repository and the passphrase only (pitr.ts). docs/operations.md, Backups;
// docs/decisions/0015-cluster-backups.md.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BackupSettings } from './backup-settings.ts';
import { asRoot, giveToServerUser } from './server-user.ts';
import type { ClusterSettings, DatabaseNode } from './settings.ts';

/** The cluster's name in the repository (one repository could hold several clusters). */
export const STANZA = 'devstay';

export const PGBACKREST = '/usr/bin/pgbackrest';

/** Owner-only folders: the spool holds WAL, the log names paths. */
const ownFolder = (dir: string) => mkdirSync(dir, { recursive: true, mode: 0o700 });

/** pgBackRest's options for the repository: where, how encrypted, how long kept. */
function repositoryOptions(backup: BackupSettings, passphrase: string): string[] {
  const { repo } = backup;
  const options =
    repo.type === 'posix'
      ? ['repo1-type=posix', `repo1-path=${repo.path}`]
      : [
          'repo1-type=s3',
          `repo1-path=${repo.path}`,
          `repo1-s3-bucket=${repo.bucket}`,
          `repo1-s3-region=${repo.region}`,
          ...s3Endpoint(repo.endpoint),
          `repo1-s3-uri-style=${repo.pathStyle ? 'path' : 'host'}`,
          ...(repo.caFile ? [`repo1-s3-ca-file=${repo.caFile}`] : []),
          ...(repo.keys
            ? [`repo1-s3-key=${repo.keys.id}`, `repo1-s3-key-secret=${repo.keys.secret}`]
            : ['repo1-s3-key-type=auto']),
        ];
  return [
    ...options,
    'repo1-cipher-type=aes-256-cbc',
    `repo1-cipher-pass=${passphrase}`,
    'repo1-retention-full-type=count',
    `repo1-retention-full=${backup.retentionFull}`,
    `repo1-retention-diff=${backup.retentionDiff}`,
  ];
}

/** pgBackRest speaks TLS to S3 only: an endpoint as `host`, `host:port` or `https://host[:port]`. */
function s3Endpoint(endpoint: string): string[] {
  const url = new URL(endpoint.includes('://') ? endpoint : `https://${endpoint}`);
  if (url.protocol !== 'https:') {
    throw new Error(
      `CLUSTER_BACKUP_S3_ENDPOINT: pgBackRest reaches S3 over https only (${endpoint})`,
    );
  }
  return [
    `repo1-s3-endpoint=${url.hostname}`,
    ...(url.port ? [`repo1-storage-port=${url.port}`] : []),
  ];
}

/**
 * Writes `work`/pgbackrest.conf: the repository, and with `pg` the server it backs up or
 * restores into. Its spool, locks and log stay in `work`. Answers the file's path.
 */
export function writeConfig(options: {
  backup: BackupSettings;
  passphrase: string;
  work: string;
  pg?: { path: string; port?: number; socket?: string };
}): string {
  const { work, pg } = options;
  for (const dir of ['spool', 'lock', 'log']) ownFolder(path.join(work, dir));
  const global = [
    ...repositoryOptions(options.backup, options.passphrase),
    // Files owner-only: pgBackRest's own default is group-readable.
    'neutral-umask=n',
    'compress-type=lz4',
    'process-max=2',
    'start-fast=y',
    // archive_mode=always: only the primary pushes (archiveScript), so one writer at a time.
    'archive-mode-check=n',
    `spool-path=${path.join(work, 'spool')}`,
    `lock-path=${path.join(work, 'lock')}`,
    `log-path=${path.join(work, 'log')}`,
  ];
  const server = pg
    ? [
        `pg1-path=${pg.path}`,
        ...(pg.port ? [`pg1-port=${pg.port}`, 'pg1-user=postgres'] : []),
        ...(pg.socket ? [`pg1-socket-path=${pg.socket}`] : []),
      ]
    : [];
  const lines = [
    '[global]',
    ...global,
    '',
    // PostgreSQL is answered once the segment is in the repository, by a pusher that works on
    // several segments at once; restores fetch one by one.
    '[global:archive-push]',
    'archive-async=y',
    '',
    `[${STANZA}]`,
    ...server,
  ];
  if (lines.some((line) => line.includes('\n')))
    throw new Error('a backup setting holds a newline');
  const file = path.join(work, 'pgbackrest.conf');
  writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  if (pg?.port) writeArchiveScript(file, pg.path);
  giveToServerUser(work);
  return file;
}

/** Where a node's pgBackRest configuration, spool, locks and log live: in the node's folder. */
export const nodeBackupDir = (settings: ClusterSettings, node: DatabaseNode) =>
  path.join(settings.dir, node.name, 'pgbackrest');

/** The node's pgBackRest configuration file. */
export const nodeConfigFile = (settings: ClusterSettings, node: DatabaseNode) =>
  path.join(nodeBackupDir(settings, node), 'pgbackrest.conf');

/** The node's archive command's script (writeArchiveScript). */
export const nodeArchiveScript = (settings: ClusterSettings, node: DatabaseNode) =>
  path.join(nodeBackupDir(settings, node), 'archive-command.sh');

/** The node's script for Patroni's on_role_change (writePromotionScript). */
export const nodePromotionScript = (settings: ClusterSettings, node: DatabaseNode) =>
  path.join(nodeBackupDir(settings, node), 'on-role-change.sh');

/** Writes the node's configuration (its server through its own socket folder); its path. */
export function writeNodeConfig(
  settings: ClusterSettings,
  node: DatabaseNode,
  passphrase: string,
  binDir: string,
): string {
  const nodeDir = path.join(settings.dir, node.name);
  const dataDir = path.join(nodeDir, 'data');
  const config = writeConfig({
    backup: settings.backup,
    passphrase,
    work: nodeBackupDir(settings, node),
    pg: { path: dataDir, port: node.pgPort, socket: nodeDir },
  });
  writePromotionScript(config, dataDir, binDir);
  return config;
}

/** The repository's folder on this machine, made owner-only (none for a bucket). */
export function repositoryFolder(backup: BackupSettings): void {
  if (backup.repo.type === 's3') return;
  ownFolder(backup.repo.path);
  giveToServerUser(backup.repo.path);
}

/** Where the repository is, for people (no keys). */
export const describeRepository = ({ repo }: BackupSettings) =>
  repo.type === 'posix' ? repo.path : `s3://${repo.bucket}${repo.path} at ${repo.endpoint}`;

// Quoted for sh, which runs PostgreSQL's archive and restore commands: the checkout's folder may
// hold spaces.
const sh = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

/**
 * How long a replica keeps a segment for the primary's copy at most (seconds since the segment was
 * finished): past it the primary's archiving has been failing that long (an alert), and the
 * replica lets the segment go rather than fill its disk.
 * @internal
 */
export const REPLICA_HOLD_S = 600;

/**
 * Writes the node's archive command (a script beside its configuration), run with the segment's
 * path and name by PostgreSQL in the data folder and by Patroni before a rewind from its own
 * folder. A node is a replica while its data folder holds standby.signal. The command never
 * waits: it answers at once and PostgreSQL (or Patroni) tries again later, so a node's stop or
 * rewind is never held by its archiver. Answers the script's path.
 */
function writeArchiveScript(config: string, dataDir: string): string {
  const script = path.join(path.dirname(config), 'archive-command.sh');
  const text = `#!/bin/sh
# PostgreSQL's archive_command on this node (archive_mode=always), also Patroni's before a rewind:
# $1 the segment's path, $2 its name. Answers at once: "not yet" is tried again later.
set -u
umask 077
data=${sh(dataDir)}
pgbackrest() { ${PGBACKREST} --config=${sh(config)} --stanza=${STANZA} "$@"; }
# Not archived under this name by any node: a segment of a timeline that ended before the
# segment's end (the newest timeline's history says where). Its WAL up to there is in the next
# timeline's segment of that number; this copy is the partial one a WAL receiver closed when its
# timeline ended, or an old primary's WAL past the fork.
case "$2" in
  *.history | *.partial) ;;
  *)
    tli=$((0x$(printf %s "$2" | cut -c 1-8)))
    newest=$(ls "$data/pg_wal" | grep -E '^[0-9A-F]{8}[.]history$' | sort | tail -n 1)
    if [ -n "$newest" ] && [ $((0x\${newest%.history})) -gt "$tli" ]; then
      # Its line: "<timeline> <X/Y, where it ended> <why>".
      ended=$(awk -v t="$tli" '$1 == t { print $2 }' "$data/pg_wal/$newest")
      if [ -z "$ended" ]; then
        echo "$2: timeline $tli is not in the cluster's history; not archived" >&2
        exit 0
      fi
      segment_end=$(( (0x$(printf %s "$2" | cut -c 9-16) << 32) + ((0x$(printf %s "$2" | cut -c 17-24) + 1) << 24) ))
      if [ "$segment_end" -gt $(( (0x\${ended%/*} << 32) + 0x\${ended#*/} )) ]; then
        echo "$2: reaches past where timeline $tli ended ($ended); not archived" >&2
        exit 0
      fi
    fi
    ;;
esac
if [ ! -f "$data/standby.signal" ]; then exec ${PGBACKREST} --config=${sh(config)} --stanza=${STANZA} archive-push "$1"; fi
# A replica pushes nothing: done once the primary's copy is in the repository (its newest archive id).
id=$(pgbackrest repo-ls archive/${STANZA} --filter="^$(cat "$data/PG_VERSION")-[0-9]+$" | sort -t- -k2 -n | tail -n 1)
case "$2" in
  *.history) folder="archive/${STANZA}/$id" ;;
  *) folder="archive/${STANZA}/$id/$(printf %s "$2" | cut -c 1-16)" ;;
esac
if [ -n "$id" ] && [ -n "$(pgbackrest repo-ls "$folder" --filter="^$2(-|$)")" ]; then exit 0; fi
# Let go once held this long: the primary's archiving is failing (its pg_stat_archiver says why).
finished=$(stat -c %Y "$data/pg_wal/$2" 2>/dev/null || echo 0)
if [ $(( $(date +%s) - finished )) -ge ${REPLICA_HOLD_S} ]; then
  echo "$2: not in the repository ${REPLICA_HOLD_S} s after it was finished; let go (the primary's archiving fails)" >&2
  exit 0
fi
echo "$2: not in the repository yet (the primary archives it); kept until it is" >&2
exit 1
`;
  writeFileSync(script, text, { mode: 0o700 });
  return script;
}

/**
 * Writes the node's script for Patroni's on_role_change (beside its configuration): when the node
 * becomes primary and its new timeline began exactly at a segment's end, the last segment of the
 * old timeline was received whole but never closed by the replica's WAL receiver, so PostgreSQL
 * offers it to no archive command; it is marked ready here, and the new primary archives it. A
 * segment already marked (ready or done) is left alone. Answers the script's path.
 */
function writePromotionScript(config: string, dataDir: string, binDir: string): string {
  const script = path.join(path.dirname(config), 'on-role-change.sh');
  const text = `#!/bin/sh
# Patroni's on_role_change: $1 the action, $2 the node's new role.
set -u
case "$2" in master | primary) ;; *) exit 0 ;; esac
# Called as the promotion is asked for: first its end (the new timeline's history written).
tries=0
until ${sh(path.join(binDir, 'pg_controldata'))} -D ${sh(dataDir)} 2>/dev/null | grep -q 'in production'; do
  tries=$((tries + 1))
  [ "$tries" -le 120 ] || exit 0
  sleep 1
done
wal=${sh(path.join(dataDir, 'pg_wal'))}
history=$(ls "$wal" | grep -E '^[0-9A-F]{8}[.]history$' | sort | tail -n 1)
[ -n "$history" ] || exit 0
# Its last line: the parent timeline and where the new one began, e.g. "1	0/A000000	…".
set -- $(grep -E '^[0-9]+[[:space:]]' "$wal/$history" | tail -n 1)
[ $# -ge 2 ] || exit 0
tli=$1 high=$((0x\${2%/*})) low=$((0x\${2#*/}))
[ $((low % 16777216)) -eq 0 ] || exit 0
segment=$((high * 256 + low / 16777216 - 1))
name=$(printf '%08X%08X%08X' "$tli" $((segment / 256)) $((segment % 256)))
[ -f "$wal/$name" ] || exit 0
[ -e "$wal/archive_status/$name.ready" ] || [ -e "$wal/archive_status/$name.done" ] || touch "$wal/archive_status/$name.ready"
`;
  writeFileSync(script, text, { mode: 0o700 });
  return script;
}

/** The node's archiving: archive_mode=always, the script above (a quiet primary still closes a segment each minute). */
export const archiveParameters = (script: string) => ({
  archive_mode: 'always',
  archive_command: `${sh(script)} %p %f`,
  archive_timeout: 60,
});

/** A replica behind what the primary still keeps catches up from the repository. */
export const restoreCommand = (config: string) =>
  `${PGBACKREST} --config=${sh(config)} --stanza=${STANZA} archive-get %f "%p"`;

const run = promisify(execFile);

/**
 * Runs pgBackRest with `config` (as `postgres` when this is root, the files' owner), with an
 * owner-only umask; its output. Throws with pgBackRest's own words.
 */
export async function pgbackrest(
  config: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<string> {
  const call = ['sh', '-c', 'umask 077 && exec "$@"', 'sh', PGBACKREST, `--config=${config}`];
  const asOwner = asRoot() ? ['runuser', '-u', 'postgres', '--', ...call] : call;
  const [program, ...rest] = asOwner as [string, ...string[]];
  try {
    const { stdout } = await run(program, [...rest, `--stanza=${STANZA}`, ...args], {
      env: { ...process.env, ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    const said = `${stderr ?? ''}${stdout ?? ''}`.trim().split('\n').slice(-4).join('\n');
    throw new Error(`pgbackrest ${args[0]} failed: ${said || String(error)}`);
  }
}

/** The password pgBackRest's connections to the node use (through its socket). */
const asSuperuser = (password: string) => ({ PGPASSWORD: password });

/**
 * Makes the repository ready for the cluster on its primary (again at each start: a stanza
 * already there for this cluster is kept; one of another cluster's data is refused).
 */
export async function createStanza(config: string, superuserPassword: string): Promise<string> {
  // The node's asynchronous pusher holds the archive's lock while it pushes: wait for it.
  for (let tries = 1; ; tries++) {
    try {
      return await pgbackrest(config, ['stanza-create'], asSuperuser(superuserPassword));
    } catch (error) {
      if (tries >= 30 || !/unable to acquire lock/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

export type BackupType = 'full' | 'diff';

/** A backup of the primary whose node `config` is; then the expired ones go. Its label. */
export async function takeBackup(
  config: string,
  superuserPassword: string,
  type: BackupType,
): Promise<string> {
  await pgbackrest(config, ['backup', `--type=${type}`], asSuperuser(superuserPassword));
  const [stanza] = JSON.parse(await pgbackrest(config, ['info', '--output=json'])) as {
    backup: { label: string }[];
  }[];
  const last = stanza?.backup.at(-1);
  if (!last) throw new Error('pgbackrest backup ended, yet the repository lists no backup');
  return last.label;
}

/**
 * Reads back every backup and WAL segment in the repository (decrypted, checksums compared).
 * pgBackRest 2.45 exits 0 even when it finds a bad file: the verdict is its report's status.
 */
export async function verifyRepository(config: string): Promise<{ ok: boolean; report: string }> {
  const report = (await pgbackrest(config, ['verify', '--output=text', '--verbose'])).trim();
  return { ok: /^status: ok$/m.test(report) && !/^status: (?!ok)/m.test(report), report };
}
