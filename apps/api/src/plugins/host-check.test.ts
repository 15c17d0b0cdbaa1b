import { mkdtemp, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { freshIp, signUp } from '../test/auth.ts';
import { answersHost, hostNameOf, ownHostNames } from './host-check.ts';

/**
 * DNS rebinding: a page at http://rebind.attacker.example:3000 makes its name resolve to
 * 127.0.0.1, then calls this server as that origin. Its requests carry the attacker's name in
 * Host (and Origin): the server must refuse them all, whatever the path.
 */
const FOREIGN = 'rebind.attacker.example:3000';
const FOREIGN_ORIGIN = `http://${FOREIGN}`;

describe('which Host names the server answers to', () => {
  const names = ownHostNames(
    loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'https://devstay.example',
      TRUSTED_ORIGINS: 'https://admin.devstay.example:8443',
    }),
  );

  test('loopback names on any port, PUBLIC_URL and TRUSTED_ORIGINS hosts', () => {
    for (const host of [
      'localhost',
      'localhost:3000',
      'LOCALHOST:5173',
      '127.0.0.1',
      '127.0.0.1:3000',
      '127.1.2.3:80',
      '[::1]',
      '[::1]:3000',
      'devstay.example',
      'devstay.example:443',
      'DevStay.Example',
      'admin.devstay.example:8443',
    ]) {
      expect(answersHost(names, host), host).toBe(true);
    }
  });

  test('any other name, a malformed Host or none is refused', () => {
    for (const host of [
      undefined,
      '',
      'rebind.attacker.example',
      FOREIGN,
      'localhost.attacker.example',
      'devstay.example.attacker.example',
      '127.0.0.1.nip.io',
      '192.168.1.20:3000',
      '[::2]:3000',
      'localhost@attacker.example',
      'localhost/path',
      'localhost:notaport',
      'localhost:3000:3000',
    ]) {
      expect(answersHost(names, host), String(host)).toBe(false);
    }
  });

  test('hostNameOf drops the port and lower-cases', () => {
    expect(hostNameOf('LocalHost:3000')).toBe('localhost');
    expect(hostNameOf('[::1]:3000')).toBe('[::1]');
    expect(hostNameOf('a b')).toBeUndefined();
  });
});

