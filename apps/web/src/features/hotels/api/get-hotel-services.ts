import type { HotelService } from '@devstay/shared/contracts/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api.ts';

function fetchHotelServices(idHotel: number, signal?: AbortSignal): Promise<HotelService[]> {
  return apiJson<HotelService[]>(`/serviceHotels/hotel/${idHotel}`, { signal });
}

export function hotelServicesQuery(idHotel: number) {
  return queryOptions({
    queryKey: ['hotels', 'services', idHotel],
    queryFn: ({ signal }) => fetchHotelServices(idHotel, signal),
    enabled: Number.isInteger(idHotel) && idHotel > 0,
    meta: { errorTitle: 'Could not load the hotel services' },
  });
}

export function useHotelServices(idHotel: number) {
  return useQuery(hotelServicesQuery(idHotel));
}
