import type { Config } from '@devstay/api/config';
import type { Db } from '@devstay/api/db/client';
import { seedIfEmpty } from './demo.ts';
import { ensureDemoAccounts } from './ensure-demo-accounts.ts';

/**
 * What `npm start` does to the database before serving: the demo catalogue on an empty
 * database (or its lost pictures back), and the demo accounts unless turned off.
 */
export async function prepareDemoData(db: Db, config: Config): Promise<void> {
  await seedIfEmpty(db, {
    uploadsDir: config.UPLOADS_DIR,
    limits: { maxBytes: config.IMAGE_MAX_BYTES, maxPixels: config.IMAGE_MAX_PIXELS },
  });
  if (config.DEMO_ACCOUNTS) await ensureDemoAccounts(db);
}
