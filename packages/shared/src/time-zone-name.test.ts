import { expect, test } from 'vitest';
import { timeZoneName, weekdayDate } from './time-zone-name.ts';

test('a zone reads as its city, never as its IANA id', () => {
  expect(timeZoneName('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
  expect(timeZoneName('Europe/Madrid')).toBe('Madrid');
  expect(timeZoneName('Pacific/Kiritimati')).toBe('Kiritimati');
  expect(timeZoneName('UTC')).toBe('UTC');
  expect(timeZoneName('Etc/GMT+3')).toBe('GMT+3');
});

test('a deadline day reads as weekday, month and day', () => {
  expect(weekdayDate('2026-12-12')).toBe('Sat, Dec 12');
  expect(weekdayDate('2027-01-01')).toBe('Fri, Jan 1');
  expect(weekdayDate('not a date')).toBe('not a date');
});
