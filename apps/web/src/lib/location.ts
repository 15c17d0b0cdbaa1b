import type { LocationLine } from '@devstay/shared/contracts/common';

/** 'city, department, state' of a location (product §2.4); empty when there is none. */
export function locationText(location: LocationLine | undefined): string {
  if (!location) return '';
  return [location.city, location.department, location.state].filter(Boolean).join(', ');
}
