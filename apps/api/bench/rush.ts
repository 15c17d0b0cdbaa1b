/**
 * Event rush benchmark (`npm run bench -- rush`): RUSH_GUESTS guests (500) over two server
 * processes try to book the last RUSH_UNITS units (20) of one room for the same nights, all
 * arriving within RUSH_SECONDS (3).
 *
 * 1. A throwaway embedded PostgreSQL (or DATABASE_URL), migrated; one room of 50 units, of
 *    which all but the last RUSH_UNITS are booked and paid first, for the same two nights.
 * 2. Two real app processes (bench/server.ts) on that database, sharing the session secret,
 *    warmed up as a rush finds them: RUSH_WARM_UP_GUESTS (300) other guests book another
 *    room's last 10 units the same way first.
 * 3. The guests are accounts with a session each, written straight into the database (signing
 *    up over HTTP hashes a password per account: minutes for 500); the sessions are real rows,
 *    their cookies signed with the servers' secret, read by the servers on every request.
 *    Every guest sends its own client address in X-Forwarded-For, which the servers trust
 *    (TRUST_PROXY=true), as guests reaching them through a load balancer would: the rate limits
 *    per account and per address keep their defaults (a rush from one address would otherwise
 *    meet the per-address limit, CHECKOUT_ADDRESS_RATE_LIMIT, before any room).
 * 4. Each guest starts at a random moment of the RUSH_SECONDS window, checks out one unit
 *    (POST /api/booking, with the total its quote would show) on one of the two processes and,
 *    when the unit is held, pays with the success card (POST /api/payments/card).
 *    Meanwhile the benchmark watches the ledger (the moment the room is sold out, on committed
 *    data) and samples pg_stat_activity every RUSH_SAMPLE_MS (20) for connections waiting on a
 *    lock, and which statement waits.
 * 5. The answers by status and code, their p50/p95/max (all, checkouts, payments, and the
 *    checkouts begun after the room was sold out), and the reconciliation in SQL.
 *
 * Targets: exactly RUSH_UNITS bookings confirmed, every other guest refused with 409 SOLD_OUT,
 * no 5xx, p95 of every answer ≤ 2 s, and no lock wait once every request begun before the room
 * was sold out has been answered (the checkouts begun after it are refused on committed data,
 * without waiting for the ledger's lock); 0 overbooked nights, the ledger reconciled, every
 * confirmed booking paid.
 *
 * Environment: RUSH_GUESTS (500), RUSH_UNITS (20), RUSH_SECONDS (3), RUSH_SAMPLE_MS (20),
 * RUSH_WARM_UP_GUESTS (300),
 * DATABASE_URL, BENCH_SERVER_NODE_OPTIONS (Node options of the two servers).
 */
import { HOTEL_TIME_ZONE_DEFAULT, STOCK_MAX } from '@devstay/shared/constants';
import { addDays, calendarDateIn, stayPriceCents } from '@devstay/shared/stay';
import { sql } from 'drizzle-orm';
import { type HttpGuest, SUCCESS_CARD } from '../src/test/http-guest.ts';
import {
  addressOf,
  benchSetup,
  consistency,
  guestsInDatabase,
  post,
  type SeededRoom,
  seedRooms,
  usageBetween,
  usageOf,
} from './booking-servers.ts';
import { envInt, loadAverage, printTargets, quantile, sleep } from './kit.ts';

const GUESTS = envInt('RUSH_GUESTS', 500);
const UNITS = envInt('RUSH_UNITS', 20);
const SECONDS = envInt('RUSH_SECONDS', 3);
const SAMPLE_MS = envInt('RUSH_SAMPLE_MS', 20);
const WARM_UP_GUESTS = envInt('RUSH_WARM_UP_GUESTS', 300);
/** The units of the room the warm-up crowd books (not the rush's). */
const WARM_UP_UNITS = 10;
const P95_TARGET_MS = 2000;
/** The units booked before the rush, by accounts of their own (10 units each, the hold limit). */
const BOOKED_BEFORE = STOCK_MAX - UNITS;

interface Answer {
  kind: 'checkout' | 'payment';
  started: number;
  ended: number;
  status: number;
  code?: string;
}

const ms = (n: number) => `${n.toFixed(0)} ms`;
function spread(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 'none';
  return `p50 ${ms(quantile(sorted, 0.5))}, p95 ${ms(quantile(sorted, 0.95))}, max ${ms(sorted.at(-1) ?? 0)}`;
}

