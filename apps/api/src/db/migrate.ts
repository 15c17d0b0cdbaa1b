import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { ROOT_DIR } from '../config.ts';
import type { Db } from './client.ts';

const MIGRATIONS_DIR = path.join(ROOT_DIR, 'apps/api/drizzle');

/** Applies the committed migrations; safe to run at every start (and by several processes). */
export async function migrateDb(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
}
