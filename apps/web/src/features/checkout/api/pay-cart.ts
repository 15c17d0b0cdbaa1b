import { type CartLineKey, lineGuests } from '@devstay/shared/cart';
import type { Billing, Booking, CardInput, PaymentResult } from '@devstay/shared/contracts/booking';
import { IDEMPOTENCY_KEY_HEADER } from '@devstay/shared/http';
import { ApiError, apiJson } from '../../../lib/api.ts';
import { attemptFor, endAttempt, saveAttempt } from '../store/checkout-attempt.ts';

/**
 * POST /booking with the total the guest was shown: the server books at that total or answers
 * 409 PRICE_CHANGED with its own, and nothing is held.
 */
function createBooking(
  lines: readonly CartLineKey[],
  shownTotalCents: number,
  key: string,
  billing: Billing | undefined,
): Promise<Booking> {
  return apiJson<Booking>('/booking', {
    body: {
      cartRoom: lines.map((line) => ({
        id: line.id,
        checkIn: line.checkIn,
        checkOut: line.checkOut,
        cartQuantity: line.cartQuantity,
        guests: lineGuests(line),
        // A team trip: who stays (the API checks it, 400 naming the field).
        ...(line.traveller ? { traveller: line.traveller } : {}),
      })),
      cartTotalCents: shownTotalCents,
      ...(billing ? { billing } : {}),
    },
    headers: { [IDEMPOTENCY_KEY_HEADER]: key },
  });
}

/** A card for the built-in test provider, or the payment method Stripe's card form made. */
export type PayMethod = { card: CardInput } | { id: string };

function payBooking(bookingId: string, method: PayMethod, key: string): Promise<PaymentResult> {
  return apiJson<PaymentResult>('/payments/card', {
    body: { booking: bookingId, ...method },
    headers: { [IDEMPOTENCY_KEY_HEADER]: key },
  });
}

/** Failures after which the same keys can never succeed: the booking is gone or refused. */
const FINAL_CODES = new Set([
  'PAYMENT_DECLINED',
  'HOLD_EXPIRED',
  'SOLD_OUT',
  'IDEMPOTENCY_MISMATCH',
]);

/**
 * Checkout then payment (product §4 payment sequence, decision 0008): a pending booking holding
 * the rooms at the total the guest was shown (`shownTotalCents`), then the card charged for
 * that booking's total. Both calls carry this attempt's keys,
 * so a retry after a lost answer (or a second click) books and charges once. The card (or
 * Stripe's payment method) goes to the payment call and nowhere else.
 */
export async function payCart(
  lines: readonly CartLineKey[],
  shownTotalCents: number,
  method: PayMethod,
  /** The company to invoice, if the guest named one. */
  billing?: Billing,
): Promise<PaymentResult> {
  const attempt = attemptFor(lines);
  try {
    let bookingId = attempt.bookingId;
    if (!bookingId) {
      bookingId = (await createBooking(lines, shownTotalCents, attempt.bookingKey, billing)).id;
      saveAttempt({ ...attempt, bookingId });
    }
    const result = await payBooking(bookingId, method, attempt.paymentKey);
    endAttempt();
    return result;
  } catch (error) {
    if (error instanceof ApiError && error.code && FINAL_CODES.has(error.code)) endAttempt();
    throw error;
  }
}
