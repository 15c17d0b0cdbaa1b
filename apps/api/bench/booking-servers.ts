/**
 * What the booking benchmarks share (booking.ts, rush.ts): a throwaway database with rooms,
 * two real app processes (server.ts) with one session secret, guests with real sessions, the
 * servers' CPU and statements read at both ends of a window, and the reconciliation in SQL.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { HOTEL_TIME_ZONE_DEFAULT } from '@devstay/shared/constants';
import { CSRF_HEADER, IDEMPOTENCY_KEY_HEADER } from '@devstay/shared/http';
import type { PricingRule, RoomRates } from '@devstay/shared/rates';
import { addDays, calendarDateIn } from '@devstay/shared/stay';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { hotels, roomRates, sessions, users } from '../src/db/schema.ts';
import { COOKIE_PREFIX } from '../src/modules/auth/auth.ts';
import {
  insertEvent,
  insertHotel,
  insertLocation,
  insertRoom,
} from '../src/test/catalogue-rows.ts';
import type { HttpGuest } from '../src/test/http-guest.ts';
import {
  ask,
  type BenchServer,
  benchDatabase,
  Cleanups,
  guestServerEnv,
  machine,
  ORIGIN,
  sleep,
  startServer,
} from './kit.ts';
import type { RouteStatements } from './statement-count.ts';

/** A same-site POST as `guest`, from `address`, timed. */
export async function post(
  base: string,
  guest: HttpGuest,
  address: string,
  path: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown>; started: number; ended: number }> {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: guest.cookie,
      origin: ORIGIN,
      [CSRF_HEADER]: 'fetch',
      [IDEMPOTENCY_KEY_HEADER]: randomUUID(),
      'x-forwarded-for': address,
    },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as Record<string, unknown>;
  return { status: res.status, body: answer, started, ended: performance.now() };
}

/** A client address of its own for guest `i` (sent in X-Forwarded-For). */
export const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

export interface BenchSetup {
  db: Db;
  databaseUrl: string;
  authSecret: string;
  servers: BenchServer[];
  /** Runs every cleanup, last registered first. */
  close(): Promise<void>;
}

/**
 * A throwaway embedded PostgreSQL (or DATABASE_URL), migrated, and two app processes on it
 * sharing one AUTH_SECRET (a session is good on both) with `config` added to theirs. `seed`
 * runs before the servers start.
 */
export async function benchSetup(
  name: string,
  config: Record<string, string>,
  seed: (db: Db) => Promise<void>,
): Promise<BenchSetup> {
  const cleanups = new Cleanups();
  const close = () => cleanups.run();
  try {
    const database = await benchDatabase(cleanups, {
      database: `devstay_bench_${name}`,
      poolSize: 4,
      folder: `devstay-bench-${name}-`,
    });
    console.log(`database: ${database.url.replace(/\/\/[^@]*@/, '//')}`);
    console.log(machine());
    await seed(database.db);
    const authSecret = randomBytes(32).toString('base64url');
    // e.g. BENCH_SERVER_NODE_OPTIONS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the servers.
    const execArgv = [
      ...process.execArgv,
      ...(process.env.BENCH_SERVER_NODE_OPTIONS?.split(' ') ?? []),
    ];
    const env = guestServerEnv(database.url, { AUTH_SECRET: authSecret, ...config });
    const servers = await Promise.all([0, 1].map(() => startServer(cleanups, env, execArgv)));
    return { db: database.db, databaseUrl: database.url, authSecret, servers, close };
  } catch (error) {
    await close();
    throw error;
  }
}

export interface Usage {
  /** CPU time of every server process (user + system), in milliseconds. */
  cpuMs: number;
  statements: number;
  transactions: number;
}

/** The servers' CPU time, statements and transactions so far, summed. */
export async function usageOf(servers: readonly BenchServer[]): Promise<Usage> {
  const each = await Promise.all(
    servers.map((s) =>
      ask<{ usage: { cpuMicros: number; statements: number; transactions: number } }>(
        s,
        'usage',
        'usage',
      ),
    ),
  );
  return each.reduce(
    (sum, { usage }) => ({
      cpuMs: sum.cpuMs + usage.cpuMicros / 1000,
      statements: sum.statements + usage.statements,
      transactions: sum.transactions + usage.transactions,
    }),
    { cpuMs: 0, statements: 0, transactions: 0 },
  );
}

export const usageBetween = (a: Usage, b: Usage): Usage => ({
  cpuMs: b.cpuMs - a.cpuMs,
  statements: b.statements - a.statements,
  transactions: b.transactions - a.transactions,
});

export interface SeededRoom {
  id: number;
  priceCents: number;
  /** What prices its nights (with `withRates`: a season, a weekend rule, event nights). */
  rates?: RoomRates;
}

/**
 * `count` rooms of `stock` units, four to a hotel, in one new city. `withRates`: each room
 * dearer from day 30 to 59 (a season) and on Friday and Saturday nights, each hotel 20% dearer
 * on the nights of its two events (days 45 and 75), so a stay meets every kind of rate.
 */
