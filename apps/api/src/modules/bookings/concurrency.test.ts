import { randomUUID } from 'node:crypto';
import { CSRF_HEADER, IDEMPOTENCY_KEY_HEADER } from '@devstay/shared/http';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createDb, type Db } from '../../db/client.ts';
import { bookings, mailOutbox, payments } from '../../db/schema.ts';
import { CROWD_LIMITS, createTestApp, type TestApp } from '../../test/app.ts';
import { signUp } from '../../test/auth.ts';
import {
  checkoutPayload,
  expectBookingsConsistent,
  expectLedgerReconciled,
  inDays,
  roomWithStock,
} from '../../test/booking-fixtures.ts';
import { unitsFree } from '../availability/ledger.ts';
import type { TestCardProvider } from '../payments/test-card-provider.ts';
import { releaseExpiredHolds } from './hold-sweeper.ts';

/**
 * No room sold twice and every payment once (docs/scaling.md, Booking) over real HTTP: two API instances standing for two server
 * processes (each its own connection pool, both listening on a free port), one PostgreSQL,
 * one card processor. Hundreds of clients at once.
 */

let first: TestApp;
let second: { app: FastifyInstance; db: Db };
let bases: string[] = [];
let provider: TestCardProvider;
const guests: { cookie: string; email: string }[] = [];

beforeAll(async () => {
  // A crowd retrying one payment 20 times in a second is the test, not abuse.
  first = await createTestApp({ PAYMENT_RATE_LIMIT: '100' }, { workers: false });
  provider = first.app.payments as TestCardProvider;
  const db = createDb(first.databaseUrl, 8);
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: first.databaseUrl,
      UPLOADS_DIR: inject('uploadsDir'),
      WEB_DIST_DIR: '/nonexistent',
      // Processes of one deployment share the secret that signs session cookies.
      AUTH_SECRET: first.app.config.AUTH_SECRET,
      PAYMENT_RATE_LIMIT: '100',
      ...CROWD_LIMITS,
    }),
    db,
    payments: provider,
    // The sweeps are run by hand and each one's result asserted.
    workers: false,
  });
  second = { app, db };
  await first.app.listen({ port: 0, host: '127.0.0.1' });
  await second.app.listen({ port: 0, host: '127.0.0.1' });
  bases = [first.app, second.app].map((a) => {
    const address = a.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    return `http://127.0.0.1:${address.port}`;
  });
  for (let i = 0; i < 10; i++) {
    const email = `crowd.${i}.${randomUUID()}@devstay.dev`;
    guests.push({ email, cookie: (await signUp(first.app, email)).cookie });
  }
}, 180_000);
afterAll(async () => {
  await second?.app.close();
  await second?.db.$client.end();
  await first?.close();
});

type Line = { id: number; checkIn: string; checkOut: string; cartQuantity: number };

