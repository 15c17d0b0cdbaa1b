import { describe, expect, test } from 'vitest';
import { capitalize, compareText, formatUsd, priceToCents, searchKey } from './text.ts';

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

  test('stored lower-case names are shown capitalised', () => {
    expect(capitalize('hotel cumbre del código')).toBe('Hotel Cumbre Del Código');
    expect(capitalize('mar del plata-sur')).toBe('Mar Del Plata-Sur');
  });

  test('money', () => {
    expect(priceToCents(129.99)).toBe(12_999);
    expect(formatUsd(12_999)).toBe('$129.99');
    expect(formatUsd(12_000)).toBe('$120');
  });
});
