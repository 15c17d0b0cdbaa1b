/**
 * Calendar dates are 'yyyy-MM-dd' strings, never instants. This check lives on its own so the
 * web app's first load (the cart badge) can use it without the stay rules of stay.ts.
 */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written as yyyy-MM-dd (no 2026-02-30). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
