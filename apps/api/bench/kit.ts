/**
 * What every benchmark needs: its sizes from the environment, a throwaway database (seeded with
 * a large catalogue where it measures one), the real app in a child process (server.ts), latency
 * percentiles, the machine's load, and autocannon's API as used here.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { openDatabase } from '../src/db/open-database.ts';
import { hotels } from '../src/db/schema.ts';
import { freePort } from '../src/lib/free-port.ts';
import { localDiskStorage } from '../src/modules/images/storage.ts';

export function envInt(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

// ── The machine and the statistics

export const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** `machine: 2 CPUs, load average …`, as each benchmark starts by printing. */
export const machine = () =>
  `machine: ${availableParallelism()} CPUs, load average ${loadAverage()}`;

/** The nearest-rank percentile `p` (0–100) of ascending `sorted`; NaN when it is empty. */
export function percentile(sorted: readonly number[], p: number): number {
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** The value at ⌊q·n⌋ of ascending `sorted` (q from 0 to 1); 0 when it is empty. */
export const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** The resident set of process `pid` in bytes (Linux /proc). */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

/**
 * How far one API process's RSS may grow above its idle RSS: the caches' budgets (about 159 MB,
 * docs/scaling.md, Memory) and the heap V8 keeps around them.
 */
export const RSS_GROWTH_BUDGET_MB = 200;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `runs` sequential calls of `call`, each on a new input from `make`, after 20 that are not
 * timed: p50, p95 and max of their latencies (ms), and the input of the slowest. `answered` sees
 * each timed call's result.
 */
export async function timeSequential<T, R>(
  runs: number,
  make: () => T,
  call: (input: T) => Promise<R>,
  answered?: (result: R) => void,
): Promise<{ p50: number; p95: number; max: number; slowest: T | undefined }> {
  for (let i = 0; i < 20; i++) await call(make());
  const latencies: number[] = [];
  let slowest: T | undefined;
  let worst = -1;
  for (let i = 0; i < runs; i++) {
    const input = make();
    const t0 = performance.now();
    const result = await call(input);
    const took = performance.now() - t0;
    answered?.(result);
    latencies.push(took);
    if (took > worst) {
      worst = took;
      slowest = input;
    }
  }
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: latencies[latencies.length - 1] ?? Number.NaN,
    slowest,
  };
}

/** Prints each target, PASS or FAIL, under "Targets"; the run exits with 1 when one fails. */
export function printTargets(checks: readonly (readonly [string, boolean])[]): void {
  console.log('\nTargets');
  for (const [label, ok] of checks) console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${label}`);
  if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
}

// ── What a run starts and must stop

/** What a benchmark must undo when it ends, however it ends: the last registered first. */
export class Cleanups {
  readonly #steps: (() => Promise<unknown>)[] = [];

  add(step: () => Promise<unknown>): void {
    this.#steps.push(step);
  }

  async run(): Promise<void> {
    for (const step of this.#steps.reverse()) await step().catch(() => {});
  }
}

export interface BenchDatabase {
  db: Db;
  url: string;
  /** The embedded server's data folder (its postmaster.pid tells its processes). */
  dataDir: string;
  /** Where the seed stores its pictures. */
  uploadsDir: string;
}

/**
 * A throwaway embedded PostgreSQL (or DATABASE_URL's server), migrated, in a new folder named
 * from `folder`; closed and removed by `cleanups`.
 */
export async function benchDatabase(
  cleanups: Cleanups,
  options: { database: string; poolSize: number; folder?: string },
): Promise<BenchDatabase> {
  const work = await mkdtemp(path.join(tmpdir(), options.folder ?? 'devstay-bench-'));
  cleanups.add(() => rm(work, { recursive: true, force: true }));
  await chmod(work, 0o755); // the postgres system user must reach its data folder
  const dataDir = path.join(work, 'pg');
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir,
    port: await freePort(),
    database: options.database,
    persistent: false,
    poolSize: options.poolSize,
  });
  cleanups.add(() => database.close());
  return { db: database.db, url: database.url, dataDir, uploadsDir: path.join(work, 'uploads') };
}

/** A process's CPU time (Linux /proc: user + system), in milliseconds. */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * (1000 / 100); // USER_HZ
}

/**
 * CPU time of a PostgreSQL server and its processes (Linux /proc), from its data folder's
 * postmaster.pid; undefined where that cannot be read (another system, DATABASE_URL).
 */
export function databaseCpuMs(dataDir: string): number | undefined {
  try {
    const postmaster = Number(
      readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    const tick = 1000 / 100; // USER_HZ
    let ms = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue; // ended meanwhile
      }
      // After "(name) ": state, ppid, … utime (14th field), stime, cutime, cstime: the
      // postmaster's children that ended (parallel workers, autovacuum) count in its cutime.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const own = Number(fields[11]) + Number(fields[12]);
      if (Number(entry) === postmaster)
        ms += (own + Number(fields[13]) + Number(fields[14])) * tick;
      else if (Number(fields[1]) === postmaster) ms += own * tick;
    }
    return ms;
  } catch {
    return undefined;
  }
}

/** Fills the database up to `size` hotels with seedLargeCatalogue, saying how long it took. */
export async function seedHotels(db: Db, size: number, uploadsDir: string): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(hotels);
  if ((existing?.n ?? 0) >= size) return;
  const t0 = performance.now();
  console.log(`seeding ${size} hotels…`);
  const { seedLargeCatalogue } = await import('@devstay/demo-data/large');
  await seedLargeCatalogue(db, {
    hotels: size - (existing?.n ?? 0),
    storage: localDiskStorage(uploadsDir),
  });
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

export interface BenchServer {
  base: string;
  child: ChildProcess;
}

/**
 * The real app (server.ts) in a child process, so that the load never shares an event loop with
 * the server it measures: `env` added to this process's (BENCH_DATABASE_URL at least), `execArgv`
 * its Node options (this process's by default). Stopped by `cleanups` if not before. `checkout`:
 * another checkout's app and its own server.ts (catalogue-pair.ts).
 */
export function startServer(
  cleanups: Cleanups,
  env: Record<string, string>,
  execArgv?: string[],
  checkout?: string,
): Promise<BenchServer> {
  const script = checkout
    ? path.join(checkout, 'apps/api/bench/server.ts')
    : fileURLToPath(new URL('./server.ts', import.meta.url));
  const child = fork(script, {
    ...(checkout ? { cwd: checkout } : {}),
    env: { ...process.env, ...env },
    ...(execArgv ? { execArgv } : {}),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const server = new Promise<BenchServer>((resolve, reject) => {
    child.once('message', (m) =>
      resolve({ base: `http://127.0.0.1:${(m as { port: number }).port}`, child }),
    );
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
  cleanups.add(() => stopServer({ base: '', child }));
  return server;
}

