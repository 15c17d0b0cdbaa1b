import type { BookedRoom, BookingRecord } from '@devstay/shared/contracts/booking';
import { paths } from '@devstay/shared/paths';
import { capitalize, formatUsd } from '@devstay/shared/text';
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { useDateText } from '../../../lib/date-text.ts';
import { nightsText } from '../../../lib/night-prices.ts';
import { BookingStatusBadge } from './booking-status-badge.tsx';

/**
 * What the review button of a booked room says beside it: any signed-in guest may review a
 * hotel (product §1, §6), and the server marks the review a verified stay once the stay has
 * ended (its check-out before the hotel's today). A cancelled booking offers no review.
 */
function reviewNote(room: BookedRoom, dateText: (date: string) => string): string {
  return room.stayEnded
    ? 'Your review will be marked as a verified stay'
    : `After your stay (check-out ${dateText(room.checkOut)}) your review is marked as a verified stay`;
}

interface BookedRoomCardProps {
  booking: BookingRecord;
  room: BookedRoom;
  /** Cancels this traveller's stay alone (shown when the API says it may be). */
  onCancelLine?: (booking: BookingRecord, room: BookedRoom) => void;
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

/**
 * One booked room of the guest's history (product §2.12), inside its booking's group: hotel
 * link, reservation date, room, dates, quantity, price (its nights as charged, as the receipt
 * words them) and the line's amount, status and the review button.
 */
export function BookedRoomCard({ booking, room, onCancelLine }: BookedRoomCardProps) {
  const hotel = room.hotel;
  const noteId = useId();
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
          <Title order={3} size="h5">
            <Anchor component={Link} to={paths.hotel(room.idHotel)}>
              {hotel}
            </Anchor>
          </Title>
          <BookingStatusBadge status={room.cancelled ? 'cancelled' : booking.status} />
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          <Field label="Reservation date" value={dateText(booking.date)} />
          <Field label="Room" value={capitalize(room.name)} />
          <Field label="Check-in" value={dateText(room.checkIn)} />
          <Field label="Check-out" value={dateText(room.checkOut)} />
          <Field label="Quantity" value={String(room.cartQuantity)} />
          <Field label="Guests" value={String(room.guests)} />
          <Field label="Price" value={nightsText(room.nights)} />
          <Field label="Amount" value={formatUsd(room.totalCents)} />
          {room.traveller ? (
            <Field
              label="Traveller"
              value={`${room.traveller.name}${room.traveller.email ? ` (${room.traveller.email})` : ''}`}
            />
          ) : null}
        </SimpleGrid>
        {room.traveller && room.lineCancellable && onCancelLine ? (
          <Group justify="flex-end">
            <Button
              variant="subtle"
              color="red"
              onClick={() => onCancelLine(booking, room)}
              aria-label={`Cancel the stay of ${room.traveller.name}`}
            >
              Cancel this traveller’s stay
            </Button>
          </Group>
        ) : null}
        {booking.status === 'confirmed' && !room.cancelled ? (
          <Group justify="flex-end" gap="sm">
            <Text size="sm" c="dimmed" id={noteId}>
              {reviewNote(room, dateText)}
            </Text>
            <Button
              component={Link}
              to={paths.review(room.idHotel)}
              variant="light"
              aria-label={`Write a review of ${hotel}`}
              aria-describedby={noteId}
            >
              Write a review
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
