import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/api/src/lib/free-port.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { accountMenu, expect, test, toast } from '../support/fixtures.ts';

/**
 * A newcomer's start: `PORT=… npm start` in development with nothing else configured (no
 * PUBLIC_URL, no HOST, no secret), the site opened at 127.0.0.1 rather than localhost. A second
 * server on the suite's database, started as `npm start` starts it.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
let server: ChildProcess;
let work: string;
let port: number;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const databaseUrl = process.env.E2E_DATABASE_URL;
  if (!databaseUrl) throw new Error('E2E_DATABASE_URL is not set: run with `npm run test:e2e`');
  work = await mkdtemp(path.join(tmpdir(), 'devstay-any-port-'));
  port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'development',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    AUTH_SECRET_FILE: path.join(work, 'auth-secret'),
    UPLOADS_DIR: path.join(work, 'uploads'),
    LOG_LEVEL: 'info',
    // The suite's browsers all come from 127.0.0.1.
    AUTH_RATE_LIMIT: 'false',
    // The suite built the web app already.
    SKIP_WEB_BUILD: '1',
  };
  server = spawn(process.execPath, ['scripts/start.ts'], { cwd: ROOT, env });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no start:\n${output}`)), 90_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('DevStay is serving')) {
        clearTimeout(timer);
        resolve();
      }
    };
    server.stdout?.on('data', read);
    server.stderr?.on('data', read);
    server.once('exit', (code) => reject(new Error(`exited (${code}):\n${output}`)));
  });
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (work) await rm(work, { recursive: true, force: true });
});

test('signs up, logs out and logs in on another port through 127.0.0.1', async ({
  page,
  createdAccounts,
}) => {
  test.slow();
  const site = `http://127.0.0.1:${port}`;
  const email = uniqueEmail('any-port');
  createdAccounts.add(email);

  await page.goto(`${site}/register`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret-123');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(toast(page, 'We sent you an email. Check your inbox')).toBeVisible();
  await expect(page).toHaveURL(`${site}/home`);
  await expect(accountMenu(page)).toBeVisible();

  await accountMenu(page).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();

  await page.goto(`${site}/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret-123');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(accountMenu(page)).toBeVisible();
  await expect(page).toHaveURL(`${site}/home`);
});

test('the same start at localhost works too; another port of this machine is refused', async ({
  page,
}) => {
  test.slow();
  await page.goto(`http://localhost:${port}/login`);
  await page.getByLabel('Email', { exact: true }).fill('user@devstay.dev');
  await page.getByLabel('Password', { exact: true }).fill('devstay-demo');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(accountMenu(page)).toBeVisible();

  // A page served from another port of this machine is another site.
  const refused = await page.request.post(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
    headers: { origin: `http://127.0.0.1:${port + 1}` },
    data: { email: 'user@devstay.dev', password: 'devstay-demo' },
  });
  expect(refused.status()).toBe(403);
});

test('a development start is not reachable from the network', async ({ request }) => {
  const external = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal);
  test.skip(!external, 'this machine has no network interface besides loopback');
  const attempt = await request
    .get(`http://${external?.address}:${port}/api/dev/inbox`, { timeout: 5000 })
    .then((r) => `answered ${r.status()}`)
    .catch((error: Error) => error.message);
  expect(attempt).toMatch(/ECONNREFUSED/);
});
