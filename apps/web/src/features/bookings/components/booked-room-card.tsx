import '@mantine/core/styles/Tooltip.layer.css';
import type { BookedRoom, BookingRecord } from '@devstay/shared/contracts/booking';
import { capitalize, formatUsd } from '@devstay/shared/text';
import {
  Anchor,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { BookingStatusBadge } from './booking-status-badge.tsx';

export const REVIEWS_SOON = 'Reviews come soon';

interface BookedRoomCardProps {
  booking: BookingRecord;
  room: BookedRoom;
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

/** One booked room of the guest's history (product §2.12). */
export function BookedRoomCard({ booking, room }: BookedRoomCardProps) {
  const hotel = capitalize(room.hotel);
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      component="article"
      aria-label={`${hotel}, ${capitalize(room.name)}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4">
            <Anchor component={Link} to={paths.hotel(room.idHotel)}>
              {hotel}
            </Anchor>
          </Title>
          <BookingStatusBadge status={booking.status} />
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          <Field label="Reservation date" value={booking.date} />
          <Field label="Room" value={capitalize(room.name)} />
          <Field label="Check-in" value={room.checkIn} />
          <Field label="Check-out" value={room.checkOut} />
          <Field label="Quantity" value={String(room.cartQuantity)} />
          <Field label="Price per night" value={formatUsd(Math.round(room.price * 100))} />
        </SimpleGrid>
        <Group justify="flex-end">
          {/* data-disabled rather than disabled: a disabled button gets no hover, so no tooltip. */}
          <Tooltip label={REVIEWS_SOON}>
            <Button
              variant="light"
              data-disabled
              aria-disabled="true"
              aria-label={`Write a review (${REVIEWS_SOON})`}
              onClick={(event) => event.preventDefault()}
            >
              Write a review
            </Button>
          </Tooltip>
        </Group>
      </Stack>
    </Card>
  );
}
