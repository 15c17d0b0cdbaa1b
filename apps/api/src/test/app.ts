import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDb, type Db } from '../db/client.ts';
import { createDatabaseIfMissing } from '../db/embedded.ts';
import type { UploadsUnderWay } from '../modules/images/under-way.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  databaseUrl: string;
  close(): Promise<void>;
}

/** A fresh copy of the seeded template database, for one test file. */
export async function createTestDatabase(): Promise<string> {
  const adminUrl = inject('adminUrl');
  const name = `devstay_t${randomBytes(6).toString('hex')}`;
  await createDatabaseIfMissing(adminUrl, name, inject('templateDatabase'));
  return adminUrl.replace(/\/postgres$/, `/${name}`);
}

/**
 * The per-account and per-address limits on holds and checkouts, raised: a test file is a
 * crowd of a few accounts calling from one address. The limits themselves are tested with
 * their real values (bookings/hold-limits.test.ts passes `realLimits`).
 */
export const CROWD_LIMITS: Record<string, string> = {
  CHECKOUT_RATE_LIMIT: '100000',
  CHECKOUT_ADDRESS_RATE_LIMIT: '100000',
  HOLDS_PER_ACCOUNT: '100000',
  HELD_UNITS_PER_ACCOUNT: '1000000',
  LAPSED_HOLDS_PER_DAY: '100000',
};

/** The real application on its own real database, called with `app.inject`. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    /** Extra routes registered before the app is ready (e.g. a route exercising a guard rule). */
    routes?: (app: FastifyInstance) => void | Promise<void>;
    /** The product's own limits on holds and checkouts instead of CROWD_LIMITS. */
    realLimits?: boolean;
    /** The app's clock (rules judged at a fixed instant); the system clock otherwise. */
    clock?: () => Date;
    /** Picture files promised but not written yet. */
    uploadsUnderWay?: UploadsUnderWay;
    /**
     * False: the background work (sweeps, mail) is not started, for a file that runs it by hand
     * and asserts what each call did. Default: it runs, as in a server.
     */
    workers?: boolean;
  } = {},
): Promise<TestApp> {
  const databaseUrl = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    UPLOADS_DIR: inject('uploadsDir'),
    WEB_DIST_DIR: '/nonexistent',
    ...(options.realLimits ? {} : CROWD_LIMITS),
    ...env,
  });
  const db = createDb(databaseUrl, 4);
  const app = await buildApp({
    config,
    db,
    clock: options.clock,
    uploadsUnderWay: options.uploadsUnderWay,
    workers: options.workers,
  });
  await options.routes?.(app);
  await app.ready();
  return {
    app,
    db,
    databaseUrl,
    async close() {
      await app.close();
      await db.$client.end();
    },
  };
}
