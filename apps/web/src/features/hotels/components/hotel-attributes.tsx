import { ATTRIBUTE_FILTERS } from '../hooks/hotel-filters.ts';

interface HotelAttributesProps {
  /** A hotel's card or detail: each yes/no attribute of HOTEL_LIST_PARAMS is a field of it. */
  hotel: object;
  className?: string;
}

/**
 * The yes/no attributes a hotel has (the `boolean` entries of HOTEL_LIST_PARAMS), by their
 * labels, on its card and its page; nothing when it has none. An attribute added to the table
 * shows here with nothing else to write.
 */
export function HotelAttributes({ hotel, className }: HotelAttributesProps) {
  const values = hotel as Record<string, unknown>;
  const labels = ATTRIBUTE_FILTERS.filter(({ key }) => values[key] === true).map((a) => a.label);
  return labels.length > 0 ? <p className={className}>{labels.join(' · ')}</p> : null;
}
