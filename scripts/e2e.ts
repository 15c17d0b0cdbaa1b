// End-to-end tests: a real server on a throwaway embedded PostgreSQL, driven by Playwright in
// Chromium. Extra arguments go to `playwright test` (e.g. a file or --grep).
import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { errorMessage } from '@devstay/shared/error-message';
import { OAuth2Server } from 'oauth2-mock-server';
import { embeddedDatabaseUrl } from '../apps/api/src/db/embedded.ts';
import { freePort } from '../apps/api/src/lib/free-port.ts';
import { ensureChromium } from './chromium.ts';
import { buildWebIfStale, ROOT } from './web-build.ts';

const chromium = ensureChromium();
buildWebIfStale();

const work = await mkdtemp(path.join(tmpdir(), 'devstay-e2e-'));
await chmod(work, 0o755); // the postgres system user must reach its data folder
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const pgPort = await freePort();

/**
 * A local OpenID Connect issuer for 'Continue with …' sign-ins. It signs in whoever the browser
 * names in `login_hint` (the e-mail typed on the login form), so each test brings its own person;
 * without a hint, OIDC_DEFAULT_EMAIL.
 */
const OIDC_DEFAULT_EMAIL = 'oidc.person@devstay.test';
const OIDC_PROVIDER_NAME = 'Company SSO';
const oidc = new OAuth2Server();
await oidc.issuer.keys.generate('RS256');
const hintByCode = new Map<string, string>();
function person(email: string) {
  const name = email.split('@')[0]?.replace(/[._-]+/g, ' ') ?? email;
  return { sub: `oidc|${email}`, email, email_verified: true, name };
}
oidc.service.on('beforeAuthorizeRedirect', (redirect, req) => {
  const hint = new URL(req.url ?? '', 'http://issuer').searchParams.get('login_hint');
  const code = redirect.url.searchParams.get('code');
  if (code) hintByCode.set(code, hint?.trim().toLowerCase() || OIDC_DEFAULT_EMAIL);
});
oidc.service.on('beforeTokenSigning', (token, req) => {
  const code = (req.body as { code?: unknown } | undefined)?.code;
  const email = (typeof code === 'string' && hintByCode.get(code)) || OIDC_DEFAULT_EMAIL;
  Object.assign(token.payload, person(email));
});
oidc.service.on('beforeUserinfo', (response, req) => {
  const bearer = req.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';
  const claims = JSON.parse(
    Buffer.from(bearer.split('.')[1] ?? '', 'base64url').toString() || '{}',
  );
  response.body = person(typeof claims.email === 'string' ? claims.email : OIDC_DEFAULT_EMAIL);
});
await oidc.start(await freePort(), '127.0.0.1');

// As `npm start` runs it (seeding the demo data); the web app was built above.
const server: ChildProcess = spawn(process.execPath, ['scripts/start.ts'], {
  cwd: ROOT,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...process.env,
    SKIP_WEB_BUILD: '1',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    PG_PORT: String(pgPort),
    PG_DATA_DIR: path.join(work, 'pg'),
    UPLOADS_DIR: path.join(work, 'uploads'),
    DATABASE_URL: '',
    OIDC_ISSUER_URL: oidc.issuer.url ?? '',
    OIDC_CLIENT_ID: 'devstay-e2e',
    OIDC_CLIENT_SECRET: 'devstay-e2e-secret',
    OIDC_PROVIDER_NAME,
    // Every browser of the run shares 127.0.0.1: the per-address limits of sign-in and sign-up
    // would refuse the suite's own logins (they are covered by the API's integration tests).
    AUTH_RATE_LIMIT: 'false',
    // Likewise the checkouts of the suite's browsers, who share the demo guest's account too:
    // the limits on holds and checkouts are covered by the API's integration tests.
    CHECKOUT_ADDRESS_RATE_LIMIT: '100000',
    CHECKOUT_RATE_LIMIT: '100000',
    HOLDS_PER_ACCOUNT: '1000',
    HELD_UNITS_PER_ACCOUNT: '100000',
    LAPSED_HOLDS_PER_DAY: '100000',
  },
});

async function stopServer() {
  await oidc.stop().catch(() => {});
  if (server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
  }
  await rm(work, { recursive: true, force: true });
}

async function waitForServer(timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error('The server exited before it was ready');
    try {
      const res = await fetch(`${baseUrl}/api/hotels?pageSize=1`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`The server did not answer within ${timeoutMs} ms`);
}

let status = 1;
try {
  await waitForServer(120_000);
  const runner = spawn(
    process.execPath,
    [path.join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test', ...process.argv.slice(2)],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: {
        ...process.env,
        E2E_BASE_URL: baseUrl,
        CHROMIUM_PATH: chromium,
        E2E_OIDC_PROVIDER_NAME: OIDC_PROVIDER_NAME,
        // For tests that start a second server on the same data.
        E2E_DATABASE_URL: embeddedDatabaseUrl(pgPort, 'devstay'),
      },
    },
  );
  status = await new Promise<number>((resolve) => runner.on('exit', (code) => resolve(code ?? 1)));
} catch (error) {
  console.error(errorMessage(error));
} finally {
  await stopServer();
}
process.exit(status);
