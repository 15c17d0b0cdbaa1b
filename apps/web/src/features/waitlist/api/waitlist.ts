import type { WaitlistEntry, WaitlistJoin } from '@devstay/shared/contracts/waitlist';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api.ts';

const WAITLIST_KEY = ['waitlist'] as const;

/** GET /waitlist/user/{uid}: the guest's entries, the latest joined first. */
export function useWaitlist(userId: string | undefined) {
  return useQuery({
    queryKey: [...WAITLIST_KEY, userId],
    queryFn: ({ signal }) =>
      apiJson<WaitlistEntry[]>(`/waitlist/user/${encodeURIComponent(userId ?? '')}`, { signal }),
    enabled: userId !== undefined,
    // An offer can come at any moment: each visit asks again.
    staleTime: 0,
    meta: { errorTitle: 'Could not load your waitlist' },
  });
}

/** POST /waitlist: joins the line for a stay (joining again answers the same entry). */
export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stay: WaitlistJoin) =>
      apiJson<WaitlistEntry>('/waitlist', { method: 'POST', body: stay }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WAITLIST_KEY }),
  });
}

/** DELETE /waitlist/{id}: leaves the line (an offer held is let go to the next guest). */
export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<WaitlistEntry>(`/waitlist/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WAITLIST_KEY }),
  });
}
