import { z } from 'zod';
import { GUESTS_MAX, STOCK_MAX } from '../constants.ts';
import { BOOKING_MESSAGES } from '../messages.ts';
import { CHECK_OUT_ERROR } from '../stay.ts';
import { isoDate, rowId } from './common.ts';

/**
 * Who stays in a cart line's rooms when the organiser books for someone else (a team trip): a
 * name and an e-mail, both trimmed. The traveller is e-mailed the stay and, signed in with that
 * e-mail, sees it in their history, without prices.
 */
export const traveller = z.object({
  name: z
    .string({ error: BOOKING_MESSAGES.travellerName })
    .trim()
    .min(1, BOOKING_MESSAGES.travellerName)
    .max(100, BOOKING_MESSAGES.travellerName),
  email: z
    .string({ error: BOOKING_MESSAGES.travellerEmail })
    .trim()
    .max(254, BOOKING_MESSAGES.travellerEmail)
    .pipe(z.email({ message: BOOKING_MESSAGES.travellerEmail })),
});

/**
 * A cart line's key fields (product §3): the room, the stay, the number of units and the guests
 * (1 when omitted; whether the units sleep them is the room's, checked by the server). The same rule
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
    guests: z
      .number({ error: BOOKING_MESSAGES.guestsRange(GUESTS_MAX) })
      .int(BOOKING_MESSAGES.guestsRange(GUESTS_MAX))
      .min(1, BOOKING_MESSAGES.guestsRange(GUESTS_MAX))
      .max(GUESTS_MAX, BOOKING_MESSAGES.guestsRange(GUESTS_MAX))
      .default(1),
    /** Who stays, when not the organiser (optional). */
    traveller: traveller.optional(),
  })
  .refine((line) => line.checkIn < line.checkOut, { message: CHECK_OUT_ERROR, path: ['checkOut'] });
