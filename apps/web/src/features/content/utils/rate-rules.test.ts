import { CONTENT_MESSAGES as C, RATE_MESSAGES as R } from '@devstay/shared/messages';
import { describe, expect, test } from 'vitest';
import { viewRateDraft } from '../hooks/use-rate-draft.ts';
import {
  calendarWindow,
  emptyRateDraft,
  type RateDraft,
  type RateField,
  rateBody,
  rateDraftOf,
  ruleNights,
} from './rate-rules.ts';

describe('the rates calendar', () => {
  test('shows three months from the hotel’s today, and prices from today on', () => {
    const shown = calendarWindow('2026-11-28', 0);
    expect(shown.months.map((m) => m.title)).toEqual([
      'November 2026',
      'December 2026',
      'January 2027',
    ]);
    expect(shown.from).toBe('2026-11-28');
    // The check-out side is excluded: the last night priced is January 31.
    expect(shown.to).toBe('2027-02-01');
  });

  test('later months start on their first night', () => {
    const shown = calendarWindow('2026-11-28', 3);
    expect(shown.months.map((m) => m.key)).toEqual(['2027-02', '2027-03', '2027-04']);
    expect(shown.from).toBe('2027-02-01');
    expect(shown.to).toBe('2027-05-01');
  });

  test('a month’s weeks start on Sunday, with every date once', () => {
    const [february] = calendarWindow('2027-02-10', 0).months;
    if (!february) throw new Error('no month');
    // February 1, 2027 is a Monday.
    expect(february.weeks[0]).toEqual([
      null,
      '2027-02-01',
      '2027-02-02',
      '2027-02-03',
      '2027-02-04',
      '2027-02-05',
      '2027-02-06',
    ]);
    const dates = february.weeks.flat().filter(Boolean);
    expect(dates).toHaveLength(28);
    expect(dates.at(-1)).toBe('2027-02-28');
    for (const week of february.weeks) expect(week).toHaveLength(7);
  });
});

describe('a rule in words', () => {
  test('a season by its nights, a weekday rule by its days', () => {
    expect(ruleNights({ kind: 'season', from: '2027-01-01', to: '2027-02-28' })).toBe(
      'Fri, Jan 1, 2027 to Sun, Feb 28, 2027',
    );
    expect(ruleNights({ kind: 'weekdays', weekdays: [5, 6] })).toBe('Friday, Saturday');
  });
});

function touched(draft: RateDraft, fields: RateField[] = [], submitted = false) {
  return viewRateDraft({ draft, touched: new Set(fields), submitted });
}

describe('the rule form’s draft, checked by the API’s schema', () => {
  test('an empty season shows nothing until touched, and every message once submitted', () => {
    const draft = emptyRateDraft(80);
    expect(touched(draft).visibleErrors).toEqual({});
    expect(touched(draft).canSubmit).toBe(false);
    expect(touched(draft, [], true).visibleErrors).toEqual({
      from: R.fromRequired,
      to: R.toRequired,
    });
  });

  test('a season ending before it starts, and a price out of range', () => {
    const draft = { ...emptyRateDraft(80), from: '2027-01-10', to: '2027-01-09', price: 5 };
    expect(touched(draft, ['to', 'price']).visibleErrors).toEqual({
      to: R.toBeforeFrom,
      price: C.priceRange,
    });
    expect(touched({ ...draft, price: 80.5 }, ['price']).visibleErrors).toEqual({
      price: C.priceInteger,
    });
    expect(touched({ ...draft, price: null }, ['price']).visibleErrors).toEqual({
      price: C.priceRequired,
    });
  });

  test('a weekday rule needs a weekday, and sends only its own fields', () => {
    const draft: RateDraft = { ...emptyRateDraft(80), kind: 'weekdays', from: '2027-01-01' };
    expect(touched(draft, ['weekdays']).visibleErrors).toEqual({ weekdays: R.weekdaysRequired });
    const ready = touched({ ...draft, weekdays: [6, 5], price: 120 });
    expect(ready.canSubmit).toBe(true);
    expect(ready.value).toEqual({ kind: 'weekdays', weekdays: [5, 6], price: 120 });
  });

  test('a loaded rule is sent back with its version', () => {
    const rule = {
      id: 4,
      roomId: 9,
      kind: 'season' as const,
      from: '2027-01-01',
      to: '2027-02-28',
      price: 150,
      version: 3,
    };
    const draft = rateDraftOf(rule);
    expect(rateBody(draft)).toEqual({
      kind: 'season',
      from: '2027-01-01',
      to: '2027-02-28',
      price: 150,
      version: 3,
    });
    expect(touched(draft).value).toEqual({
      kind: 'season',
      from: '2027-01-01',
      to: '2027-02-28',
      price: 150,
      version: 3,
    });
  });
});
