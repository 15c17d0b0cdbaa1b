import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import {
  addToCart,
  CART_STORAGE_KEY,
  type CartLine,
  cartTotals,
  changeCartQuantity,
  forgetCart,
  getCartLines,
  type NewCartLine,
  useCartLines,
  useCartQuantity,
} from './cart-store.ts';

function roomLine(overrides: Partial<NewCartLine> = {}): NewCartLine {
  return {
    id: 12,
    name: 'deluxe',
    image: [{ url: '/uploads/rooms/12.jpg', public_id: 'rooms/12', variants: [] }],
    price: 120,
    Hotels: { id: 3, name: 'byte inn', address: 'Calle 1' },
    checkIn: '2030-03-01',
    checkOut: '2030-03-03',
    totalPrice: 240,
    ...overrides,
  };
}

function stored(): unknown {
  return JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? 'null');
}

beforeEach(() => {
  window.localStorage.clear();
});

describe('cart store', () => {
  test('keeps the cart in localStorage under cartRooms', () => {
    expect(addToCart(roomLine())).toBe(1);
    expect(stored()).toEqual([{ ...roomLine(), cartQuantity: 1 }]);
    expect(getCartLines()).toEqual([{ ...roomLine(), cartQuantity: 1 }]);
  });

  test('the same room with the same dates raises the quantity of its line', () => {
    addToCart(roomLine());
    expect(addToCart(roomLine())).toBe(2);
    expect(addToCart(roomLine())).toBe(3);
    expect(getCartLines()).toHaveLength(1);
    expect(getCartLines()[0]?.cartQuantity).toBe(3);
  });

  test('several units at once: a new line of that many, or that many more on its line', () => {
    expect(addToCart(roomLine(), 3)).toBe(3);
    expect(addToCart(roomLine(), 2)).toBe(5);
    expect(getCartLines().map((l) => l.cartQuantity)).toEqual([5]);
  });

  test('other dates or another room make a new line', () => {
    addToCart(roomLine());
    expect(addToCart(roomLine({ checkOut: '2030-03-04', totalPrice: 360 }))).toBe(1);
    expect(addToCart(roomLine({ id: 13 }))).toBe(1);
    expect(getCartLines().map((l) => [l.id, l.checkOut, l.cartQuantity])).toEqual([
      [12, '2030-03-03', 1],
      [12, '2030-03-04', 1],
      [13, '2030-03-03', 1],
    ]);
  });

  test('tampered and older stored lines are dropped, good ones kept', () => {
    const good = { ...roomLine(), cartQuantity: 2 };
    const bad = [
      { ...good, id: '12' },
      { ...good, cartQuantity: 0 },
      { ...good, cartQuantity: 1.5 },
      { ...good, checkIn: '2030-02-30' },
      { ...good, checkOut: '2030-02-28' },
      { id: 12, checkIn: good.checkIn, checkOut: good.checkOut, cartQuantity: 1 },
      { ...good, totalPrice: 'free' },
      null,
      'room 12',
    ];
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([...bad, good]));
    expect(getCartLines()).toEqual([good]);
  });

  test('unreadable storage is an empty cart', () => {
    window.localStorage.setItem(CART_STORAGE_KEY, '{not json');
    expect(getCartLines()).toEqual([]);
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ id: 12 }));
    expect(getCartLines()).toEqual([]);
  });

  test('quantities change by steps and a line reaching 0 leaves the cart', () => {
    addToCart(roomLine());
    const line = getCartLines()[0] as CartLine;
    expect(changeCartQuantity(line, 2)).toBe(3);
    expect(changeCartQuantity(getCartLines()[0] as CartLine, -3)).toBe(0);
    expect(getCartLines()).toEqual([]);
    expect(stored()).toEqual([]);
  });

  test('totals add units and money in cents', () => {
    const lines: CartLine[] = [
      { ...roomLine({ totalPrice: 0.1 }), cartQuantity: 3 },
      { ...roomLine({ id: 13, totalPrice: 0.2 }), cartQuantity: 1 },
    ];
    expect(cartTotals(lines)).toEqual({ quantity: 4, amountCents: 50 });
  });

  test('screens follow the cart: changes here, in another tab, and log out', () => {
    const { result } = renderHook(() => ({ lines: useCartLines(), quantity: useCartQuantity() }));
    expect(result.current.quantity).toBe(0);

    act(() => {
      addToCart(roomLine());
      addToCart(roomLine());
    });
    expect(result.current.quantity).toBe(2);

    act(() => {
      const otherTab = [{ ...roomLine({ id: 40 }), cartQuantity: 5 }];
      window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(otherTab));
      window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    });
    expect(result.current.lines.map((l) => l.id)).toEqual([40]);
    expect(result.current.quantity).toBe(5);

    act(() => forgetCart());
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(result.current.quantity).toBe(0);
  });
});
