import { HOTEL_SORT_VALUES, type HotelSort } from '@devstay/shared/constants';
import {
  goToPage,
  INITIAL_PAGINATION,
  type PaginationState,
  totalPages,
} from '@devstay/shared/pagination';
import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { HotelListParams } from '../api/get-hotels.ts';

/** The pagination window travels in the history entry, so Back restores it exactly. */
interface HistoryState {
  pagination?: { minPageNumber: number; maxPageNumber: number };
}

export type HotelFilterKey = 'name' | 'city' | 'qualification';

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
  return {
    name,
    city,
    qualification: stars !== undefined && stars <= 5 ? stars : undefined,
    sort,
    page: positiveInt(search.get('page')) ?? 1,
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
    (key: Exclude<HotelFilterKey, 'name'>, value: string) => {
      update((next) => next.set(key, value));
    },
    [update],
  );

  const removeFilter = useCallback(
    (key: HotelFilterKey) => {
      update((next) => next.delete(key));
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
      for (const key of ['name', 'city', 'qualification', 'sort']) next.delete(key);
    });
  }, [update]);

  const goTo = useCallback(
    (page: number, total: number, pageSize: number) => {
      const pages = totalPages(total, pageSize);
      const moved = goToPage(paginationFor(pages), page, pages);
      update(() => {}, moved);
    },
    [paginationFor, update],
  );

  return { params, paginationFor, searchName, setFilter, removeFilter, setSort, clearAll, goTo };
}
