import type { City } from '@devstay/shared/contracts/catalogue';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api.ts';

/** Options of the city filter, already sorted by the server. */
export function fetchCities(signal?: AbortSignal): Promise<City[]> {
  return apiJson<City[]>('/filtersHotels/cities', { signal });
}

export function useCities() {
  return useQuery({
    queryKey: ['hotels', 'cities'],
    queryFn: ({ signal }) => fetchCities(signal),
    staleTime: 5 * 60_000,
    meta: { errorTitle: 'Could not load the cities' },
  });
}
