import { z } from 'zod';
import { STOCK_MAX } from '../constants.ts';
import { BOOKING_MESSAGES } from '../messages.ts';
import { CHECK_OUT_ERROR } from '../stay.ts';
import { isoDate, rowId } from './common.ts';

/**
 * A cart line's key fields (product §3): the room, the stay and the number of units. The same rule
 * as `isCartLineKey` in ../cart.ts, which the browser uses without zod.
 */
export const cartLineKey = z
  .object({
    id: rowId(),
    checkIn: isoDate,
    checkOut: isoDate,
    cartQuantity: z
      .number()
      .int()
      .positive()
      .max(STOCK_MAX, BOOKING_MESSAGES.quantityTooLarge(STOCK_MAX)),
  })
  .refine((line) => line.checkIn < line.checkOut, { message: CHECK_OUT_ERROR, path: ['checkOut'] });
