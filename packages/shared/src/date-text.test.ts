import { describe, expect, test } from 'vitest';
import { dateText, dateTextIn, RENDER_LOCALE } from './date-text.ts';

describe('dates as the site writes them', () => {
  test('a calendar date is that day, whatever the time zone', () => {
    expect(dateText('2026-12-15')).toBe('Tue, Dec 15, 2026');
    expect(dateText('2026-12-15', 'en-GB')).toBe('Tue, 15 Dec 2026');
    expect(dateText('2026-01-01', 'es-AR')).toBe(
      new Intl.DateTimeFormat('es-AR', {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(Date.UTC(2026, 0, 1))),
    );
  });

  test('an instant by its UTC day', () => {
    expect(dateText('2026-11-24T23:30:00Z')).toBe('Tue, Nov 24, 2026');
    expect(dateText(new Date('2026-11-24T00:10:00Z'))).toBe('Tue, Nov 24, 2026');
  });

  test('text that is not a date is given back; an unknown language writes the render’s', () => {
    expect(dateText('soon')).toBe('soon');
    expect(dateText('2026-12-15', 'not a language tag')).toBe(
      dateText('2026-12-15', RENDER_LOCALE),
    );
  });

  test('with its format kept for a language, it writes every date as dateText does', () => {
    for (const locale of [RENDER_LOCALE, 'en-GB', 'not a language tag']) {
      const write = dateTextIn(locale);
      for (const date of ['2026-12-15', '2026-11-24T23:30:00Z', new Date(0), 'soon']) {
        expect(write(date)).toBe(dateText(date, locale));
      }
    }
  });
});
