import type { HotelCard } from '@devstay/shared/contracts/catalogue';
import { type HotelListValues, hotelListSearch } from '@devstay/shared/hotel-list-params';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPage, type Page } from '../../../lib/api.ts';

/**
 * What the hotel list asks the server for: search, filters, sort and page (product §2.4), a stay
 * (a room free on every night [checkIn, checkOut), `rooms` units of it) and room services; the
 * parameters of GET /api/hotels, read and written by their one definition (HOTEL_LIST_PARAMS).
 */
export type HotelListParams = HotelListValues;

function fetchHotels(params: HotelListParams, signal?: AbortSignal): Promise<Page<HotelCard>> {
  return apiPage<HotelCard>('/hotels', { signal, query: hotelListSearch(params) });
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
