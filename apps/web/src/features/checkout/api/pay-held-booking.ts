import type { PaymentResult } from '@devstay/shared/contracts/booking';
import { IDEMPOTENCY_KEY_HEADER } from '@devstay/shared/http';
import { apiJson } from '../../../lib/api.ts';
import type { PayMethod } from './pay-cart.ts';

/**
 * POST /payments/card for a booking already held (a waitlist's offer): no checkout first. The
 * key is the screen's, one per booking shown, so a retry or a second click charges once.
 */
export function payHeldBooking(
  bookingId: string,
  method: PayMethod,
  key: string,
): Promise<PaymentResult> {
  return apiJson<PaymentResult>('/payments/card', {
    body: { booking: bookingId, ...method },
    headers: { [IDEMPOTENCY_KEY_HEADER]: key },
  });
}
