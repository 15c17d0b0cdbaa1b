import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { bookings } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { modelFree, type ModelStay as Stay } from '../../test/availability-model.ts';
import { drawnStay, holdAsModelSays } from '../../test/availability-property.ts';
import { expectLedgerReconciled, inDays, roomWithStock } from '../../test/booking-fixtures.ts';
import { releaseExpiredHolds } from '../bookings/hold-sweeper.ts';
import { releasePending } from '../bookings/repository.ts';
import { unitsFree } from './ledger.ts';

/**
 * The availability engine on the real database against a model a child could check: a list of
 * live stays, and "free = stock − the most units live stays use on any night"
 * (test/availability-model.ts). Random sequences
 * of holds (checkouts), confirmations, cancellations and expiries; after each step the engine's
 * answers, the checkout's success and the ledger's reconciliation must match the model.
 */

let t: TestApp;
beforeAll(async () => {
  // The sweeps are run by hand and each one's result asserted.
  t = await createTestApp({}, { workers: false });
});
afterAll(() => t.close());

interface ModelStay extends Stay {
  id?: string;
  status: 'pending' | 'confirmed' | 'cancelled' | 'expired';
}

const HORIZON = 12;

const stay = drawnStay(HORIZON);
const command = fc.oneof(
  { weight: 4, arbitrary: stay.map((s) => ({ kind: 'hold' as const, ...s })) },
  { weight: 2, arbitrary: fc.nat().map((pick) => ({ kind: 'confirm' as const, pick })) },
  { weight: 1, arbitrary: fc.nat().map((pick) => ({ kind: 'cancel' as const, pick })) },
  { weight: 2, arbitrary: fc.nat().map((pick) => ({ kind: 'expire' as const, pick })) },
);

test('the engine agrees with the model over random holds, bookings, cancellations and expiries', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 4 }),
      fc.array(command, { minLength: 1, maxLength: 14 }),
      fc.array(stay, { minLength: 3, maxLength: 3 }),
      async (stock, commands, probes) => {
        const { room } = await roomWithStock(t.db, stock);
        const stays: ModelStay[] = [];
        const pickPending = (pick: number) => {
          const pending = stays.filter((s) => s.status === 'pending');
          return pending[pick % Math.max(1, pending.length)];
        };
        for (const c of commands) {
          if (c.kind === 'hold') {
            const made = await holdAsModelSays(t.db, { id: room.id, stock }, stays, c);
            if (made) stays.push({ ...c, id: made, live: true, status: 'pending' });
          } else {
            const target = pickPending(c.pick);
            if (!target?.id) continue;
            if (c.kind === 'confirm') {
              await t.db
                .update(bookings)
                .set({ status: 'confirmed' })
                .where(eq(bookings.id, target.id));
              target.status = 'confirmed';
            } else if (c.kind === 'cancel') {
              const ids = await t.db.transaction((tx) =>
                releasePending(tx, sql`id = ${target.id}`, 'cancelled'),
              );
              expect(ids).toEqual([target.id]);
              Object.assign(target, { status: 'cancelled', live: false });
            } else {
              await t.db
                .update(bookings)
                .set({ holdExpiresAt: sql`now() - interval '1 second'` })
                .where(eq(bookings.id, target.id));
              expect(await releaseExpiredHolds(t.db, new Date())).toEqual([target.id]);
              Object.assign(target, { status: 'expired', live: false });
            }
          }
          for (const p of probes) {
            expect(
              await unitsFree(t.db, room.id, inDays(p.start), inDays(p.start + p.nights)),
            ).toBe(modelFree(stock, stays, p.start, p.nights));
          }
        }
        await expectLedgerReconciled(t.db, [room.id]);
      },
    ),
    { numRuns: 40 },
  );
}, 120_000);
