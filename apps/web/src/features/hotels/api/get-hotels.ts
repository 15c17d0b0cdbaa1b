import { HOTELS_PER_PAGE, type HotelSort } from '@devstay/shared/constants';
import type { HotelCard } from '@devstay/shared/contracts/catalogue';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPage, type Page } from '../../../lib/api.ts';
import type { StayDates } from '../../../lib/paths.ts';

/**
 * What the hotel list asks the server for: search, filters, sort and page (product §2.4), a stay
 * (a room free on every night [checkIn, checkOut), `rooms` units of it) and room services.
 */
export interface HotelListParams {
  name?: string;
  city?: string;
  qualification?: number;
  sort?: HotelSort;
  page: number;
  stay?: StayDates;
  /** Units of one room wanted with the stay (1 when absent). */
  rooms?: number;
  /** Room service ids, ascending. */
  services?: number[];
}

function fetchHotels(params: HotelListParams, signal?: AbortSignal): Promise<Page<HotelCard>> {
  return apiPage<HotelCard>('/hotels', {
    signal,
    query: {
      name: params.name,
      city: params.city,
      qualification: params.qualification,
      sort: params.sort,
      checkIn: params.stay?.checkIn,
      checkOut: params.stay?.checkOut,
      rooms: params.rooms,
      services: params.services?.join(','),
      page: params.page,
      pageSize: HOTELS_PER_PAGE,
    },
  });
}

export function hotelListQuery(params: HotelListParams) {
  return queryOptions({
    queryKey: ['hotels', 'list', params],
    queryFn: ({ signal }) => fetchHotels(params, signal),
    meta: { errorTitle: 'Could not load hotels' },
  });
}

export function useHotels(params: HotelListParams) {
  return useQuery({ ...hotelListQuery(params), placeholderData: keepPreviousData });
}
