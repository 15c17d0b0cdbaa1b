import { expect, test } from 'vitest';
import { activeFilters } from './filter-chips.ts';
import { FILTER_PARAMS, hasActiveFilter } from './hotel-filters.ts';
import { parseHotelListParams } from './use-hotel-list-state.ts';

/** An address holding only the filter of that name. */
const ONLY: Record<string, string> = {
  name: 'name=Sea',
  city: 'city=Rosario',
  qualification: 'qualification=4',
  stay: 'checkIn=2030-03-01&checkOut=2030-03-03&rooms=2&guests=3',
  services: 'services=3,1',
};

const read = (address: string) => parseHotelListParams(new URLSearchParams(address));
const chipKeys = (address: string) => activeFilters(read(address), (d) => d).map((c) => c.key);

test("the chips' code is fetched for an address with a filter in force, and for no other", () => {
  // Every filter of the table, yes/no attributes included (their address is `?key=true`).
  for (const key of Object.keys(FILTER_PARAMS)) {
    const address = ONLY[key] ?? `${key}=true`;
    expect(hasActiveFilter(read(address)), address).toBe(true);
    expect(chipKeys(address), address).toEqual([key]);
  }
  for (const address of ['', 'sort=name_desc&page=3', 'qualification=9', 'rooms=2&guests=3']) {
    expect(hasActiveFilter(read(address)), address).toBe(false);
    expect(chipKeys(address), address).toEqual([]);
  }
});
