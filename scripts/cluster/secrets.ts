// The cluster's database passwords: random on the first start, kept beside its data.
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
}

export function clusterSecrets(dir: string): Secrets {
  const file = path.join(dir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Secrets;
  const random = () => randomBytes(24).toString('base64url');
  const secrets: Secrets = {
    superuser: random(),
    replication: random(),
    app: random(),
    authSecret: randomBytes(32).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
