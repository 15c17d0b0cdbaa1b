import {
  filterOfParam,
  type HotelAttributeParam,
  type HotelFilterKey,
  hotelListParams,
} from '@devstay/shared/hotel-list-params';
import type { HotelListParams } from '../api/get-hotels.ts';

/**
 * The hotel list's active filters, each from HOTEL_LIST_PARAMS: the address's parameters each
 * keeps (the stay's are its dates, units and guests; a yes/no attribute's, its own), what its
 * chip says, and what "clear filters" removes. A parameter added to the table with a `filter`,
 * or of the `boolean` kind, is a filter here with nothing else to write.
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

/** One active filter as its chip shows it. */
interface ActiveFilter {
  key: HotelFilterKey;
  label: string;
}

/** The filters in force, in the table's order, each with what its chip says. */
export function activeFilters(
  params: HotelListParams,
  dateText: (isoDate: string) => string,
): ActiveFilter[] {
  const active: ActiveFilter[] = [];
  if (params.name) active.push({ key: 'name', label: `Name: ${params.name}` });
  if (params.city) active.push({ key: 'city', label: `City: ${params.city}` });
  if (params.qualification) {
    const n = params.qualification;
    active.push({ key: 'qualification', label: `${n} ${n === 1 ? 'star' : 'stars'}` });
  }
  if (params.stay) {
    const { checkIn, checkOut } = params.stay;
    const rooms = params.rooms ?? 1;
    const guests = params.guests ?? 1;
    active.push({
      key: 'stay',
      label: `${dateText(checkIn)} to ${dateText(checkOut)}, ${rooms} ${rooms === 1 ? 'room' : 'rooms'}, ${guests} ${
        guests === 1 ? 'guest' : 'guests'
      }`,
    });
  }
  if (params.services) {
    const n = params.services.length;
    active.push({ key: 'services', label: `${n} room ${n === 1 ? 'service' : 'services'}` });
  }
  const values = params as Record<string, unknown>;
  for (const { key, label } of ATTRIBUTE_FILTERS) {
    if (values[key] === true) active.push({ key, label });
  }
  return active;
}
