import { randomUUID } from 'node:crypto';
import type { Booking } from '@devstay/shared/contracts/booking';
import { IDEMPOTENCY_KEY_HEADER } from '@devstay/shared/http';
import { BOOKING_MESSAGES } from '@devstay/shared/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bookings } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { DEMO, signIn, signUp, withSession } from '../../test/auth.ts';
import {
  checkoutPayload,
  expectLedgerReconciled,
  inDays,
  roomWithStock,
} from '../../test/booking-fixtures.ts';
import { userIdByEmail } from '../../test/fixtures.ts';
import { unitsFree } from '../availability/ledger.ts';
import { idempotencyLockId } from './checkout.ts';
import { releaseExpiredHolds } from './hold-sweeper.ts';

let t: TestApp;
let guest: string;
let guestId: string;
beforeAll(async () => {
  // The sweeps are run by hand and each one's result asserted.
  t = await createTestApp({}, { workers: false });
  guest = await signIn(t.app, DEMO.user);
  guestId = await userIdByEmail(t.db, DEMO.user);
});
afterAll(() => t.close());

type Line = { id: number; checkIn: string; checkOut: string; cartQuantity: number };

/** `key` null sends no Idempotency-Key. */
const book = async (cartRoom: Line[], key: string | null = randomUUID(), cookie = guest) =>
  t.app.inject({
    method: 'POST',
    url: '/api/booking',
    headers: { ...withSession(cookie), ...(key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {}) },
    // A client's own dollar total is ignored; the quote's cents are what the guest was shown.
    payload: { ...(await checkoutPayload(t.app, cartRoom)), cartTotalAmount: 1 },
  });

const line = (id: number, from: number, to: number, cartQuantity = 1): Line => ({
  id,
  checkIn: inDays(from),
  checkOut: inDays(to),
  cartQuantity,
});

describe('POST /api/booking', () => {
  test('holds the rooms as a pending booking priced by the server', async () => {
    const { hotel, room } = await roomWithStock(t.db, 3, 10_000);
    const before = Date.now();
    const res = await book([line(room.id, 2, 5, 2)]);
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json<Booking>();
    expect(booking).toMatchObject({
      status: 'pending',
      user: guestId,
      cartTotalQuantity: 2,
      cartTotalAmount: 600,
      cartTotalCents: 60_000,
      cartRoom: [
        {
          id: room.id,
          name: 'suite',
          idHotel: hotel.id,
          hotel: hotel.name,
          checkIn: inDays(2),
          checkOut: inDays(5),
          cartQuantity: 2,
          price: 100,
          totalCents: 60_000,
        },
      ],
    });
    // The hold lasts BOOKING_HOLD_MINUTES (10 by default).
    const holdMs = Date.parse(booking.holdExpiresAt ?? '') - before;
    expect(holdMs).toBeGreaterThan(9.5 * 60_000);
    expect(holdMs).toBeLessThan(10.5 * 60_000);
    expect(await unitsFree(t.db, room.id, inDays(2), inDays(5))).toBe(1);
    await expectLedgerReconciled(t.db, [room.id]);
  });

  test('who may check out: visitors 401, staff 403 (pay and book are a guest’s own)', async () => {
    const { room } = await roomWithStock(t.db, 3);
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/booking',
      headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      payload: { cartRoom: [line(room.id, 1, 2)] },
    });
    expect(visitor.statusCode).toBe(401);
    const admin = await book([line(room.id, 1, 2)], randomUUID(), await signIn(t.app, DEMO.admin));
    expect(admin.statusCode).toBe(403);
  });

  test.each([
    ['no Idempotency-Key', null, BOOKING_MESSAGES.idempotencyKeyMissing],
    ['a key with spaces', 'two words', BOOKING_MESSAGES.idempotencyKeyInvalid],
    ['a key too long', 'k'.repeat(201), BOOKING_MESSAGES.idempotencyKeyInvalid],
  ])('%s → 400 naming the header', async (_, key, message) => {
    const { room } = await roomWithStock(t.db, 1);
    const res = await book([line(room.id, 1, 2)], key);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ field: IDEMPOTENCY_KEY_HEADER });
    expect(res.json().message).toContain(message);
  });

  test('an empty cart → 400', async () => {
    const res = await book([]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'cartRoom' });
  });

  test('a night without units → 409 naming room and night; nothing of the cart is kept', async () => {
    const { hotel, room } = await roomWithStock(t.db, 2);
    const { room: other } = await roomWithStock(t.db, 5);
    expect((await book([line(room.id, 4, 5, 2)])).statusCode).toBe(201);
    const res = await book([line(other.id, 1, 6, 3), line(room.id, 3, 6, 1)]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'SOLD_OUT',
      field: 'cartRoom.1',
      message: BOOKING_MESSAGES.soldOut('suite', hotel.name, inDays(4)),
    });
    // The first line's units were rolled back with the rest.
    expect(await unitsFree(t.db, other.id, inDays(1), inDays(6))).toBe(5);
    await expectLedgerReconciled(t.db, [room.id, other.id]);
  });

  test('the same room twice on overlapping nights counts together; adjacent stays both fit', async () => {
    const { room } = await roomWithStock(t.db, 3);
    const overlapping = await book([line(room.id, 2, 5, 2), line(room.id, 4, 6, 2)]);
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json().message).toContain(inDays(4));
    const adjacent = await book([line(room.id, 2, 4, 3), line(room.id, 4, 6, 3)]);
    expect(adjacent.statusCode, adjacent.body).toBe(201);
    const twice = await book([line(room.id, 6, 7, 1), line(room.id, 6, 7, 2)]);
    expect(twice.statusCode, twice.body).toBe(201);
    expect(await unitsFree(t.db, room.id, inDays(2), inDays(7))).toBe(0);
    await expectLedgerReconciled(t.db, [room.id]);
  });

  test('idempotency: same key and cart → the first booking; another cart → 422', async () => {
    const { room } = await roomWithStock(t.db, 5);
    const key = randomUUID();
    const cart = [line(room.id, 1, 3, 1), line(room.id, 5, 6, 2)];
    const first = await book(cart, key);
    expect(first.statusCode).toBe(201);
    // The same cart in another order is the same request.
    const again = await book([...cart].reverse(), key);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const changed = await book([line(room.id, 1, 3, 2)], key);
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toMatchObject({ code: 'IDEMPOTENCY_MISMATCH' });
    // Keys belong to their account: another guest may use the same one.
    const { cookie } = await signUp(t.app, `key.twin.${randomUUID()}@devstay.dev`);
    expect((await book(cart, key, cookie)).statusCode).toBe(201);
    const count = await t.db.execute(
      sql`select count(*)::int as n from bookings where idempotency_key = ${key}`,
    );
    expect(count.rows[0]).toEqual({ n: 2 });
    await expectLedgerReconciled(t.db, [room.id]);
  });

  test('a request whose key is still in flight → 409', async () => {
    const { room } = await roomWithStock(t.db, 5);
    const key = randomUUID();
    // Another process is working on this key: it holds the key's lock in an open transaction.
    const holder = await t.db.$client.connect();
    try {
      await holder.query('begin');
      await holder.query('select pg_advisory_xact_lock($1::bigint)', [
        idempotencyLockId('booking', guestId, key),
      ]);
      const res = await book([line(room.id, 1, 2)], key);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'IDEMPOTENCY_IN_FLIGHT' });
      await holder.query('rollback');
    } finally {
      holder.release();
    }
    expect((await book([line(room.id, 1, 2)], key)).statusCode).toBe(201);
  });
});

