import { z } from 'zod';
import { isIsoDate } from '../calendar-date.ts';
import { MAX_PRICED_NIGHTS, PRICE_MAX, PRICE_MIN } from '../constants.ts';
import { CONTENT_MESSAGES, RATE_MESSAGES as R } from '../messages.ts';
import { RATE_KINDS } from '../rates.ts';
import { ID_MAX } from '../row-id.ts';
import { nightsBetween } from '../stay.ts';
import { idParam, isoDate } from './common.ts';

/**
 * Nightly rates (product §3, "Rates"): a room's base `price` plus rules its hotel's admin (or the
 * superAdmin) keeps. A `season` prices every night from `from` to `to`, both included; a
 * `weekdays` rule prices the nights that fall on its weekdays (0 = Sunday … 6 = Saturday; a
 * night is the calendar date of its check-in side, so its weekday is that date's, the same in
 * every time zone). Precedence (most specific wins): season, then weekdays, then the base
 * price; on the nights of the hotel's own events the hotel's `eventNightPremiumPercent` is
 * added on top. Two rules of the same kind of a room never overlap (400 naming the field).
 * Prices are whole dollars, like a room's. The web's rates screen and the API run these schemas.
 */

/** Whole dollars within a room's price range (the rate form's slider). */
const ratePrice = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? CONTENT_MESSAGES.priceRequired
        : CONTENT_MESSAGES.priceInteger,
  })
  .int(CONTENT_MESSAGES.priceInteger)
  .min(PRICE_MIN, CONTENT_MESSAGES.priceRange)
  .max(PRICE_MAX, CONTENT_MESSAGES.priceRange);

const night = (required: string) =>
  z.string({ error: required }).trim().min(1, required).refine(isIsoDate, R.dateInvalid);

const weekday = z
  .number({ error: R.weekdayInvalid })
  .int(R.weekdayInvalid)
  .min(0, R.weekdayInvalid)
  .max(6, R.weekdayInvalid);

const version = z
  .number({ error: CONTENT_MESSAGES.versionRequired })
  .int(CONTENT_MESSAGES.versionRequired)
  .min(1, CONTENT_MESSAGES.versionRequired)
  .max(ID_MAX, CONTENT_MESSAGES.versionRequired);

/** A season: its first and last nights, both included, at most MAX_PRICED_NIGHTS nights. */
const seasonFields = z
  .object({
    kind: z.literal('season'),
    from: night(R.fromRequired),
    to: night(R.toRequired),
    price: ratePrice,
  })
  .superRefine((rule, ctx) => {
    if (rule.to < rule.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: R.toBeforeFrom });
    } else if (nightsBetween(rule.from, rule.to) + 1 > MAX_PRICED_NIGHTS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: R.seasonTooLong(MAX_PRICED_NIGHTS) });
    }
  });

/** A weekday rule: its weekdays, at least one, each once; stored in ascending order. */
const weekdaysFields = z.object({
  kind: z.literal('weekdays'),
  weekdays: z
    .array(weekday, { error: R.weekdaysRequired })
    .min(1, R.weekdaysRequired)
    .max(7, R.weekdaysDuplicate)
    .refine((days) => new Set(days).size === days.length, R.weekdaysDuplicate)
    .transform((days) => [...days].sort((a, b) => a - b)),
  price: ratePrice,
});

/** POST /rooms/{id}/rates — a new rule of the room. */
export const rateCreateBody = z.discriminatedUnion('kind', [seasonFields, weekdaysFields], {
  error: R.kindInvalid,
});
export type RateCreateBody = z.infer<typeof rateCreateBody>;

/**
 * PUT /rates/{id} — the rule replaced whole (its kind may change), over the `version` it was
 * loaded at: 409 when someone saved it in between.
 */
export const rateModifyBody = z.discriminatedUnion(
  'kind',
  [seasonFields.safeExtend({ version }), weekdaysFields.extend({ version })],
  { error: R.kindInvalid },
);
export type RateModifyBody = z.infer<typeof rateModifyBody>;

/** A stored rule as the API answers it (`from`/`to` for a season, `weekdays` for a weekday rule). */
export const rateRule = z.object({
  id: z.number().int(),
  roomId: z.number().int(),
  kind: z.enum(RATE_KINDS),
  /** A season's first night, yyyy-MM-dd. */
  from: isoDate.optional(),
  /** A season's last night (included), yyyy-MM-dd. */
  to: isoDate.optional(),
  /** A weekday rule's weekdays, ascending, 0 = Sunday … 6 = Saturday. */
  weekdays: z.array(z.number().int()).optional(),
  /** Dollars per night, whole. */
  price: z.number(),
  version: z.number().int(),
});
export type RateRule = z.infer<typeof rateRule>;

/** GET /rooms/{id}/rates — seasons by first night, then weekday rules. */
export const rateRuleList = z.array(rateRule);

/** The path of the rule routes (PUT/DELETE /rates/{id}). */
export const rateParams = z.object({ id: idParam });

/**
 * DELETE /rates/{id}?version= — the rule removed only at the `version` it was loaded at, as a
 * modify applies (409 when someone saved it in between).
 */
export const rateDeleteQuery = z.object({
  version: z
    .string({ error: CONTENT_MESSAGES.versionRequired })
    .regex(/^\d{1,10}$/, CONTENT_MESSAGES.versionRequired)
    .transform(Number)
    .pipe(version),
});

/**
 * GET /rooms/{id}/prices — `from` is the first night, `to` the check-out (excluded): the nights
 * [from, to), at most MAX_PRICED_NIGHTS.
 */
export const roomPricesQuery = z.object({ from: isoDate, to: isoDate }).superRefine((q, ctx) => {
  if (q.to <= q.from) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: R.pricesOrder });
  } else if (nightsBetween(q.from, q.to) > MAX_PRICED_NIGHTS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: R.pricesTooLong(MAX_PRICED_NIGHTS) });
  }
});

/** One night and its price in dollars (the rate that applies, premium included). */
export const nightPrice = z.object({ date: isoDate, price: z.number() });
export type NightPrice = z.infer<typeof nightPrice>;

export const roomPrices = z.object({ nights: z.array(nightPrice) });
export type RoomPrices = z.infer<typeof roomPrices>;
