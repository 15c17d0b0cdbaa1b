import type { RateRule } from '@devstay/shared/contracts/rates';
import { dateText } from '@devstay/shared/date-text';
import type { RateKind } from '@devstay/shared/rates';
import { WEEKDAY_NAMES } from '@devstay/shared/rates';
import { addDays } from '@devstay/shared/stay';

// The rates screen's pure parts: the months its calendar shows, what a rule says in words, and
// the rule form's draft and what it sends.

/** Months the calendar shows at once, and how far ahead it pages. */
export const CALENDAR_MONTHS = 3;
export const CALENDAR_MAX_OFFSET = 12;

export interface CalendarMonth {
  /** yyyy-MM of the month. */
  key: string;
  /** 'January 2027' */
  title: string;
  /** Its weeks, Sunday first; a cell is a date (yyyy-MM-dd) or null outside the month. */
  weeks: (string | null)[][];
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function firstOfMonth(year: number, month: number): string {
  const date = new Date(Date.UTC(year, month, 1));
  return date.toISOString().slice(0, 10);
}

function monthOf(year: number, month: number): CalendarMonth {
  const first = firstOfMonth(year, month);
  const next = firstOfMonth(year, month + 1);
  const weeks: (string | null)[][] = [];
  let week: (string | null)[] = new Array(new Date(`${first}T00:00:00Z`).getUTCDay()).fill(null);
  for (let date = first; date < next; date = addDays(date, 1)) {
    week.push(date);
    if (week.length === 7) {
      weeks.push(week);
      week = [];
    }
  }
  if (week.length > 0) weeks.push([...week, ...new Array(7 - week.length).fill(null)]);
  const key = first.slice(0, 7);
  return {
    key,
    title: `${MONTH_NAMES[Number(first.slice(5, 7)) - 1]} ${first.slice(0, 4)}`,
    weeks,
  };
}

/**
 * The months shown `offset` months after the hotel's today's, and the nights to price for them:
 * from today (no past night is sold) or the first shown month's first day, to the day after the
 * last shown month (the prices list's `to` is excluded, like a check-out).
 */
export function calendarWindow(today: string, offset: number) {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1 + offset;
  const months = Array.from({ length: CALENDAR_MONTHS }, (_, i) => monthOf(year, month + i));
  const first = firstOfMonth(year, month);
  return {
    months,
    from: first < today ? today : first,
    to: firstOfMonth(year, month + CALENDAR_MONTHS),
  };
}

/** What nights a rule prices, in words: 'Fri, Jan 1, 2027 to Sun, Feb 28, 2027' or 'Friday, Saturday'. */
export function ruleNights(rule: Pick<RateRule, 'kind' | 'from' | 'to' | 'weekdays'>): string {
  if (rule.kind === 'season') {
    return rule.from && rule.to ? `${dateText(rule.from)} to ${dateText(rule.to)}` : '';
  }
  return (rule.weekdays ?? []).map((d) => WEEKDAY_NAMES[d] ?? String(d)).join(', ');
}

export const RATE_KIND_LABELS: Record<RateKind, string> = {
  season: 'Season',
  weekdays: 'Weekdays',
};

/** The rule form's draft: both kinds' fields, the ones of the chosen kind sent. */
export interface RateDraft {
  kind: RateKind;
  from: string;
  to: string;
  weekdays: number[];
  /** Whole dollars per night; null while the field is empty. */
  price: number | null;
  /** The loaded rule's id and version when changing one; null for a new rule. */
  id: number | null;
  version: number | null;
}

export type RateField = 'kind' | 'from' | 'to' | 'weekdays' | 'price';

/** A new rule: a season, at the room's base price. */
export function emptyRateDraft(basePrice: number): RateDraft {
  return {
    kind: 'season',
    from: '',
    to: '',
    weekdays: [],
    price: basePrice,
    id: null,
    version: null,
  };
}

/** A stored rule loaded into the form to be changed. */
export function rateDraftOf(rule: RateRule): RateDraft {
  return {
    kind: rule.kind,
    from: rule.from ?? '',
    to: rule.to ?? '',
    weekdays: rule.weekdays ?? [],
    price: rule.price,
    id: rule.id,
    version: rule.version,
  };
}

/** What the form sends: the chosen kind's fields, and the version when changing a rule. */
export function rateBody(draft: RateDraft): Record<string, unknown> {
  const fields =
    draft.kind === 'season'
      ? { kind: draft.kind, from: draft.from, to: draft.to, price: draft.price }
      : { kind: draft.kind, weekdays: draft.weekdays, price: draft.price };
  return draft.version === null ? fields : { ...fields, version: draft.version };
}

/** The toasts of the rule form and the removal, in the words of the other content forms. */
export const RATE_TEXTS = {
  create: {
    what: 'rate',
    success: 'Rate created successfully',
    failure: 'An error occurred while creating the rate.',
  },
  modify: {
    what: 'rate',
    success: 'Rate modified successfully',
    failure: 'An error occurred while updating the rate.',
  },
  remove: {
    what: 'rate',
    success: 'Rate removed successfully',
    failure: 'An error occurred while removing the rate.',
  },
} as const;
