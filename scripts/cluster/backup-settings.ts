// Where the cluster's backups go and how long they are kept, from the environment: a folder under
// the cluster's (one machine) or an S3 bucket (several machines; every node reaches it).
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

type Repository =
  | { type: 'posix'; path: string }
  | {
      type: 's3';
      bucket: string;
      region: string;
      endpoint: string;
      /** Path-style requests (an S3-compatible store at its own address), else virtual-host. */
      pathStyle: boolean;
      /** Unset: the machine's own credentials (instance role, web identity). */
      keys?: { id: string; secret: string };
      /** The repository's folder in the bucket. */
      path: string;
      /** The CA that issued the store's certificate (its own CA), else the system's CAs. */
      caFile?: string;
    };

export interface BackupSettings {
  repo: Repository;
  /** Full backups kept; older ones expire, with the WAL only they needed. */
  retentionFull: number;
  /** Differential backups kept (on top of the fulls they build on). */
  retentionDiff: number;
}

const count = (env: NodeJS.ProcessEnv, name: string, fallback: number) => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 9999999)
    throw new Error(`${name} must be a count of 1 or more`);
  return n;
};

export function backupSettings(env: NodeJS.ProcessEnv, clusterDir: string): BackupSettings {
  const retention = {
    retentionFull: count(env, 'CLUSTER_BACKUP_RETENTION_FULL', 2),
    retentionDiff: count(env, 'CLUSTER_BACKUP_RETENTION_DIFF', 7),
  };
  const bucket = env.CLUSTER_BACKUP_S3_BUCKET;
  if (!bucket)
    return { repo: { type: 'posix', path: path.join(clusterDir, 'backup-repo') }, ...retention };
  const region = env.CLUSTER_BACKUP_S3_REGION || 'us-east-1';
  const id = env.CLUSTER_BACKUP_S3_ACCESS_KEY_ID;
  const secret = env.CLUSTER_BACKUP_S3_SECRET_ACCESS_KEY;
  if (Boolean(id) !== Boolean(secret)) {
    throw new Error(
      'CLUSTER_BACKUP_S3_ACCESS_KEY_ID and CLUSTER_BACKUP_S3_SECRET_ACCESS_KEY go together: set both, or neither (the machine’s own credentials)',
    );
  }
  const repoPath = env.CLUSTER_BACKUP_S3_PATH || '/devstay';
  if (!repoPath.startsWith('/')) throw new Error('CLUSTER_BACKUP_S3_PATH must start with /');
  const caFile = env.CLUSTER_BACKUP_S3_CA_FILE || undefined;
  if (caFile) {
    // pgBackRest reads it on every call, from wherever it runs.
    if (!path.isAbsolute(caFile))
      throw new Error('CLUSTER_BACKUP_S3_CA_FILE must be an absolute path');
    try {
      accessSync(caFile, constants.R_OK);
    } catch {
      throw new Error(`CLUSTER_BACKUP_S3_CA_FILE: cannot read ${caFile}`);
    }
  }
  return {
    repo: {
      type: 's3',
      bucket,
      region,
      endpoint: env.CLUSTER_BACKUP_S3_ENDPOINT || `s3.${region}.amazonaws.com`,
      pathStyle: Boolean(env.CLUSTER_BACKUP_S3_ENDPOINT),
      keys: id && secret ? { id, secret } : undefined,
      path: repoPath,
      caFile,
    },
    ...retention,
  };
}
