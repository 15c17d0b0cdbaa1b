/**
 * Whole numbers in addresses, row ids among them. This rule lives on its own, without zod, so
 * the web app's first load (the hotel page's loader) reads an address exactly as the API does.
 */

/**
 * The largest row id: ids are PostgreSQL `integer`s (serial), so 2147483648 and beyond can name
 * no row — and would make the database refuse the query (a 500) if they reached it.
 */
export const ID_MAX = 2_147_483_647;

/**
 * A row id written in an address (a path or a query string): decimal digits only, with no
 * sign, space, leading zero, fraction, exponent or base prefix. One row has one spelling, so
 * `0x10`, `1e1`, `+18`, ` 17`, `17.0` or `017` name no row (they are not read as the number
 * they convert to) and an answer kept by its address is kept once.
 */
export const ID_TEXT = /^[1-9][0-9]{0,9}$/;

/** The row id an address's text names (ID_TEXT, at most ID_MAX), or null when it names none. */
export function parseRowId(text: string | null | undefined): number | null {
  if (typeof text !== 'string' || !ID_TEXT.test(text)) return null;
  const id = Number(text);
  return id <= ID_MAX ? id : null;
}

/**
 * Any whole number written in an address (a page, a size, a limit, a count, a position): the
 * row id's spelling, with "0" too. One number has one spelling, so `0x10`, `1e1`, `+18`, ` 1`,
 * `0b1`, `017` or `02` are no number (and an answer kept by its address is kept once).
 */
export const WHOLE_TEXT = /^(0|[1-9][0-9]{0,9})$/;

/** The whole number an address's text names (WHOLE_TEXT) within min…max, or null. */
export function parseWhole(
  text: string | null | undefined,
  min: number,
  max: number,
): number | null {
  if (typeof text !== 'string' || !WHOLE_TEXT.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}
