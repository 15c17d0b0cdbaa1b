import { DEMO_PASSWORD } from '@devstay/demo-data/demo-accounts';
import { CSRF_HEADER } from '@devstay/shared/http';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createDb, type Db } from '../db/client.ts';
import { hotels, sessions, users } from '../db/schema.ts';
import { sha256 } from '../lib/session-cache.ts';
import { createTestDatabase } from '../test/app.ts';
import { DEMO } from '../test/auth.ts';
import { type HttpGuest, signUpOverHttp } from '../test/http-guest.ts';
import { PROCESS_ORIGIN, type ServerProcess, startServerProcess } from '../test/server-process.ts';

/**
 * Two real server processes (as `npm start` runs them) on one database. Each keeps the
 * sessions it reads for SESSION_CACHE_MS; what ends a session or changes an account on one is
 * refused or seen on the other at the very next request, because the change's answer leaves
 * only once every process has dropped what it kept.
 */

const TTL_MS = 3000;
let a: ServerProcess;
let b: ServerProcess;
let db: Db;
let superAdmin: HttpGuest;

beforeAll(async () => {
  const databaseUrl = await createTestDatabase();
  db = createDb(databaseUrl, 2);
  [a, b] = await Promise.all([
    startServerProcess(databaseUrl, { SESSION_CACHE_MS: String(TTL_MS), DEMO_ACCOUNTS: 'true' }),
    startServerProcess(databaseUrl, { SESSION_CACHE_MS: String(TTL_MS), DEMO_ACCOUNTS: 'true' }),
  ]);
  superAdmin = await signIn(a, DEMO.superAdmin, DEMO_PASSWORD);
}, 120_000);

afterAll(async () => {
  await Promise.all([a, b].map((server) => server?.stop()));
  await db?.$client.end();
});

let counter = 0;
const newEmail = () => `session.${process.pid}.${++counter}@devstay.dev`;

function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .filter((pair) => pair && !pair.endsWith('='))
    .join('; ');
}

