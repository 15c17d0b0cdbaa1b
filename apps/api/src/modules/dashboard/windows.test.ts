import { expect, test } from 'vitest';
import { addMonths, occupancyNights, revenueMonths } from './windows.ts';

test('months move across years both ways', () => {
  expect(addMonths('2026-12', 1)).toBe('2027-01');
  expect(addMonths('2027-01', -1)).toBe('2026-12');
  expect(addMonths('2026-03', -14)).toBe('2025-01');
  expect(addMonths('2026-03', 0)).toBe('2026-03');
});

test('twelve months up to the month of the hotel’s today, then three coming ones, oldest first', () => {
  expect(revenueMonths('2027-01-01')).toEqual([
    '2026-02',
    '2026-03',
    '2026-04',
    '2026-05',
    '2026-06',
    '2026-07',
    '2026-08',
    '2026-09',
    '2026-10',
    '2026-11',
    '2026-12',
    '2027-01',
    '2027-02',
    '2027-03',
    '2027-04',
  ]);
});

test('sixty nights from today, across a month’s end and a leap day', () => {
  const nights = occupancyNights('2028-02-28');
  expect(nights).toHaveLength(60);
  expect(nights.slice(0, 3)).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
  expect(nights.at(-1)).toBe('2028-04-27');
});
