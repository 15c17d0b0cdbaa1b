import type { HotelDashboard } from '@devstay/shared/contracts/dashboard';
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