async function signIn(server: ServerProcess, email: string, password: string): Promise<HttpGuest> {
  const res = await fetch(`${server.base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: PROCESS_ORIGIN },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return { email, cookie: cookieOf(res) };
}

async function call(
  server: ServerProcess,
  guest: HttpGuest,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  return fetch(`${server.base}${path}`, {
    method,
    headers: {
      cookie: guest.cookie,
      origin: PROCESS_ORIGIN,
      [CSRF_HEADER]: '1',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Who the server says is signed in with this cookie (null: a visitor). */
async function me(server: ServerProcess, guest: HttpGuest): Promise<string | null> {
  const res = await call(server, guest, 'GET', '/api/me');
  expect(res.status).toBe(200);
  return ((await res.json()) as { email: string } | null)?.email ?? null;
}

const tokenOf = (guest: HttpGuest) =>
  decodeURIComponent(/devstay\.session_token=([^;]+)/.exec(guest.cookie)?.[1] ?? '').split('.')[0];

/** Deletes a session row with the triggers off: as if its notice were lost. */
async function deleteUnannounced(guest: HttpGuest) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.delete(sessions).where(eq(sessions.token, tokenOf(guest) ?? ''));
  });
}

test('a kept session is served from memory: its row deleted without a notice still signs in on the process that kept it, until the TTL', async () => {
  const guest = await signUpOverHttp(a.base, PROCESS_ORIGIN, newEmail());
  expect(await me(b, guest)).toBe(guest.email); // b reads it and keeps it
  await deleteUnannounced(guest);
  const deleted = Date.now();
  // a never kept it: it reads the database and finds no session.
  expect(await me(a, guest)).toBeNull();
  // b answers from memory, with no read.
  expect(await me(b, guest)).toBe(guest.email);
  // The TTL is the safety net: after it, b reads again and refuses.
  while ((await me(b, guest)) !== null) {
    expect(Date.now() - deleted).toBeLessThan(TTL_MS + 2000);
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(Date.now() - deleted).toBeGreaterThan(TTL_MS / 2);
});

test('sign-out on one process: the other refuses the session at the very next request', async () => {
  const guest = await signUpOverHttp(a.base, PROCESS_ORIGIN, newEmail());
  const self = await call(b, guest, 'GET', '/api/me');
  const id = ((await self.json()) as { id: string }).id;
  expect((await call(b, guest, 'GET', `/api/users/${id}`)).status).toBe(200); // kept by b
  expect((await call(a, guest, 'POST', '/api/auth/sign-out', {})).status).toBe(200);
  expect((await call(b, guest, 'GET', `/api/users/${id}`)).status).toBe(401);
  expect(await me(b, guest)).toBeNull();
});

test('a revoked session (revoke-session from another of the account’s sessions) is refused everywhere at once', async () => {
  const email = newEmail();
  const first = await signUpOverHttp(a.base, PROCESS_ORIGIN, email);
  const second = await signIn(b, email, 'secret-123');
  for (const server of [a, b]) expect(await me(server, first)).toBe(email);
  const revoke = await call(b, second, 'POST', '/api/auth/revoke-session', {
    token: tokenOf(first),
  });
  expect(revoke.status, await revoke.text()).toBe(200);
  for (const server of [a, b]) expect(await me(server, first)).toBeNull();
  for (const server of [a, b]) expect(await me(server, second)).toBe(email);
});

test('a password change on one process ends the account’s other sessions on every process at once', async () => {
  const email = newEmail();
  const here = await signUpOverHttp(a.base, PROCESS_ORIGIN, email);
  const elsewhere = await signIn(b, email, 'secret-123');
  for (const server of [a, b]) {
    expect(await me(server, here)).toBe(email);
    expect(await me(server, elsewhere)).toBe(email);
  }
  // The caller does not ask for the other sessions to end: they end all the same.
  const change = await call(a, here, 'POST', '/api/auth/change-password', {
    currentPassword: 'secret-123',
    newPassword: 'secret-456',
  });
  expect(change.status, await change.clone().text()).toBe(200);
  for (const server of [b, a]) expect(await me(server, elsewhere)).toBeNull();
  // The caller carries on with the session the change gave it.
  const renewed = { email, cookie: cookieOf(change) };
  for (const server of [b, a]) expect(await me(server, renewed)).toBe(email);
});

test('an admin moved to another hotel on one process is judged by the new hotel on the other at once; a role changed in the database is seen within moments', async () => {
  const [first, second] = await db
    .select({ id: hotels.id })
    .from(hotels)
    .orderBy(asc(hotels.id))
    .limit(2);
  if (!first || !second) throw new Error('two seeded hotels needed');
  const email = newEmail();
  const created = await call(a, superAdmin, 'POST', '/api/users', {
    email,
    password: 'secret-123',
    rol: 'admin',
    idHotel: first.id,
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const adminId = ((await created.json()) as { id: string }).id;
  const admin = await signIn(b, email, 'secret-123');
  const dashboard = async (hotel: number) =>
    (await call(b, admin, 'GET', `/api/hotels/${hotel}/dashboard`)).status;
  expect(await dashboard(first.id)).toBe(200);
  expect(await dashboard(second.id)).toBe(403);

  const moved = await call(a, superAdmin, 'PUT', `/api/users/${adminId}`, { idHotel: second.id });
  expect(moved.status, await moved.clone().text()).toBe(200);
  expect(await dashboard(second.id)).toBe(200);
  expect(await dashboard(first.id)).toBe(403);

  // As the command line promotes or demotes: a write outside the API, told by its trigger.
  await db.update(users).set({ rol: 'user' }).where(eq(users.id, adminId));
  const changed = Date.now();
  while ((await dashboard(second.id)) !== 403) {
    expect(Date.now() - changed, 'still an admin').toBeLessThan(TTL_MS);
    await new Promise((r) => setTimeout(r, 5));
  }
  console.info(`the demoted admin was refused ${Date.now() - changed} ms after the write`);
});

test('a removed account’s session is refused on the other process at the very next request', async () => {
  const guest = await signUpOverHttp(a.base, PROCESS_ORIGIN, newEmail());
  const id = ((await (await call(b, guest, 'GET', '/api/me')).json()) as { id: string }).id;
  expect((await call(b, guest, 'GET', `/api/users/${id}`)).status).toBe(200);
  expect((await call(a, superAdmin, 'DELETE', `/api/users/${id}`)).status).toBe(204);
  expect((await call(b, guest, 'GET', `/api/users/${id}`)).status).toBe(401);
});

test('while a process does not hear notices it serves nothing from memory, and forgets everything when it hears again', async () => {
  const guest = await signUpOverHttp(a.base, PROCESS_ORIGIN, newEmail());
  const keptAt = Date.now();
  expect(await me(b, guest)).toBe(guest.email);
  await deleteUnannounced(guest);
  expect(await me(b, guest)).toBe(guest.email); // kept
  // Every listening connection of this database is cut: notices could be lost now.
  await db.execute(sql`
    select pg_terminate_backend(pid) from pg_stat_activity
    where datname = current_database() and application_name = 'devstay listener'`);
  // As soon as b learns its connection is gone (away, or back and emptied), it no longer
  // answers from what it kept: long before the TTL would have dropped the session.
  while ((await me(b, guest)) !== null) await new Promise((r) => setTimeout(r, 5));
  expect(Date.now() - keptAt).toBeLessThan(TTL_MS);
  // Once back, sessions are kept and dropped again.
  const other = await signUpOverHttp(a.base, PROCESS_ORIGIN, newEmail());
  await expect
    .poll(
      async () =>
        (
          await db.execute<{ n: number }>(sql`
            select count(*)::int as n from pg_stat_activity
            where datname = current_database() and application_name = 'devstay listener'`)
        ).rows[0]?.n,
      { timeout: 10_000, interval: 50 },
    )
    .toBe(2);
  expect(await me(b, other)).toBe(other.email);
  expect((await call(a, other, 'POST', '/api/auth/sign-out', {})).status).toBe(200);
  expect(await me(b, other)).toBeNull();
});

test('notices name sessions by the SHA-256 of their token, as the processes key them', async () => {
  const guest = await signUpOverHttp(a.base, PROCESS_ORIGIN, newEmail());
  const token = tokenOf(guest) ?? '';
  const [row] = await db
    .execute<{ hash: string }>(
      sql`select encode(sha256(convert_to(${token}::text, 'UTF8')), 'hex') as hash`,
    )
    .then((r) => r.rows);
  expect(row?.hash).toBe(sha256(token));
});
