import '@mantine/core/styles/Combobox.layer.css';
import {
  BOOKING_SORTS,
  BOOKING_STATUS_FILTERS,
  type BookingSort,
} from '@devstay/shared/booking-table';
import { Group, Select } from '@mantine/core';

interface SelectOption {
  value: string;
  label: string;
}

const SORT_LABELS: Record<BookingSort, string> = {
  'hotel-asc': 'Hotel (A-Z)',
  'hotel-desc': 'Hotel (Z-A)',
  'checkIn-asc': 'Check-in (earliest first)',
  'checkIn-desc': 'Check-in (latest first)',
};

interface BookingsFiltersProps {
  hotels: SelectOption[];
  hotel: string | null;
  status: string | null;
  sort: string | null;
  onChange: (change: {
    hotel?: string | null;
    status?: string | null;
    sort?: string | null;
  }) => void;
}

/** The superAdmin's filters of the bookings table: hotel, status, and the sort (product §9). */
export function BookingsFilters({ hotels, hotel, status, sort, onChange }: BookingsFiltersProps) {
  return (
    <Group align="flex-end" gap="md">
      <Select
        label="Filter by hotel"
        placeholder="All hotels"
        data={hotels}
        value={hotel}
        onChange={(value) => onChange({ hotel: value })}
        searchable
        clearable
        w={280}
      />
      <Select
        label="Filter by status"
        placeholder="All"
        data={BOOKING_STATUS_FILTERS.map((s) => ({ value: s, label: s }))}
        value={status}
        onChange={(value) => onChange({ status: value })}
        clearable
        w={180}
      />
      <Select
        label="Sort by"
        placeholder="Newest first"
        data={BOOKING_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
        value={sort}
        onChange={(value) => onChange({ sort: value })}
        clearable
        w={240}
      />
    </Group>
  );
}
