import type { HotelFilterKey } from '@devstay/shared/hotel-list-params';
import type { HotelListParams } from '../api/get-hotels.ts';
import { ATTRIBUTE_FILTERS } from './hotel-filters.ts';

// What the chips of the filters in force say: with them (components/active-filters.tsx), out of
// the first load.

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
  if (params.name) active.push({ key: 'name', label: `Search: ${params.name}` });
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