describe('a development server reached under a foreign name', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    // A web build of one page, so that pages are covered too.
    dist = await mkdtemp(path.join(tmpdir(), 'devstay-host-check-'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>DevStay</title>');
    t = await createTestApp({ AUTH_RATE_LIMIT: 'false', WEB_DIST_DIR: dist });
  });
  afterAll(() => t.close());

  const foreign = { host: FOREIGN, origin: FOREIGN_ORIGIN };

  test('every path answers 421 MISDIRECTED_REQUEST: API, pages, uploads, unknown paths', async () => {
    for (const [method, url] of [
      ['GET', '/api/health'],
      ['GET', '/api/hotels'],
      ['GET', '/api/me'],
      ['GET', '/api/dev/inbox'],
      ['GET', '/api/dev/inbox/view'],
      ['GET', '/api/docs/json'],
      ['POST', '/api/offers'],
      ['POST', '/api/auth/sign-in/email'],
      ['GET', '/'],
      ['GET', '/login'],
      ['GET', '/uploads/some-picture.webp'],
      ['GET', '/no/such/path'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: foreign,
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(421);
      expect(res.json(), `${method} ${url}`).toEqual({
        error: 'Misdirected Request',
        code: 'MISDIRECTED_REQUEST',
        message: expect.stringContaining(
          'does not answer to the host "rebind.attacker.example:3000"',
        ),
        statusCode: 421,
      });
    }
  });

  test('the password-reset takeover through the development inbox is refused at every step', async () => {
    const email = 'rebind.victim@example.dev';
    await signUp(t.app, email, 'original-password');
    const steps = [
      { method: 'POST', url: '/api/auth/request-password-reset', payload: { email } },
      { method: 'GET', url: `/api/dev/inbox?to=${encodeURIComponent(email)}` },
      {
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: 'any', newPassword: 'taken-over-1' },
      },
      {
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email, password: 'taken-over-1' },
      },
    ] as const;
    for (const step of steps) {
      const res = await t.app.inject({ ...step, headers: foreign, remoteAddress: '127.0.0.1' });
      expect(res.statusCode, step.url).toBe(421);
      expect(res.body).not.toContain('reset-password?token=');
    }
    // No reset e-mail was even written: the inbox, read from this machine, has none.
    const inbox = await t.app.inject({
      url: `/api/dev/inbox?to=${encodeURIComponent(email)}`,
      remoteAddress: '127.0.0.1',
    });
    expect(inbox.statusCode).toBe(200);
    expect(inbox.body).not.toContain('reset-password?token=');
  });

  test('the same flow at localhost, 127.0.0.1 and [::1] still works (the site as opened on this machine)', async () => {
    for (const [i, host] of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000'].entries()) {
      const site = { host, origin: `http://${host}` };
      const email = `loopback.${i}@example.dev`;
      await signUp(t.app, email, 'original-password');
      const asked = await t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: site,
        remoteAddress: freshIp(),
        payload: { email },
      });
      expect(asked.statusCode, host).toBe(200);
      const inbox = await t.app.inject({
        url: `/api/dev/inbox?to=${encodeURIComponent(email)}`,
        headers: { host },
        remoteAddress: '127.0.0.1',
      });
      expect(inbox.statusCode, host).toBe(200);
      const link = inbox.json<{ text: string }[]>()[0]?.text.match(/token=([^\s&]+)/);
      expect(link, host).toBeTruthy();
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        headers: site,
        payload: { token: decodeURIComponent(link?.[1] ?? ''), newPassword: 'a-new-password' },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: site,
        remoteAddress: freshIp(),
        payload: { email, password: 'a-new-password' },
      });
      expect(signIn.statusCode, host).toBe(200);
      for (const url of ['/api/health', '/', '/login']) {
        expect((await t.app.inject({ url, headers: { host } })).statusCode, `${host} ${url}`).toBe(
          200,
        );
      }
    }
  });

  test('a real HTTP request with a forged Host is refused; the same request at localhost is answered', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const get = (host: string, url: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port, path: url, headers: { host, origin: `http://${host}` } },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              body += chunk;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        req.end();
      });
    for (const url of ['/api/dev/inbox', '/api/health', '/', '/uploads/x.webp']) {
      const refused = await get(`rebind.attacker.example:${port}`, url);
      expect(refused.status, url).toBe(421);
      expect(JSON.parse(refused.body).code).toBe('MISDIRECTED_REQUEST');
    }
    expect((await get(`localhost:${port}`, '/api/health')).status).toBe(200);
    expect((await get(`127.0.0.1:${port}`, '/api/dev/inbox')).status).toBe(200);
    expect((await get(`[::1]:${port}`, '/')).status).toBe(200);
  });
});

describe('PUBLIC_URL and TRUSTED_ORIGINS names', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      PUBLIC_URL: 'http://devstay.test:8080',
      TRUSTED_ORIGINS: 'http://admin.devstay.test:9000',
    });
  });
  afterAll(() => t.close());

  test('are answered, on any port', async () => {
    for (const host of ['devstay.test:8080', 'devstay.test', 'admin.devstay.test:9000']) {
      expect((await t.app.inject({ url: '/api/health', headers: { host } })).statusCode).toBe(200);
    }
    expect(
      (await t.app.inject({ url: '/api/health', headers: { host: 'other.test:8080' } })).statusCode,
    ).toBe(421);
  });

  test('but the development inbox is shown at loopback names only', async () => {
    for (const host of ['devstay.test:8080', 'admin.devstay.test:9000']) {
      const res = await t.app.inject({
        url: '/api/dev/inbox',
        headers: { host },
        remoteAddress: '127.0.0.1',
      });
      expect(res.statusCode, host).toBe(403);
      expect(res.json().message).toMatch(/localhost, 127\.0\.0\.1 or \[::1\]/);
    }
    const local = await t.app.inject({
      url: '/api/dev/inbox',
      headers: { host: 'localhost:8080' },
      remoteAddress: '127.0.0.1',
    });
    expect(local.statusCode).toBe(200);
  });
});

describe('in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      NODE_ENV: 'production',
      AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
      PUBLIC_URL: 'https://devstay.example',
      PAYMENTS_TEST_PROCESSOR: 'true',
      DEMO_ACCOUNTS: 'false',
    });
  });
  afterAll(() => t.close());

  test('PUBLIC_URL’s host (as a proxy passes it) and loopback names only', async () => {
    for (const host of ['devstay.example', 'localhost:3000', '127.0.0.1:3000']) {
      expect((await t.app.inject({ url: '/api/health', headers: { host } })).statusCode).toBe(200);
    }
    for (const host of [FOREIGN, '10.0.0.5:3000', 'app:3000']) {
      expect((await t.app.inject({ url: '/api/health', headers: { host } })).statusCode).toBe(421);
    }
  });
});
