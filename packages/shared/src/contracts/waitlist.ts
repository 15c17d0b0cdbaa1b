import { z } from 'zod';
import { STOCK_MAX, WAITLIST_STATES } from '../constants.ts';
import { BOOKING_MESSAGES } from '../messages.ts';
import { checkStayDates } from './catalogue.ts';
import { idParam, isoDate, rowId, text } from './common.ts';

/**
 * The waitlist of a sold-out stay: a guest waits for `quantity` units of a room for the nights
 * [checkIn, checkOut); when they come free, the first in line is offered them as a hold of their
 * own to pay (docs/product.md, Waitlist).
 */

/** POST /waitlist: join the line for a room's stay (joining again keeps the one entry). */
export const waitlistJoinBody = z
  .object({
    room: rowId(),
    checkIn: isoDate,
    checkOut: isoDate,
    quantity: z
      .number()
      .int()
      .positive()
      .max(STOCK_MAX, BOOKING_MESSAGES.quantityTooLarge(STOCK_MAX))
      .default(1),
  })
  .superRefine(checkStayDates);
export type WaitlistJoin = z.infer<typeof waitlistJoinBody>;

/** GET /waitlist/user/{uid}. */
export const waitlistOwnerParams = z.object({ uid: text(64).min(1, 'must name an account') });

/** DELETE /waitlist/{id}. */
export const waitlistEntryParams = z.object({ id: idParam });

/** One entry of the line, as its guest sees it. */
export const waitlistEntry = z.object({
  id: z.number().int(),
  user: z.string(),
  room: z.number().int(),
  roomName: z.string(),
  hotel: z.object({ id: z.number().int(), name: z.string() }),
  checkIn: isoDate,
  checkOut: isoDate,
  quantity: z.number().int(),
  state: z.enum(WAITLIST_STATES),
  /** When the guest joined: the line's order. */
  joinedAt: z.iso.datetime(),
  /** The held booking of an offer (offered, booked, or an offer that expired); null otherwise. */
  booking: z.uuid().nullable(),
  /** When an offer's hold ends (null unless offered). */
  offerEndsAt: z.iso.datetime().nullable(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntry>;

export const waitlistEntries = z.array(waitlistEntry);
