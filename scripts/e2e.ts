// End-to-end tests: a real server on a throwaway embedded PostgreSQL, driven by Playwright in
// Chromium. Extra arguments go to `playwright test` (e.g. a file or --grep).
import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../apps/api/src/lib/free-port.ts';
import { ensureChromium } from './chromium.ts';
import { buildWebIfStale, ROOT } from './web-build.ts';

const chromium = ensureChromium();
buildWebIfStale();

const work = await mkdtemp(path.join(tmpdir(), 'devstay-e2e-'));
await chmod(work, 0o755); // the postgres system user must reach its data folder
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;

const server: ChildProcess = spawn(process.execPath, ['apps/api/src/server.ts'], {
  cwd: ROOT,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    PG_PORT: String(await freePort()),
    PG_DATA_DIR: path.join(work, 'pg'),
    UPLOADS_DIR: path.join(work, 'uploads'),
    DATABASE_URL: '',
  },
});

async function stopServer() {
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
      env: { ...process.env, E2E_BASE_URL: baseUrl, CHROMIUM_PATH: chromium },
    },
  );
  status = await new Promise<number>((resolve) => runner.on('exit', (code) => resolve(code ?? 1)));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await stopServer();
}
process.exit(status);
