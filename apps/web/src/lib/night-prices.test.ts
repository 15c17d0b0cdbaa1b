import { describe, expect, test } from 'vitest';
import { nightsText, nightsTotalCents, type PricedNight } from './night-prices.ts';

function stay(prices: readonly number[]): PricedNight[] {
  return prices.map((price, i) => ({
    date: `2027-01-${String(i + 1).padStart(2, '0')}`,
    price,
  }));
}

/** The text's terms multiplied out and added: what a guest reading it would sum. */
function readSum(text: string): number {
  const terms = text.split(': ')[1]?.split(' + ') ?? [];
  return terms.reduce((sum, t) => {
    const [count, price] = t.includes(' × ') ? t.split(' × ') : ['1', t];
    return sum + Number(count) * Math.round(Number(price?.replace(/[$,]/g, '')) * 100);
  }, 0);
}

describe('a stay’s nights as a line', () => {
  test('a short stay lists each night in order', () => {
    expect(nightsText(stay([80, 80, 120]))).toBe('3 nights: $80 + $80 + $120');
    expect(nightsText(stay([99.5]))).toBe('1 night: $99.50');
  });

  test('a longer stay groups neighbouring nights of one price', () => {
    expect(nightsText(stay([80, 80, 80, 80, 80, 120, 120]))).toBe('7 nights: 5 × $80 + 2 × $120');
    expect(nightsText(stay([120, 80, 80, 80, 80, 120]))).toBe('6 nights: $120 + 4 × $80 + $120');
  });

  test('a price changing often counts the nights by price, cheapest first', () => {
    const weekends = [90, 90, 60, 60, 60, 60, 60, 90, 90, 60, 60, 60, 60, 60];
    expect(nightsText(stay(weekends))).toBe('14 nights: 10 × $60 + 4 × $90');
  });

  test('the terms always add up to the stay’s total', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 16807) % 2147483647;
      return seed;
    };
    for (let run = 0; run < 300; run++) {
      const length = 1 + (next() % 40);
      const prices = Array.from({ length }, () => [80, 80, 95.5, 120, 1000][next() % 5] ?? 80);
      const nights = stay(prices);
      const text = nightsText(nights);
      expect(text.startsWith(`${length} night`)).toBe(true);
      expect(readSum(text)).toBe(nightsTotalCents(nights));
    }
  });
});
