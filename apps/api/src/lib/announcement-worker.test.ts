import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { AnnouncementDelivery, announce } from './announcements.ts';

/**
 * The delivery worker's waits: a commit's notice wakes it, and an announcement waiting for a
 * retry is delivered when its due time comes, without a notice and long before the idle poll.
 */

let t: TestApp;
beforeAll(async () => {
  // No background work: the only worker on this database is the test's own.
  t = await createTestApp({}, { workers: false });
});
afterAll(() => t.close());

test('a retry is delivered at its due time, not at the next idle poll', async () => {
  const delivery = new AnnouncementDelivery({
    db: t.db,
    log: t.app.log,
    pollMs: 120_000,
    retryBaseMs: 300,
  });
  const attempts: number[] = [];
  let delivered: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    delivered = resolve;
  });
  delivery.subscribe('bookingCancelled', 'flaky', async () => {
    attempts.push(Date.now());
    if (attempts.length === 1) throw new Error('the first attempt fails');
    delivered();
  });
  const worker = delivery.start();
  try {
    await t.db.transaction((tx) =>
      announce(tx, 'bookingCancelled', { bookingId: 'b-1', by: 'guest', refundCents: 0 }),
    );
    // What the commit's notice does in a server (app.ts).
    delivery.wake();
    const waited = await Promise.race([
      done.then(() => 'delivered'),
      new Promise((resolve) => setTimeout(resolve, 20_000, 'still waiting')),
    ]);
    expect(waited).toBe('delivered');
    expect(attempts).toHaveLength(2);
  } finally {
    await worker.stop();
  }
});
