// The cluster's database passwords and the backups' passphrase: random on the first start, kept
// beside its data, owner-only.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Secrets {
  superuser: string;
  replication: string;
  /** The API's role, `devstay`. */
  app: string;
  /** Signs the sessions: one for every API process, so a session is good on each. */
  authSecret: string;
  /**
   * Encrypts the backup repository (pgBackRest's repo1-cipher-pass): without it no backup can
   * be read, so the operator keeps a copy away from the cluster's machines.
   */
  backupPassphrase: string;
}

export function clusterSecrets(dir: string): Secrets {
  const file = path.join(dir, 'secrets.json');
  const kept = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>) : {};
  const random = () => randomBytes(24).toString('base64url');
  // A secret added since the folder was made is made now; one already there never changes.
  const secrets: Secrets = {
    superuser: random(),
    replication: random(),
    app: random(),
    authSecret: randomBytes(32).toString('base64url'),
    backupPassphrase: randomBytes(32).toString('base64url'),
    ...kept,
  };
  if (Object.keys(secrets).length !== Object.keys(kept).length) {
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}
