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

/** Today's calendar date where the caller is (the browser's or the server's local date). */
export function today(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

export function nightsBetween(checkIn: string, checkOut: string): number {
  return Math.round((toUtcMs(checkOut) - toUtcMs(checkIn)) / DAY_MS);
}

/** Price of a stay: nightly price × nights, at least one night (spec §9). Works in cents. */
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

/** The date rules of a stay (spec §5, with a minimum stay of one night). */
export function checkStay(checkIn: string, checkOut: string, todayDate: string): StayCheck {
  if (!isIsoDate(checkIn) || !isIsoDate(checkOut)) return { ok: false, error: 'Invalid date' };
  if (checkIn < todayDate) return { ok: false, error: 'The check-in date cannot be in the past' };
  if (checkIn >= checkOut) return { ok: false, error: CHECK_OUT_ERROR };
  return { ok: true };
}

/** Default stay: today to tomorrow. */
export function defaultStay(todayDate: string): { checkIn: string; checkOut: string } {
  return { checkIn: todayDate, checkOut: addDays(todayDate, 1) };
}

/** The last date an event may be set to: a rolling horizon from today. */
export function eventDateMax(todayDate: string, years: number): string {
  const [y, m, d] = todayDate.split('-');
  return `${Number(y) + years}-${m}-${d}`;
}
