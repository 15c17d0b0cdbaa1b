import { HOTELS_PER_PAGE, type HotelSort } from '@devstay/shared/constants';
import {
  type HotelAttributeParam,
  type HotelFilterKey,
  readHotelListQuery,
} from '@devstay/shared/hotel-list-params';
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
import { clearFiltersFrom, FILTER_PARAMS, removeFilterFrom } from './hotel-filters.ts';

/** The pagination window travels in the history entry, so Back restores it exactly. */
interface HistoryState {
  pagination?: { minPageNumber: number; maxPageNumber: number };
}

/**
 * Reads the list's search, filters, stay, sort and page from the address (shareable, Back
 * works) by the rules of GET /api/hotels: what the server would refuse is left out, and the
 * list shows without it. A past check-in is left to the server, whose 400 the list shows. The
 * list shows HOTELS_PER_PAGE hotels a page, whatever the address says.
 */
export function parseHotelListParams(search: URLSearchParams): HotelListParams {
  return { ...readHotelListQuery(search), pageSize: HOTELS_PER_PAGE };
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
      update((next) => removeFilterFrom(next, key));
    },
    [update],
  );

  /** Searches a stay (with units of one room and the guests they sleep), or drops it. */
  const setStay = useCallback(
    (stay: StayDates | undefined, rooms = 1, guests = 1) => {
      update((next) => {
        for (const param of FILTER_PARAMS.stay) next.delete(param);
        if (!stay) return;
        next.set('checkIn', stay.checkIn);
        next.set('checkOut', stay.checkOut);
        if (rooms > 1) next.set('rooms', String(rooms));
        if (guests > 1) next.set('guests', String(guests));
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

  /** A yes/no hotel attribute asked (`?key=true`) or not (left out). */
  const setAttribute = useCallback(
    (key: HotelAttributeParam, on: boolean) => {
      update((next) => (on ? next.set(key, 'true') : next.delete(key)));
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
    update(clearFiltersFrom);
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
    setAttribute,
    setSort,
    clearAll,
    goTo,
  };
}
