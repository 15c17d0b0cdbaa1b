import { randomUUID } from 'node:crypto';
import { RECEIPT_SUBJECT } from '@devstay/shared/constants';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createDb, type Db } from '../../db/client.ts';
import { bookings, mailOutbox, payments, testCardCharges } from '../../db/schema.ts';
import type { CrashPoint } from '../../lib/crash-point.ts';
import { createTestDatabase } from '../../test/app.ts';
import { expectBookingsConsistent, inDays, roomWithStock } from '../../test/booking-fixtures.ts';
import {
  bookAndPay,
  type CartLine,
  checkoutPayload,
  type HttpGuest,
  postAs,
  SUCCESS_CARD,
  signUpOverHttp,
} from '../../test/http-guest.ts';
import {
  PROCESS_ORIGIN,
  type ServerProcess,
  startServerProcess,
} from '../../test/server-process.ts';
import { unitsFree } from '../availability/ledger.ts';
import { releaseExpiredHolds } from './hold-sweeper.ts';

/**
 * A real server process killed with SIGKILL (no shutdown, no finally) at an exact step of the
 * booking flow (CRASH_AT, honoured with NODE_ENV=test only), then a server restarted on the same
 * database: no unit is lost for good, no booking stands without its payment, no charge stands
 * without its booking or its refund. Time passing (the hold lapsing, the payment going stale)
 * is written into the rows, as the restarted server's sweeper and reconciliation would see it
 * minutes later; those two run in the restarted process, on its interval.
 */

let databaseUrl: string;
let db: Db;
const running: ServerProcess[] = [];

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  db = createDb(databaseUrl, 4);
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});
afterAll(async () => {
  await db?.$client.end();
});

async function serve(env: Record<string, string> = {}) {
  const server = await startServerProcess(databaseUrl, env);
  running.push(server);
  return server;
}

/** A server that dies at `point`, and a guest signed up on it. */
async function crashingServer(point: CrashPoint) {
  const server = await serve({ CRASH_AT: point });
  const guest = await signUpOverHttp(
    server.base,
    PROCESS_ORIGIN,
    `crash.${point}.${randomUUID()}@devstay.dev`,
  );
  return { server, guest };
}

/** The restarted server, sweeping and reconciling every 100 ms. */
const restart = () => serve({ BOOKING_SWEEP_MS: '100' });

async function expectKilled(server: ServerProcess, request: Promise<unknown>) {
  // The connection dies with the process: no answer at all.
  await expect(request).rejects.toThrow();
  expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
}

const bookingOf = async (guest: HttpGuest) => {
  const rows = await db.execute<{ id: string; status: string }>(sql`
    select b.id, b.status from bookings b join users u on u.id = b.user_id
    where u.email = ${guest.email}`);
  expect(rows.rows).toHaveLength(1);
  return rows.rows[0] as { id: string; status: string };
};
const statusOf = async (id: string) =>
  (await db.select({ s: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]?.s;
const paymentOf = async (bookingId: string) =>
  (await db.select().from(payments).where(eq(payments.bookingId, bookingId)))[0];
const chargeOf = async (key: string) =>
  (await db.select().from(testCardCharges).where(eq(testCardCharges.idempotencyKey, key)))[0];
/** The hold lapsed while no server ran. */
const lapseHold = (id: string) =>
  db
    .update(bookings)
    .set({ holdExpiresAt: sql`now() - interval '1 second'` })
    .where(eq(bookings.id, id));
/** The payment has been pending longer than the reconciliation's stale window. */
const staleify = (bookingId: string) =>
  db
    .update(payments)
    .set({ updatedAt: sql`now() - interval '1 hour'` })
    .where(eq(payments.bookingId, bookingId));
const receiptsOf = async (guest: HttpGuest, bookingId: string) =>
  (
    await db
      .select({ html: mailOutbox.html })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, guest.email), eq(mailOutbox.subject, RECEIPT_SUBJECT)))
  ).filter((m) => m.html.includes(bookingId));

const stay = (roomId: number): CartLine[] => [
  { id: roomId, checkIn: inDays(20), checkOut: inDays(22), cartQuantity: 1 },
];

/** The guest's checkout of one unit of `roomId`, at the total the quote shows. */
const checkOut = async (server: ServerProcess, guest: HttpGuest, roomId: number) =>
  postAs(
    server.base,
    PROCESS_ORIGIN,
    guest,
    '/api/booking',
    randomUUID(),
    await checkoutPayload(server.base, stay(roomId)),
  );

