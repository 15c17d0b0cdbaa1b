import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isCartLineKey } from './cart.ts';
import { cartLineKey } from './contracts/cart.ts';

const good = { id: 7, checkIn: '2026-12-01', checkOut: '2026-12-03', cartQuantity: 2 };

describe('cart line', () => {
  test('a room, a stay of yyyy-MM-dd dates and a positive quantity is a line', () => {
    expect(isCartLineKey(good)).toBe(true);
    expect(isCartLineKey({ ...good, name: 'extra fields are kept by the caller' })).toBe(true);
    expect(isCartLineKey({ ...good, guests: 3 })).toBe(true);
    expect(cartLineKey.parse(good).guests).toBe(1);
  });

  test.each([
    ['no object', null],
    ['an array', [good]],
    ['id as text', { ...good, id: '7' }],
    ['id zero', { ...good, id: 0 }],
    ['fractional id', { ...good, id: 1.5 }],
    ['date in another format', { ...good, checkIn: '01/12/2026' }],
    ['impossible date', { ...good, checkOut: '2026-02-30' }],
    ['check-out not after check-in', { ...good, checkOut: good.checkIn }],
    ['quantity zero', { ...good, cartQuantity: 0 }],
    ['negative quantity', { ...good, cartQuantity: -1 }],
    ['fractional quantity', { ...good, cartQuantity: 1.5 }],
    ['guests zero', { ...good, guests: 0 }],
    ['guests beyond any line', { ...good, guests: 1e9 }],
    ['guests as text', { ...good, guests: '3' }],
    ['missing quantity (older shape)', { id: 7, checkIn: good.checkIn, checkOut: good.checkOut }],
  ])('%s is not a line', (_name, value) => {
    expect(isCartLineKey(value)).toBe(false);
    expect(cartLineKey.safeParse(value).success).toBe(false);
  });

  test('the browser check and the zod schema accept the same values', () => {
    const date = fc.oneof(
      fc
        .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
      fc.constantFrom('2026-02-30', '2026-1-01', '', 'tomorrow'),
    );
    const number = fc.oneof(
      fc.integer({ min: -3, max: 1_000 }),
      fc.double(),
      fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, Number.NaN),
    );
    const value = fc.record(
      {
        id: fc.oneof(number, fc.string()),
        checkIn: fc.oneof(date, fc.integer()),
        checkOut: date,
        cartQuantity: number,
        guests: number,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(value, (line) => {
        expect(isCartLineKey(line)).toBe(cartLineKey.safeParse(line).success);
      }),
      { numRuns: 2_000 },
    );
  });
});
