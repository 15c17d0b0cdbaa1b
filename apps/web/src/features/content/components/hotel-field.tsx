import '@mantine/core/styles/Combobox.layer.css';
import type { HotelRef } from '@devstay/shared/contracts/users';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useHotelSearch } from '../api/content-api.ts';
import { hotelOptions, type PickerOption } from '../utils/picker-options.ts';

interface HotelFieldProps {
  /** An admin's own hotel: preselected, fixed, shown as a disabled option (product §2.13). */
  fixed: HotelRef | null;
  value: number | null;
  onChange: (id: number | null, label: string) => void;
  /** The chosen hotel's label, when it was chosen before (e.g. the hotel a record belongs to). */
  currentLabel?: string;
  label?: string;
  error?: string;
}

/**
 * The hotel of a form. A superAdmin searches every hotel on the server by name, state,
 * department or city (product §6); an admin sees only their own hotel, and cannot change it.
 */
export function HotelField({
  fixed,
  value,
  onChange,
  currentLabel,
  label = 'Hotel',
  error,
}: HotelFieldProps) {
  if (fixed) {
    const option: PickerOption = {
      value: String(fixed.id),
      label: fixed.name,
      disabled: true,
    };
    return (
      <Select
        label={label}
        data={[option]}
        value={option.value}
        disabled
        description="Your hotel: admins manage their own hotel only."
        required
        data-testid="hotel-field"
      />
    );
  }
  return (
    <SearchedHotelField
      value={value}
      onChange={onChange}
      currentLabel={currentLabel}
      label={label}
      error={error}
    />
  );
}

function SearchedHotelField({
  value,
  onChange,
  currentLabel,
  label,
  error,
}: Omit<HotelFieldProps, 'fixed'> & { label: string }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  /** Labels of the hotels chosen so far: the choice stays shown when a new search lacks it. */
  const [seen, setSeen] = useState<Map<string, string>>(() => new Map());
  const chosenLabel = value === null ? undefined : (seen.get(String(value)) ?? currentLabel);
  // The search box shows the chosen hotel's label once picked: that is not a query.
  const query = debounced === chosenLabel ? '' : debounced;
  const hotels = useHotelSearch(query);

  const { data, unmatched } = useMemo(() => {
    const options = hotelOptions(hotels.data ?? []);
    const current = value === null ? undefined : String(value);
    if (current && chosenLabel && !options.some((o) => o.value === current)) {
      // Kept in the data so the box can show its label, but not offered for a search it fails.
      return { data: [{ value: current, label: chosenLabel }, ...options], unmatched: current };
    }
    return { data: options, unmatched: undefined };
  }, [hotels.data, value, chosenLabel]);

  let empty = 'No hotel matches';
  if (hotels.isFetching) empty = 'Searching...';
  if (hotels.isError) empty = 'The hotels could not be loaded';

  return (
    <Select
      label={label}
      placeholder="Search by name, state, department or city"
      data={data}
      value={value === null ? null : String(value)}
      onChange={(id, option) => {
        if (id && option) setSeen((m) => new Map(m).set(id, option.label));
        onChange(id ? Number(id) : null, option?.label ?? '');
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the text against name and place: keep its answer as is.
      filter={({ options }) =>
        query && unmatched
          ? options.filter((o) => !('value' in o) || o.value !== unmatched)
          : options
      }
      nothingFoundMessage={empty}
      error={error}
      required
      allowDeselect={false}
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
      data-testid="hotel-field"
    />
  );
}
