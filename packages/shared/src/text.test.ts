import { describe, expect, test } from 'vitest';
import {
  capitalize,
  centsToPrice,
  compareText,
  displayName,
  formatUsd,
  priceToCents,
  searchKey,
  sentenceStart,
} from './text.ts';

describe('text rules', () => {
  test('search key ignores case, accents and extra spaces', () => {
    expect(searchKey('  San Carlos de  BARILOCHE ')).toBe('san carlos de bariloche');
    expect(searchKey('Córdoba')).toBe('cordoba');
    expect(searchKey('Neuquén')).toBe(searchKey('NEUQUEN'));
  });

  test('sorting ignores case and accents', () => {
    const cities = ['Zárate', 'córdoba', 'Cordoba', 'Azul', 'Ñorquinco', 'Neuquén'];
    expect([...cities].sort(compareText)).toEqual([
      'Azul',
      'córdoba',
      'Cordoba',
      'Neuquén',
      'Ñorquinco',
      'Zárate',
    ]);
  });

  test('words of our lists are shown capitalised; a sentence only at its start', () => {
    expect(capitalize('presidential suite')).toBe('Presidential Suite');
    expect(capitalize('mar del plata-sur')).toBe('Mar Del Plata-Sur');
    expect(sentenceStart('the stay at Cerro de las Rosas')).toBe('The stay at Cerro de las Rosas');
  });

  test('keys read as words, capitalised at the start of a sentence', () => {
    expect(displayName('room')).toBe('room');
    expect(displayName('hotelService')).toBe('hotel service');
    expect(displayName('hotelService', 'start')).toBe('Hotel service');
  });

  test('money', () => {
    expect(priceToCents(129.99)).toBe(12_999);
    // Every cent amount survives the way to dollars and back (a cart adds dollars read back).
    for (let cents = 0; cents <= 100_000; cents += 7) {
      expect(priceToCents(centsToPrice(cents))).toBe(cents);
    }
    expect(formatUsd(12_999)).toBe('$129.99');
    expect(formatUsd(12_000)).toBe('$120');
    expect(formatUsd(12_050)).toBe('$120.5');
    expect(formatUsd(12_005)).toBe('$120.05');
    expect(formatUsd(5)).toBe('$0.05');
    expect(formatUsd(0)).toBe('$0');
    expect(formatUsd(123_456_789)).toBe('$1,234,567.89');
    expect(formatUsd(100_000)).toBe('$1,000');
    expect(formatUsd(-2_550)).toBe('-$25.5');
    // Same figures as the locale's own formatting, for every amount a page can show.
    const usd = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
    for (const cents of [1, 99, 100, 101, 99_999, 1_000_000, 987_654_321]) {
      expect(formatUsd(cents)).toBe(`$${usd.format(cents / 100)}`);
    }
  });
});
