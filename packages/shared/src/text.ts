/** Text rules shared by server and browser: search keys, sorting and display of stored names. */

/** Case- and accent-insensitive key: 'Bogotá ' → 'bogota'. The server indexes the same key. */
export function searchKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim().replace(/\s+/g, ' ');
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Alphabetical order ignoring accents and case (pickers, city filter). */
export function compareText(a: string, b: string): number {
  return collator.compare(a, b);
}

/** Names are stored lower-cased (spec §3) and shown capitalised. */
export function capitalize(text: string): string {
  return text.replace(
    /(^|[\s-])(\p{L})/gu,
    (_m, sep: string, ch: string) => sep + ch.toUpperCase(),
  );
}

export function centsToPrice(cents: number): number {
  return cents / 100;
}

export function priceToCents(price: number): number {
  return Math.round(price * 100);
}

// One formatter for every call: toLocaleString with options builds a new one each time.
const USD = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

export function formatUsd(cents: number): string {
  return `$${USD.format(cents / 100)}`;
}
