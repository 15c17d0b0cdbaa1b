import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, ShouldRevalidateFunction } from 'react-router';
import { hotelListQuery } from '../../../features/hotels/api/get-hotels.ts';
import { parseHotelListParams } from '../../../features/hotels/hooks/use-hotel-list-state.ts';
import { prefetching, type RouteData } from '../../route-data.ts';

/** The query parameters the list reads (parseHotelListParams): its search, filters, sort and page. */
export const HOTEL_LIST_PARAMS = [
  'name',
  'city',
  'qualification',
  'sort',
  'page',
  'checkIn',
  'checkOut',
  'rooms',
  'guests',
  'services',
] as const;

/** The page of hotels the address asks for: what /home shows at once. */
export const hotelListData: RouteData = ({ url }) => [
  hotelListQuery(parseHotelListParams(url.searchParams)),
];

/**
 * A search on rooms (a stay, units, services) moves with every booking: the server renders it at
 * each visit, as the API reads it from the database each time (`isLiveSearch`).
 */
export const hotelListLive = (url: URL): boolean => {
  const { stay, rooms, guests, services } = parseHotelListParams(url.searchParams);
  return (
    stay !== undefined || rooms !== undefined || guests !== undefined || services !== undefined
  );
};

/**
 * Starts loading the hotel list as soon as the address is known, before the screen renders.
 * It does not wait for the answer: the screen shows its skeleton meanwhile.
 */
export function hotelListLoader(queryClient: QueryClient): LoaderFunction {
  return prefetching(queryClient, hotelListData);
}

/** Search, filters and pages change only the query string: the screen's own query follows them. */
export const hotelListShouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) =>
  currentUrl.pathname !== nextUrl.pathname;
