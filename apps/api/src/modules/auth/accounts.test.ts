import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { DEMO_ACCOUNTS } from '@devstay/demo-data/demo-accounts';
import { ensureDemoAccounts } from '@devstay/demo-data/ensure-demo-accounts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig, ROOT_DIR } from '../../config.ts';
import { hotels, sessions, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { DEMO, DEMO_PASSWORD, signIn, signInRaw } from '../../test/auth.ts';
import { hotelIds, userIdByEmail } from '../../test/fixtures.ts';
import { ensureSuperAdmin } from './accounts.ts';

const run = promisify(execFile);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo accounts', () => {
  test('one account per role, verified, with the documented password', async () => {
    for (const demo of DEMO_ACCOUNTS) {
      const res = await signInRaw(t.app, demo.email, DEMO_PASSWORD);
      expect(res.statusCode, demo.email).toBe(200);
      expect(res.json().user).toMatchObject({
        email: demo.email,
        rol: demo.rol,
        emailVerified: true,
      });
    }
  });

  test('the admin runs the first hotel by id; running again adds nothing', async () => {
    // A fresh database where the demo admin does not exist yet.
    await t.db.delete(users).where(eq(users.email, DEMO.admin));
    const [first] = await hotelIds(t.db, 1);
    await ensureDemoAccounts(t.db);
    await ensureDemoAccounts(t.db);
    const admins = await t.db.select().from(users).where(eq(users.email, DEMO.admin));
    expect(admins).toHaveLength(1);
    const [lowest] = await t.db
      .select({ id: hotels.id })
      .from(hotels)
      .orderBy(asc(hotels.id))
      .limit(1);
    expect(admins[0]?.hotelId).toBe(lowest?.id);
    expect(admins[0]?.hotelId).toBe(first);
    await signIn(t.app, DEMO.admin);
  });

  test('are on by default outside production, off in production unless DEMO_ACCOUNTS=true', () => {
    const secret = {
      AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
      PUBLIC_URL: 'https://devstay.example',
      PAYMENTS_TEST_PROCESSOR: 'true',
    };
    expect(loadConfig({ NODE_ENV: 'test' }).DEMO_ACCOUNTS).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', ...secret }).DEMO_ACCOUNTS).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', DEMO_ACCOUNTS: 'true', ...secret }).DEMO_ACCOUNTS,
    ).toBe(true);
  });
});

describe('the configured superAdmin', () => {
  test('is created when missing, then left alone', async () => {
    const account = { email: 'Root@DevStay.dev', password: 'root-password' };
    expect(await ensureSuperAdmin(t.db, account)).toBe('created');
    expect(await ensureSuperAdmin(t.db, account)).toBe('unchanged');
    const res = await signInRaw(t.app, 'root@devstay.dev', 'root-password');
    expect(res.json().user).toMatchObject({ rol: 'superAdmin', emailVerified: true });
  });

  test('an existing account with that e-mail is promoted', async () => {
    expect(await ensureSuperAdmin(t.db, { email: DEMO.user, password: 'ignored-pw' })).toBe(
      'promoted',
    );
    const [row] = await t.db.select().from(users).where(eq(users.email, DEMO.user));
    expect(row?.rol).toBe('superAdmin');
    // Without resetPassword the password stays as it was.
    expect((await signInRaw(t.app, DEMO.user, DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('npm run create-superadmin', () => {
  const cli = path.join(ROOT_DIR, 'apps/api/src/modules/auth/create-superadmin.ts');
  const env = () => ({ ...process.env, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent' });

  test('creates a superAdmin who can sign in', async () => {
    const { stdout } = await run(
      process.execPath,
      [cli, '--email', 'ops@devstay.dev', '--password', 'ops-password'],
      { env: env() },
    );
    expect(stdout).toContain('superAdmin ops@devstay.dev created');
    const res = await signInRaw(t.app, 'ops@devstay.dev', 'ops-password');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.rol).toBe('superAdmin');
  });

  test('run for an existing account, it promotes it, sets the password and signs it out', async () => {
    const email = 'promote.me@devstay.dev';
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'http://localhost:3000' },
      payload: { email, password: 'first-password' },
    });
    const id = await userIdByEmail(t.db, email);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(1);
    await run(process.execPath, [cli, '--email', email, '--password', 'second-password'], {
      env: env(),
    });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(0);
    const res = await signInRaw(t.app, email, 'second-password');
    expect(res.json().user.rol).toBe('superAdmin');
  });

  test('refuses a short password or a bad e-mail, with the usage', async () => {
    const short = await run(
      process.execPath,
      [cli, '--email', 'x@devstay.dev', '--password', '123'],
      {
        env: env(),
      },
    ).catch((e: { code: number; stderr: string }) => e);
    expect(short).toMatchObject({ code: 2 });
    expect((short as { stderr: string }).stderr).toMatch(/--password: Weak password[\s\S]*Usage/);
    const bad = await run(process.execPath, [cli, '--email', 'nope', '--password', 'long-enough'], {
      env: env(),
    }).catch((e: { code: number; stderr: string }) => e);
    expect((bad as { stderr: string }).stderr).toMatch(/--email: Email invalid/);
    expect(await t.db.select().from(users).where(eq(users.email, 'x@devstay.dev'))).toHaveLength(0);
  });
});
