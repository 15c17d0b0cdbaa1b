import type { Config } from '@devstay/api/config';
import type { Db } from '@devstay/api/db/client';
import type { StartLog } from '@devstay/api/lib/start-steps';
import { imageStorageOf } from '@devstay/api/modules/images/configured-storage';
import { seedIfEmpty } from './demo.ts';
import { ensureDemoAccounts } from './ensure-demo-accounts.ts';

/**
 * What `npm start` does to the database before serving: the demo catalogue on an empty
 * database (or its lost pictures back), its pictures in the configured storage (S3_BUCKET or
 * UPLOADS_DIR), and the demo accounts unless turned off. Given the database while it still
 * opens, it draws the pictures meanwhile.
 */
export async function prepareDemoData(
  database: Db | Promise<Db>,
  config: Config,
  log: StartLog = () => {},
): Promise<void> {
  await seedIfEmpty(database, { storage: imageStorageOf(config), log });
  if (config.DEMO_ACCOUNTS) {
    const started = performance.now();
    await ensureDemoAccounts(await database);
    log('demo accounts ready', started);
  }
}
