/**
 * Booking benchmark (`npm run bench -- booking`): confirmed bookings per second through the
 * whole flow, next to what the same PostgreSQL can commit at all.
 *
 * 1. A throwaway embedded PostgreSQL (or DATABASE_URL), migrated; BENCH_ROOMS rooms in
 *    BENCH_ROOMS / 4 hotels, each with the most stock a room may have (50), stays spread over
 *    90 days: far more units than the run books, so no checkout is refused.
 * 2. Two real app processes (bench/server.ts) on that database, sharing the session secret.
 * 3. The raw commit rate: BENCH_CLIENTS connections, each committing single-row insert
 *    transactions back to back for BENCH_SECONDS — the ceiling any booking flow shares.
 * 4. BENCH_CLIENTS guests (distinct accounts, each its own session), each a real HTTP client
 *    looping checkout (POST /api/booking) + payment with the success card (POST
 *    /api/payments/card) for BENCH_SECONDS, alternating over the two processes, on a random
 *    room and stay of 1–3 nights: confirmed bookings per second, and the flow's latency.
 *    Also: database transactions per confirmed booking (pg_stat_database), what explains the
 *    ratio to the raw commit rate.
 * 5. The reconciliation in SQL: nights over stock (overbooking), ledger nights that disagree
 *    with the live booking lines, confirmed bookings without a captured payment.
 *
 * Targets: bookings/s >= 0.3 × commits/s; 0 overbooked nights.
 * Environment: BENCH_CLIENTS (50), BENCH_SECONDS (10), BENCH_ROOMS (200), DATABASE_URL,
 * BENCH_SERVER_NODE_OPTIONS (Node options of the two servers, e.g. --cpu-prof),
 * BENCH_COUNT_STATEMENTS=1 (statements and transactions per booking, by route and kind; the
 * servers' CPU; what the database connections wait on), with BENCH_PROFILE_DIR (a CPU profile of
 * each server over the measured window).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOTEL_TIME_ZONE_DEFAULT, STOCK_MAX } from '@devstay/shared/constants';
import { addDays, calendarDateIn } from '@devstay/shared/stay';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../src/db/client.ts';
import { openDatabase } from '../src/db/open-database.ts';
import { freePort } from '../src/lib/free-port.ts';
import { insertHotel, insertLocation, insertRoom } from '../src/test/catalogue-rows.ts';
import { bookAndPay, type HttpGuest, signUpOverHttp } from '../src/test/http-guest.ts';
import type { RouteStatements } from './statement-count.ts';

const CLIENTS = envInt('BENCH_CLIENTS', 50);
const SECONDS = envInt('BENCH_SECONDS', 10);
const ROOMS = envInt('BENCH_ROOMS', 200);
const WARMUP_SECONDS = 2;
/** BENCH_COUNT_STATEMENTS=1: the servers count statements per route (see statement-count.ts). */
const COUNT_STATEMENTS = process.env.BENCH_COUNT_STATEMENTS === '1';
const RATIO_TARGET = 0.3;
const ORIGIN = 'http://localhost:3000';

