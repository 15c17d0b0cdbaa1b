/**
 * Session benchmark (`npm run bench -- session`): what a trivial signed-in request costs the
 * server, with the session read from PostgreSQL at every request and with the per-process
 * session cache (SESSION_CACHE_MS, docs/auth.md), in the same run.
 *
 * A throwaway embedded PostgreSQL (or DATABASE_URL), migrated; two real app processes
 * (bench/server.ts) counting their statements, one with SESSION_CACHE_MS=0, one with the
 * default; for each, BENCH_CLIENTS guests (distinct accounts, each its own session) calling
 * `GET /api/me` back to back, BENCH_SECONDS in all, in four stretches that alternate between
 * the two (only one is loaded at a time, and both share the machine's ups and downs).
 * Printed per setting: requests/s, p50/p95, the server's CPU per request (process.cpuUsage
 * over its stretches) and its statements per request, then the ratios.
 * Environment: BENCH_CLIENTS (20), BENCH_SECONDS (12 per setting), DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { type HttpGuest, signUpOverHttp } from '../src/test/http-guest.ts';
import {
  ask,
  type BenchServer,
  benchDatabase,
  Cleanups,
  envInt,
  guestServerEnv,
  loadAverage as load,
  machine,
  ORIGIN,
  quantile,
  startServer,
  stopServer,
} from './kit.ts';

const CLIENTS = envInt('BENCH_CLIENTS', 20);
const SECONDS = envInt('BENCH_SECONDS', 12);
const ROUNDS = 4;
const WARMUP_SECONDS = 2;

interface Usage {
  cpuMicros: number;
  statements: number;
  transactions: number;
}

async function usage(server: BenchServer): Promise<Usage> {
  return (await ask<{ usage: Usage }>(server, 'usage', 'usage')).usage;
}

/** Every guest asks who is signed in, back to back, for `seconds`. */
async function meLoop(base: string, guests: HttpGuest[], seconds: number) {
  const until = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  let failed = 0;
  await Promise.all(
    guests.map(async (guest) => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const res = await fetch(`${base}/api/me`, { headers: { cookie: guest.cookie } });
        const body = (await res.json()) as { email?: string } | null;
        const t1 = performance.now();
        if (t1 > until) break;
        if (res.status === 200 && body?.email === guest.email) latencies.push(t1 - t0);
        else failed += 1;
      }
    }),
  );
  return { done: latencies.length, failed, latencies };
}

interface Setting {
  label: string;
  server: BenchServer;
  guests: HttpGuest[];
  done: number;
  failed: number;
  cpuMicros: number;
  statements: number;
  latencies: number[];
}

async function prepare(
  cleanups: Cleanups,
  label: string,
  databaseUrl: string,
  config: Record<string, string>,
) {
  const server = await startServer(cleanups, guestServerEnv(databaseUrl, config));
  const guests: HttpGuest[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    guests.push(
      await signUpOverHttp(server.base, ORIGIN, `me.${randomBytes(4).toString('hex')}@bench.dev`),
    );
  }
  await meLoop(server.base, guests, WARMUP_SECONDS);
  const setting: Setting = {
    label,
    server,
    guests,
    done: 0,
    failed: 0,
    cpuMicros: 0,
    statements: 0,
    latencies: [],
  };
  return setting;
}

/** One stretch of the loop against one setting's server, added to its totals. */
async function round(setting: Setting, seconds: number) {
  const before = await usage(setting.server);
  const run = await meLoop(setting.server.base, setting.guests, seconds);
  const after = await usage(setting.server);
  setting.done += run.done;
  setting.failed += run.failed;
  setting.cpuMicros += after.cpuMicros - before.cpuMicros;
  setting.statements += after.statements - before.statements;
  setting.latencies.push(...run.latencies);
}

function report(setting: Setting) {
  const per = (n: number) => n / Math.max(1, setting.done);
  const sorted = [...setting.latencies].sort((x, y) => x - y);
  const result = {
    perSecond: setting.done / SECONDS,
    cpuMsPerRequest: per(setting.cpuMicros) / 1000,
    statementsPerRequest: per(setting.statements),
  };
  console.log(
    `${setting.label}: ${result.perSecond.toFixed(0)} requests/s, p50 ${quantile(sorted, 0.5).toFixed(1)} ms, ` +
      `p95 ${quantile(sorted, 0.95).toFixed(1)} ms, ${(1000 * result.cpuMsPerRequest).toFixed(0)} µs of server CPU and ` +
      `${result.statementsPerRequest.toFixed(2)} statements per request, ${setting.failed} failed`,
  );
  return result;
}

async function main() {
  const cleanups = new Cleanups();
  try {
    const database = await benchDatabase(cleanups, {
      database: 'devstay_bench_session',
      poolSize: 2,
    });
    console.log(`${machine()}; ${CLIENTS} guests, ${SECONDS} s each`);
    const settings = [
      await prepare(cleanups, 'GET /api/me, session read from PostgreSQL', database.url, {
        SESSION_CACHE_MS: '0',
      }),
      await prepare(cleanups, 'GET /api/me, session kept by the process', database.url, {}),
    ];
    try {
      // Alternating stretches, so that both settings share the machine's ups and downs.
      for (let i = 0; i < ROUNDS; i++) {
        for (const setting of settings) await round(setting, SECONDS / ROUNDS);
        console.log(`  round ${i + 1} of ${ROUNDS} done, load average ${load()}`);
      }
    } finally {
      await Promise.all(settings.map((setting) => stopServer(setting.server)));
    }
    const [read, kept] = settings.map(report) as [
      ReturnType<typeof report>,
      ReturnType<typeof report>,
    ];
    console.log(
      `kept / read: ${(kept.cpuMsPerRequest / read.cpuMsPerRequest).toFixed(2)}× the CPU, ` +
        `${(kept.statementsPerRequest / read.statementsPerRequest).toFixed(2)}× the statements, ` +
        `${(kept.perSecond / read.perSecond).toFixed(2)}× the requests/s (load average ${load()})`,
    );
    if (settings.some((setting) => setting.failed > 0)) process.exitCode = 1;
  } finally {
    await cleanups.run();
  }
}

await main();
