import type { ReviewBody, SavedReview } from '@devstay/shared/contracts/reviews';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api.ts';

/** The query key of the signed-in guest's own review of a hotel. */
export const ownReviewKey = (hotelId: number) => ['reviews', 'mine', hotelId] as const;

/**
 * GET /reviews/mine: the signed-in guest's own review of a hotel (null when none), what the
 * review page edits and the hotel page offers to edit or delete. Asked only for a guest.
 */
export function useOwnReview(hotelId: number, enabled: boolean) {
  return useQuery({
    queryKey: ownReviewKey(hotelId),
    queryFn: ({ signal }) =>
      apiJson<SavedReview | null>(`/reviews/mine?idHotel=${encodeURIComponent(hotelId)}`, {
        signal,
      }),
    enabled: enabled && hotelId > 0,
    meta: { errorTitle: 'Could not load your review' },
  });
}

/**
 * POST /reviews: the signed-in guest's review of a hotel; a second one of the same hotel
 * replaces the first. The screen that shows the hotel refreshes it (`onSuccess` of the call).
 */
export function useWriteReview() {
  return useMutation({
    mutationFn: (body: ReviewBody) => apiJson<SavedReview>('/reviews', { method: 'POST', body }),
  });
}

/** DELETE /reviews/{id}: its author withdraws it, or the superAdmin removes an abusive one. */
export function useRemoveReview() {
  return useMutation({
    mutationFn: (id: number) =>
      apiJson<void>(`/reviews/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  });
}
