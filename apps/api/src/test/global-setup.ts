import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seedIfEmpty } from '@devstay/demo-data/demo';
import { ensureDemoAccounts } from '@devstay/demo-data/ensure-demo-accounts';
import type { TestProject } from 'vitest/node';
import { createDb } from '../db/client.ts';
import { createDatabaseIfMissing, startEmbeddedPostgres } from '../db/embedded.ts';
import { migrateDb } from '../db/migrate.ts';
import { freePort } from '../lib/free-port.ts';
import { localDiskStorage } from '../modules/images/storage.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A URL of the test server's maintenance database, to create per-file databases. */
    adminUrl: string;
    /** Migrated and seeded database that each test file copies. */
    templateDatabase: string;
    uploadsDir: string;
  }
}

/**
 * One real PostgreSQL for the test run: a throwaway embedded cluster, or the server of
 * DATABASE_URL. It holds a migrated, seeded template; every test file gets its own copy.
 */
export default async function setup(project: TestProject) {
  const work = await mkdtemp(path.join(tmpdir(), 'devstay-test-'));
  await chmod(work, 0o755); // the postgres system user must reach its data folder
  const uploadsDir = path.join(work, 'uploads');
  const templateDatabase = `devstay_template_${process.pid}`;

  let adminUrl: string;
  let stopServer = async () => {};
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = '/postgres';
    adminUrl = url.toString();
    await createDatabaseIfMissing(adminUrl, templateDatabase);
  } else {
    const server = await startEmbeddedPostgres({
      dataDir: path.join(work, 'pg'),
      port: await freePort(),
      database: templateDatabase,
      persistent: false,
    });
    adminUrl = server.url.replace(new RegExp(`/${templateDatabase}$`), '/postgres');
    stopServer = server.stop;
  }

  const templateUrl = adminUrl.replace(/\/postgres$/, `/${templateDatabase}`);
  const db = createDb(templateUrl, 2);
  await migrateDb(db);
  await seedIfEmpty(db, { storage: localDiskStorage(uploadsDir) });
  await ensureDemoAccounts(db);
  await db.$client.end();

  project.provide('adminUrl', adminUrl);
  project.provide('templateDatabase', templateDatabase);
  project.provide('uploadsDir', uploadsDir);

  return async () => {
    if (process.env.DATABASE_URL) {
      const pg = (await import('pg')).default;
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      const dbs = await client.query(
        "select datname from pg_database where datname like 'devstay_t%'",
      );
      for (const row of dbs.rows) {
        await client.query(`drop database if exists "${row.datname}" with (force)`);
      }
      await client.end();
    }
    await stopServer();
    await rm(work, { recursive: true, force: true });
  };
}
