import { z } from 'zod';
import { CHECK_OUT_ERROR } from '../stay.ts';
import { isoDate } from './common.ts';

/**
 * A cart line's key fields (spec §3): the room, the stay and the number of units. The same rule
 * as `isCartLineKey` in ../cart.ts, which the browser uses without zod.
 */
export const cartLineKey = z
  .object({
    id: z.number().int().positive(),
    checkIn: isoDate,
    checkOut: isoDate,
    cartQuantity: z.number().int().positive(),
  })
  .refine((line) => line.checkIn < line.checkOut, { message: CHECK_OUT_ERROR, path: ['checkOut'] });
