import { MAX_PAGE_SIZE } from '@devstay/shared/constants';
import type { HotelCard } from '@devstay/shared/contracts/catalogue';
import type { HotelRef } from '@devstay/shared/contracts/users';
import { compareText } from '@devstay/shared/text';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPage } from '../../../lib/api.ts';

export interface HotelOption {
  value: string;
  label: string;
}

/** Up to this many hotels the picker holds them all; beyond, it asks the server as one types. */
const FULL_LIST_LIMIT = 500;

/** 'name — state, department, city' (product §6: the superAdmin's hotel picker). */
function hotelLabel(hotel: Pick<HotelCard, 'name' | 'Locations'>): string {
  const place = hotel.Locations[0];
  // Place names are stored as written; only hotel names are stored lower-cased.
  const where = place ? [place.state, place.department, place.city].filter(Boolean).join(', ') : '';
  return where ? `${hotel.name} — ${where}` : hotel.name;
}

function toOptions(hotels: HotelCard[]): HotelOption[] {
  return hotels
    .slice()
    .sort((a, b) => compareText(a.name, b.name) || a.id - b.id)
    .map((h) => ({ value: String(h.id), label: hotelLabel(h) }));
}

interface HotelOptions {
  /** Every hotel (complete) or the matches of the search (server-searched). */
  options: HotelOption[];
  /** True when the catalogue is too large to hold: the picker must pass a search text. */
  searched: boolean;
  isPending: boolean;
  isError: boolean;
}

async function fetchAll(signal: AbortSignal): Promise<{ hotels: HotelCard[]; complete: boolean }> {
  const query = { pageSize: MAX_PAGE_SIZE, sort: 'name_asc' };
  const first = await apiPage<HotelCard>('/hotels', { signal, query: { ...query, page: 1 } });
  if (first.total > FULL_LIST_LIMIT) return { hotels: first.items, complete: false };
  const pages = Math.ceil(first.total / MAX_PAGE_SIZE);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pages - 1) }, (_, i) =>
      apiPage<HotelCard>('/hotels', { signal, query: { ...query, page: i + 2 } }),
    ),
  );
  return { hotels: [first, ...rest].flatMap((p) => p.items), complete: true };
}

/**
 * The hotels of the picker, sorted by name ignoring accents and case. A catalogue of up to
 * FULL_LIST_LIMIT hotels is loaded whole (GET /hotels, paged); a larger one is searched by name.
 */
export function useHotelOptions(search: string): HotelOptions {
  const all = useQuery({
    queryKey: ['hotels', 'options'],
    queryFn: ({ signal }) => fetchAll(signal),
    staleTime: 5 * 60_000,
    meta: { errorTitle: 'Could not load the hotels' },
  });
  const searched = all.data !== undefined && !all.data.complete;
  const text = search.trim();
  const matches = useQuery({
    queryKey: ['hotels', 'options', 'search', text],
    queryFn: ({ signal }) =>
      apiPage<HotelCard>('/hotels', {
        signal,
        query: { name: text, pageSize: 50, page: 1, sort: 'name_asc' },
      }),
    enabled: searched && text.length > 0,
    placeholderData: keepPreviousData,
  });
  if (!searched) {
    return {
      options: toOptions(all.data?.hotels ?? []),
      searched: false,
      isPending: all.isPending,
      isError: all.isError,
    };
  }
  return {
    options: toOptions(text ? (matches.data?.items ?? []) : (all.data?.hotels ?? [])),
    searched: true,
    isPending: matches.isFetching,
    isError: matches.isError,
  };
}

/** The option of a hotel already chosen (e.g. the admin's), when the list does not hold it. */
export function currentOption(hotel: HotelRef | null): HotelOption | null {
  return hotel ? { value: String(hotel.id), label: hotel.name } : null;
}
