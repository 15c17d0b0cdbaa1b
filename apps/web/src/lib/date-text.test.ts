import { describe, expect, test } from 'vitest';
import { longDate, shortDate } from './date-text.ts';

describe('dates as shown', () => {
  test('read as the locale writes them, in UTC', () => {
    const short = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
    const long = new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    for (let day = 0; day < 400; day += 7) {
      const date = new Date(Date.UTC(2026, 0, 1 + day, 23, 30));
      expect(shortDate(date)).toBe(short.format(date));
      expect(longDate(date)).toBe(long.format(date));
    }
  });

  test('examples', () => {
    expect(shortDate(new Date('2026-11-24T10:00:00Z'))).toBe('Nov 24, 2026');
    expect(longDate(new Date('2026-11-24T00:00:00Z'))).toBe('Tue, November 24, 2026');
  });
});
