import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER } from '@devstay/shared/http';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, withSession } from '../../test/auth.ts';
import {
  checkoutPayload,
  expectLedgerReconciled,
  inDays,
  roomWithStock,
} from '../../test/booking-fixtures.ts';

/**
 * A room sold out on committed data is refused at once: a checkout reads the ledger plainly
 * before it takes any lock, so it never queues on the lock of a night whose last unit is gone.
 * And only committed data refuses: a night whose last unit another transaction is taking, not
 * yet committed, is decided by the guarded update once that one ends.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A new guest ready to check out one unit of the room (signed up, the cart quoted). */
const guestFor = async (roomId: number, from: number, to: number) => {
  const { cookie } = await signUp(t.app, `rush.${randomUUID()}@devstay.dev`);
  const payload = await checkoutPayload(t.app, [
    { id: roomId, checkIn: inDays(from), checkOut: inDays(to), cartQuantity: 1 },
  ]);
  return () =>
    t.app.inject({
      method: 'POST',
      url: '/api/booking',
      headers: { ...withSession(cookie), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      payload,
    });
};
const checkout = async (roomId: number, from: number, to: number) =>
  (await guestFor(roomId, from, to))();

/** Runs `work` while another connection holds the ledger row of (room, night) locked. */
async function whileNightLocked<T>(
  roomId: number,
  night: string,
  change: 'lock only' | 'take the last unit',
  work: (holder: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const holder = await t.db.$client.connect();
  try {
    await holder.query('begin');
    const locked =
      change === 'lock only'
        ? await holder.query(
            'select taken from room_nights where room_id = $1 and night = $2 for update',
            [roomId, night],
          )
        : await holder.query(
            `insert into room_nights (room_id, night, taken) values ($1, $2, 1)
             on conflict (room_id, night) do update set taken = room_nights.taken + 1
             returning taken`,
            [roomId, night],
          );
    expect(locked.rowCount).toBe(1);
    return await work(holder);
  } finally {
    await holder.query('rollback').catch(() => {});
    holder.release();
  }
}

const STILL_WAITING = 'still waiting';
const within = <T>(ms: number, answer: Promise<T>) =>
  Promise.race([
    answer,
    new Promise<typeof STILL_WAITING>((resolve) => setTimeout(() => resolve(STILL_WAITING), ms)),
  ]);

describe('a sold-out room', () => {
  test('is refused at once, without waiting for the lock of its last night', async () => {
    const { room } = await roomWithStock(t.db, 2);
    for (let i = 0; i < 2; i++) expect((await checkout(room.id, 3, 5)).statusCode).toBe(201);
    // Another checkout (or a cancel) holds the night's ledger row for as long as it likes.
    const late = await guestFor(room.id, 3, 5);
    await whileNightLocked(room.id, inDays(3), 'lock only', async () => {
      const answer = await within(3000, late());
      expect(answer).not.toBe(STILL_WAITING);
      if (answer === STILL_WAITING) return;
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({ code: 'SOLD_OUT', field: 'cartRoom.0' });
      expect(answer.json().message).toContain(inDays(3));
    });
    await expectLedgerReconciled(t.db, [room.id]);
  });

  test('only on committed data: a last unit being taken, not yet committed, is waited for', async () => {
    const { room } = await roomWithStock(t.db, 1);
    // The other transaction gives up: the unit was free after all, and this checkout takes it.
    const first = await guestFor(room.id, 4, 5);
    const taken = await whileNightLocked(room.id, inDays(4), 'take the last unit', async () => {
      const answer = first();
      expect(await within(1000, answer)).toBe(STILL_WAITING);
      return { answer }; // still waiting: answered once the other transaction rolls back
    });
    expect((await taken.answer).statusCode).toBe(201);
    // The same, but the other transaction commits: then the guarded update refuses.
    const { room: other } = await roomWithStock(t.db, 1);
    const second = await guestFor(other.id, 4, 5);
    let refused: ReturnType<typeof second> | undefined;
    await whileNightLocked(other.id, inDays(4), 'take the last unit', async (holder) => {
      refused = second();
      expect(await within(1000, refused)).toBe(STILL_WAITING);
      await holder.query('commit');
    });
    const answer = await (refused as ReturnType<typeof second>);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'SOLD_OUT' });
    await t.db.$client.query('delete from room_nights where room_id = $1', [other.id]);
    await expectLedgerReconciled(t.db, [room.id, other.id]);
  });
});
