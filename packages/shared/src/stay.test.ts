import { describe, expect, test } from 'vitest';
import { isIsoDate } from './calendar-date.ts';
import {
  addDays,
  CHECK_OUT_ERROR,
  calendarDateIn,
  checkStay,
  defaultStay,
  eventDateMax,
  isTimeZone,
  nightsBetween,
  stayNights,
  stayPriceCents,
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

  test('price is at least one night when the night count is not positive (product §9)', () => {
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

  describe('calendarDateIn: the calendar date of an instant in a zone, whatever zone runs this', () => {
    const BA = 'America/Argentina/Buenos_Aires';
    const KIRITIMATI = 'Pacific/Kiritimati';
    const at = (iso: string) => new Date(iso);
    const dates = (iso: string) =>
      [BA, 'UTC', KIRITIMATI].map((zone) => calendarDateIn(zone, at(iso)));

    test('around midnight in Buenos Aires (UTC−3)', () => {
      expect(dates('2026-11-23T02:59:59.999Z')).toEqual(['2026-11-22', '2026-11-23', '2026-11-23']);
      expect(dates('2026-11-23T03:00:00.000Z')).toEqual(['2026-11-23', '2026-11-23', '2026-11-23']);
    });

    test('around midnight in UTC', () => {
      expect(dates('2026-11-22T23:59:59.999Z')).toEqual(['2026-11-22', '2026-11-22', '2026-11-23']);
      expect(dates('2026-11-23T00:00:00.000Z')).toEqual(['2026-11-22', '2026-11-23', '2026-11-23']);
    });

    test('around midnight in Kiritimati (UTC+14)', () => {
      expect(dates('2026-11-22T09:59:59.999Z')).toEqual(['2026-11-22', '2026-11-22', '2026-11-22']);
      expect(dates('2026-11-22T10:00:00.000Z')).toEqual(['2026-11-22', '2026-11-22', '2026-11-23']);
    });

    test('across a year and a daylight-saving change; an instant as milliseconds', () => {
      expect(dates('2026-12-31T23:30:00Z')).toEqual(['2026-12-31', '2026-12-31', '2027-01-01']);
      expect(dates('2027-01-01T02:30:00Z')).toEqual(['2026-12-31', '2027-01-01', '2027-01-01']);
      // Los Angeles is UTC−7 in July (daylight time) and UTC−8 in January.
      expect(calendarDateIn('America/Los_Angeles', Date.parse('2026-07-01T06:59:59Z'))).toBe(
        '2026-06-30',
      );
      expect(calendarDateIn('America/Los_Angeles', Date.parse('2026-07-01T07:00:00Z'))).toBe(
        '2026-07-01',
      );
      expect(calendarDateIn('America/Los_Angeles', Date.parse('2027-01-01T07:59:59Z'))).toBe(
        '2026-12-31',
      );
    });

    test('asked twice within a minute, it answers each instant its own date', () => {
      const ask = (iso: string) => calendarDateIn('Africa/Monrovia', Date.parse(iso));
      // Monrovia kept UTC−0:44:30 until 1972: its day began 30 s into a minute.
      expect([ask('1960-01-02T00:44:10Z'), ask('1960-01-02T00:44:40Z')]).toEqual([
        '1960-01-01',
        '1960-01-02',
      ]);
      expect([ask('2026-07-01T23:59:10Z'), ask('2026-07-01T23:59:50Z')]).toEqual([
        '2026-07-01',
        '2026-07-01',
      ]);
      expect(ask('2026-07-02T00:00:00Z')).toBe('2026-07-02');
    });

    test('an unknown zone throws', () => {
      expect(() => calendarDateIn('Mars/Olympus_Mons')).toThrow(RangeError);
    });
  });

  test('time zones: IANA names Intl knows, no offsets', () => {
    for (const zone of [
      'America/Argentina/Buenos_Aires',
      'UTC',
      'Etc/GMT+12',
      'Pacific/Kiritimati',
    ]) {
      expect(isTimeZone(zone)).toBe(true);
    }
    for (const zone of [
      '',
      'Mars/Olympus_Mons',
      '+03:00',
      'UTC+3',
      ' UTC',
      `Etc/${'x'.repeat(70)}`,
    ]) {
      expect(isTimeZone(zone)).toBe(false);
    }
  });

  test('adding days and the rolling event horizon', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(eventDateMax('2026-11-22', 2)).toBe('2028-11-22');
  });
});
