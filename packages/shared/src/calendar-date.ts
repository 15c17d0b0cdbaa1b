/**
 * Calendar dates are 'yyyy-MM-dd' strings, never instants. This check lives on its own so the
 * web app's first load (the cart badge) can use it without the stay rules of stay.ts.
 */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Calendar dates we accept: from 1900 (dates of birth) to 9999 (PostgreSQL has no year 0). */
const FIRST_YEAR = 1900;

/** A real calendar date written as yyyy-MM-dd (no 2026-02-30, no year 0000). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value) || Number(value.slice(0, 4)) < FIRST_YEAR) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
