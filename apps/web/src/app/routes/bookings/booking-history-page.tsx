import { BOOKINGS_PER_PAGE } from '@devstay/shared/booking-table';
import { BOOKING_MESSAGES } from '@devstay/shared/messages';
import { paths } from '@devstay/shared/paths';
import { Container, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { BackButton } from '../../../components/back-button.tsx';
import { ErrorScreen } from '../../../components/error-screen.tsx';
import { LoadingScreen } from '../../../components/loading-screen.tsx';
import { PageControls } from '../../../components/page-controls.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useBookingHistory, useTravellerStays } from '../../../features/bookings/api/bookings.ts';
import { BookingGroup } from '../../../features/bookings/components/booking-group.tsx';
import { TravellerStays } from '../../../features/bookings/components/traveller-stays.tsx';
import { useCancelBookingFlow } from '../../../features/bookings/hooks/use-cancel-booking-flow.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useSignedIn } from '../account/use-signed-in.ts';

/**
 * /profileusers/bookingHistory: newest booking first, each one group holding a card per booked
 * room (product §2.12), with the booking's total, receipt, calendar file and cancel (product §4).
 */
export function BookingHistoryPage() {
  const { me } = useSignedIn();
  const [page, setPage] = useState(1);
  const history = useBookingHistory(me.id, page);
  const travelling = useTravellerStays(me.id);
  const cancelFlow = useCancelBookingFlow('guest');
  const pages = Math.ceil((history.data?.total ?? 0) / BOOKINGS_PER_PAGE);

  let body: ReactNode;
  if (history.isPending) body = <LoadingScreen text="Loading your reservations..." />;
  else if (history.isError) {
    body = (
      <ErrorScreen
        order={2}
        title="Could not load your reservations"
        message={errorMessage(history.error)}
        onRetry={() => void history.refetch()}
      />
    );
  } else if (history.data.items.length === 0) {
    body = <Text c="dimmed">{BOOKING_MESSAGES.noBookings}</Text>;
  } else {
    body = (
      <Stack gap="md">
        {history.data.items.map((booking) => (
          <BookingGroup
            key={booking.id}
            booking={booking}
            onCancel={cancelFlow.ask}
            onCancelLine={cancelFlow.askLine}
            cancelling={cancelFlow.cancellingId === booking.id}
          />
        ))}
        <PageControls pages={pages} page={page} onPage={setPage} />
      </Stack>
    );
  }

  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <PageTitle>Booking history</PageTitle>
          <BackButton fallback={paths.userProfile} />
        </Group>
        {body}
        {travelling.data && travelling.data.length > 0 ? (
          <TravellerStays stays={travelling.data} />
        ) : null}
      </Stack>
      {cancelFlow.dialog}
    </Container>
  );
}
