import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { rateCreateBody, roomPricesQuery } from './contracts/rates.ts';
import { nightPrices, type PricingRule, stayCents } from './rates.ts';
import { addDays, calendarDateIn } from './stay.ts';

/**
 * The pricing rule against a model written another way: each night found by walking instants
 * a day apart from the check-in's local noon in the hotel's zone, its weekday as that zone's
 * clock reads it, and the rules looked through one by one: a season holding the night, else a
 * weekday rule naming its weekday, else the base; the premium on top on an event night.
 */

const ZONES = [
  'America/Argentina/Buenos_Aires',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'Asia/Kathmandu',
  'Europe/London',
  'America/St_Johns',
  'Australia/Lord_Howe',
];
const DAY_MS = 86_400_000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const formats = new Map<string, Intl.DateTimeFormat>();
function part(zone: string, at: number, options: Intl.DateTimeFormatOptions, type: string) {
  const key = `${zone}|${type}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, ...options });
    formats.set(key, format);
  }
  return format.formatToParts(at).find((p) => p.type === type)?.value ?? '';
}

/** The nights of a stay as the hotel's clock shows them: local date and weekday at local noon. */
function modelNights(zone: string, instant: number, count: number) {
  const hour = Number(part(zone, instant, { hour: 'numeric', hourCycle: 'h23' }, 'hour'));
  const noon = instant + (12 - hour) * 3_600_000;
  return Array.from({ length: count }, (_, k) => {
    const at = noon + k * DAY_MS;
    return {
      date: calendarDateIn(zone, at),
      weekday: WEEKDAYS.indexOf(part(zone, at, { weekday: 'short' }, 'weekday')),
    };
  });
}

function modelPrice(
  night: { date: string; weekday: number },
  base: number,
  rules: readonly PricingRule[],
  events: ReadonlySet<string>,
  premium: number,
): number {
  let price = base;
  let season = false;
  for (const rule of rules) {
    if (
      rule.kind === 'season' &&
      (rule.from as string) <= night.date &&
      night.date <= (rule.to as string)
    ) {
      price = rule.priceCents;
      season = true;
    }
  }
  if (!season) {
    for (const rule of rules) {
      if (rule.kind === 'weekdays' && rule.weekdays?.includes(night.weekday))
        price = rule.priceCents;
    }
  }
  return events.has(night.date) ? Math.round(price * (1 + premium / 100)) : price;
}

const START = '2026-01-01';
const priceCents = fc.integer({ min: 10, max: 1000 }).map((d) => d * 100);

/** Seasons that do not overlap: consecutive cuts of a stretch of days, some left unpriced. */
const seasons = fc
  .uniqueArray(fc.integer({ min: 0, max: 500 }), { maxLength: 8 })
  .chain((cuts) => {
    const sorted = [...cuts].sort((a, b) => a - b);
    const spans = sorted.slice(0, -1).map((from, i) => [from, (sorted[i + 1] as number) - 1]);
    return fc.tuple(
      ...spans.map(([from, to]) =>
        fc.record({ keep: fc.boolean(), priceCents, from: fc.constant(from), to: fc.constant(to) }),
      ),
    );
  })
  .map((spans) =>
    spans
      .filter((s) => s.keep && (s.to as number) >= (s.from as number))
      .map(
        (s): PricingRule => ({
          kind: 'season',
          from: addDays(START, s.from as number),
          to: addDays(START, s.to as number),
          priceCents: s.priceCents,
        }),
      ),
  );

/** Weekday rules that share no weekday: each day goes to one group or none. */
const weekdayRules = fc
  .array(fc.integer({ min: -1, max: 2 }), { minLength: 7, maxLength: 7 })
  .chain((groupOf) =>
    fc.tuple(priceCents, priceCents, priceCents).map((prices) =>
      [0, 1, 2]
        .map((g) => ({
          kind: 'weekdays' as const,
          weekdays: groupOf.flatMap((group, day) => (group === g ? [day] : [])),
          priceCents: prices[g] as number,
        }))
        .filter((r) => r.weekdays.length > 0),
    ),
  );

/** Both kinds, in any order (some left out). */
const rulesOfRoom = fc
  .tuple(seasons, weekdayRules)
  .chain(([s, w]) => fc.shuffledSubarray<PricingRule>([...s, ...w]));

describe('nightPrices', () => {
  test('agrees with the model over random rules, events, stays and time zones', () => {
    fc.assert(
      fc.property(
        priceCents,
        rulesOfRoom,
        fc.uniqueArray(fc.integer({ min: 0, max: 520 }), { maxLength: 10 }),
        fc.integer({ min: 0, max: 300 }),
        fc.constantFrom(...ZONES),
        fc.integer({ min: 0, max: 480 * 24 }),
        fc.integer({ min: 1, max: 40 }),
        (base, rules, eventDays, premium, zone, hours, count) => {
          const events = new Set(eventDays.map((d) => addDays(START, d)));
          const nights = modelNights(
            zone,
            Date.parse(`${START}T00:00:00Z`) + hours * 3_600_000,
            count,
          );
          const checkIn = nights[0]?.date as string;
          const checkOut = addDays(nights.at(-1)?.date as string, 1);
          const priced = nightPrices(
            { baseCents: base, rules, eventNights: events, premiumPercent: premium },
            checkIn,
            checkOut,
          );
          expect(priced).toEqual(
            nights.map((n) => ({
              date: n.date,
              cents: modelPrice(n, base, rules, events, premium),
            })),
          );
          expect(stayCents(priced)).toBe(priced.reduce((sum, n) => sum + n.cents, 0));
        },
      ),
      { numRuns: 300 },
    );
  });

  test('a season holds its first and last nights; the check-out night is not the stay’s', () => {
    const rates = {
      baseCents: 10_000,
      rules: [
        { kind: 'season' as const, from: '2027-01-02', to: '2027-01-03', priceCents: 20_000 },
      ],
      eventNights: new Set(['2027-01-04']),
      premiumPercent: 50,
    };
    expect(nightPrices(rates, '2027-01-01', '2027-01-05').map((n) => n.cents)).toEqual([
      10_000, 20_000, 20_000, 15_000,
    ]);
    expect(nightPrices(rates, '2027-01-01', '2027-01-04').map((n) => n.cents)).toEqual([
      10_000, 20_000, 20_000,
    ]);
  });
});

describe('the rate contracts', () => {
  const fieldOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
    result.error?.issues[0]?.path.join('.');

  test('refuse bad input naming the field', () => {
    const season = { kind: 'season', from: '2027-01-01', to: '2027-02-28', price: 120 };
    expect(rateCreateBody.safeParse(season).success).toBe(true);
    expect(fieldOf(rateCreateBody.safeParse({ ...season, price: -5 }))).toBe('price');
    expect(fieldOf(rateCreateBody.safeParse({ ...season, price: 1e9 }))).toBe('price');
    expect(fieldOf(rateCreateBody.safeParse({ ...season, price: 10.5 }))).toBe('price');
    expect(fieldOf(rateCreateBody.safeParse({ ...season, to: '2026-12-31' }))).toBe('to');
    expect(fieldOf(rateCreateBody.safeParse({ ...season, to: '2028-01-02' }))).toBe('to');
    expect(rateCreateBody.safeParse({ ...season, to: '2027-12-31' }).success).toBe(true);
    expect(fieldOf(rateCreateBody.safeParse({ ...season, from: '2027-02-30' }))).toBe('from');
    expect(fieldOf(rateCreateBody.safeParse({ ...season, kind: 'holiday' }))).toBe('kind');
    const weekend = { kind: 'weekdays', weekdays: [5, 6], price: 150 };
    expect(rateCreateBody.safeParse(weekend).success).toBe(true);
    expect(fieldOf(rateCreateBody.safeParse({ ...weekend, weekdays: [7] }))).toBe('weekdays.0');
    expect(fieldOf(rateCreateBody.safeParse({ ...weekend, weekdays: [-1] }))).toBe('weekdays.0');
    expect(fieldOf(rateCreateBody.safeParse({ ...weekend, weekdays: [] }))).toBe('weekdays');
    expect(fieldOf(rateCreateBody.safeParse({ ...weekend, weekdays: [5, 5] }))).toBe('weekdays');
  });

  test('a price list spans 1 to 366 nights, to excluded', () => {
    expect(roomPricesQuery.safeParse({ from: '2027-01-01', to: '2028-01-02' }).success).toBe(true);
    expect(fieldOf(roomPricesQuery.safeParse({ from: '2027-01-01', to: '2028-01-03' }))).toBe('to');
    expect(fieldOf(roomPricesQuery.safeParse({ from: '2027-01-01', to: '2027-01-01' }))).toBe('to');
  });
});
