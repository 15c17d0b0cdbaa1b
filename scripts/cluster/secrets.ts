// The cluster's passwords and the backups' passphrase: random on the first start, kept beside
// its data (owner-only). One missing from an older cluster's file is made and added at its next
// start; one already there never changes.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Secrets {
  /** PostgreSQL's `postgres`: Patroni's own connections, the operator's. */
  superuser: string;
  replication: string;
  /** The API's role, `devstay`: reads and writes rows, owns nothing. */
  app: string;
  /** `devstay_owner`, the database's owner: the migrations only. */
  owner: string;
  /** `rewinder`: pg_rewind's reads of a primary's files, nothing else. */
  rewind: string;
  /** Patroni's REST API user `patroni`: what changes the cluster (failover, configuration). */
  patroniApi: string;
  /** HAProxy's statistics page, user `stats`. */
  stats: string;
  /** Signs the sessions: one for every API process, so a session is good on each. */
  authSecret: string;
  /**
   * Encrypts the backup repository (pgBackRest's repo1-cipher-pass): without it no backup can
   * be read, so the operator keeps a copy away from the cluster's machines.
   */
  backupPassphrase: string;
}

/** The roles and users the secrets belong to. */
export const USERS = {
  app: 'devstay',
  owner: 'devstay_owner',
  rewind: 'rewinder',
  patroniApi: 'patroni',
  stats: 'stats',
} as const;

export function clusterSecrets(dir: string): Secrets {
  const file = path.join(dir, 'secrets.json');
  const kept = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>) : {};
  const random = () => randomBytes(24).toString('base64url');
  // A secret added since the folder was made is made now; one already there never changes.
  const secrets: Secrets = {
    superuser: kept.superuser ?? random(),
    replication: kept.replication ?? random(),
    app: kept.app ?? random(),
    owner: kept.owner ?? random(),
    rewind: kept.rewind ?? random(),
    patroniApi: kept.patroniApi ?? random(),
    stats: kept.stats ?? random(),
    authSecret: kept.authSecret ?? randomBytes(32).toString('base64url'),
    backupPassphrase: kept.backupPassphrase ?? randomBytes(32).toString('base64url'),
  };
  if (Object.keys(secrets).some((k) => kept[k as keyof Secrets] === undefined)) {
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  chmodSync(file, 0o600);
  return secrets;
}
