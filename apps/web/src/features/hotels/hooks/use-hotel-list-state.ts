import { isIsoDate } from '@devstay/shared/calendar-date';
import { HOTEL_SORT_VALUES, type HotelSort, STOCK_MAX } from '@devstay/shared/constants';
import {
  goToPage,
  INITIAL_PAGINATION,
  type PaginationState,
  totalPages,
} from '@devstay/shared/pagination';
import type { StayDates } from '@devstay/shared/paths';
import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { HotelListParams } from '../api/get-hotels.ts';

/** The pagination window travels in the history entry, so Back restores it exactly. */
interface HistoryState {
  pagination?: { minPageNumber: number; maxPageNumber: number };
}

export type HotelFilterKey = 'name' | 'city' | 'qualification' | 'stay' | 'services';

/** The address's parameters each filter keeps (the stay's are its dates and units). */
const FILTER_PARAMS: Record<HotelFilterKey, readonly string[]> = {
  name: ['name'],
  city: ['city'],
  qualification: ['qualification'],
  stay: ['checkIn', 'checkOut', 'rooms'],
  services: ['services'],
};

/** The most units of one room a search asks for (a room's largest stock). */
const ROOMS_MAX = STOCK_MAX;

function positiveInt(value: string | null): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 ? n : undefined;
}

/** Reads the list's search, filters, sort and page from the address (shareable, Back works). */
export function parseHotelListParams(search: URLSearchParams): HotelListParams {
  const name = search.get('name')?.trim() || undefined;
  const city = search.get('city')?.trim() || undefined;
  const stars = positiveInt(search.get('qualification'));
  const sortValue = search.get('sort');
  const sort = HOTEL_SORT_VALUES.find((s) => s === sortValue);
  const checkIn = search.get('checkIn') ?? '';
  const checkOut = search.get('checkOut') ?? '';
  // A stay the server would refuse (bad dates, out of order) is no stay here: the list shows
  // without it. A past one is left to the server, whose 400 the list shows.
  const stay =
    isIsoDate(checkIn) && isIsoDate(checkOut) && checkIn < checkOut
      ? { checkIn, checkOut }
      : undefined;
  const rooms = positiveInt(search.get('rooms'));
  const services = [
    ...new Set(
      (search.get('services') ?? '')
        .split(',')
        .map(positiveInt)
        .filter((id): id is number => id !== undefined),
    ),
  ].sort((a, b) => a - b);
  return {
    name,
    city,
    qualification: stars !== undefined && stars <= 5 ? stars : undefined,
    sort,
    page: positiveInt(search.get('page')) ?? 1,
    ...(stay ? { stay } : {}),
    ...(stay && rooms !== undefined && rooms > 1 && rooms <= ROOMS_MAX ? { rooms } : {}),
    ...(services.length > 0 ? { services } : {}),
  };
}

/**
 * The hotel list's state, kept in the query string. Moves between pages use the shared window
 * rules (`goToPage`); search and sort reset the page to 1 and the window to 0..5 (product §4).
 */
export function useHotelListState() {
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const params = useMemo(() => parseHotelListParams(search), [search]);
  const stored = (location.state as HistoryState | null)?.pagination;

  /** The pagination state for a number of pages; the window is re-anchored if it lost the page. */
  const paginationFor = useCallback(
    (pages: number): PaginationState => {
      const page = params.page;
      if (stored && page > stored.minPageNumber && page <= stored.maxPageNumber) {
        return { actualPage: page, ...stored };
      }
      return page === 1
        ? INITIAL_PAGINATION
        : goToPage(INITIAL_PAGINATION, page, Math.max(page, pages));
    },
    [params.page, stored],
  );

  const update = useCallback(
    (
      change: (next: URLSearchParams) => void,
      pagination: PaginationState = INITIAL_PAGINATION,
      replace = false,
    ) => {
      const next = new URLSearchParams(search);
      change(next);
      if (pagination.actualPage > 1) next.set('page', String(pagination.actualPage));
      else next.delete('page');
      const state: HistoryState = {
        pagination: {
          minPageNumber: pagination.minPageNumber,
          maxPageNumber: pagination.maxPageNumber,
        },
      };
      setSearch(next, { state, replace, preventScrollReset: true });
    },
    [search, setSearch],
  );

  /** Live search while typing: an empty box drops the name search (no search request). */
  const searchName = useCallback(
    (text: string, replace: boolean) => {
      const name = text.trim();
      update(
        (next) => (name ? next.set('name', name) : next.delete('name')),
        INITIAL_PAGINATION,
        replace,
      );
    },
    [update],
  );

  const setFilter = useCallback(
    (key: 'city' | 'qualification', value: string) => {
      update((next) => next.set(key, value));
    },
    [update],
  );

  const removeFilter = useCallback(
    (key: HotelFilterKey) => {
      update((next) => {
        for (const param of FILTER_PARAMS[key]) next.delete(param);
      });
    },
    [update],
  );

  /** Searches a stay (and units of one room), or drops it. */
  const setStay = useCallback(
    (stay: StayDates | undefined, rooms = 1) => {
      update((next) => {
        for (const param of FILTER_PARAMS.stay) next.delete(param);
        if (!stay) return;
        next.set('checkIn', stay.checkIn);
        next.set('checkOut', stay.checkOut);
        if (rooms > 1) next.set('rooms', String(rooms));
      });
    },
    [update],
  );

  /** Room services the hotel must have in one room (by id); none drops the filter. */
  const setServices = useCallback(
    (ids: number[]) => {
      update((next) =>
        ids.length > 0
          ? next.set('services', [...ids].sort((a, b) => a - b).join(','))
          : next.delete('services'),
      );
    },
    [update],
  );

  const setSort = useCallback(
    (sort: HotelSort | null) => {
      update((next) => (sort ? next.set('sort', sort) : next.delete('sort')));
    },
    [update],
  );

  const clearAll = useCallback(() => {
    update((next) => {
      for (const key of [...Object.values(FILTER_PARAMS).flat(), 'sort']) next.delete(key);
    });
  }, [update]);

  const goTo = useCallback(
    (page: number, total: number, pageSize: number, totalIsLowerBound = false) => {
      const pages = totalPages(total, pageSize, totalIsLowerBound);
      const moved = goToPage(paginationFor(pages), page, pages);
      update(() => {}, moved);
    },
    [paginationFor, update],
  );

  return {
    params,
    paginationFor,
    searchName,
    setFilter,
    removeFilter,
    setStay,
    setServices,
    setSort,
    clearAll,
    goTo,
  };
}
