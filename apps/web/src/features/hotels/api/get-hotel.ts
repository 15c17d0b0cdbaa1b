import type { HotelDetail } from '@devstay/shared/contracts/catalogue';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api.ts';

export function fetchHotel(id: number, signal?: AbortSignal): Promise<HotelDetail> {
  return apiJson<HotelDetail>(`/hotels/${id}`, { signal });
}

export function useHotel(id: number) {
  return useQuery({
    queryKey: ['hotels', 'detail', id],
    queryFn: ({ signal }) => fetchHotel(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    meta: { errorTitle: 'Could not load the hotel' },
  });
}
