import type { RateRule, RoomPrices } from '@devstay/shared/contracts/rates';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api.ts';

// Read under the content key: every save of a form (refreshContent) reads them again.

/** GET /rooms/{id}/rates: the room's season and weekday rules, each with its version. */
export function useRoomRates(roomId: number | null) {
  return useQuery({
    queryKey: ['content', 'rates', roomId],
    queryFn: ({ signal }) => apiJson<RateRule[]>(`/rooms/${roomId}/rates`, { signal }),
    enabled: roomId !== null,
    staleTime: 0,
    meta: { errorTitle: 'Could not load the rates' },
  });
}

/** GET /rooms/{id}/prices?from&to: each night of [from, to) with its price (the server's rule). */
export function useRoomPrices(roomId: number | null, from: string, to: string) {
  return useQuery({
    queryKey: ['content', 'prices', roomId, from, to],
    queryFn: ({ signal }) =>
      apiJson<RoomPrices>(`/rooms/${roomId}/prices`, { signal, query: { from, to } }),
    enabled: roomId !== null,
    staleTime: 0,
    meta: { errorTitle: 'Could not load the prices' },
  });
}

/** POST /rooms/{id}/rates (a new rule) or PUT /rates/{id} (a change over its version). */
export function saveRate(roomId: number, id: number | null, body: unknown): Promise<RateRule> {
  return id === null
    ? apiJson<RateRule>(`/rooms/${roomId}/rates`, { method: 'POST', body })
    : apiJson<RateRule>(`/rates/${id}`, { method: 'PUT', body });
}

/**
 * DELETE /rates/{id}?version=: the rule goes, its nights fall back to the other rules and the
 * base — only at the version it was shown at (409 when someone saved it in between).
 */
export function removeRate(rule: Pick<RateRule, 'id' | 'version'>): Promise<void> {
  return apiJson<void>(`/rates/${rule.id}`, {
    method: 'DELETE',
    query: { version: rule.version },
  });
}
