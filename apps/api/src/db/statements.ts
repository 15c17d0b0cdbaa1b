import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from './client.ts';

/**
 * Hand-written statements for the hot paths (checkout, payment, rate limits): each is prepared
 * once per connection under its name (node-postgres sends the text the first time only) and
 * then run with its values — no query built per call, and PostgreSQL parses it once. A name
 * stands for one text only.
 */
export interface PreparedStatement {
  name: string;
  text: string;
}

const dialect = new PgDialect();

/**
 * The text of a fragment built with Drizzle's `sql` that holds no value (columns, subqueries
 * over aliases), for a prepared statement's text: one fragment serves both kinds of query.
 */
export function sqlText(fragment: SQL): string {
  const query = dialect.sqlToQuery(fragment);
  if (query.params.length > 0) throw new Error('A fragment with values has no fixed text');
  return query.sql;
}

/**
 * Statement text with placeholders `$1`…`$n` and their values, as Drizzle SQL: one text serves
 * a prepared statement and a query inside a Drizzle transaction alike. The text is the code's
 * own (no `$` but its placeholders), never one built from input.
 */
export function sqlOf(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => {
      if (i % 2 === 0) return sql.raw(part);
      const at = Number(part) - 1;
      if (at >= values.length) throw new Error(`No value for $${part}`);
      return sql`${values[at]}`;
    }),
  );
}

export async function runPrepared<Row extends pg.QueryResultRow>(
  /** `db.$client`, or one of its connections inside a transaction. */
  on: Pick<Db['$client'], 'query'>,
  statement: PreparedStatement,
  values: unknown[],
): Promise<Row[]> {
  const result = await on.query<Row>({ name: statement.name, text: statement.text, values });
  return result.rows;
}

/**
 * Runs `work` on one connection inside BEGIN … COMMIT; ROLLBACK when it throws (the error is
 * rethrown). The connection goes back to the pool either way (destroyed if the rollback
 * itself failed). `opening`, a statement sent in the same round trip as BEGIN, gives `work`
 * its rows: sent as a simple query, it takes no parameters, so it must be SQL text the caller
 * wrote entirely (numbers it computed, never text it was given).
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient, opened: pg.QueryResultRow[]) => Promise<T>,
  opening?: string,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    let opened: pg.QueryResultRow[] = [];
    if (opening) {
      const results = (await client.query(`begin; ${opening}`)) as unknown as pg.QueryResult[];
      opened = results[1]?.rows ?? [];
    } else {
      await client.query('begin');
    }
    const result = await work(client, opened);
    await client.query('commit');
    return result;
  } catch (error) {
    try {
      await client.query('rollback');
    } catch (rollbackError) {
      broken = rollbackError as Error;
    }
    throw error;
  } finally {
    client.release(broken);
  }
}

/** The SQLSTATE of a PostgreSQL error, also when wrapped (Drizzle puts it in `cause`). */
export function sqlState(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}