/** A real HTTP call to instance `n % 2`, as guest `g`. */
async function call(n: number, path: string, g: number, key: string, body: unknown) {
  const guest = guests[g % guests.length];
  const res = await fetch(`${bases[n % 2]}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: guest?.cookie ?? '',
      [CSRF_HEADER]: 'fetch',
      [IDEMPOTENCY_KEY_HEADER]: key,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A checkout's body as the payment page sends it: the lines and the total the quote showed. */
const shown = (cartRoom: Line[]) => checkoutPayload(first.app, cartRoom);

const checkoutAt = async (n: number, cartRoom: Line[], key = randomUUID()) =>
  call(n, '/api/booking', n, key, await shown(cartRoom));

const tally = (statuses: number[]) => {
  const counts: Record<number, number> = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
};

describe('200 concurrent checkouts for the last k units', () => {
  const runs = [
    { stock: 10, booked: 3 },
    { stock: 5, booked: 4 },
    { stock: 50, booked: 0 },
    { stock: 20, booked: 20 },
  ];
  test.each(runs)(
    'stock $stock, $booked already booked: exactly the rest succeed',
    async ({ stock, booked }) => {
      const { room } = await roomWithStock(first.db, stock);
      if (booked > 0) {
        const pre = await checkoutAt(0, [
          { id: room.id, checkIn: inDays(3), checkOut: inDays(9), cartQuantity: booked },
        ]);
        expect(pre.status).toBe(201);
      }
      const k = stock - booked;
      // Stays of 2–3 nights, all covering night 5, so all compete for the same units.
      const attempts = Array.from({ length: 200 }, (_, n) =>
        checkoutAt(n, [
          { id: room.id, checkIn: inDays(4 + (n % 2)), checkOut: inDays(7), cartQuantity: 1 },
        ]),
      );
      const started = performance.now();
      const results = await Promise.all(attempts);
      const ms = performance.now() - started;
      const counts = tally(results.map((r) => r.status));
      console.info(
        `checkout race: k=${k}, attempts=200, succeeded=${counts[201] ?? 0}, ` +
          `refused=${counts[409] ?? 0}, in ${Math.round(ms)} ms over 2 instances`,
      );
      expect(counts).toEqual(k > 0 ? { 201: k, 409: 200 - k } : { 409: 200 });
      expect(results.filter((r) => r.status === 409).every((r) => r.body.code === 'SOLD_OUT')).toBe(
        true,
      );
      expect(await unitsFree(first.db, room.id, inDays(5), inDays(6))).toBe(0);
      await expectLedgerReconciled(first.db, [room.id]);
    },
  );

  test('carts of two rooms in either order: min(kA, kB) succeed, no deadlock', async () => {
    const { room: a } = await roomWithStock(first.db, 9);
    const { room: b } = await roomWithStock(first.db, 6);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, n) => {
        const lines: Line[] = [
          { id: a.id, checkIn: inDays(2), checkOut: inDays(5), cartQuantity: 1 },
          { id: b.id, checkIn: inDays(3), checkOut: inDays(6), cartQuantity: 1 },
        ];
        return checkoutAt(n, n % 3 === 0 ? lines.reverse() : lines);
      }),
    );
    expect(tally(results.map((r) => r.status))).toEqual({ 201: 6, 409: 194 });
    await expectLedgerReconciled(first.db, [a.id, b.id]);
  });
});

describe('idempotency under concurrency', () => {
  test('the same key 20 times at once → one booking; paid 20 times at once → one charge', async () => {
    const { room } = await roomWithStock(first.db, 5, 20_000);
    const cart: Line[] = [
      { id: room.id, checkIn: inDays(8), checkOut: inDays(10), cartQuantity: 2 },
    ];
    const key = randomUUID();
    // One guest, both instances.
    const body = await shown(cart);
    const same = await Promise.all(
      Array.from({ length: 20 }, (_, n) => call(n, '/api/booking', 0, key, body)),
    );
    const counts = tally(same.map((r) => r.status));
    console.info(`same checkout key x20: ${JSON.stringify(counts)}`);
    expect(counts[201]).toBe(1);
    expect((counts[200] ?? 0) + (counts[409] ?? 0)).toBe(19);
    expect(
      same.filter((r) => r.status === 409).every((r) => r.body.code === 'IDEMPOTENCY_IN_FLIGHT'),
    ).toBe(true);
    const ids = new Set(same.filter((r) => r.status < 300).map((r) => r.body.id));
    expect(ids.size).toBe(1);
    const [bookingId] = [...ids] as string[];
    const made = await first.db.execute(
      sql`select count(*)::int as n from bookings where idempotency_key = ${key}`,
    );
    expect(made.rows[0]).toEqual({ n: 1 });
    // Settled now: every retry answers the same booking; another cart is refused.
    expect((await call(1, '/api/booking', 0, key, body)).status).toBe(200);
    const other = await call(
      0,
      '/api/booking',
      0,
      key,
      await shown([{ ...(cart[0] as Line), cartQuantity: 1 }]),
    );
    expect(other.status).toBe(422);
    expect(await unitsFree(first.db, room.id, inDays(8), inDays(10))).toBe(3);

    const payKey = randomUUID();
    const callsBefore = provider.calls;
    provider.latencyMs = 200;
    const card = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };
    const paid = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        call(n, '/api/payments/card', 0, payKey, { booking: bookingId, card, amount: 1 }),
      ),
    ).finally(() => {
      provider.latencyMs = 0;
    });
    const payCounts = tally(paid.map((r) => r.status));
    console.info(`same payment key x20: ${JSON.stringify(payCounts)}`);
    // One request drives the charge; the others find it at the processor (409) or settled (200).
    expect((payCounts[200] ?? 0) + (payCounts[409] ?? 0)).toBe(20);
    expect(payCounts[200]).toBeGreaterThanOrEqual(1);
    expect(
      paid.filter((r) => r.status === 409).every((r) => r.body.code === 'IDEMPOTENCY_IN_FLIGHT'),
    ).toBe(true);
    expect(provider.calls - callsBefore).toBe(1);
    // Settled: a retry now answers the first result.
    const retry = await call(1, '/api/payments/card', 0, payKey, { booking: bookingId, card });
    expect(retry.status).toBe(200);
    const rows = await first.db
      .select()
      .from(payments)
      .where(eq(payments.bookingId, bookingId ?? ''));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'captured', amountCents: 80_000 });
    expect(await provider.capturedCharge(rows[0]?.id ?? '')).toEqual({
      amountCents: 80_000,
      refundedCents: 0,
    });
    const [row] = await first.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, bookingId ?? ''));
    expect(row?.status).toBe('confirmed');
    const receipts = await first.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, guests[0]?.email ?? ''));
    expect(receipts.filter((m) => m.html.includes(bookingId ?? ''))).toHaveLength(1);
    await expectLedgerReconciled(first.db, [room.id]);
  });
});

test('sweepers of both instances racing over lapsed holds release each once', async () => {
  const { room } = await roomWithStock(first.db, 40);
  const made = await Promise.all(
    Array.from({ length: 40 }, (_, n) =>
      checkoutAt(n, [{ id: room.id, checkIn: inDays(15), checkOut: inDays(17), cartQuantity: 1 }]),
    ),
  );
  const ids = made.map((r) => r.body.id as string);
  await first.db
    .update(bookings)
    .set({ holdExpiresAt: sql`now() - interval '1 second'` })
    .where(sql`id = any(${`{${ids.join(',')}}`}::uuid[])`);
  const sweeps = await Promise.all([
    releaseExpiredHolds(first.db, new Date(), 5),
    releaseExpiredHolds(second.db, new Date(), 5),
    releaseExpiredHolds(first.db, new Date(), 7),
    releaseExpiredHolds(second.db, new Date(), 7),
  ]);
  expect(sweeps.flat().sort()).toEqual([...ids].sort());
  expect(await unitsFree(first.db, room.id, inDays(15), inDays(17))).toBe(40);
  await expectLedgerReconciled(first.db, [room.id]);
});

test('late payments racing both sweepers and new buyers: each is confirmed or refunded, never over stock', async () => {
  const { room } = await roomWithStock(first.db, 20);
  const stay: Line = { id: room.id, checkIn: inDays(25), checkOut: inDays(27), cartQuantity: 1 };
  const held = await Promise.all(Array.from({ length: 20 }, (_, n) => checkoutAt(n, [stay])));
  expect(held.map((r) => r.status)).toEqual(Array(20).fill(201));
  const ids = held.map((r) => r.body.id as string);
  // Every hold lapses just as its guest pays; the processor takes its time to answer.
  await first.db
    .update(bookings)
    .set({ holdExpiresAt: sql`now() - interval '1 second'` })
    .where(sql`id = any(${`{${ids.join(',')}}`}::uuid[])`);
  const card = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };
  provider.latencyMs = 50;
  const [paid, , buyers] = await Promise.all([
    Promise.all(
      ids.map((id, n) =>
        call(n, '/api/payments/card', n, randomUUID(), { booking: id, card, amount: 1 }),
      ),
    ),
    Promise.all([
      releaseExpiredHolds(first.db, new Date(), 3),
      releaseExpiredHolds(second.db, new Date(), 3),
    ]),
    // New buyers take whatever the sweepers free before a late charge takes it back.
    Promise.all(Array.from({ length: 20 }, (_, n) => checkoutAt(n + 1, [stay]))),
  ]).finally(() => {
    provider.latencyMs = 0;
  });
  const outcome = tally(paid.map((r) => r.status));
  const sold = tally(buyers.map((r) => r.status));
  console.info(`late payments ${JSON.stringify(outcome)}, new buyers ${JSON.stringify(sold)}`);
  expect((outcome[200] ?? 0) + (outcome[409] ?? 0)).toBe(20);
  expect(paid.filter((r) => r.status === 409).every((r) => r.body.code === 'HOLD_EXPIRED')).toBe(
    true,
  );
  expect((sold[201] ?? 0) + (sold[409] ?? 0)).toBe(20);
  for (const [n, id] of ids.entries()) {
    const [booking] = await first.db.select().from(bookings).where(eq(bookings.id, id));
    const [payment] = await first.db.select().from(payments).where(eq(payments.bookingId, id));
    if (paid[n]?.status === 200) {
      expect(booking?.status).toBe('confirmed');
      expect(payment?.status).toBe('captured');
    } else {
      // Lost to the sweeper: never charged, or charged and given back in full.
      expect(booking?.status).toBe('expired');
      if (payment)
        expect(payment).toMatchObject({ status: 'refunded', refundedCents: payment.amountCents });
    }
  }
  // Confirmed late payments and new holds share the 20 units, never more.
  expect((outcome[200] ?? 0) + (sold[201] ?? 0)).toBeLessThanOrEqual(20);
  expect(await unitsFree(first.db, room.id, inDays(25), inDays(27))).toBe(
    20 - (outcome[200] ?? 0) - (sold[201] ?? 0),
  );
  await expectLedgerReconciled(first.db, [room.id]);
  await expectBookingsConsistent(first.db);
});