describe('killed between hold and charge', { timeout: 120_000 }, () => {
  test('after the hold, before the reply: the restarted sweeper gives the units back', async () => {
    const { room } = await roomWithStock(db, 1);
    const { server, guest } = await crashingServer('after-hold');
    await expectKilled(server, checkOut(server, guest, room.id));
    // Left behind: a pending booking holding the last unit, and no payment.
    const booking = await bookingOf(guest);
    expect(booking.status).toBe('pending');
    expect(await paymentOf(booking.id)).toBeUndefined();
    expect(await unitsFree(db, room.id, inDays(20), inDays(22))).toBe(0);

    await lapseHold(booking.id);
    await restart();
    await expect.poll(() => statusOf(booking.id), { timeout: 20_000 }).toBe('expired');
    expect(await unitsFree(db, room.id, inDays(20), inDays(22))).toBe(1);
    await expectBookingsConsistent(db);
  });

  test('payment recorded, processor never called: the restart abandons it and frees the units', async () => {
    const { room } = await roomWithStock(db, 1);
    const { server, guest } = await crashingServer('before-charge');
    const held = await checkOut(server, guest, room.id);
    expect(held.status).toBe(201);
    const bookingId = held.body.id as string;
    await expectKilled(
      server,
      postAs(server.base, PROCESS_ORIGIN, guest, '/api/payments/card', randomUUID(), {
        booking: bookingId,
        card: SUCCESS_CARD,
      }),
    );
    const payment = await paymentOf(bookingId);
    expect(payment?.status).toBe('pending');
    expect(await chargeOf(payment?.id ?? '')).toBeUndefined();

    await staleify(bookingId);
    await restart();
    await expect.poll(() => statusOf(bookingId), { timeout: 20_000 }).toBe('expired');
    expect(await paymentOf(bookingId)).toMatchObject({ status: 'failed' });
    expect(await chargeOf(payment?.id ?? '')).toBeUndefined();
    expect(await unitsFree(db, room.id, inDays(20), inDays(22))).toBe(1);
    await expectBookingsConsistent(db);
  });
});

describe('killed between charge and confirm', { timeout: 120_000 }, () => {
  test('the restart finds the charge at the processor and confirms the booking, once', async () => {
    const { room } = await roomWithStock(db, 1);
    const { server, guest } = await crashingServer('after-charge');
    const held = await checkOut(server, guest, room.id);
    expect(held.status).toBe(201);
    const bookingId = held.body.id as string;
    const payKey = randomUUID();
    const payBody = { booking: bookingId, card: SUCCESS_CARD };
    await expectKilled(
      server,
      postAs(server.base, PROCESS_ORIGIN, guest, '/api/payments/card', payKey, payBody),
    );
    // Charged at the processor; nothing of it recorded on our side.
    const payment = await paymentOf(bookingId);
    expect(payment).toMatchObject({ status: 'pending', providerRef: null });
    const charge = await chargeOf(payment?.id ?? '');
    expect(charge).toMatchObject({ amountCents: payment?.amountCents, refundedCents: 0 });
    expect(await statusOf(bookingId)).toBe('pending');

    await staleify(bookingId);
    const restarted = await restart();
    await expect.poll(() => statusOf(bookingId), { timeout: 20_000 }).toBe('confirmed');
    expect(await paymentOf(bookingId)).toMatchObject({
      status: 'captured',
      providerRef: charge?.providerRef,
    });
    expect(await receiptsOf(guest, bookingId)).toHaveLength(1);
    expect(await unitsFree(db, room.id, inDays(20), inDays(22))).toBe(0);
    // The guest's retry with the same key answers the payment, and charges nothing more.
    const retry = await postAs(
      restarted.base,
      PROCESS_ORIGIN,
      guest,
      '/api/payments/card',
      payKey,
      payBody,
    );
    expect(retry.status).toBe(200);
    expect(
      await db.$count(testCardCharges, eq(testCardCharges.idempotencyKey, payment?.id ?? '')),
    ).toBe(1);
    await expectBookingsConsistent(db);
  });

  test('the hold lapsed and the room was sold meanwhile: the restart refunds the charge', async () => {
    const { room } = await roomWithStock(db, 1);
    const { server, guest } = await crashingServer('after-charge');
    const held = await checkOut(server, guest, room.id);
    const bookingId = held.body.id as string;
    await expectKilled(
      server,
      postAs(server.base, PROCESS_ORIGIN, guest, '/api/payments/card', randomUUID(), {
        booking: bookingId,
        card: SUCCESS_CARD,
      }),
    );
    const payment = await paymentOf(bookingId);
    // While the crashed process stayed down, another process's sweeper released the lapsed
    // hold and another guest bought the last unit.
    await lapseHold(bookingId);
    expect(await releaseExpiredHolds(db, new Date())).toContain(bookingId);
    const restarted = await restart();
    const other = await signUpOverHttp(
      restarted.base,
      PROCESS_ORIGIN,
      `other.${randomUUID()}@devstay.dev`,
    );
    expect(await bookAndPay(restarted.base, PROCESS_ORIGIN, other, stay(room.id))).toMatchObject({
      checkout: 201,
      payment: 200,
    });

    await staleify(bookingId);
    await expect
      .poll(async () => (await paymentOf(bookingId))?.status, { timeout: 20_000 })
      .toBe('refunded');
    expect(await statusOf(bookingId)).toBe('expired');
    expect(await chargeOf(payment?.id ?? '')).toMatchObject({
      refundedCents: payment?.amountCents,
    });
    expect(await receiptsOf(guest, bookingId)).toHaveLength(0);
    expect(await unitsFree(db, room.id, inDays(20), inDays(22))).toBe(0);
    await expectBookingsConsistent(db);
  });
});
