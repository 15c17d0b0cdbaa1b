import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase } from '../test/app.ts';
import { createDb, type Db } from './client.ts';

let db: Db;
let other: Db;
beforeAll(async () => {
  const url = await createTestDatabase();
  db = createDb(url, 2);
  other = createDb(url, 1);
});
afterAll(async () => {
  await db.$client.end();
  await other.$client.end();
});

test('a connection lost while checked out fails its work, not the process', async () => {
  const client = await db.$client.connect();
  const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
  // The server ends the connection between two statements (as a primary that dies does).
  await other.execute(sql`select pg_terminate_backend(${pid})`);
  await expect(client.query('select 1')).rejects.toThrow();
  client.release(true);
  // The pool goes on with a new connection.
  const result = await db.execute<{ one: number }>(sql`select 1 as one`);
  expect(result.rows[0]?.one).toBe(1);
});
