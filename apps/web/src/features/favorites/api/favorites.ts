import type { FavoriteRoom } from '@devstay/shared/contracts/favorites';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api.ts';

const FAVORITES_KEY = ['favorites'] as const;
const idsKey = (userId: string | undefined) => [...FAVORITES_KEY, 'ids', userId] as const;
const owner = (userId: string) => encodeURIComponent(userId);

/**
 * GET /favorites/list/{uid}: the ids of the guest's favourite rooms. Nothing is asked without a
 * guest (`userId` undefined): a visitor has none, and staff keep none.
 */
export function useFavoriteIds(userId: string | undefined) {
  return useQuery({
    queryKey: idsKey(userId),
    queryFn: ({ signal }) =>
      apiJson<number[]>(`/favorites/list/${owner(userId ?? '')}`, { signal }),
    enabled: userId !== undefined,
    staleTime: 60_000,
  });
}

/** GET /favorites/{uid}: the guest's favourite rooms as cards, in the order they were added. */
export function useFavoriteRooms(userId: string) {
  return useQuery({
    queryKey: [...FAVORITES_KEY, 'rooms', userId],
    queryFn: ({ signal }) => apiJson<FavoriteRoom[]>(`/favorites/${owner(userId)}`, { signal }),
    // Each visit shows the list as it is now: a heart may have changed it in another tab.
    staleTime: 0,
    meta: { errorTitle: 'Could not load your favorites' },
  });
}

export interface FavoriteChange {
  userId: string;
  roomId: number;
  /** true: add the room; false: take it off. */
  favorite: boolean;
}

/** What to do once a change is answered (run even when the heart is gone, as on /favorite). */
interface ChangeOutcome {
  onSuccess?: (change: FavoriteChange) => void;
  onError?: (error: Error) => void;
}

/**
 * POST /favorites or DELETE /favorites. The server answers the ids after the change: they
 * become the cached list, so every heart shows the server's state, and a card of /favorite taken
 * off goes at once. `outcome` is the mutation's own: a mutate's callbacks would be dropped when
 * the heart that sent it is no longer on the screen.
 */
export function useChangeFavorite(outcome: ChangeOutcome = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, roomId, favorite }: FavoriteChange) =>
      favorite
        ? apiJson<number[]>('/favorites', {
            method: 'POST',
            body: { id: userId, favorites: [roomId] },
          })
        : apiJson<number[]>('/favorites', {
            method: 'DELETE',
            body: { id: userId, favorite: roomId },
          }),
    onSuccess: (ids, change) => {
      queryClient.setQueryData(idsKey(change.userId), ids);
      outcome.onSuccess?.(change);
    },
    onError: (error) => outcome.onError?.(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...FAVORITES_KEY, 'rooms'] }),
  });
}
