import { HOTEL_TIME_ZONE_DEFAULT } from '@devstay/shared/constants';
import type {
  EditableEvent,
  EditableRoom,
  HotelPickerItem,
} from '@devstay/shared/contracts/content';
import { capitalize, compareText, formatUsd, priceToCents } from '@devstay/shared/text';

export interface PickerOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** Options sorted by their label ignoring accents and case (product §2.13), ties by value. */
export function sortOptions(options: PickerOption[]): PickerOption[] {
  return options
    .slice()
    .sort((a, b) => compareText(a.label, b.label) || compareText(a.value, b.value));
}

/** 'Name — state, department, city' (product §6: the superAdmin's hotel picker). */
function hotelOptionLabel(
  hotel: Pick<HotelPickerItem, 'name' | 'state' | 'department' | 'city'>,
): string {
  const where = [hotel.state, hotel.department, hotel.city].filter(Boolean).join(', ');
  return where ? `${hotel.name} — ${where}` : hotel.name;
}

export function hotelOptions(hotels: readonly HotelPickerItem[]): PickerOption[] {
  return sortOptions(hotels.map((h) => ({ value: String(h.id), label: hotelOptionLabel(h) })));
}

/** 'Name — yyyy-MM-dd HH:mm hrs' (product §2.13: the event picker shows name, date and time). */
export function eventOptionLabel(event: Pick<EditableEvent, 'name' | 'date' | 'time'>): string {
  return `${event.name} — ${event.date} ${event.time} hrs`;
}

/** A hotel's rooms share names (a double premium and a double standard): the category tells. */
export function roomOptionLabel(room: Pick<EditableRoom, 'name' | 'category' | 'price'>): string {
  return `${capitalize(room.name)} — ${room.category}, ${formatUsd(priceToCents(room.price))}`;
}

/** Records named by `label`, as options sorted ignoring accents and case. */
export function recordOptions<T extends { id: number }>(
  records: readonly T[],
  label: (record: T) => string,
): PickerOption[] {
  return sortOptions(records.map((r) => ({ value: String(r.id), label: label(r) })));
}

/** Plain names (states, departments, room services) as sorted options, shown capitalised. */
export function nameOptions(names: readonly string[]): PickerOption[] {
  return sortOptions(names.map((name) => ({ value: name, label: name })));
}

/**
 * The time zones a hotel may take: every one this browser's Intl lists, the default (Buenos
 * Aires, which Intl may list under its older name) and the hotel's current one, sorted.
 */
export function timeZoneOptions(current?: string): string[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add(HOTEL_TIME_ZONE_DEFAULT);
  zones.add('UTC');
  if (current) zones.add(current);
  return [...zones].sort((a, b) => a.localeCompare(b, 'en'));
}
