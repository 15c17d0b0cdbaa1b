import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** An open transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/**
 * The one database handle every read and write takes: the database or an open transaction, so
 * a function works alike inside a caller's transaction and outside one. The hand-written
 * hot-path statements (statements.ts) run a level below Drizzle, on this handle's pg pool
 * (`db.$client`) or on one of its connections inside a transaction they open themselves, so
 * they take the part of that pool they use, `Pick<Db['$client'], 'query'>`.
 */
export type Executor = Db | Tx;

// `date` columns stay 'yyyy-MM-dd' strings: a stay date is never turned into an instant.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
// bigint (money in cents, counts) as numbers: every value we keep is far below 2^53, and a
// larger one would be a defect worth failing loudly on rather than rounding.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new RangeError(`bigint ${v} is beyond 2^53`);
  return n;
});

export function createDb(databaseUrl: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString: databaseUrl, max });
  // An idle connection dropped by the server (restart, shutdown) must not crash the process:
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  // A connection lost while a request holds it (the primary failing over): its queries fail
  // with the error, and the client's own 'error' event, which the pool listens to only while
  // the client is idle, must not end the process.
  pool.on('connect', (client) => client.on('error', () => {}));
  return drizzle({ client: pool, schema, casing: 'snake_case' }) as Db;
}
