import { z } from 'zod';
import { isIsoDate } from '../calendar-date.ts';
import { nightsBetween } from '../stay.ts';
import { isoDate, text } from './common.ts';

/**
 * Channels: a room's calendar shared with other sales channels (Booking.com, Airbnb, a travel
 * agent's or the front desk's calendar). The room's export feed lists the nights with no unit
 * left; imported feeds and staff blocks take units of the room's ledger, as bookings do.
 */

/** The longest block staff may set at once, and how far ahead an imported calendar is read. */
const BLOCK_MAX_NIGHTS = 366;
const CHANNEL_HORIZON_MONTHS = 18;

export const CHANNEL_MESSAGES = {
  urlInvalid: 'Enter the calendar’s address, starting with http:// or https://',
  nameRequired: 'Name the channel (e.g. Booking.com)',
  unitsInvalid: 'Units per event must be a whole number from 1 to 50',
  unitsOverStock: (stock: number) => `Units cannot be more than the room’s stock (${stock})`,
  dateInvalid: 'Enter a date as yyyy-MM-dd',
  toBeforeFrom: 'The last day must come after the first',
  blockTooLong: `A block lasts at most ${BLOCK_MAX_NIGHTS} nights`,
  reasonRequired: 'Say why the units are blocked (e.g. maintenance)',
  fromPast: 'The block cannot start before the hotel’s today',
  blockSoldOut: (night: string) =>
    `The units are not free on ${night}: fewer are left than the block needs`,
  channelBlock: 'This block comes from a channel’s calendar: remove it there, or remove the feed',
  syncUnderWay: 'This calendar is being synced now; try again in a moment',
} as const;

/** Why a feed's last sync failed, in the words staff read. */
export const FEED_ERRORS = {
  unreachable: 'Unreachable: the calendar’s server did not answer',
  refused: 'Refused: the address is not one a calendar may be fetched from',
  httpStatus: (status: number) => `Unreachable: the calendar’s server answered ${status}`,
  notCalendar: 'Not a calendar: the address does not serve an iCalendar (.ics) file',
  tooLarge: 'Too large: the calendar is bigger than a room’s calendar can be',
  tooManyEvents: 'Too large: the calendar has more events than a room’s calendar can have',
  timedOut: 'Timed out: the calendar’s server took too long to answer',
  tooManyRedirects: 'Unreachable: the address redirects too many times',
} as const;

/** The export feed's secret, as the address carries it (any other query is a 404, no hint). */
export const exportFeedQuery = z.object({ key: z.string().max(200).optional() });

export const exportAddress = z.object({
  /** The feed's address with its key: shown this once, then only its hash is kept. */
  url: z.string(),
});

const feedUrl = z
  .string({ error: CHANNEL_MESSAGES.urlInvalid })
  .trim()
  .max(2000, CHANNEL_MESSAGES.urlInvalid)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, CHANNEL_MESSAGES.urlInvalid);

const unitsField = z
  .number({ error: CHANNEL_MESSAGES.unitsInvalid })
  .int(CHANNEL_MESSAGES.unitsInvalid)
  .min(1, CHANNEL_MESSAGES.unitsInvalid)
  .max(50, CHANNEL_MESSAGES.unitsInvalid);

export const feedCreateBody = z.object({
  url: feedUrl,
  name: text(80).refine((v) => v.length > 0, CHANNEL_MESSAGES.nameRequired),
  unitsPerEvent: unitsField.default(1),
});

export const feedPatchBody = z.object({ paused: z.boolean() });

/** A feed as its hotel's staff see it: the address only by its host (it is a secret too). */
export const channelFeed = z.object({
  id: z.number().int(),
  roomId: z.number().int(),
  name: z.string(),
  /** Scheme and host of the address, the rest hidden. */
  urlHint: z.string(),
  unitsPerEvent: z.number().int(),
  paused: z.boolean(),
  lastAttemptAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  /** The last failure in plain words (FEED_ERRORS), null once a sync succeeds. */
  lastError: z.string().nullable(),
  eventsRead: z.number().int(),
  /** Nights (coming or past) on which the feed's events hold units now. */
  nightsBlocked: z.number().int(),
  conflicts: z.number().int(),
});
export type ChannelFeed = z.infer<typeof channelFeed>;

export const channelFeedList = z.object({
  /** When the room's export address was made or last rotated; null if it has none. */
  exportKeyCreatedAt: z.string().nullable(),
  feeds: z.array(channelFeed),
});
export type ChannelFeedList = z.infer<typeof channelFeedList>;

/** What one sync did. `status` failed: `error` says why, in FEED_ERRORS' words. */
export const syncOutcome = z.object({
  status: z.enum(['synced', 'unchanged', 'failed']),
  error: z.string().nullable(),
  eventsRead: z.number().int(),
  nightsBlocked: z.number().int(),
  conflicts: z.number().int(),
});
export type SyncOutcome = z.infer<typeof syncOutcome>;

const conflictBooking = z.object({
  bookingId: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  quantity: z.number().int(),
});

/** An imported event that did not fit, with both sides: the event and the bookings here. */
const channelConflict = z.object({
  id: z.number().int(),
  feedId: z.number().int(),
  feedName: z.string(),
  summary: z.string(),
  from: z.string(),
  to: z.string(),
  units: z.number().int(),
  soldNight: z.string(),
  bookings: z.array(conflictBooking),
  detectedAt: z.string(),
});
export type ChannelConflict = z.infer<typeof channelConflict>;
export const channelConflictList = z.array(channelConflict);

const day = (message: string) =>
  z.string({ error: message }).trim().refine(isIsoDate, CHANNEL_MESSAGES.dateInvalid);

/** A staff block of `units` units for the nights [from, to): `to` is the first night free again. */
export const blockCreateBody = z
  .object({
    from: day(CHANNEL_MESSAGES.dateInvalid),
    to: day(CHANNEL_MESSAGES.dateInvalid),
    units: unitsField,
    reason: text(200).refine((v) => v.length > 0, CHANNEL_MESSAGES.reasonRequired),
  })
  .superRefine((block, ctx) => {
    if (!isIsoDate(block.from) || !isIsoDate(block.to)) return;
    if (block.to <= block.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: CHANNEL_MESSAGES.toBeforeFrom });
    } else if (nightsBetween(block.from, block.to) > BLOCK_MAX_NIGHTS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: CHANNEL_MESSAGES.blockTooLong });
    }
  });

export const roomBlock = z.object({
  id: z.number().int(),
  roomId: z.number().int(),
  from: isoDate,
  to: isoDate,
  units: z.number().int(),
  reason: z.string(),
  /** The feed an imported block comes from; null for a staff block. */
  feedId: z.number().int().nullable(),
});
export type RoomBlock = z.infer<typeof roomBlock>;
export const roomBlockList = z.array(roomBlock);

/** The day CHANNEL_HORIZON_MONTHS after `today` (yyyy-MM-dd; a month's last day if shorter). */
export function channelHorizon(today: string): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const months = y * 12 + (m - 1) + CHANNEL_HORIZON_MONTHS;
  const year = Math.floor(months / 12);
  const month = (months % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${year}-${pad(month)}-${pad(Math.min(d, last))}`;
}
