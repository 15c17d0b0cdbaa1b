/** Text rules shared by server and browser: search keys, sorting and display of stored names. */

/** Case- and accent-insensitive key: 'Bogotá ' → 'bogota'. The server indexes the same key. */
export function searchKey(text: string): string {
  // Printable ASCII (most of what is typed) has no accent to take off: no decomposing.
  const folded = BEYOND_PRINTABLE_ASCII.test(text)
    ? text.normalize('NFD').replace(/\p{M}/gu, '')
    : text;
  return folded.toLowerCase().trim().replace(/\s+/g, ' ');
}

const BEYOND_PRINTABLE_ASCII = /[^ -~]/;

/**
 * The most words of a search text matched: a longer text is matched by its first ones.
 * @internal
 */
export const SEARCH_WORDS_MAX = 5;

/**
 * The words a hotel search matches by (the list's box, the hotel picker): each must be found
 * somewhere in the hotel's search key (`hotels.search_key`: name, city, department, state), in
 * any order. Folded by searchKey, distinct, the first SEARCH_WORDS_MAX.
 */
export function searchWords(text: string): string[] {
  return [...new Set(searchKey(text).split(' ').filter(Boolean))].slice(0, SEARCH_WORDS_MAX);
}

/** Where a hotel is: the names of its city, department (a comuna, a neighbourhood) and state. */
export interface PlaceNames {
  city: string;
  department: string;
  state: string;
}

/**
 * A location's part of its hotels' search key: city, department and state, folded by searchKey.
 * The database writes each hotel's key as its name_key, a space and this (`hotels.search_key`).
 */
export function placeKey({ city, department, state }: PlaceNames): string {
  return searchKey(`${city} ${department} ${state}`);
}

// Made on first use: building a collator loads ICU's tables (≈ 10 ms, 40 ms on a phone), and
// every page of the web app would pay for it while starting, sorting or not.
let collator: Intl.Collator | undefined;

/** Alphabetical order ignoring accents and case (pickers, city filter). */
export function compareText(a: string, b: string): number {
  collator ??= new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  return collator.compare(a, b);
}

/**
 * Every word capitalised: for the words of our own lists (room names, categories, statuses) and
 * profile fields. Names typed into the content forms are shown as typed, never through this.
 */
export function capitalize(text: string): string {
  return text.replace(
    /(^|[\s-])(\p{L})/gu,
    (_m, sep: string, ch: string) => sep + ch.toUpperCase(),
  );
}

/** The first letter of a sentence capitalised, the rest as it is: 'the stay at X' → 'The stay at X'. */
export function sentenceStart(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A camel-cased key as words for a message: 'hotelService' → 'hotel service', or at the start
 * of a sentence 'Hotel service'.
 */
export function displayName(key: string, at: 'inSentence' | 'start' = 'inSentence'): string {
  const words = key.replace(/\p{Lu}/gu, (ch) => ` ${ch.toLowerCase()}`);
  return at === 'start' ? words.charAt(0).toUpperCase() + words.slice(1) : words;
}

// Money is kept and added in whole cents; the API's bodies and the forms carry dollar amounts.
// Every conversion between the two goes through these two functions, on the server and the web.

/** Dollars from cents: 12999 → 129.99. */
export function centsToPrice(cents: number): number {
  return cents / 100;
}

/** Whole cents from dollars, rounded (129.99 is 129.98999… as a float): 129.99 → 12999. */
export function priceToCents(price: number): number {
  return Math.round(price * 100);
}

/**
 * '$1,299.50' from 129950, '$1,300' from 130000: whole dollars grouped by thousands, and the
 * cents, always two digits, when there are some. Every amount a screen or an e-mail shows is
 * written here. Written out rather than through Intl.NumberFormat, whose first use loads ICU's
 * number data while a phone is drawing the first prices of a page.
 */
export function formatUsd(cents: number): string {
  const amount = Math.round(Math.abs(cents));
  const dollars = String(Math.floor(amount / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const rest = amount % 100;
  return `${cents < 0 ? '-' : ''}$${dollars}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
}
