import type { Config } from '@devstay/api/config';
import type { Db } from '@devstay/api/db/client';
import type { StartLog } from '@devstay/api/lib/start-steps';
import { imageStorageOf } from '@devstay/api/modules/images/configured-storage';
import type { UploadsUnderWay } from '@devstay/api/modules/images/under-way';
import { errorMessage } from '@devstay/shared/error-message';
import { seedDemo } from './demo.ts';
import { seedDemoStays } from './demo-stays.ts';
import { ensureDemoAccounts } from './ensure-demo-accounts.ts';

/**
 * What `npm start` does to the database before serving: the demo catalogue on an empty
 * database (or its lost pictures back), its pictures in the configured storage (S3_BUCKET or
 * UPLOADS_DIR), and the demo accounts unless turned off, with the demo stays (demo-stays.ts). Given the database while it still
 * opens, it draws the pictures meanwhile.
 *
 * Pictures this server serves itself (UPLOADS_DIR) may still be drawn once it listens: they are
 * promised in `underWay`, so a page's pictures are drawn first and waited for. A picture that
 * could not be stored is drawn again at the next start.
 */
export async function prepareDemoData(
  database: Db | Promise<Db>,
  config: Config,
  log: StartLog = () => {},
  underWay?: UploadsUnderWay,
): Promise<void> {
  const { pictures } = await seedDemo(database, {
    storage: imageStorageOf(config),
    log,
    underWay: config.S3_BUCKET ? undefined : underWay,
  });
  pictures.catch((error: unknown) => {
    console.error(
      `DevStay start: the demo pictures could not all be stored: ${errorMessage(error)}`,
    );
  });
  if (config.DEMO_ACCOUNTS) {
    const started = performance.now();
    const db = await database;
    await ensureDemoAccounts(db);
    log('demo accounts ready', started);
    // The demo stays, booked and paid as any guest's (once: each is keyed), meanwhile: the
    // site does not wait for them to answer its first page.
    const booking = performance.now();
    void seedDemoStays(db, config).then(
      (stays) => {
        if (stays.booked > 0 || stays.skipped) {
          log(
            'demo stays booked',
            booking,
            stays.skipped
              ? `none: ${stays.skipped}`
              : `${stays.booked} stays, ${stays.reviews} reviews`,
          );
        }
      },
      (error: unknown) => {
        console.error(
          `DevStay start: the demo stays could not all be booked: ${errorMessage(error)}`,
        );
      },
    );
  }
}
