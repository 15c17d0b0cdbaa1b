import '@mantine/core/styles/Combobox.layer.css';
import type { HotelRef } from '@devstay/shared/contracts/users';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { currentOption, useHotelOptions } from '../api/hotel-options.ts';

interface HotelSelectProps {
  value: string | null;
  onChange: (value: string | null) => void;
  /** The hotel the account runs now, shown even before the list has arrived. */
  current?: HotelRef | null;
  error?: string;
  required?: boolean;
  clearable?: boolean;
  onBlur?: () => void;
}

/** The superAdmin's hotel picker: every hotel as 'name — state, department, city'. */
export function HotelSelect({
  value,
  onChange,
  current = null,
  error,
  required,
  clearable,
  onBlur,
}: HotelSelectProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const hotels = useHotelOptions(debounced);

  const data = useMemo(() => {
    const options = hotels.options;
    const mine = currentOption(current);
    if (mine && !options.some((o) => o.value === mine.value)) return [mine, ...options];
    return options;
  }, [hotels.options, current]);

  return (
    <Select
      label="Hotel"
      placeholder={hotels.isPending && data.length === 0 ? 'Loading hotels...' : 'Choose a hotel'}
      data={data}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={hotels.searched ? ({ options }) => options : undefined}
      nothingFoundMessage={hotels.isError ? 'The hotels could not be loaded' : 'No hotel matches'}
      error={error}
      required={required}
      clearable={clearable}
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
      data-testid="hotel-select"
    />
  );
}
