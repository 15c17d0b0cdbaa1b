import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { inject } from 'vitest';
import { ROOT_DIR } from '../config.ts';
import { createDb, type Db } from '../db/client.ts';
import { CROWD_LIMITS, createTestDatabase } from './app.ts';

/** The origin the servers below take as their site (PUBLIC_URL): what test clients send. */
export const PROCESS_ORIGIN = 'http://localhost:3000';

/**
 * The secret of every server process a test file starts: processes of one deployment share
 * the secret that signs session cookies, so a session made on one is good on the others.
 */
const SHARED_AUTH_SECRET = randomBytes(32).toString('base64url');

export interface ServerProcess {
  /** `http://127.0.0.1:{port}` */
  base: string;
  child: ChildProcess;
  /** How the process ended (a signal name when killed). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What it printed (its last 50,000 characters). */
  output(): string;
  /** SIGTERM, as an operator stops it; resolves when it has exited. */
  stop(): Promise<void>;
}

/**
 * A real server process as `npm start` runs it (scripts/start.ts), on `databaseUrl`, listening
 * on a free loopback port. Resolves once it serves. `env` adds to or overrides the test
 * defaults (e.g. CRASH_AT, BOOKING_SWEEP_MS).
 */
export function startServerProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [path.join(ROOT_DIR, 'scripts/start.ts')], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: PROCESS_ORIGIN,
      AUTH_SECRET: SHARED_AUTH_SECRET,
      AUTH_RATE_LIMIT: 'false',
      SKIP_WEB_BUILD: '1',
      WEB_DIST_DIR: '/nonexistent',
      UPLOADS_DIR: inject('uploadsDir'),
      LOG_LEVEL: 'info',
      BOOKING_SWEEP_MS: '600000',
      // No demo accounts, so no demo stays booked at start: a test's bookings, mails and crash
      // points are its own. A test that signs in as a demo account turns them on.
      DEMO_ACCOUNTS: 'false',
      ...CROWD_LIMITS,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const read = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-50_000);
  };
  child.stdout?.on('data', read);
  child.stderr?.on('data', read);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start:\n${output}`)), 90_000);
    // Runs after `read` (listeners run in order), so `output` holds the chunk already.
    const started = () => {
      const port = output.match(/DevStay is serving http:\/\/localhost:(\d+)/)?.[1];
      if (!port) return;
      clearTimeout(timer);
      child.stdout?.off('data', started);
      child.stderr?.off('data', started);
      resolve({
        base: `http://127.0.0.1:${port}`,
        child,
        exited,
        output: () => output,
        async stop() {
          if (child.exitCode !== null || child.signalCode !== null) return;
          child.kill('SIGTERM');
          await exited;
        },
      });
    };
    child.stdout?.on('data', started);
    child.stderr?.on('data', started);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code ?? signal}) before serving:\n${output}`));
    });
  });
}

/** Several server processes on one database, as `npm run cluster` runs them. */
export interface Deployment {
  databaseUrl: string;
  /** The test's own connections to the database, to set up and check what the servers did. */
  db: Db;
  servers: ServerProcess[];
  /** Server `i`'s address, `http://127.0.0.1:{port}`. */
  base(i: number): string;
  /** Stops every server (SIGTERM), then closes the test's connections. */
  stop(): Promise<void>;
}

/**
 * `count` real server processes (startServerProcess, each with `env`) on one fresh test
 * database, started at once; the test's own pool of `poolSize` connections to it. A server that
 * fails to start stops the others before the failure is thrown.
 */
export async function startDeployment(
  count: number,
  env: Record<string, string> = {},
  poolSize = 2,
): Promise<Deployment> {
  const databaseUrl = await createTestDatabase();
  const db = createDb(databaseUrl, poolSize);
  const started = await Promise.allSettled(
    Array.from({ length: count }, () => startServerProcess(databaseUrl, env)),
  );
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stop = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await db.$client.end();
  };
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  return { databaseUrl, db, servers, base: (i) => servers[i]?.base ?? '', stop };
}
