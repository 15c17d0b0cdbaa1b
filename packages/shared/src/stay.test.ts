import { describe, expect, test } from 'vitest';
import { isIsoDate } from './calendar-date.ts';
import {
  addDays,
  CHECK_OUT_ERROR,
  checkStay,
  defaultStay,
  eventDateMax,
  nightsBetween,
  stayNights,
  stayPriceCents,
  today,
} from './stay.ts';

describe('stay dates and prices', () => {
  test('nights are calendar days between the dates, across months, years and DST changes', () => {
    expect(nightsBetween('2026-11-22', '2026-11-23')).toBe(1);
    expect(nightsBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(nightsBetween('2027-03-27', '2027-04-03')).toBe(7);
    expect(nightsBetween('2028-02-28', '2028-03-01')).toBe(2);
  });

  test('price is nightly price × nights', () => {
    expect(stayPriceCents(12_000, '2026-12-01', '2026-12-04')).toBe(36_000);
  });

  test('price is at least one night when the night count is not positive (spec §9)', () => {
    expect(stayPriceCents(12_000, '2026-12-01', '2026-12-01')).toBe(12_000);
    expect(stayPriceCents(12_000, '2026-12-04', '2026-12-01')).toBe(12_000);
  });

  test('a stay occupies [check-in, check-out)', () => {
    expect(stayNights('2026-12-30', '2027-01-02')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
    ]);
  });

  test('check-out must be after check-in, with the exact message', () => {
    expect(checkStay('2026-12-02', '2026-12-02', '2026-11-22')).toEqual({
      ok: false,
      error: CHECK_OUT_ERROR,
    });
    expect(CHECK_OUT_ERROR).toBe('The check-out date should be greater than the check-in date');
    expect(checkStay('2026-12-02', '2026-12-03', '2026-11-22')).toEqual({ ok: true });
  });

  test('check-in cannot be before today; malformed dates are refused', () => {
    expect(checkStay('2026-11-21', '2026-11-23', '2026-11-22').ok).toBe(false);
    expect(checkStay('2026-02-30', '2026-03-02', '2026-01-01').ok).toBe(false);
  });

  test('default stay is today to tomorrow', () => {
    expect(defaultStay('2026-12-31')).toEqual({ checkIn: '2026-12-31', checkOut: '2027-01-01' });
  });

  test('dates are validated strictly', () => {
    expect(isIsoDate('2026-11-22')).toBe(true);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-1-1')).toBe(false);
    expect(isIsoDate('22/11/2026')).toBe(false);
    // PostgreSQL has no year 0; nobody books or was born before 1900.
    expect(isIsoDate('0000-01-01')).toBe(false);
    expect(isIsoDate('1899-12-31')).toBe(false);
    expect(isIsoDate('1900-01-01')).toBe(true);
    expect(isIsoDate('9999-12-31')).toBe(true);
  });

  test('today is the local calendar date, not the UTC one', () => {
    expect(today(new Date(2026, 10, 22, 23, 59))).toBe('2026-11-22');
    expect(today(new Date(2026, 10, 22, 0, 1))).toBe('2026-11-22');
  });

  test('adding days and the rolling event horizon', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(eventDateMax('2026-11-22', 2)).toBe('2028-11-22');
  });
});
