import { BOOKING_SORTS, BOOKINGS_PER_PAGE, type BookingSort } from '@devstay/shared/booking-table';
import { BOOKING_MESSAGES } from '@devstay/shared/messages';
import { profileOf } from '@devstay/shared/paths';
import { parseRowId } from '@devstay/shared/row-id';
import { Container, Group, Pagination, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { BackButton } from '../../../components/back-button.tsx';
import { ErrorScreen } from '../../../components/error-screen.tsx';
import { LoadingScreen } from '../../../components/loading-screen.tsx';
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

/** The table's state from the address (`?hotel=&status=&sort=&page=`): Back restores it. */
function readQuery(params: URLSearchParams): BookingTableQuery {
  const hotel = parseRowId(params.get('hotel'));
  const status = params.get('status');
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    hotel: hotel ?? undefined,
    status: status === 'confirmed' || status === 'cancelled' ? status : undefined,
    sort: BOOKING_SORTS.includes(sort as BookingSort) ? (sort as BookingSort) : undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The superAdmin's filter options: every hotel. */
function SuperAdminFilters({
  query,
  onChange,
}: {
  query: BookingTableQuery;
  onChange: (change: Record<string, string | null | undefined>) => void;
}) {
  const hotels = useHotelOptions('');
  return (
    <BookingsFilters
      hotels={hotels.options}
      hotel={query.hotel ? String(query.hotel) : null}
      status={query.status ?? null}
      sort={query.sort ?? null}
      onChange={onChange}
    />
  );
}

/**
 * /stock: the bookings table (product §2.12). An admin sees their hotel's reservations; the
 * superAdmin every hotel's, with filters by hotel and status and sorting by hotel and check-in.
 * The server filters, sorts and pages.
 */
export function StockPage() {
  const { me } = useSignedIn();
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const table = useBookingTable(query);
  const cancelFlow = useCancelBookingFlow('staff');
  const pages = Math.ceil((table.data?.total ?? 0) / BOOKINGS_PER_PAGE);
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
    body = (
      <Stack gap="md">
        <Text c="dimmed">{`${table.data.total} reservations`}</Text>
        <BookingsTable
          bookings={table.data.items}
          cancellingId={cancelFlow.cancellingId}
          onCancel={cancelFlow.ask}
        />
        {pages > 1 ? (
          <Pagination
            total={pages}
            value={query.page}
            onChange={(page) => change({ page: String(page) })}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
          />
        ) : null}
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
        {superAdmin ? <SuperAdminFilters query={query} onChange={change} /> : null}
        {body}
      </Stack>
      {cancelFlow.dialog}
    </Container>
  );
}
