import {
  filterOfParam,
  type HotelAttributeParam,
  type HotelFilterKey,
  hotelListParams,
} from '@devstay/shared/hotel-list-params';
import type { HotelListParams } from '../api/get-hotels.ts';

/**
 * The hotel list's active filters, each from HOTEL_LIST_PARAMS: the address's parameters each
 * keeps (the stay's are its dates, units and guests; a yes/no attribute's, its own) and what
 * "clear filters" removes; their chips say them (`activeFilters`, filter-chips.ts). A parameter
 * added to the table with a `filter`, or of the `boolean` kind, is a filter here with nothing
 * else to write.
 */
export const FILTER_PARAMS: Readonly<Record<HotelFilterKey, readonly string[]>> = (() => {
  const groups: Record<string, string[]> = {};
  for (const [key, param] of hotelListParams()) {
    const filter = filterOfParam(key, param);
    if (filter !== undefined) groups[filter] = [...(groups[filter] ?? []), key];
  }
  return groups as Record<HotelFilterKey, string[]>;
})();

/** The yes/no hotel attributes the list filters on (`?name=true`), with their labels. */
export const ATTRIBUTE_FILTERS: readonly { key: HotelAttributeParam; label: string }[] =
  hotelListParams().flatMap(([key, param]) =>
    param.kind === 'boolean' ? [{ key: key as HotelAttributeParam, label: param.label }] : [],
  );

/** Takes one active filter out of an address. */
export function removeFilterFrom(search: URLSearchParams, key: HotelFilterKey): void {
  for (const param of FILTER_PARAMS[key]) search.delete(param);
}

/** Takes every active filter and the order out of an address ("clear filters"). */
export function clearFiltersFrom(search: URLSearchParams): void {
  for (const key of [...Object.values(FILTER_PARAMS).flat(), 'sort']) search.delete(key);
}

/**
 * Whether any filter is in force: the chips (`ActiveFilters`, whose code follows the first load)
 * are drawn then only.
 */
export function hasActiveFilter(params: HotelListParams): boolean {
  const values = params as Record<string, unknown>;
  return Object.keys(FILTER_PARAMS).some((key) => values[key] !== undefined);
}
