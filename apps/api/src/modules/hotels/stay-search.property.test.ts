import { randomUUID } from 'node:crypto';
import type { HotelCard } from '@devstay/shared/contracts/catalogue';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { HttpError } from '../../lib/errors.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { type ModelStay, modelFree } from '../../test/availability-model.ts';
import { inDays } from '../../test/booking-fixtures.ts';
import { insertHotel, insertLocation, insertRoom, uniqueToken } from '../../test/catalogue-rows.ts';
import { insertGuest } from '../../test/fixtures.ts';
import { quoteCart } from '../availability/quote.ts';
import { checkout } from '../bookings/checkout.ts';
import { releasePending } from '../bookings/repository.ts';

/**
 * The hotel list's stay search against the availability reference model
 * (test/availability-model.ts) over random bookings: a hotel of two rooms takes random holds
 * (real checkouts, refused exactly when the model says they do not fit) and cancellations;
 * after each step, the same searches (random stays and units, asked through GET /api/hotels
 * again and again) list the hotel exactly when one of its rooms has the units free in the model.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Booked extends ModelStay {
  room: 0 | 1;
  id: string;
}

const stay = fc.record({
  start: fc.integer({ min: 1, max: 10 }),
  nights: fc.integer({ min: 1, max: 4 }),
  quantity: fc.integer({ min: 1, max: 3 }),
});
const step = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('book' as const), room: fc.constantFrom(0, 1), stay }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
);

test('a hotel is listed for a stay exactly when the model has one of its rooms free', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 3 })),
      fc.array(step, { minLength: 1, maxLength: 10 }),
      fc.array(stay, { minLength: 3, maxLength: 3 }),
      async (stocks, steps, probes) => {
        const token = uniqueToken();
        const location = await insertLocation(t.db, {
          state: 'model state',
          department: `model ${token}`,
          city: `model ${token}`,
        });
        const hotel = await insertHotel(t.db, { name: `model ${token}`, locationId: location.id });
        const rooms = [
          await insertRoom(t.db, { hotelId: hotel.id, stock: stocks[0] }),
          await insertRoom(t.db, { hotelId: hotel.id, stock: stocks[1] }),
        ];
        const booked: Booked[] = [];
        const listed = async (p: { start: number; nights: number; quantity: number }) => {
          const res = await t.app.inject(
            `/api/hotels?name=${token}&checkIn=${inDays(p.start)}&checkOut=${inDays(
              p.start + p.nights,
            )}&rooms=${p.quantity}`,
          );
          expect(res.statusCode, res.body).toBe(200);
          return res.json<HotelCard[]>().some((h) => h.id === hotel.id);
        };
        const modelListed = (p: { start: number; nights: number; quantity: number }) =>
          ([0, 1] as const).some(
            (r) =>
              modelFree(
                stocks[r],
                booked.filter((b) => b.room === r),
                p.start,
                p.nights,
              ) >= p.quantity,
          );

        for (const s of steps) {
          if (s.kind === 'book') {
            const room = rooms[s.room] as { id: number };
            const fits =
              modelFree(
                stocks[s.room],
                booked.filter((b) => b.room === s.room),
                s.stay.start,
                s.stay.nights,
              ) >= s.stay.quantity;
            const lines = [
              {
                id: room.id,
                checkIn: inDays(s.stay.start),
                checkOut: inDays(s.stay.start + s.stay.nights),
                cartQuantity: s.stay.quantity,
              },
            ];
            const made = await checkout(t.db, {
              userId: await insertGuest(t.db),
              idempotencyKey: randomUUID(),
              holdMinutes: 10,
              now: new Date(),
              lines,
              shownTotalCents: (await quoteCart(t.db, lines)).cartTotalCents,
              limits: { holds: 3, units: 10, lapsedPerDay: 3 },
            }).then(
              (r) => r.booking.id,
              (error: unknown) => {
                if (error instanceof HttpError && error.code === 'SOLD_OUT') return undefined;
                throw error;
              },
            );
            expect(Boolean(made)).toBe(fits);
            if (made) booked.push({ ...s.stay, room: s.room, id: made, live: true });
          } else {
            const live = booked.filter((b) => b.live);
            const target = live[s.pick % Math.max(1, live.length)];
            if (!target) continue;
            await t.db.transaction((tx) => releasePending(tx, sql`id = ${target.id}`, 'cancelled'));
            target.live = false;
          }
          for (const p of probes) expect(await listed(p)).toBe(modelListed(p));
        }
      },
    ),
    { numRuns: 30 },
  );
}, 180_000);