describe('lapsed holds', () => {
  const lapse = (id: string) =>
    t.db
      .update(bookings)
      .set({ holdExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(bookings.id, id));

  test('are released once, units given back; holds still running are kept', async () => {
    const { room } = await roomWithStock(t.db, 2);
    const lapsing = (await book([line(room.id, 1, 3, 1)])).json<Booking>();
    const running = (await book([line(room.id, 1, 3, 1)])).json<Booking>();
    await lapse(lapsing.id);
    expect(await unitsFree(t.db, room.id, inDays(1), inDays(3))).toBe(0);
    // Two sweepers at once (as two processes would): exactly one releases it.
    const sweeps = await Promise.all([
      releaseExpiredHolds(t.db, new Date()),
      releaseExpiredHolds(t.db, new Date()),
    ]);
    expect(sweeps.flat().filter((id) => id === lapsing.id)).toHaveLength(1);
    expect(sweeps.flat()).not.toContain(running.id);
    expect(await releaseExpiredHolds(t.db, new Date())).toEqual([]);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, lapsing.id));
    expect(row?.status).toBe('expired');
    expect(await unitsFree(t.db, room.id, inDays(1), inDays(3))).toBe(1);
    await expectLedgerReconciled(t.db, [room.id]);
  });

  test('many sweepers racing over many lapsed holds release each exactly once', async () => {
    const { room } = await roomWithStock(t.db, 30);
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push((await book([line(room.id, 1, 4, 1)])).json().id);
    await Promise.all(ids.map(lapse));
    const sweeps = await Promise.all(
      Array.from({ length: 6 }, () => releaseExpiredHolds(t.db, new Date(), 4)),
    );
    expect(sweeps.flat().sort()).toEqual([...ids].sort());
    expect(await unitsFree(t.db, room.id, inDays(1), inDays(4))).toBe(30);
    await expectLedgerReconciled(t.db, [room.id]);
  });
});
