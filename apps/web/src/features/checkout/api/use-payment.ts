import type { CartLineKey } from '@devstay/shared/cart';
import { PAYMENT_SPINNER_MS } from '@devstay/shared/constants';
import type { Billing, PaymentResult } from '@devstay/shared/contracts/booking';
import { useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { type PayMethod, payCart } from './pay-cart.ts';

/** Product §8: the payment error text. */
export const PAYMENT_ERROR_TITLE = 'Unprocessed Payment';

/** Product §8: the toast after a payment. */
export function paidMessage(message: string): string {
  return `${message}, please check your email`;
}

/**
 * Why a payment did not go through, as the payment page tells the guest. `repriced`: the
 * server's total changed since the quote, nothing was booked; the new total is shown and the
 * guest asked again. `refused`: declined, or failed otherwise; said under the card form and in
 * a toast.
 */
export type PaymentFailure = { kind: 'repriced' | 'refused'; message: string };

/** The failure a payment's error is to the guest (whether the attempt ended is `payCart`'s). */
export function paymentFailure(error: unknown): PaymentFailure {
  if (error instanceof ApiError && error.code === 'PRICE_CHANGED') {
    return { kind: 'repriced', message: errorMessage(error) };
  }
  // Shown under the title 'Unprocessed Payment' (product §8), so the title is not repeated:
  // the processor's reason, without the prefix the API's message carries.
  const message = errorMessage(error);
  const prefix = `${PAYMENT_ERROR_TITLE}: `;
  return {
    kind: 'refused',
    message: message.startsWith(prefix) ? message.slice(prefix.length) : message,
  };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface UsePaymentOptions {
  /** The cart being paid. */
  lines: readonly CartLineKey[];
  /** Once paid, before the paid screen (e.g. the cart is emptied). */
  onPaid: () => void;
  /** After any failure: the total may have changed, so the quote is read again. */
  onFailed: () => void;
}

/**
 * Paying the cart at the total on the screen (product §4, decision 0008): one payment at a time,
 * the outcome as the page shows it (paid, repriced or refused) and a fresh card form after a
 * payment. The booking and payment keys, and which failures end the attempt, are `payCart`'s.
 */
export function usePayment({ lines, onPaid, onFailed }: UsePaymentOptions) {
  const [paid, setPaid] = useState<PaymentResult | null>(null);
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The server's total changed since the quote on screen: its message, until the next Pay.
  const [repriced, setRepriced] = useState<string | null>(null);
  // A new key draws an empty card form.
  const [formKey, setFormKey] = useState(0);
  // A second click while the first is under way does nothing (and the keys make it safe anyway).
  const inFlight = useRef(false);

  /**
   * Pays with `method` at `shownTotalCents`, the total on the screen from the server's current
   * quote (undefined while there is none: nothing happens), invoiced to `billing` if given.
   */
  const pay = async (method: PayMethod, shownTotalCents: number | undefined, billing?: Billing) => {
    // Pay is enabled only on the server's current quote: its total is the one on the screen.
    if (inFlight.current || shownTotalCents === undefined) return;
    inFlight.current = true;
    setPaying(true);
    setFailure(null);
    setRepriced(null);
    const started = Date.now();
    try {
      const result = await payCart(lines, shownTotalCents, method, billing);
      notifySuccess(paidMessage(result.message));
      onPaid();
      setFormKey((k) => k + 1);
      // The spinner shows for PAYMENT_SPINNER_MS at least (product §9).
      await wait(Math.max(0, PAYMENT_SPINNER_MS - (Date.now() - started)));
      setPaid(result);
    } catch (error) {
      onFailed();
      const outcome = paymentFailure(error);
      if (outcome.kind === 'repriced') {
        setRepriced(outcome.message);
        return;
      }
      setFailure(outcome.message);
      notifyError(outcome.message, PAYMENT_ERROR_TITLE);
    } finally {
      setPaying(false);
      inFlight.current = false;
    }
  };

  return { pay, paid, paying, failure, repriced, formKey };
}
