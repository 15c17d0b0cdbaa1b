import { errorMessage } from '@devstay/shared/error-message';
import { buildApp } from './app.ts';
import { type Config, loadConfig } from './config.ts';
import type { Db } from './db/client.ts';
import { takeOverStopSignals } from './db/embedded.ts';
import { openDatabase } from './db/open-database.ts';
import { type StartLog, startLog } from './lib/start-steps.ts';
import { ensureSuperAdmin } from './modules/auth/accounts.ts';
import { UploadsUnderWay } from './modules/images/under-way.ts';

/** How long a stop waits for the requests being answered before it exits anyway. */
const STOP_DEADLINE_MS = 15_000;

export interface StartOptions {
  /**
   * Runs while the database opens, and is handed it once migrated; the server listens once it
   * is done. `npm start` (scripts/start.ts) passes the demo seed here, so the server itself
   * carries no demo data. Picture files it promises in `uploadsUnderWay` may follow after the
   * server listens: a request for one waits for it.
   */
  prepare?: (
    database: Promise<Db>,
    config: Config,
    log: StartLog,
    uploadsUnderWay: UploadsUnderWay,
  ) => Promise<void>;
  /** Under way while the database opens; the app is built once both are done (the web build). */
  beforeApp?: Promise<unknown>;
}

/** Starts DevStay: database (embedded unless DATABASE_URL), migrations, `prepare`, HTTP. */
export async function startServer(options: StartOptions = {}) {
  const config = loadConfig();
  const started = Date.now();
  const log = startLog(config.LOG_LEVEL);
  const opening = openDatabase({
    databaseUrl: config.DATABASE_URL,
    migrationUrl: config.MIGRATION_DATABASE_URL,
    dataDir: config.PG_DATA_DIR,
    port: config.PG_PORT,
    log,
  });
  const migrated = opening.then((d) => d.db);
  // Its failure is the opening's, reported below.
  migrated.catch(() => {});
  const uploadsUnderWay = new UploadsUnderWay();
  const prepared = options.prepare?.(migrated, config, log, uploadsUnderWay);
  // The app is built while `prepare` goes on (a first start's pictures).
  const built = Promise.all([migrated, options.beforeApp]).then(async ([db]) => {
    const building = performance.now();
    const app = await buildApp({ config, db, uploadsUnderWay });
    log('app built', building);
    return app;
  });
  let database: Awaited<typeof opening>;
  let app: Awaited<typeof built>;
  try {
    [database, app] = await Promise.all([opening, built, prepared]);
  } catch (error) {
    // A failed step leaves nothing running: the app closed, then the database.
    await built.then((a) => a.close()).catch(() => {});
    await opening.then((d) => d.close()).catch(() => {});
    throw error;
  }
  const { db } = database;

  if (config.SUPERADMIN_EMAIL && config.SUPERADMIN_PASSWORD) {
    const outcome = await ensureSuperAdmin(db, {
      email: config.SUPERADMIN_EMAIL,
      password: config.SUPERADMIN_PASSWORD,
    });
    if (outcome !== 'unchanged') app.log.info(`superAdmin ${config.SUPERADMIN_EMAIL} ${outcome}`);
  }
  let stopping = false;
  // Without waiting for the requests: the database is still stopped, never left running.
  const stopNow = (why: string) => {
    app.log.error(`${why}: exiting`);
    void database.close().finally(() => process.exit(1));
  };
  const stop = async (signal: string) => {
    if (stopping) return stopNow(`${signal} while stopping`);
    stopping = true;
    app.log.info({ signal }, 'stopping');
    // A request that never ends must not keep the process (and its database) alive.
    setTimeout(
      () => stopNow(`still stopping after ${config.DRAIN_MS + STOP_DEADLINE_MS} ms`),
      config.DRAIN_MS + STOP_DEADLINE_MS,
    ).unref();
    // Draining: readiness answers 503 so the balancer stops sending requests here, and the
    // requests it still sends meanwhile are answered; then the server closes.
    app.lifecycle.draining = true;
    if (config.DRAIN_MS > 0) {
      await new Promise((resolve) => setTimeout(resolve, config.DRAIN_MS));
    }
    // Closing the app also stops its background work (the mail worker, the sweeps).
    await app.close().catch(() => {});
    await database.close();
    process.exit(0);
  };
  // The requests being answered finish first, the database stops last.
  takeOverStopSignals();
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const site = config.PORT === port ? config.PUBLIC_URL : `http://localhost:${port}`;
  app.log.info(
    `DevStay is serving ${site} (ready in ${Date.now() - started} ms` +
      `${database.embedded ? ', embedded PostgreSQL' : ''}` +
      `${config.HOST === 'localhost' ? '; reachable from this machine only, see HOST' : ''})`,
  );
  return app;
}

if (import.meta.main) {
  startServer().catch((error) => {
    console.error(errorMessage(error));
    if (error instanceof Error && error.cause) console.error(error.cause);
    process.exit(1);
  });
}
