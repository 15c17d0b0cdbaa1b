import { BOOKING_SORTS, BOOKINGS_PER_PAGE, type BookingSort } from '@devstay/shared/booking-table';
import { isIsoDate } from '@devstay/shared/calendar-date';
import { BOOKING_MESSAGES } from '@devstay/shared/messages';
import { profileOf } from '@devstay/shared/paths';
import { parseRowId } from '@devstay/shared/row-id';
import { Container, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { BackButton } from '../../../components/back-button.tsx';
import { ErrorScreen } from '../../../components/error-screen.tsx';
import { LoadingScreen } from '../../../components/loading-screen.tsx';
import { PageControls } from '../../../components/page-controls.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useHotelOptions } from '../../../features/admin/api/hotel-options.ts';
import {
  type BookingTableQuery,
  useBookingTable,
} from '../../../features/bookings/api/bookings.ts';
import { BookingsFilters } from '../../../features/bookings/components/bookings-filters.tsx';
import { BookingsTable } from '../../../features/bookings/components/bookings-table.tsx';
import { useCancelBookingFlow } from '../../../features/bookings/hooks/use-cancel-booking-flow.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useSignedIn } from '../account/use-signed-in.ts';

/** A yyyy-MM-dd date from the address, or none. */
const dateParam = (value: string | null): string | undefined =>
  value && isIsoDate(value) ? value : undefined;

/**
 * The table's state from the address (`?hotel=&status=&from=&to=&sort=&page=`): Back restores
 * it. A window whose end is before its start keeps its start alone.
 */
function readQuery(params: URLSearchParams): BookingTableQuery {
  const hotel = parseRowId(params.get('hotel'));
  const status = params.get('status');
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  const from = dateParam(params.get('from'));
  const to = dateParam(params.get('to'));
  return {
    hotel: hotel ?? undefined,
    status: status === 'confirmed' || status === 'cancelled' ? status : undefined,
    from,
    to: from && to && to < from ? undefined : to,
    sort: BOOKING_SORTS.includes(sort as BookingSort) ? (sort as BookingSort) : undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

type FilterChange = (change: Record<string, string | null | undefined>) => void;

/** The filters as the query has them. */
const filterValues = (query: BookingTableQuery) => ({
  hotel: query.hotel ? String(query.hotel) : null,
  status: query.status ?? null,
  from: query.from ?? null,
  to: query.to ?? null,
  sort: query.sort ?? null,
});

/** The superAdmin's filters, with every hotel to pick from. */
function SuperAdminFilters({
  query,
  onChange,
}: {
  query: BookingTableQuery;
  onChange: FilterChange;
}) {
  const hotels = useHotelOptions('');
  return <BookingsFilters hotels={hotels.options} {...filterValues(query)} onChange={onChange} />;
}

/** What the table's 'Stock balance' column means. */
const STOCK_BALANCE_NOTE =
  'Stock balance: units of the room still free on every night of that stay, as of now.';

/**
 * /stock: the bookings table (product §2.12), a row per booked room with who booked it. An admin
 * sees their hotel's rooms; the superAdmin every hotel's and a filter by hotel. Both filter by
 * status and check-in dates and sort by hotel and check-in. The server filters, sorts, pages and
 * counts the rows.
 */
export function StockPage() {
  const { me } = useSignedIn();
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const table = useBookingTable(query);
  const cancelFlow = useCancelBookingFlow('staff');
  const total = table.data?.total ?? 0;
  const pages = Math.ceil(total / BOOKINGS_PER_PAGE);
  const superAdmin = me.rol === 'superAdmin';

  const change = (next: Record<string, string | null | undefined>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, value);
      else merged.delete(key);
    }
    // A new filter or sort starts from its first page.
    if (!('page' in next)) merged.delete('page');
    setParams(merged);
  };

  let body: ReactNode;
  if (table.isPending) body = <LoadingScreen text="Loading reservations..." />;
  else if (table.isError) {
    body = (
      <ErrorScreen
        order={2}
        title="Could not load the reservations"
        message={errorMessage(table.error)}
        onRetry={() => void table.refetch()}
      />
    );
  } else if (table.data.items.length === 0) {
    body = <Text c="dimmed">{BOOKING_MESSAGES.noBookings}</Text>;
  } else {
    const first = (query.page - 1) * BOOKINGS_PER_PAGE + 1;
    const shown = table.data.items.reduce((sum, b) => sum + b.cartRoom.length, 0);
    body = (
      <Stack gap="md">
        <Text c="dimmed" data-testid="stock-count">
          {total === 1 ? '1 booked room' : `Booked rooms ${first}–${first + shown - 1} of ${total}`}
        </Text>
        <Text size="sm" c="dimmed" id="stock-balance-note">
          {STOCK_BALANCE_NOTE}
        </Text>
        <BookingsTable
          bookings={table.data.items}
          cancellingId={cancelFlow.cancellingId}
          onCancel={cancelFlow.ask}
        />
        <PageControls
          pages={pages}
          page={query.page}
          onPage={(page) => change({ page: String(page) })}
        />
      </Stack>
    );
  }

  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <PageTitle>Bookings</PageTitle>
          <BackButton fallback={profileOf(me.rol)} />
        </Group>
        {superAdmin ? (
          <SuperAdminFilters query={query} onChange={change} />
        ) : (
          <BookingsFilters {...filterValues(query)} onChange={change} />
        )}
        {body}
      </Stack>
      {cancelFlow.dialog}
    </Container>
  );
}
