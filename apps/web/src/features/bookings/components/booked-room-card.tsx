import type { BookedRoom, BookingRecord } from '@devstay/shared/contracts/booking';
import { paths } from '@devstay/shared/paths';
import { capitalize, formatUsd, priceToCents } from '@devstay/shared/text';
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { useDateText } from '../../../lib/date-text.ts';
import { BookingStatusBadge } from './booking-status-badge.tsx';

/**
 * Why a booked room cannot be reviewed yet, or null when it can: once its stay has ended (its
 * check-out before the hotel's today, as the server says), and not for a cancelled booking.
 */
function reviewWaitsFor(booking: BookingRecord, room: BookedRoom): string | null {
  if (booking.status === 'cancelled') return 'This reservation was cancelled';
  if (!room.stayEnded)
    return `You can review this hotel after your stay (check-out ${room.checkOut})`;
  return null;
}

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
  const waiting = reviewWaitsFor(booking, room);
  const reasonId = useId();
  const dateText = useDateText();
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
          <Field label="Reservation date" value={dateText(booking.date)} />
          <Field label="Room" value={capitalize(room.name)} />
          <Field label="Check-in" value={dateText(room.checkIn)} />
          <Field label="Check-out" value={dateText(room.checkOut)} />
          <Field label="Quantity" value={String(room.cartQuantity)} />
          <Field label="Price per night" value={formatUsd(priceToCents(room.price))} />
        </SimpleGrid>
        <Group justify="flex-end">
          {waiting ? (
            <>
              <Text size="sm" c="dimmed" id={reasonId}>
                {waiting}
              </Text>
              <Button
                variant="light"
                disabled
                aria-label={`Write a review of ${hotel}`}
                aria-describedby={reasonId}
              >
                Write a review
              </Button>
            </>
          ) : (
            <Button
              component={Link}
              to={paths.review(room.idHotel)}
              variant="light"
              aria-label={`Write a review of ${hotel}`}
            >
              Write a review
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
