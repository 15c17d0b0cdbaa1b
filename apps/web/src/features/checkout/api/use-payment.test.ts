import { PAYMENT_SPINNER_MS } from '@devstay/shared/constants';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE, setApiTransport } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { CHECKOUT_ATTEMPT_KEY } from '../store/checkout-attempt.ts';
import type { PayMethod } from './pay-cart.ts';
import { PAYMENT_ERROR_TITLE, paymentFailure, usePayment } from './use-payment.ts';

vi.mock('../../../lib/notify.ts', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const cart = [{ id: 4, checkIn: '2030-01-01', checkOut: '2030-01-03', cartQuantity: 1 }];
const card: PayMethod = {
  card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
};

/** The API as these tests answer it: each path's status and body, and the calls made. */
function answer(routes: Record<string, [number, unknown]>) {
  const calls: string[] = [];
  setApiTransport(async (url) => {
    calls.push(url);
    const [status, body] = routes[url] ?? [500, { message: 'unexpected' }];
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

const error = (code: string, message: string) => ({ code, message });

describe('what a failed payment tells the guest', () => {
  test('a changed total: nothing was booked, the new total is shown and the guest asked again', () => {
    const changed = new ApiError(409, 'The total is now $120.00', undefined, 'PRICE_CHANGED');
    expect(paymentFailure(changed)).toEqual({
      kind: 'repriced',
      message: 'The total is now $120.00',
    });
  });

  test("a declined card: the processor's reason, without the title the page shows above it", () => {
    const declined = new ApiError(
      402,
      `${PAYMENT_ERROR_TITLE}: Your card was declined.`,
      undefined,
      'PAYMENT_DECLINED',
    );
    expect(paymentFailure(declined)).toEqual({
      kind: 'refused',
      message: 'Your card was declined.',
    });
  });

  test('any other failure: its message, under the payment error title', () => {
    const lapsed = new ApiError(409, 'The hold expired', undefined, 'HOLD_EXPIRED');
    expect(paymentFailure(lapsed)).toEqual({ kind: 'refused', message: 'The hold expired' });
    expect(paymentFailure(new ApiError(0, NETWORK_ERROR_MESSAGE)).message).toBe(
      NETWORK_ERROR_MESSAGE,
    );
    expect(paymentFailure('?').message).toBe('Something went wrong. Please try again.');
  });
});

describe('paying the cart', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    vi.mocked(notifyError).mockClear();
    vi.mocked(notifySuccess).mockClear();
  });
  afterEach(() => setApiTransport((url, init) => fetch(url, init)));

  function payment() {
    const onPaid = vi.fn();
    const onFailed = vi.fn();
    const hook = renderHook(() => usePayment({ lines: cart, onPaid, onFailed }));
    return { hook, onPaid, onFailed };
  }

  test('a changed total asks again: no error, no toast, the attempt kept', async () => {
    answer({ '/api/booking': [409, error('PRICE_CHANGED', 'The total is now $120.00')] });
    const { hook, onFailed, onPaid } = payment();
    await act(() => hook.result.current.pay(card, 10_000));
    expect(hook.result.current.repriced).toBe('The total is now $120.00');
    expect(hook.result.current.failure).toBeNull();
    expect(hook.result.current.paying).toBe(false);
    expect(onFailed).toHaveBeenCalledOnce();
    expect(onPaid).not.toHaveBeenCalled();
    expect(notifyError).not.toHaveBeenCalled();
    expect(window.sessionStorage.getItem(CHECKOUT_ATTEMPT_KEY)).not.toBeNull();
  });

  test('a declined card says why, in the page and a toast, and ends the attempt', async () => {
    answer({
      '/api/booking': [201, { id: 'b-1' }],
      '/api/payments/card': [402, error('PAYMENT_DECLINED', 'Your card was declined')],
    });
    const { hook, onFailed } = payment();
    await act(() => hook.result.current.pay(card, 10_000));
    expect(hook.result.current.failure).toBe('Your card was declined');
    expect(hook.result.current.repriced).toBeNull();
    expect(notifyError).toHaveBeenCalledWith('Your card was declined', PAYMENT_ERROR_TITLE);
    expect(onFailed).toHaveBeenCalledOnce();
    // A final failure: the next Pay books with new keys.
    expect(window.sessionStorage.getItem(CHECKOUT_ATTEMPT_KEY)).toBeNull();
  });

  test('a lost answer keeps the attempt, so Pay again books and charges once', async () => {
    answer({
      '/api/booking': [201, { id: 'b-1' }],
      '/api/payments/card': [503, { message: 'Try later' }],
    });
    const { hook } = payment();
    await act(() => hook.result.current.pay(card, 10_000));
    expect(hook.result.current.failure).toBe('Try later');
    const kept = JSON.parse(window.sessionStorage.getItem(CHECKOUT_ATTEMPT_KEY) ?? '{}');
    expect(kept.bookingId).toBe('b-1');
  });

  test('a second Pay while one is under way, or one without a quote, does nothing', async () => {
    const calls = answer({ '/api/booking': [409, error('SOLD_OUT', 'Sold out')] });
    const { hook } = payment();
    await act(async () => {
      const first = hook.result.current.pay(card, 10_000);
      await hook.result.current.pay(card, 10_000);
      await first;
    });
    await act(() => hook.result.current.pay(card, undefined));
    expect(calls).toEqual(['/api/booking']);
  });

  test('paid: the cart is let go, a new card form, and the paid screen after the spinner', async () => {
    vi.useFakeTimers();
    try {
      const result = { message: 'Payment made', receipt_url: '/bookings/b-1/receipt' };
      answer({ '/api/booking': [201, { id: 'b-1' }], '/api/payments/card': [200, result] });
      const { hook, onPaid } = payment();
      let paying: Promise<void> | undefined;
      await act(async () => {
        paying = hook.result.current.pay(card, 10_000);
        await vi.advanceTimersByTimeAsync(0);
      });
      expect(onPaid).toHaveBeenCalledOnce();
      expect(notifySuccess).toHaveBeenCalledWith('Payment made, please check your email');
      expect(hook.result.current.formKey).toBe(1);
      expect(hook.result.current.paid).toBeNull();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(PAYMENT_SPINNER_MS);
        await paying;
      });
      expect(hook.result.current.paid).toEqual(result);
      expect(window.sessionStorage.getItem(CHECKOUT_ATTEMPT_KEY)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
