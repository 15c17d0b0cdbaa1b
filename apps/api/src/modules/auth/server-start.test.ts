import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ROOT_DIR } from '../../config.ts';
import { createTestDatabase } from '../../test/app.ts';

/**
 * The real server process as `npm start` runs it: at start it ensures the configured superAdmin
 * and the demo accounts and runs the mail worker (development inbox without SMTP_URL).
 */

let server: ChildProcess;
let base: string;

beforeAll(async () => {
  const databaseUrl = await createTestDatabase();
  server = spawn(process.execPath, [path.join(ROOT_DIR, 'scripts/start.ts')], {
    env: {
      ...process.env,
      SKIP_WEB_BUILD: '1',
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      PORT: '0',
      PUBLIC_URL: 'http://devstay.test',
      AUTH_SECRET: 'a-secret-of-this-test-only-at-least-32-characters',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: '/nonexistent',
      SUPERADMIN_EMAIL: 'boot@devstay.dev',
      SUPERADMIN_PASSWORD: 'boot-password',
      MAIL_POLL_MS: '50',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  base = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    server.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    server.on('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
});

afterAll(async () => {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
});

const post = (url: string, body: unknown, origin = 'http://devstay.test') =>
  fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(body),
  });

test('the configured superAdmin and the demo accounts can sign in', async () => {
  const root = await post('/api/auth/sign-in/email', {
    email: 'boot@devstay.dev',
    password: 'boot-password',
  });
  expect(root.status).toBe(200);
  expect((await root.json()).user.rol).toBe('superAdmin');
  const demo = await post('/api/auth/sign-in/email', {
    email: 'user@devstay.dev',
    password: 'devstay-demo',
  });
  expect(demo.status).toBe(200);
});

test('the mail worker runs: a sign-up’s verification e-mail reaches the development inbox as sent', async () => {
  const signUp = await post('/api/auth/sign-up/email', {
    email: 'boot.user@example.dev',
    password: 'secret-123',
  });
  expect(signUp.status).toBe(200);
  let status = '';
  for (let i = 0; i < 100 && status !== 'sent'; i++) {
    const list = (await (await fetch(`${base}/api/dev/inbox?to=boot.user@example.dev`)).json()) as {
      status: string;
    }[];
    status = list[0]?.status ?? '';
    if (status !== 'sent') await new Promise((r) => setTimeout(r, 50));
  }
  expect(status).toBe('sent');
});
