import { formatUsd, priceToCents } from '@devstay/shared/text';

/** One night of a stay as the server priced it: its date and its price in dollars. */
export interface PricedNight {
  date: string;
  price: number;
}

/** Up to this many nights are listed one by one; longer stays group their nights. */
const LISTED_NIGHTS = 4;
/** Up to this many runs of equal prices are listed in order; more are grouped by price. */
const LISTED_RUNS = 3;

interface PriceCount {
  cents: number;
  count: number;
}

function term({ cents, count }: PriceCount): string {
  return count === 1 ? formatUsd(cents) : `${count} × ${formatUsd(cents)}`;
}

/** Neighbouring nights of one price as one run: [80, 80, 120, 80] → 2 × 80, 1 × 120, 1 × 80. */
function runs(cents: readonly number[]): PriceCount[] {
  const out: PriceCount[] = [];
  for (const c of cents) {
    const last = out.at(-1);
    if (last && last.cents === c) last.count += 1;
    else out.push({ cents: c, count: 1 });
  }
  return out;
}

/** The nights of each price, cheapest first: a long stay's sum in a few terms. */
function byPrice(cents: readonly number[]): PriceCount[] {
  const counts = new Map<number, number>();
  for (const c of cents) counts.set(c, (counts.get(c) ?? 0) + 1);
  return [...counts.entries()].sort(([a], [b]) => a - b).map(([c, count]) => ({ cents: c, count }));
}

/**
 * The nights of a stay and their prices as one line: '3 nights: $80 + $80 + $120'. A longer stay
 * groups neighbouring nights of one price ('7 nights: 5 × $80 + 2 × $120'), and one whose price
 * changes often counts its nights by price. Each term multiplies out to the stay's sum.
 */
export function nightsText(nights: readonly PricedNight[]): string {
  const cents = nights.map((n) => priceToCents(n.price));
  const head = `${cents.length} ${cents.length === 1 ? 'night' : 'nights'}`;
  if (cents.length === 0) return head;
  const inOrder = runs(cents);
  const terms =
    cents.length <= LISTED_NIGHTS
      ? cents.map((c) => formatUsd(c))
      : (inOrder.length <= LISTED_RUNS ? inOrder : byPrice(cents)).map(term);
  return `${head}: ${terms.join(' + ')}`;
}

/** Whole cents of the stay's nights added up: the line's amount for one unit. */
export function nightsTotalCents(nights: readonly PricedNight[]): number {
  return nights.reduce((sum, n) => sum + priceToCents(n.price), 0);
}
