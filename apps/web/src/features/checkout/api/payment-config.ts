import type { PaymentConfig } from '@devstay/shared/contracts/booking';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api.ts';

/** Which card input the server's payment provider takes (Stripe's, or the built-in form). */
export function usePaymentConfig() {
  return useQuery({
    queryKey: ['payments', 'config'],
    queryFn: ({ signal }) => apiJson<PaymentConfig>('/payments/config', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorTitle: 'Could not load the payment form' },
  });
}
