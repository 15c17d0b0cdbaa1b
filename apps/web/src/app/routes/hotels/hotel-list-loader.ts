import { hotelListParams, hotelListSearch } from '@devstay/shared/hotel-list-params';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, ShouldRevalidateFunction } from 'react-router';
import { hotelListQuery } from '../../../features/hotels/api/get-hotels.ts';
import { parseHotelListParams } from '../../../features/hotels/hooks/use-hotel-list-state.ts';
import { prefetching, type RouteData } from '../../route-data.ts';

/**
 * The query parameters the list reads from its address, those of HOTEL_LIST_PARAMS but its
 * page size (the list shows HOTELS_PER_PAGE whatever the address says): the server renders and
 * keeps one page per their values.
 */
export const HOTEL_LIST_ADDRESS_PARAMS: readonly string[] = hotelListParams()
  .map(([key]) => key)
  .filter((key) => key !== 'pageSize');

/** The parameters whose matches move with bookings (a stay, units, guests, room services). */
const LIVE_PARAMS = hotelListParams()
  .filter(([, param]) => param.live)
  .map(([key]) => key);

/** The page of hotels the address asks for: what /home shows at once. */
export const hotelListData: RouteData = ({ url }) => [
  hotelListQuery(parseHotelListParams(url.searchParams)),
];

/**
 * A search on rooms (a stay, units, services) moves with every booking: the server renders it at
 * each visit, as the API reads it from the database each time (`isLiveSearch`).
 */
export const hotelListLive = (url: URL): boolean => {
  const asked = hotelListSearch(parseHotelListParams(url.searchParams));
  return LIVE_PARAMS.some((key) => key in asked);
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
