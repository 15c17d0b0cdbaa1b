import { describe, expect, test } from 'vitest';
import {
  capitalize,
  centsToPrice,
  compareText,
  displayName,
  formatUsd,
  placeKey,
  priceToCents,
  SEARCH_WORDS_MAX,
  searchKey,
  searchWords,
  sentenceStart,
} from './text.ts';

describe('text rules', () => {
  test('search key ignores case, accents and extra spaces', () => {
    expect(searchKey('  San Carlos de  BARILOCHE ')).toBe('san carlos de bariloche');
    expect(searchKey('Córdoba')).toBe('cordoba');
    expect(searchKey('Neuquén')).toBe(searchKey('NEUQUEN'));
  });

  test('a search text is matched by its folded words, distinct, the first five', () => {
    expect(searchWords('  Córdoba  CAPITAL córdoba ')).toEqual(['cordoba', 'capital']);
    expect(searchWords('   ')).toEqual([]);
    expect(searchWords('a b c d e f g')).toHaveLength(SEARCH_WORDS_MAX);
    expect(
      placeKey({ city: 'San Carlos de Bariloche', department: 'Bariloche', state: 'Río Negro' }),
    ).toBe('san carlos de bariloche bariloche rio negro');
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
  });

  // Cents are always two digits when there are some ('$152.40', never '$152.4'); a whole amount
  // is written without them ('$1,305').
  test.each([
    [15_240, '$152.40'],
    [132_880, '$1,328.80'],
    [12_999, '$129.99'],
    [12_005, '$120.05'],
    [12_050, '$120.50'],
    [12_000, '$120'],
    [130_500, '$1,305'],
    [100_000, '$1,000'],
    [123_456_789, '$1,234,567.89'],
    [99_999_999, '$999,999.99'],
    [5, '$0.05'],
    [10, '$0.10'],
    [0, '$0'],
    [-2_550, '-$25.50'],
    [-100, '-$1'],
  ])('formatUsd(%i) is %s', (cents, text) => {
    expect(formatUsd(cents)).toBe(text);
  });

  test('amounts as the locale writes them: two decimals when there are cents', () => {
    const withCents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 });
    const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    for (let cents = 0; cents <= 2_000_000; cents += 1_237) {
      const usd = cents % 100 ? withCents : whole;
      expect(formatUsd(cents)).toBe(`$${usd.format(cents / 100)}`);
    }
  });
});