function envInt(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** Runs `work` in `clients` loops for `seconds`; counts what finishes inside the window. */
async function closedLoop(
  clients: number,
  seconds: number,
  work: (client: number) => Promise<boolean>,
) {
  const until = performance.now() + seconds * 1000;
  const cpu = process.cpuUsage();
  let done = 0;
  let failed = 0;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const ok = await work(client);
        const t1 = performance.now();
        if (t1 > until) break;
        if (ok) {
          done += 1;
          latencies.push(t1 - t0);
        } else failed += 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const used = process.cpuUsage(cpu);
  return {
    /** Share of one CPU the load generator itself used (this process). */
    clientCpu: (used.user + used.system) / 1000 / (seconds * 1000),
    perSecond: done / seconds,
    done,
    failed,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
  };
}

async function rawCommitRate(databaseUrl: string, db: Db) {
  await db.execute(
    sql`create table if not exists bench_commit_probe (id bigserial primary key, payload text not null, at timestamptz not null default now())`,
  );
  const pool = new pg.Pool({ connectionString: databaseUrl, max: CLIENTS });
  try {
    // Every connection open before the clock starts.
    await Promise.all(Array.from({ length: CLIENTS }, () => pool.query('select 1')));
    const insert = async () => {
      await pool.query('insert into bench_commit_probe (payload) values ($1)', ['probe']);
      return true;
    };
    await closedLoop(CLIENTS, WARMUP_SECONDS, insert);
    return await closedLoop(CLIENTS, SECONDS, insert);
  } finally {
    await pool.end();
    await db.execute(sql`drop table bench_commit_probe`);
  }
}

async function seedRooms(db: Db): Promise<number[]> {
  const token = randomBytes(4).toString('hex');
  const location = await insertLocation(db, {
    state: 'bench state',
    department: `bench department ${token}`,
    city: `bench city ${token}`,
  });
  const ids: number[] = [];
  for (let h = 0; h < Math.ceil(ROOMS / 4); h++) {
    const hotel = await insertHotel(db, {
      name: `bench hotel ${token} ${h}`,
      locationId: location.id,
      address: `bench street ${h}`,
    });
    for (const name of ['single', 'double', 'family', 'suite'] as const) {
      if (ids.length === ROOMS) break;
      const room = await insertRoom(db, { hotelId: hotel.id, name, stock: STOCK_MAX });
      ids.push(room.id);
    }
  }
  return ids;
}

function startServer(
  databaseUrl: string,
  authSecret: string,
  cleanups: (() => Promise<unknown>)[],
) {
  const child = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), {
    env: {
      ...process.env,
      BENCH_DATABASE_URL: databaseUrl,
      BENCH_CONFIG: JSON.stringify({
        AUTH_SECRET: authSecret,
        PUBLIC_URL: ORIGIN,
        AUTH_RATE_LIMIT: 'false',
        PAYMENT_RATE_LIMIT: '1000000',
        // 50 guests from one address, booking back to back.
        CHECKOUT_RATE_LIMIT: '1000000',
        CHECKOUT_ADDRESS_RATE_LIMIT: '1000000',
      }),
    },
    // e.g. BENCH_SERVER_NODE_OPTIONS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the servers.
    execArgv: [...process.execArgv, ...(process.env.BENCH_SERVER_NODE_OPTIONS?.split(' ') ?? [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.disconnect();
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  );
  return new Promise<BenchServer>((resolve, reject) => {
    child.once('message', (m) =>
      resolve({ base: `http://127.0.0.1:${(m as { port: number }).port}`, child }),
    );
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
}

interface BenchServer {
  base: string;
  child: ChildProcess;
}

/** Asks a server something over IPC and waits for its answer (the message that has `key`). */
function ask<T>(server: BenchServer, message: string, key: string): Promise<T> {
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

/** The servers' statement counts per route, summed, as a table per confirmed booking. */
async function statementsPerBooking(servers: BenchServer[], bookings: number) {
  const sum = new Map<string, RouteStatements>();
  for (const [i, server] of servers.entries()) {
    const { statements: counts, busy } = await ask<{
      statements: Record<string, RouteStatements>;
      busy: { cpu: number; eventLoop: number };
    }>(server, 'statements', 'statements');
    console.log(
      `server ${i + 1}: ${(100 * busy.cpu).toFixed(0)}% of a CPU, event loop busy ${(100 * busy.eventLoop).toFixed(0)}% of the time`,
    );
    for (const [name, c] of Object.entries(counts)) {
      const into = sum.get(name) ?? { requests: 0, statements: 0, transactions: 0, kinds: {} };
      into.requests += c.requests;
      into.statements += c.statements;
      into.transactions += c.transactions;
      for (const [kind, n] of Object.entries(c.kinds))
        into.kinds[kind] = (into.kinds[kind] ?? 0) + n;
      sum.set(name, into);
    }
  }
  const per = (n: number) => (n / Math.max(1, bookings)).toFixed(2);
  console.log('\nper confirmed booking, by route (counted in the servers):');
  for (const [name, c] of [...sum].sort((a, b) => b[1].statements - a[1].statements)) {
    console.log(
      `  ${name}: ${per(c.requests)} requests, ${per(c.transactions)} transactions, ${per(c.statements)} statements`,
    );
    for (const [kind, n] of Object.entries(c.kinds).sort((a, b) => b[1] - a[1])) {
      console.log(`      ${per(n).padStart(6)}  ${kind}`);
    }
  }
}

/**
 * Samples what the other connections to this database are doing (pg_stat_activity) until
 * `stop` is called: the share of samples per state and wait event.
 */
function sampleActivity(db: Db) {
  const counts = new Map<string, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const result = await db.execute<{ what: string; n: number }>(sql`
        select state || coalesce(' / ' || wait_event_type || ':' || wait_event, '') as what,
          count(*)::int as n
        from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and backend_type = 'client backend'
        group by 1`);
      samples += 1;
      for (const r of result.rows) counts.set(r.what, (counts.get(r.what) ?? 0) + r.n);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  return async () => {
    running = false;
    await loop;
    console.log('\ndatabase connections during the run (mean count per sample):');
    for (const [what, n] of [...counts].sort((a, b) => b[1] - a[1])) {
      console.log(`  ${(n / Math.max(1, samples)).toFixed(1).padStart(5)}  ${what}`);
    }
  };
}

/** Transactions committed in this database so far (PostgreSQL's own statistics). */
async function transactionCount(db: Db): Promise<number> {
  await db.execute(sql`select pg_stat_clear_snapshot()`);
  const result = await db.execute<{ n: string }>(
    sql`select xact_commit::text as n from pg_stat_database where datname = current_database()`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

async function consistency(db: Db) {
  const one = async (query: ReturnType<typeof sql>) =>
    Number((await db.execute<{ n: number }>(query)).rows[0]?.n ?? 0);
  return {
    overbooked: await one(sql`
      select count(*)::int as n from room_nights rn join rooms r on r.id = rn.room_id
      where rn.taken > r.stock`),
    ledgerMismatch: await one(sql`
      with booked as (
        select l.room_id, n::date as night, sum(l.quantity)::int as units
        from booking_lines l
        join bookings b on b.id = l.booking_id and b.status in ('pending', 'confirmed')
        cross join generate_series(l.check_in, l.check_out - 1, interval '1 day') as n
        group by l.room_id, n::date),
      ledger as (select room_id, night, taken from room_nights where taken > 0)
      select count(*)::int as n from ledger full join booked using (room_id, night)
      where coalesce(ledger.taken, 0) <> coalesce(booked.units, 0)`),
    unpaid: await one(sql`
      select count(*)::int as n from bookings b where b.status = 'confirmed' and not exists (
        select 1 from payments p where p.booking_id = b.id and p.status = 'captured')`),
    confirmed: await one(sql`select count(*)::int as n from bookings where status = 'confirmed'`),
  };
}

async function main() {
  const work = await mkdtemp(path.join(tmpdir(), 'devstay-bench-'));
  await chmod(work, 0o755); // the postgres system user must reach its data folder
  const cleanups: (() => Promise<unknown>)[] = [() => rm(work, { recursive: true, force: true })];
  try {
    const database = await openDatabase({
      databaseUrl: process.env.DATABASE_URL,
      dataDir: path.join(work, 'pg'),
      port: await freePort(),
      database: 'devstay_bench_booking',
      persistent: false,
      poolSize: 4,
    });
    cleanups.push(() => database.close());
    const { db, url: databaseUrl } = database;
    console.log(`database: ${databaseUrl.replace(/\/\/[^@]*@/, '//')}`);
    console.log(
      `machine: ${availableParallelism()} CPUs, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const roomIds = await seedRooms(db);
    const authSecret = randomBytes(32).toString('base64url');
    const servers = await Promise.all([
      startServer(databaseUrl, authSecret, cleanups),
      startServer(databaseUrl, authSecret, cleanups),
    ]);
    const bases = servers.map((s) => s.base);
    const guests: HttpGuest[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      guests.push(
        await signUpOverHttp(
          bases[i % 2] ?? '',
          ORIGIN,
          `bench.${i}.${randomBytes(4).toString('hex')}@devstay.dev`,
        ),
      );
    }
    console.log(
      `${roomIds.length} rooms, ${CLIENTS} guests, 2 server processes, ${SECONDS} s per measure`,
    );

    const commits = await rawCommitRate(databaseUrl, db);
    console.log(
      `raw commits: ${commits.perSecond.toFixed(0)}/s (${CLIENTS} connections, single-row inserts, p50 ${commits.p50.toFixed(1)} ms, p95 ${commits.p95.toFixed(1)} ms)`,
    );

    // The ceiling of the HTTP part alone: a trivial endpoint (no session, no database), the
    // same clients, the same two processes. A booking is two such calls and much more work.
    const trivial = async (client: number) => {
      const res = await fetch(`${bases[client % 2]}/api/health`);
      await res.arrayBuffer();
      return res.status === 200;
    };
    await closedLoop(CLIENTS, WARMUP_SECONDS, trivial);
    const http = await closedLoop(CLIENTS, SECONDS, trivial);
    console.log(
      `trivial HTTP calls (GET /api/health): ${http.perSecond.toFixed(0)}/s, p50 ${http.p50.toFixed(1)} ms; load generator ${(100 * http.clientCpu).toFixed(0)}% of a CPU; two per booking cap the ratio at ${(http.perSecond / 2 / commits.perSecond).toFixed(2)}`,
    );

    // The bench's hotel keeps the default zone: check-ins count from its today.
    const day0 = calendarDateIn(HOTEL_TIME_ZONE_DEFAULT);
    let round = 0;
    const book = async (client: number) => {
      round += 1;
      const checkIn = addDays(day0, 1 + Math.floor(Math.random() * 90));
      const result = await bookAndPay(
        bases[(client + round) % 2] ?? '',
        ORIGIN,
        guests[client] as HttpGuest,
        [
          {
            id: pick(roomIds),
            checkIn,
            checkOut: addDays(checkIn, 1 + Math.floor(Math.random() * 3)),
            cartQuantity: 1,
          },
        ],
      );
      return result.payment === 200;
    };
    await closedLoop(CLIENTS, WARMUP_SECONDS, book);
    if (COUNT_STATEMENTS) {
      await Promise.all(servers.map((s) => ask(s, 'reset-statements', 'reset')));
    }
    const before = await transactionCount(db);
    const activity = COUNT_STATEMENTS ? sampleActivity(db) : undefined;
    const bookings = await closedLoop(CLIENTS, SECONDS, book);
    await activity?.();
    const transactions = (await transactionCount(db)) - before;
    console.log(
      `confirmed bookings: ${bookings.perSecond.toFixed(1)}/s (${bookings.done} in ${SECONDS} s, ${bookings.failed} not confirmed; checkout + payment p50 ${bookings.p50.toFixed(0)} ms, p95 ${bookings.p95.toFixed(0)} ms; load generator ${(100 * bookings.clientCpu).toFixed(0)}% of a CPU)`,
    );
    // What one booking asks of the database: each transaction (reads included) is a round trip
    // the raw commit rate is the ceiling of.
    console.log(
      `database transactions per confirmed booking: ${(transactions / Math.max(1, bookings.done)).toFixed(1)} (reads and writes, both requests and their sessions)`,
    );
    if (COUNT_STATEMENTS) await statementsPerBooking(servers, bookings.done);
    const ratio = bookings.perSecond / commits.perSecond;
    console.log(`ratio: ${ratio.toFixed(3)} × the raw commit rate`);

    const state = await consistency(db);
    console.log(
      `overbooked nights: ${state.overbooked}; ledger nights off: ${state.ledgerMismatch}; confirmed without payment: ${state.unpaid} (of ${state.confirmed} confirmed)`,
    );
    const checks = [
      [`bookings/s ${ratio.toFixed(3)} × raw commits/s >= ${RATIO_TARGET}`, ratio >= RATIO_TARGET],
      ['0 overbooked nights', state.overbooked === 0],
      [
        'ledger reconciled, every confirmed booking paid',
        state.ledgerMismatch + state.unpaid === 0,
      ],
      ['every booking confirmed', bookings.failed === 0],
    ] as const;
    console.log('\nTargets');
    for (const [label, ok] of checks) console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${label}`);
    console.log(
      `load average at the end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
  } finally {
    for (const fn of cleanups.reverse()) await fn().catch(() => {});
  }
}

await main();
