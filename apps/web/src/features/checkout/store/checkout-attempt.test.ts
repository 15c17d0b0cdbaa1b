import { beforeEach, expect, test } from 'vitest';
import { attemptFor, CHECKOUT_ATTEMPT_KEY, endAttempt, saveAttempt } from './checkout-attempt.ts';

const cart = [{ id: 4, checkIn: '2030-01-01', checkOut: '2030-01-03', cartQuantity: 2 }];

beforeEach(() => window.sessionStorage.clear());

test('the same cart keeps its keys across calls (a retry or a second click books once)', () => {
  const first = attemptFor(cart);
  expect(first.bookingKey).not.toBe(first.paymentKey);
  saveAttempt({ ...first, bookingId: 'b-1' });
  expect(attemptFor(cart)).toEqual({ ...first, bookingId: 'b-1' });
});

test('another cart, or an ended attempt, gets new keys', () => {
  const first = attemptFor(cart);
  const other = attemptFor([{ ...cart[0], cartQuantity: 3 } as (typeof cart)[number]]);
  expect(other.bookingKey).not.toBe(first.bookingKey);
  endAttempt();
  expect(window.sessionStorage.getItem(CHECKOUT_ATTEMPT_KEY)).toBeNull();
  expect(attemptFor(cart).paymentKey).not.toBe(first.paymentKey);
});

test('an unreadable stored attempt is replaced', () => {
  window.sessionStorage.setItem(CHECKOUT_ATTEMPT_KEY, '{not json');
  expect(attemptFor(cart).bookingKey).toMatch(/^booking-/);
});