async function main() {
  if (BOOKED_BEFORE < 0) throw new Error(`RUSH_UNITS must be at most ${STOCK_MAX}`);
  let room: SeededRoom = { id: 0, priceCents: 0 };
  let warmUpRoom: SeededRoom = { id: 0, priceCents: 0 };
  const setup = await benchSetup('rush', { TRUST_PROXY: 'true' }, async (db) => {
    [room] = (await seedRooms(db, 1, STOCK_MAX)) as [SeededRoom];
    [warmUpRoom] = (await seedRooms(db, 1, WARM_UP_UNITS)) as [SeededRoom];
  });
  try {
    const { db, servers, authSecret } = setup;
    const bases = servers.map((s) => s.base);
    const checkIn = addDays(calendarDateIn(HOTEL_TIME_ZONE_DEFAULT), 30);
    const checkOut = addDays(checkIn, 2);
    const bookAndPay = async (
      guest: HttpGuest,
      i: number,
      [booked, units]: [SeededRoom, number],
      answers: Answer[] = [],
    ) => {
      const base = bases[i % 2] ?? '';
      const address = addressOf(i);
      const held = await post(base, guest, address, '/api/booking', {
        cartRoom: [{ id: booked.id, checkIn, checkOut, cartQuantity: units }],
        cartTotalCents: stayPriceCents(booked.priceCents, checkIn, checkOut) * units,
      });
      answers.push({ kind: 'checkout', ...held, code: held.body.code as string | undefined });
      if (held.status !== 201) return;
      const paid = await post(base, guest, address, '/api/payments/card', {
        booking: held.body.id,
        card: SUCCESS_CARD,
      });
      answers.push({ kind: 'payment', ...paid, code: paid.body.code as string | undefined });
    };

    // The rooms booked before the rush: accounts of their own, 10 units each.
    const early = await guestsInDatabase(db, authSecret, Math.ceil(BOOKED_BEFORE / 10));
    const booked: Answer[] = [];
    for (const [i, guest] of early.entries()) {
      const units = Math.min(10, BOOKED_BEFORE - 10 * i);
      if (units > 0) await bookAndPay(guest, GUESTS + i, [room, units], booked);
    }
    if (booked.some((a) => a.status >= 300)) {
      throw new Error(`booking the first units failed: ${JSON.stringify(booked)}`);
    }
    // Servers as a rush finds them, warm: a crowd of their own books another room's last units.
    const warmUp = await guestsInDatabase(db, authSecret, WARM_UP_GUESTS);
    const warmUpAnswers: Answer[] = [];
    await Promise.all(
      warmUp.map(async (guest, i) => {
        await sleep(Math.random() * SECONDS * 1000);
        await bookAndPay(guest, 2 * GUESTS + i, [warmUpRoom, 1], warmUpAnswers);
      }),
    );
    if (warmUpAnswers.some((a) => a.status >= 500)) throw new Error('the warm-up met a 5xx');
    const guests = await guestsInDatabase(db, authSecret, GUESTS);
    console.log(
      `one room of ${STOCK_MAX} units, ${BOOKED_BEFORE} booked for ${checkIn} to ${checkOut}; ${GUESTS} guests for the last ${UNITS}, arriving within ${SECONDS} s over 2 server processes; load average ${loadAverage()}`,
    );

    // Watchers: the moment the room is sold out on committed data, and lock waits.
    const t0 = performance.now();
    let watching = true;
    let soldOutAt = Number.POSITIVE_INFINITY;
    const lockWaits: { at: number; waiting: number; statements: string[] }[] = [];
    const watchLedger = (async () => {
      while (watching && soldOutAt === Number.POSITIVE_INFINITY) {
        const { rows } = await db.execute<{ full: boolean }>(sql`
          select coalesce(bool_or(rn.taken >= r.stock), false) as full
          from rooms r left join room_nights rn on rn.room_id = r.id
            and rn.night >= ${checkIn}::date and rn.night < ${checkOut}::date
          where r.id = ${room.id}`);
        if (rows[0]?.full) soldOutAt = performance.now();
        else await sleep(5);
      }
    })();
    let samples = 0;
    const watchLocks = (async () => {
      while (watching) {
        const { rows } = await db.execute<{ waiting: number; statements: string[] | null }>(sql`
          select count(*)::int as waiting,
            array_agg(regexp_replace(left(query, 400), '\\s+', ' ', 'g')) as statements
          from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()
            and wait_event_type = 'Lock'`);
        samples += 1;
        const row = rows[0];
        if (row && row.waiting > 0) {
          lockWaits.push({
            at: performance.now(),
            waiting: row.waiting,
            statements: row.statements ?? [],
          });
        }
        await sleep(SAMPLE_MS);
      }
    })();

    const answers: Answer[] = [];
    const usageAtStart = await usageOf(servers);
    await Promise.all(
      guests.map(async (guest, i) => {
        await sleep(Math.random() * SECONDS * 1000);
        await bookAndPay(guest, i, [room, 1], answers);
      }),
    );
    const rushEnded = performance.now();
    const used = usageBetween(usageAtStart, await usageOf(servers));
    watching = false;
    await Promise.all([watchLedger, watchLocks]);

    // What came back.
    const tally = new Map<string, number>();
    for (const a of answers) {
      const key = `${a.kind} ${a.status}${a.code ? ` ${a.code}` : ''}`;
      tally.set(key, (tally.get(key) ?? 0) + 1);
    }
    console.log(`\nanswers (${answers.length}), the rush lasting ${ms(rushEnded - t0)}:`);
    for (const [key, n] of [...tally].sort()) console.log(`  ${String(n).padStart(4)}  ${key}`);
    console.log(
      `server CPU: ${ms(used.cpuMs)} for the rush (both processes), ${(used.cpuMs / answers.length).toFixed(2)} ms and ${(used.statements / answers.length).toFixed(1)} statements per answer`,
    );
    const took = (list: Answer[]) => list.map((a) => a.ended - a.started);
    const checkouts = answers.filter((a) => a.kind === 'checkout');
    console.log(`every answer: ${spread(took(answers))}`);
    console.log(`checkouts:    ${spread(took(checkouts))}`);
    console.log(`payments:     ${spread(took(answers.filter((a) => a.kind === 'payment')))}`);
    const afterSellOut = checkouts.filter((a) => a.started > soldOutAt);
    console.log(
      `sold out on committed data ${ms(soldOutAt - t0)} into the rush; the ${afterSellOut.length} checkouts begun after: ${spread(took(afterSellOut))}, ${afterSellOut.filter((a) => a.code === 'SOLD_OUT').length} SOLD_OUT`,
    );
    // Requests begun before the sell-out may have queued for the last units; once they are all
    // answered, whoever waits for a lock began after it.
    const drained = Math.max(
      soldOutAt,
      ...answers.filter((a) => a.started <= soldOutAt).map((a) => a.ended),
    );
    const ledgerWait = (s: string) => /room_nights|checkout_hold_cart|with line as/.test(s);
    const waitsAfter = lockWaits.filter((w) => w.at > drained);
    console.log(
      `lock waits (${samples} samples of pg_stat_activity, every ${SAMPLE_MS} ms): ${lockWaits.length} samples with a waiter, at most ${Math.max(0, ...lockWaits.map((w) => w.waiting))} at once, the last ${lockWaits.length ? ms((lockWaits.at(-1)?.at ?? 0) - t0) : '—'} into the rush; every request begun before the sell-out answered ${ms(drained - t0)} into it; samples with a waiter after that: ${waitsAfter.length}`,
    );
    const kinds = new Map<string, { before: number; after: number }>();
    for (const w of lockWaits) {
      for (const s of w.statements) {
        const kind = ledgerWait(s) ? 'the ledger (checkout)' : s.slice(0, 70);
        const n = kinds.get(kind) ?? { before: 0, after: 0 };
        if (w.at > drained) n.after += 1;
        else n.before += 1;
        kinds.set(kind, n);
      }
    }
    for (const [kind, n] of kinds) {
      console.log(`  waiting on ${kind}: ${n.before} sampled before, ${n.after} after`);
    }

    const { rows } = await db.execute<{ confirmed: number }>(sql`
      select count(*)::int as confirmed from bookings
      where status = 'confirmed' and user_id = any(${`{${guests.map((g) => g.id).join(',')}}`}::text[])`);
    const confirmed = rows[0]?.confirmed ?? 0;
    const state = await consistency(db);
    console.log(
      `\nconfirmed in the rush: ${confirmed}; overbooked nights: ${state.overbooked}; ledger nights off: ${state.ledgerMismatch}; confirmed without payment: ${state.unpaid}`,
    );
    const soldOutAnswers = checkouts.filter((a) => a.status === 409 && a.code === 'SOLD_OUT');
    const held = checkouts.filter((a) => a.status === 201).length;
    const paid = answers.filter((a) => a.kind === 'payment' && a.status === 200).length;
    const p95 = quantile(
      took(answers).sort((a, b) => a - b),
      0.95,
    );
    const checks = [
      [`exactly ${UNITS} confirmed (${confirmed})`, confirmed === UNITS && held === UNITS],
      [
        `every other guest refused with 409 SOLD_OUT (${soldOutAnswers.length} of ${GUESTS - UNITS})`,
        soldOutAnswers.length === GUESTS - UNITS,
      ],
      [`every unit held was paid (${paid} of ${held})`, paid === held],
      ['no 5xx', answers.every((a) => a.status < 500)],
      [`p95 of every answer ${ms(p95)} <= ${ms(P95_TARGET_MS)}`, p95 <= P95_TARGET_MS],
      [
        `no lock wait once the requests begun before the sell-out were answered (${waitsAfter.length})`,
        waitsAfter.length === 0,
      ],
      ['0 overbooked nights', state.overbooked === 0],
      [
        'ledger reconciled, every confirmed booking paid',
        state.ledgerMismatch + state.unpaid === 0,
      ],
    ] as const;
    printTargets(checks);
    console.log(`load average at the end: ${loadAverage()}`);
  } finally {
    await setup.close();
  }
}

await main();
