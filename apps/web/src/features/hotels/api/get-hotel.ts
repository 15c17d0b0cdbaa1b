import type { HotelDetail } from '@devstay/shared/contracts/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api.ts';

function fetchHotel(id: number, signal?: AbortSignal): Promise<HotelDetail> {
  return apiJson<HotelDetail>(`/hotels/${id}`, { signal });
}

const isHotelId = (id: number) => Number.isInteger(id) && id > 0;

export function hotelQuery(id: number) {
  return queryOptions({
    queryKey: ['hotels', 'detail', id],
    queryFn: ({ signal }) => fetchHotel(id, signal),
    enabled: isHotelId(id),
    meta: { errorTitle: 'Could not load the hotel' },
  });
}

export function useHotel(id: number) {
  return useQuery(hotelQuery(id));
}
