/**
 * The one pricing rule of a room's nights (product §3, "Rates"): what each night of a stay
 * costs, from the room's base price, its season and weekday rules and its hotel's event nights.
 * Pure and zod-free: the quote, the checkout, the payment, the price list and the tests all call
 * `nightPrices`. Most specific wins: a season's price, else a weekday rule's, else the base;
 * on an event night of the hotel the premium is added on top of whichever applies.
 */
import { addDays } from './stay.ts';

export const RATE_KINDS = ['season', 'weekdays'] as const;
export type RateKind = (typeof RATE_KINDS)[number];

/** 0 = Sunday … 6 = Saturday, as `Date.prototype.getUTCDay` numbers them. */
export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** A rule as pricing needs it. */
export interface PricingRule {
  kind: RateKind;
  /** A season's first night. */
  from?: string | null;
  /** A season's last night, included. */
  to?: string | null;
  weekdays?: readonly number[] | null;
  priceCents: number;
}

/** What prices a room's nights. */
export interface RoomRates {
  /** The room's base nightly price. */
  baseCents: number;
  rules: readonly PricingRule[];
  /** The hotel's event nights (yyyy-MM-dd, dates in the hotel's zone). */
  eventNights: ReadonlySet<string>;
  /** The hotel's premium on those nights, in percent (0: none). */
  premiumPercent: number;
}

export interface PricedNight {
  date: string;
  cents: number;
}

/**
 * The weekday of a calendar date (0 = Sunday): the date's own, so the same wherever it is read —
 * a night at a hotel is its date in the hotel's zone, already.
 * @internal
 */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The price of a night with the premium added, in whole cents. */
function withPremium(cents: number, premiumPercent: number): number {
  return Math.round((cents * (100 + premiumPercent)) / 100);
}

/** Each night of [checkIn, checkOut) with its price, in order. */
export function nightPrices(rates: RoomRates, checkIn: string, checkOut: string): PricedNight[] {
  const byWeekday: (number | undefined)[] = new Array(7);
  const seasons: PricingRule[] = [];
  for (const rule of rates.rules) {
    if (rule.kind === 'season') {
      if (rule.from && rule.to && rule.to >= checkIn && rule.from < checkOut) seasons.push(rule);
    } else {
      for (const day of rule.weekdays ?? []) byWeekday[day] = rule.priceCents;
    }
  }
  const nights: PricedNight[] = [];
  let weekday = weekdayOf(checkIn);
  for (let date = checkIn; date < checkOut; date = addDays(date, 1)) {
    const season = seasons.find((s) => (s.from as string) <= date && date <= (s.to as string));
    const cents = season?.priceCents ?? byWeekday[weekday] ?? rates.baseCents;
    nights.push({
      date,
      cents: rates.eventNights.has(date) ? withPremium(cents, rates.premiumPercent) : cents,
    });
    weekday = (weekday + 1) % 7;
  }
  return nights;
}

/** A stay's price for one unit: the sum of its nights. */
export function stayCents(nights: readonly PricedNight[]): number {
  return nights.reduce((sum, n) => sum + n.cents, 0);
}
