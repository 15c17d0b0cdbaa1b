import type { HotelCard } from '@devstay/shared/contracts/catalogue';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { type ModelStay, modelFree } from '../../test/availability-model.ts';
import { type DrawnStay, drawnStay, holdAsModelSays } from '../../test/availability-property.ts';
import { inDays } from '../../test/booking-fixtures.ts';
import { insertHotel, insertLocation, insertRoom, uniqueToken } from '../../test/catalogue-rows.ts';
import { releasePending } from '../bookings/repository.ts';

/**
 * The hotel list's stay search against the availability reference model
 * (test/availability-model.ts) over random bookings: a hotel of two rooms takes random holds
 * (real checkouts, refused exactly when the model says they do not fit) and cancellations;
 * after each step, the same searches (random stays, units and guests, asked through
 * GET /api/hotels again and again) list the hotel exactly when one of its rooms has the units
 * free in the model and those units sleep the guests (units × the room's random capacity).
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

const stay = drawnStay(10);
const step = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('book' as const), room: fc.constantFrom(0, 1), stay }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
);

test('a hotel is listed for a stay exactly when the model has one of its rooms free for the guests', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 3 })),
      fc.array(step, { minLength: 1, maxLength: 10 }),
      fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 })),
      fc.array(fc.record({ stay, guests: fc.integer({ min: 1, max: 8 }) }), {
        minLength: 3,
        maxLength: 3,
      }),
      async (stocks, steps, capacities, probes) => {
        const token = uniqueToken();
        const location = await insertLocation(t.db, {
          state: 'model state',
          department: `model ${token}`,
          city: `model ${token}`,
        });
        const hotel = await insertHotel(t.db, { name: `model ${token}`, locationId: location.id });
        const rooms = [
          await insertRoom(t.db, { hotelId: hotel.id, stock: stocks[0], capacity: capacities[0] }),
          await insertRoom(t.db, { hotelId: hotel.id, stock: stocks[1], capacity: capacities[1] }),
        ];
        const booked: Booked[] = [];
        const listed = async ({ stay: p, guests }: { stay: DrawnStay; guests: number }) => {
          const res = await t.app.inject(
            `/api/hotels?name=${token}&checkIn=${inDays(p.start)}&checkOut=${inDays(
              p.start + p.nights,
            )}&rooms=${p.quantity}&guests=${guests}`,
          );
          expect(res.statusCode, res.body).toBe(200);
          return res.json<HotelCard[]>().some((h) => h.id === hotel.id);
        };
        const modelListed = ({ stay: p, guests }: { stay: DrawnStay; guests: number }) =>
          ([0, 1] as const).some(
            (r) =>
              p.quantity * capacities[r] >= guests &&
              modelFree(
                stocks[r],
                booked.filter((b) => b.room === r),
                p.start,
                p.nights,
              ) >= p.quantity,
          );

        for (const s of steps) {
          if (s.kind === 'book') {
            const room = { id: (rooms[s.room] as { id: number }).id, stock: stocks[s.room] };
            const earlier = booked.filter((b) => b.room === s.room);
            const made = await holdAsModelSays(t.db, room, earlier, s.stay);
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
