import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, test } from 'vitest';
import { bookings } from '../db/schema.ts';
import { createTestApp } from '../test/app.ts';
import { guestHold, inDays, roomWithStock } from '../test/booking-fixtures.ts';
import { backgroundWork } from './background-work.ts';

/** Timers keeping this process alive now. */
const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describe('background work registered with the app', () => {
  test('an app built for tests sweeps a lapsed hold by itself, and closing it stops every worker', async () => {
    const before = timers();
    const t = await createTestApp({ BOOKING_SWEEP_MS: '50' });
    try {
      expect([...t.app.workersRunning].sort()).toEqual([
        'announcements',
        'channel-sync',
        'hold-sweeper',
        'mail',
        'unused-uploads',
      ]);
      const { room } = await roomWithStock(t.db, 1);
      const id = await guestHold(t.db, room.id, inDays(1), inDays(2));
      await t.db
        .update(bookings)
        .set({ holdExpiresAt: sql`now() - interval '1 second'` })
        .where(eq(bookings.id, id));
      // Nobody calls the sweep: the app's own sweeper releases the hold.
      await expect
        .poll(
          async () => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]?.status,
          { timeout: 10_000 },
        )
        .toBe('expired');
    } finally {
      await t.close();
    }
    expect(t.app.workersRunning).toEqual([]);
    // No timer of the app is left (others of the test runner may have ended meanwhile).
    expect(timers()).toBeLessThanOrEqual(before);
  });

  test('an app built with its workers off starts none', async () => {
    const t = await createTestApp({ BOOKING_SWEEP_MS: '50' }, { workers: false });
    try {
      expect(t.app.workersRunning).toEqual([]);
    } finally {
      await t.close();
    }
  });

  test('a periodic run in flight finishes before close returns, and none starts after', async () => {
    const app = Fastify();
    await app.register(backgroundWork, { run: true });
    let started = 0;
    let finished = 0;
    app.registerWorker({
      name: 'slow',
      intervalMs: 10,
      run: async () => {
        started += 1;
        await new Promise((resolve) => setTimeout(resolve, 200));
        finished += 1;
      },
    });
    await app.ready();
    await expect.poll(() => started, { timeout: 5_000 }).toBe(1);
    await app.close();
    expect(finished).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(started).toBe(1);
  });

  test('one name is registered once', async () => {
    const app = Fastify();
    await app.register(backgroundWork, { run: false });
    const work = { name: 'twice', intervalMs: 10, run: async () => {} };
    app.registerWorker(work);
    expect(() => app.registerWorker(work)).toThrow('"twice" is registered twice');
    await app.close();
  });
});
