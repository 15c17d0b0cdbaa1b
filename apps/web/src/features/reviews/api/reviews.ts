import type { ReviewBody, SavedReview } from '@devstay/shared/contracts/reviews';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api.ts';

/**
 * POST /reviews: the signed-in guest's review of a hotel; a second one of the same hotel
 * replaces the first. The screen that shows the hotel refreshes it (`onSuccess` of the call).
 */
export function useWriteReview() {
  return useMutation({
    mutationFn: (body: ReviewBody) => apiJson<SavedReview>('/reviews', { method: 'POST', body }),
  });
}

/** DELETE /reviews/{id}: the superAdmin removes an abusive review. */
export function useRemoveReview() {
  return useMutation({
    mutationFn: (id: number) =>
      apiJson<void>(`/reviews/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  });
}
