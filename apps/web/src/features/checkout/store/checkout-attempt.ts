import type { CartLineKey } from '@devstay/shared/cart';

/**
 * Where the current checkout attempt's keys live: this tab, until it pays or fails for good.
 * @internal
 */
export const CHECKOUT_ATTEMPT_KEY = 'checkoutAttempt';

/**
 * One attempt to pay a cart: the Idempotency-Keys of its booking and of its payment, made once
 * and kept across reloads and retries so a double click or a retry books and charges once.
 */
export interface CheckoutAttempt {
  /** The cart the keys were made for; another cart needs new keys (the server says 422). */
  cart: string;
  bookingKey: string;
  paymentKey: string;
  /** The pending booking once the server made it. */
  bookingId?: string;
}

/** The cart as the server books it, as one string to compare attempts by. */
function cartSignature(lines: readonly CartLineKey[]): string {
  return JSON.stringify(
    lines.map((l) => [l.id, l.checkIn, l.checkOut, l.cartQuantity, l.traveller ?? null]),
  );
}

function read(): CheckoutAttempt | null {
  try {
    const raw = window.sessionStorage.getItem(CHECKOUT_ATTEMPT_KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (
      typeof value === 'object' &&
      value !== null &&
      typeof (value as CheckoutAttempt).cart === 'string' &&
      typeof (value as CheckoutAttempt).bookingKey === 'string' &&
      typeof (value as CheckoutAttempt).paymentKey === 'string'
    ) {
      return value as CheckoutAttempt;
    }
  } catch {
    // Unreadable: a new attempt.
  }
  return null;
}

export function saveAttempt(attempt: CheckoutAttempt): void {
  try {
    window.sessionStorage.setItem(CHECKOUT_ATTEMPT_KEY, JSON.stringify(attempt));
  } catch {
    // Storage disabled: the keys live as long as this page.
  }
}

/** The attempt for this cart: the stored one if it was made for the same cart, else new keys. */
export function attemptFor(lines: readonly CartLineKey[]): CheckoutAttempt {
  const cart = cartSignature(lines);
  const stored = read();
  if (stored && stored.cart === cart) return stored;
  const attempt = {
    cart,
    bookingKey: `booking-${crypto.randomUUID()}`,
    paymentKey: `payment-${crypto.randomUUID()}`,
  };
  saveAttempt(attempt);
  return attempt;
}

/** The attempt ended (paid, declined or lost its hold): the next one gets new keys. */
export function endAttempt(): void {
  try {
    window.sessionStorage.removeItem(CHECKOUT_ATTEMPT_KEY);
  } catch {
    // Nothing was kept.
  }
}
