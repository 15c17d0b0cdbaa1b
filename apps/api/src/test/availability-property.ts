import fc from 'fast-check';
import { expect } from 'vitest';
import type { Db } from '../db/client.ts';
import { HttpError } from '../lib/errors.ts';
import { type ModelStay, modelFree } from './availability-model.ts';
import { guestHold, inDays } from './booking-fixtures.ts';

/**
 * What the property tests that drive the availability engine against its reference model
 * (availability-model.ts) share: the stays they draw and the hold each step makes.
 */

/** A stay as the model counts it: `start` days from today, `nights` nights, `quantity` units. */
export interface DrawnStay {
  start: number;
  nights: number;
  quantity: number;
}

/** Stays starting 1 to `horizon` days from today, of 1 to 4 nights and 1 to 3 units. */
export const drawnStay = (horizon: number): fc.Arbitrary<DrawnStay> =>
  fc.record({
    start: fc.integer({ min: 1, max: horizon }),
    nights: fc.integer({ min: 1, max: 4 }),
    quantity: fc.integer({ min: 1, max: 3 }),
  });

/**
 * A guest's checkout of the stay in a room of `stock` units that already has `stays`: it must
 * hold exactly when the model has the units free, and be refused as sold out otherwise. The
 * booking's id when it held.
 */
export async function holdAsModelSays(
  db: Db,
  room: { id: number; stock: number },
  stays: readonly ModelStay[],
  stay: DrawnStay,
): Promise<string | undefined> {
  const fits = modelFree(room.stock, stays, stay.start, stay.nights) >= stay.quantity;
  const checkIn = inDays(stay.start);
  const checkOut = inDays(stay.start + stay.nights);
  const made = await guestHold(db, room.id, checkIn, checkOut, stay.quantity).catch(
    (error: unknown) => {
      if (error instanceof HttpError && error.code === 'SOLD_OUT') return undefined;
      throw error;
    },
  );
  expect(Boolean(made)).toBe(fits);
  return made;
}