export async function seedRooms(
  db: Db,
  count: number,
  stock: number,
  withRates = false,
): Promise<SeededRoom[]> {
  const day0 = calendarDateIn(HOTEL_TIME_ZONE_DEFAULT);
  const token = randomBytes(4).toString('hex');
  const location = await insertLocation(db, {
    state: 'bench state',
    department: `bench department ${token}`,
    city: `bench city ${token}`,
  });
  const rooms: SeededRoom[] = [];
  for (let h = 0; rooms.length < count; h++) {
    const hotel = await insertHotel(db, {
      name: `bench hotel ${token} ${h}`,
      locationId: location.id,
      address: `bench street ${h}`,
    });
    const eventNights = withRates ? [addDays(day0, 45), addDays(day0, 75)] : [];
    if (withRates) {
      await db.update(hotels).set({ eventNightPremiumPercent: 20 }).where(eq(hotels.id, hotel.id));
      for (const date of eventNights) {
        await insertEvent(db, {
          hotelId: hotel.id,
          name: `bench event ${date}`,
          date,
          time: '10:00',
        });
      }
    }
    for (const name of ['single', 'double', 'family', 'suite'] as const) {
      if (rooms.length === count) break;
      const room = await insertRoom(db, { hotelId: hotel.id, name, stock });
      const rules: PricingRule[] = withRates
        ? [
            {
              kind: 'season',
              from: addDays(day0, 30),
              to: addDays(day0, 59),
              priceCents: room.priceCents + 4_000,
            },
            { kind: 'weekdays', weekdays: [5, 6], priceCents: room.priceCents + 2_500 },
          ]
        : [];
      if (rules.length > 0) {
        await db.insert(roomRates).values(
          rules.map((r) => ({
            roomId: room.id,
            kind: r.kind,
            firstNight: r.from ?? null,
            lastNight: r.to ?? null,
            weekdays: r.weekdays ? [...r.weekdays] : null,
            priceCents: r.priceCents,
          })),
        );
      }
      rooms.push({
        id: room.id,
        priceCents: room.priceCents,
        rates: {
          baseCents: room.priceCents,
          rules,
          eventNights: new Set(eventNights),
          premiumPercent: withRates ? 20 : 0,
        },
      });
    }
  }
  return rooms;
}

/**
 * `count` guest accounts with a session each, written straight into the database (signing up
 * over HTTP hashes a password per account: minutes for a crowd). The sessions are real: rows
 * of the sessions table, their cookie signed with the servers' secret as Better Auth signs it
 * (`token.HMAC-SHA256(secret, token)` in base64), checked by the servers on every request.
 * `adminOf`: the accounts are that hotel's admins instead.
 */
export async function guestsInDatabase(
  db: Db,
  authSecret: string,
  count: number,
  adminOf?: number,
): Promise<(HttpGuest & { id: string })[]> {
  const batch = randomBytes(4).toString('hex');
  const rows = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    email: `guest.${batch}.${i}@devstay.dev`,
    token: randomBytes(24).toString('base64url'),
  }));
  // As a sign-in makes them: 7 days (auth.ts), so no request of the run renews them.
  const expiresAt = new Date(Date.now() + 7 * 24 * 3600_000);
  for (let i = 0; i < rows.length; i += 500) {
    const part = rows.slice(i, i + 500);
    const role = adminOf === undefined ? { rol: 'user' } : { rol: 'admin', hotelId: adminOf };
    await db.insert(users).values(part.map((r) => ({ id: r.id, email: r.email, ...role })));
    await db
      .insert(sessions)
      .values(part.map((r) => ({ id: randomUUID(), token: r.token, userId: r.id, expiresAt })));
  }
  return rows.map((r) => {
    const signature = createHmac('sha256', authSecret).update(r.token).digest('base64');
    return {
      id: r.id,
      email: r.email,
      cookie: `${COOKIE_PREFIX}.session_token=${encodeURIComponent(`${r.token}.${signature}`)}`,
    };
  });
}

/** Transactions committed in this database so far (PostgreSQL's own statistics). */
export async function committedTransactions(db: Db): Promise<number> {
  await db.execute(sql`select pg_stat_clear_snapshot()`);
  const result = await db.execute<{ n: string }>(
    sql`select xact_commit::text as n from pg_stat_database where datname = current_database()`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * The bookings against the ledger: nights over stock (overbooking), ledger nights that
 * disagree with the live booking lines, confirmed bookings without a captured payment.
 */
export async function consistency(db: Db) {
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

/**
 * Samples what the servers' connections to this database are doing (pg_stat_activity) every
 * `everyMs` until the returned function is called, which answers the mean count per sample of
 * each state and wait event, and the most connections seen waiting on a lock at once.
 */
export function sampleActivity(db: Db, everyMs = 200) {
  const counts = new Map<string, number>();
  let samples = 0;
  let mostLockWaits = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const result = await db.execute<{ what: string; lock: boolean; n: number }>(sql`
        select state || coalesce(' / ' || wait_event_type || ':' || wait_event, '') as what,
          coalesce(wait_event_type = 'Lock', false) as lock, count(*)::int as n
        from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and backend_type = 'client backend'
        group by 1, 2`);
      samples += 1;
      let lockWaits = 0;
      for (const r of result.rows) {
        counts.set(r.what, (counts.get(r.what) ?? 0) + r.n);
        if (r.lock) lockWaits += r.n;
      }
      mostLockWaits = Math.max(mostLockWaits, lockWaits);
      await sleep(everyMs);
    }
  })();
  return async () => {
    running = false;
    await loop;
    return {
      samples,
      mostLockWaits,
      mean: [...counts]
        .sort((a, b) => b[1] - a[1])
        .map(([what, n]) => ({ what, mean: n / Math.max(1, samples) })),
    };
  };
}

/** The servers' statement counts per route (BENCH_COUNT_STATEMENTS=1), summed, per booking. */
export async function printStatementsPerBooking(servers: BenchServer[], bookings: number) {
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
