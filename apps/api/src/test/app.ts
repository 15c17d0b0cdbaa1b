import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDb, type Db } from '../db/client.ts';
import { createDatabaseIfMissing } from '../db/embedded.ts';

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

/** The real application on its own real database, called with `app.inject`. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    /** Extra routes registered before the app is ready (e.g. a route exercising a guard rule). */
    routes?: (app: FastifyInstance) => void | Promise<void>;
  } = {},
): Promise<TestApp> {
  const databaseUrl = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    UPLOADS_DIR: inject('uploadsDir'),
    WEB_DIST_DIR: '/nonexistent',
    ...env,
  });
  const db = createDb(databaseUrl, 4);
  const app = await buildApp({ config, db });
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
