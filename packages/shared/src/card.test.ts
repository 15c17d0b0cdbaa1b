import { describe, expect, test } from 'vitest';
import { cardBrand, cardDigits, isExpired, isValidCvc, passesLuhn } from './card.ts';

describe('card checks', () => {
  test.each([
    ['4242 4242 4242 4242', true],
    ['4000-0000-0000-0002', true],
    ['4000 0000 0000 9995', true],
    ['5555 5555 5555 4444', true],
    ['3782 822463 10005', true],
    ['4242 4242 4242 4241', false],
    ['1234', false],
    ['4242 4242 4242 424a', false],
  ])('Luhn of %s is %s', (number, valid) => {
    expect(passesLuhn(cardDigits(number))).toBe(valid);
  });

  test('brands and their security codes', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(isValidCvc('123', 'visa')).toBe(true);
    expect(isValidCvc('1234', 'visa')).toBe(false);
    expect(isValidCvc('1234', 'amex')).toBe(true);
  });

  test('a card is valid through the last day of its month', () => {
    const now = new Date('2026-11-30T23:00:00Z');
    expect(isExpired(11, 2026, now)).toBe(false);
    expect(isExpired(11, 26, now)).toBe(false);
    expect(isExpired(10, 2026, now)).toBe(true);
    expect(isExpired(12, 2025, now)).toBe(true);
  });
});
