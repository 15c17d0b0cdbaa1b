import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

// `date` columns stay 'yyyy-MM-dd' strings: a stay date is never turned into an instant.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export function createDb(databaseUrl: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString: databaseUrl, max });
  return drizzle({ client: pool, schema, casing: 'snake_case' }) as Db;
}
