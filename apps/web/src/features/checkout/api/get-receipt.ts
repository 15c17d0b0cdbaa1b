import type { BookingReceipt } from '@devstay/shared/contracts/receipt';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api.ts';

export function useBookingReceipt(id: string) {
  return useQuery({
    queryKey: ['bookings', 'receipt', id],
    queryFn: ({ signal }) =>
      apiJson<BookingReceipt>(`/booking/${encodeURIComponent(id)}`, { signal }),
    enabled: id !== '',
    meta: { errorTitle: 'Could not load the receipt' },
  });
}
