import type { QueryClient } from '@tanstack/react-query';
import { hotelQuery } from './get-hotel.ts';

// Its own module, not get-hotel.ts: that one is in the first load (the hotel route's loader),
// this only in the lazy screens that change reviews.

/** After a review of hotel `id` changes: its page and the list's cards (average, count) read again. */
export function refreshHotelReviews(queryClient: QueryClient, id: number): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: hotelQuery(id).queryKey }),
    queryClient.invalidateQueries({ queryKey: ['hotels', 'list'] }),
  ]).then(() => undefined);
}
