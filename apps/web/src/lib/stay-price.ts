import { formatUsd } from '@devstay/shared/text';

/**
 * A stay's price as the list's card and the hotel page write it: "$1,445 for 3 nights", and
 * ", 2 rooms" past one unit.
 */
export function stayPriceText(cents: number, nights: number, rooms: number): string {
  return `${formatUsd(cents)} for ${nights} ${nights === 1 ? 'night' : 'nights'}${
    rooms > 1 ? `, ${rooms} rooms` : ''
  }`;
}
