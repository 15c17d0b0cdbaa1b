import type { ConflictsDashboard, HotelDashboard } from '@devstay/shared/contracts/dashboard';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api.ts';

/** GET /hotels/{id}/dashboard: the hotel's occupancy and revenue (its staff only). */
export function useHotelDashboard(hotelId: number | null) {
  return useQuery({
    queryKey: ['hotel-dashboard', hotelId],
    queryFn: ({ signal }) => apiJson<HotelDashboard>(`/hotels/${hotelId}/dashboard`, { signal }),
    enabled: hotelId !== null,
    meta: { errorTitle: 'Could not load the dashboard' },
  });
}

/**
 * GET /dashboard/conflicts: the open channel conflicts by room of the hotels the signed-in staff
 * run (an admin's hotel, every hotel for the superAdmin: the server decides).
 */
export function useChannelConflicts() {
  return useQuery({
    queryKey: ['channel-conflicts'],
    queryFn: ({ signal }) => apiJson<ConflictsDashboard>('/dashboard/conflicts', { signal }),
    staleTime: 0,
    meta: { errorTitle: 'Could not load the calendar conflicts' },
  });
}
