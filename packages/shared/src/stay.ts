/**
 * Stays are calendar dates ('yyyy-MM-dd'), never instants: no time zone can shift them.
 * Nights of a stay = check-out − check-in; a stay occupies the nights [check-in, check-out).
 */

import { isIsoDate } from './calendar-date.ts';

export const CHECK_OUT_ERROR = 'The check-out date should be greater than the check-in date';

const DAY_MS = 86_400_000;

function toUtcMs(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

export function addDays(date: string, days: number): string {
  return new Date(toUtcMs(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** IANA zone names only (`America/Argentina/Buenos_Aires`, `UTC`, `Etc/GMT+3`): no offsets. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;
const TIME_ZONE_MAX = 64;

/** yyyy-MM-dd formatters by zone (a zone's formatter is costly to make; zones are few). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // Throws a RangeError for a zone this Intl does not know (before anything is kept).
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** A time zone name this runtime's Intl knows (an IANA name such as a hotel stores). */
export function isTimeZone(name: string): boolean {
  if (name.length > TIME_ZONE_MAX || !ZONE_NAME.test(name)) return false;
  try {
    dayFormat(name);
    return true;
  } catch {
    return false;
  }
}

/**
 * The calendar date (yyyy-MM-dd) at instant `now` in `timeZone`: a hotel's "today" is
 * `calendarDateIn(hotel.timeZone)`, on the server and in the browser alike, whatever zone either
 * runs in. Throws a RangeError for an unknown zone.
 */
export function calendarDateIn(timeZone: string, now: Date | number = new Date()): string {
  const minute = Math.floor(Number(now) / 60_000);
  const last = lastDates.get(timeZone);
  if (last?.minute === minute) return last.date;
  const parts = dayFormat(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  const date = `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
  // Offsets in whole minutes only (every zone's since 1972): a day starts on a whole minute.
  if (minute >= WHOLE_MINUTE_OFFSETS) lastDates.set(timeZone, { minute, date });
  return date;
}

/**
 * The date calendarDateIn last answered in each zone, with the minute it was asked in: a
 * checkout and a payment ask it for every line, and formatting is the costly part.
 */
const lastDates = new Map<string, { minute: number; date: string }>();
const WHOLE_MINUTE_OFFSETS = Date.UTC(1973, 0, 1) / 60_000;

export function nightsBetween(checkIn: string, checkOut: string): number {
  return Math.round((toUtcMs(checkOut) - toUtcMs(checkIn)) / DAY_MS);
}

/**
 * Price of a stay at one price every night (a room with no rate rules): that price × nights, at
 * least one night. Works in cents. A stay's real price is the sum of its nights (rates.ts).
 * @internal
 */
export function stayPriceCents(nightlyCents: number, checkIn: string, checkOut: string): number {
  return nightlyCents * Math.max(1, nightsBetween(checkIn, checkOut));
}

/** The nights a stay occupies, as dates: [check-in, check-out). */
export function stayNights(checkIn: string, checkOut: string): string[] {
  const nights: string[] = [];
  for (let d = checkIn; d < checkOut; d = addDays(d, 1)) nights.push(d);
  return nights;
}

export interface StayCheck {
  ok: boolean;
  error?: string;
}

/** The date rules of a stay (product §5, with a minimum stay of one night). */
export function checkStay(checkIn: string, checkOut: string, todayDate: string): StayCheck {
  if (!isIsoDate(checkIn) || !isIsoDate(checkOut)) return { ok: false, error: 'Invalid date' };
  if (checkIn < todayDate) return { ok: false, error: 'The check-in date cannot be in the past' };
  if (checkIn >= checkOut) return { ok: false, error: CHECK_OUT_ERROR };
  return { ok: true };
}

/** Default stay: today (the hotel's, `calendarDateIn`) to tomorrow. */
export function defaultStay(todayDate: string): { checkIn: string; checkOut: string } {
  return { checkIn: todayDate, checkOut: addDays(todayDate, 1) };
}

/** The last date an event may be set to: a rolling horizon from `todayDate`. */
export function eventDateMax(todayDate: string, years: number): string {
  const [y, m, d] = todayDate.split('-');
  return `${Number(y) + years}-${m}-${d}`;
}

/**
 * A stay has ended once its check-out date is before the hotel's today (`calendarDateIn` of its
 * zone): what makes a review's "verified stay" and enables the history's review button.
 */
export function stayHasEnded(checkOut: string, todayDate: string): boolean {
  return checkOut < todayDate;
}

/** The zone whose calendar date is the earliest on Earth (UTC−12): no hotel's today is before it. */
const EARLIEST_ZONE = 'Etc/GMT+12';

/**
 * The earliest check-in a search across hotels takes: the earliest today of any zone. Before it
 * a check-in is past at every hotel; from it on, each hotel is held to its own today.
 */
export function earliestToday(now: Date | number = new Date()): string {
  return calendarDateIn(EARLIEST_ZONE, now);
}