/** The site's origin the servers are told (PUBLIC_URL): what the guests send as Origin. */
export const ORIGIN = 'http://localhost:3000';

/**
 * The environment of a server that guests sign in to and book on, on `databaseUrl`: ORIGIN its
 * public URL, sign-ups not rate-limited, its statements and transactions counted (asked by
 * 'usage'), `config` added to its configuration.
 */
export const guestServerEnv = (databaseUrl: string, config: Record<string, string>) => ({
  BENCH_DATABASE_URL: databaseUrl,
  BENCH_STATEMENT_TOTALS: '1',
  BENCH_CONFIG: JSON.stringify({ PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT: 'false', ...config }),
});

/** Asks a server something over IPC and waits for its answer (the message that has `key`). */
export function ask<T>(server: BenchServer, message: string, key: string): Promise<T> {
  return new Promise((resolve) => {
    const listen = (m: unknown) => {
      if (typeof m !== 'object' || m === null || !(key in m)) return;
      server.child.off('message', listen);
      resolve(m as T);
    };
    server.child.on('message', listen);
    server.child.send(message);
  });
}

/** Lets the server close (it does when its channel closes); killed after 5 s. */
export function stopServer(server: BenchServer): Promise<void> {
  const { child } = server;
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    if (child.connected) child.disconnect();
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

// ── autocannon (no bundled types): the part of its API the benchmarks use

export interface Cannon {
  on(event: 'response', fn: (c: unknown, status: number, bytes: number, ms: number) => void): void;
}
export interface CannonResult {
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
}
export type CannonRequest = { method: 'GET'; path: string };
export const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: {
    url: string;
    connections: number;
    duration: number;
    /** Requests a second over all connections (a steady rate), when given. */
    overallRate?: number;
    headers?: Record<string, string>;
    requests?: { setupRequest: (request: CannonRequest) => CannonRequest }[];
  },
  done: (error: Error | null, result: CannonResult) => void,
) => Cannon;

/**
 * Runs autocannon with each request's path from `nextPath`; `onResponse` sees every answer's
 * status and latency in milliseconds.
 */
export function cannonPaths(
  options: Omit<Parameters<typeof autocannon>[0], 'requests'>,
  nextPath: () => string,
  onResponse: (status: number, ms: number) => void,
): Promise<CannonResult> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        ...options,
        requests: [
          {
            setupRequest: (request) => {
              request.path = nextPath();
              return request;
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('response', (_client, status, _bytes, ms) => onResponse(status, ms));
  });
}
