import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDb, type Db } from '../../db/client.ts';
import { createTestDatabase } from '../../test/app.ts';
import {
  expectBookingsConsistent,
  expectLedgerReconciled,
  inDays,
  roomWithStock,
} from '../../test/booking-fixtures.ts';
import { bookAndPay, type HttpGuest, signUpOverHttp } from '../../test/http-guest.ts';
import {
  PROCESS_ORIGIN,
  type ServerProcess,
  startServerProcess,
} from '../../test/server-process.ts';
import { unitsFree } from '../availability/ledger.ts';

/**
 * No room sold twice (docs/scaling.md, Booking) with real processes: two server processes as `npm start`
 * runs them, one PostgreSQL, and 200 real HTTP clients — 20 signed-up guests with their own
 * sessions — each checking out and paying with the success card, spread over both processes.
 */

const GUESTS = 20;
const CLIENTS = 200;
let db: Db;
const servers: ServerProcess[] = [];
const guests: HttpGuest[] = [];

beforeAll(async () => {
  const databaseUrl = await createTestDatabase();
  db = createDb(databaseUrl, 4);
  // A guest paying ten times within the minute is this test's crowd, not abuse.
  const env = { PAYMENT_RATE_LIMIT: '1000' };
  servers.push(
    ...(await Promise.all([
      startServerProcess(databaseUrl, env),
      startServerProcess(databaseUrl, env),
    ])),
  );
  for (let i = 0; i < GUESTS; i++) {
    const base = servers[i % 2]?.base ?? '';
    guests.push(
      await signUpOverHttp(base, PROCESS_ORIGIN, `crowd.${i}.${randomUUID()}@devstay.dev`),
    );
  }
}, 180_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await db?.$client.end();
});

const tally = (values: (number | undefined)[]) => {
  const counts: Record<string, number> = {};
  for (const v of values) counts[String(v)] = (counts[String(v)] ?? 0) + 1;
  return counts;
};

const confirmedUnits = async (roomId: number) =>
  (
    await db.execute<{ units: number }>(sql`
      select coalesce(sum(l.quantity), 0)::int as units from booking_lines l
      join bookings b on b.id = l.booking_id
      where l.room_id = ${roomId} and b.status = 'confirmed'`)
  ).rows[0]?.units;

describe(`${CLIENTS} concurrent checkouts and payments over two server processes`, () => {
  test.each([
    { stock: 10, booked: 3 },
    { stock: 7, booked: 0 },
    { stock: 1, booked: 0 },
    { stock: 4, booked: 4 },
  ])(
    'stock $stock, $booked booked before: exactly the rest are confirmed',
    async ({ stock, booked }) => {
      const { room } = await roomWithStock(db, stock);
      if (booked > 0) {
        const before = await bookAndPay(
          servers[0]?.base ?? '',
          PROCESS_ORIGIN,
          guests[0] as HttpGuest,
          [{ id: room.id, checkIn: inDays(3), checkOut: inDays(9), cartQuantity: booked }],
        );
        expect(before).toMatchObject({ checkout: 201, payment: 200 });
      }
      const k = stock - booked;
      const started = performance.now();
      // Stays of 2 or 3 nights, all covering night 5: every client competes for the same units.
      const results = await Promise.all(
        Array.from({ length: CLIENTS }, (_, n) =>
          bookAndPay(servers[n % 2]?.base ?? '', PROCESS_ORIGIN, guests[n % GUESTS] as HttpGuest, [
            { id: room.id, checkIn: inDays(4 + (n % 2)), checkOut: inDays(7), cartQuantity: 1 },
          ]),
        ),
      );
      const ms = Math.round(performance.now() - started);
      const checkouts = tally(results.map((r) => r.checkout));
      const payments = tally(results.filter((r) => r.checkout === 201).map((r) => r.payment));
      console.info(
        `2 processes, k=${k}: checkouts ${JSON.stringify(checkouts)}, ` +
          `payments ${JSON.stringify(payments)}, ${ms} ms`,
      );
      expect(checkouts).toEqual(k > 0 ? { 201: k, 409: CLIENTS - k } : { 409: CLIENTS });
      expect(payments).toEqual(k > 0 ? { 200: k } : {});
      expect(await confirmedUnits(room.id)).toBe(stock);
      expect(await unitsFree(db, room.id, inDays(5), inDays(6))).toBe(0);
      await expectLedgerReconciled(db, [room.id]);
      await expectBookingsConsistent(db);
    },
    120_000,
  );
});
