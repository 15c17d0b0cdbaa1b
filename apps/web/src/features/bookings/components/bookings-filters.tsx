import '@mantine/core/styles/Combobox.layer.css';
import {
  BOOKING_SORTS,
  BOOKING_STATUS_FILTERS,
  type BookingSort,
} from '@devstay/shared/booking-table';
import { Group, Select, TextInput } from '@mantine/core';

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
  /** The superAdmin's hotel filter; none for an admin, whose table is their hotel's. */
  hotels?: SelectOption[];
  hotel: string | null;
  status: string | null;
  from: string | null;
  to: string | null;
  sort: string | null;
  onChange: (change: {
    hotel?: string | null;
    status?: string | null;
    from?: string | null;
    to?: string | null;
    sort?: string | null;
  }) => void;
}

/**
 * The bookings table's filters: hotel (the superAdmin's), status and the check-in window, and
 * the sort (product §9). Each wraps onto its own line on a narrow screen.
 */
export function BookingsFilters({
  hotels,
  hotel,
  status,
  from,
  to,
  sort,
  onChange,
}: BookingsFiltersProps) {
  return (
    <Group align="flex-end" gap="md">
      {hotels ? (
        <Select
          label="Filter by hotel"
          placeholder="All hotels"
          data={hotels}
          value={hotel}
          onChange={(value) => onChange({ hotel: value })}
          searchable
          clearable
          w={{ base: '100%', xs: 280 }}
        />
      ) : null}
      <Select
        label="Filter by status"
        placeholder="All"
        data={BOOKING_STATUS_FILTERS.map((s) => ({ value: s, label: s }))}
        value={status}
        onChange={(value) => onChange({ status: value })}
        clearable
        w={{ base: '100%', xs: 180 }}
      />
      <TextInput
        type="date"
        label="Check-in from"
        value={from ?? ''}
        max={to ?? undefined}
        onChange={(event) => onChange({ from: event.currentTarget.value || null })}
        w={{ base: '100%', xs: 180 }}
      />
      <TextInput
        type="date"
        label="Check-in to"
        value={to ?? ''}
        min={from ?? undefined}
        onChange={(event) => onChange({ to: event.currentTarget.value || null })}
        w={{ base: '100%', xs: 180 }}
      />
      <Select
        label="Sort by"
        placeholder="Newest first"
        data={BOOKING_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
        value={sort}
        onChange={(value) => onChange({ sort: value })}
        clearable
        w={{ base: '100%', xs: 240 }}
      />
    </Group>
  );
}
