import type { BookedRoom, BookingRecord } from '@devstay/shared/contracts/booking';
import { paths } from '@devstay/shared/paths';
import { formatUsd, priceToCents, sentenceStart } from '@devstay/shared/text';
import { Anchor, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { useDateText } from '../../../lib/date-text.ts';
import { BookedRoomCard } from './booked-room-card.tsx';
import { BookingStatusBadge } from './booking-status-badge.tsx';
import { GuestBookingActions, reservationName } from './guest-booking-actions.tsx';

interface BookingGroupProps {
  booking: BookingRecord;
  /** Opens the cancel's confirmation (useCancelBookingFlow's `ask`). */
  onCancel: (booking: BookingRecord) => void;
  cancelling: boolean;
  /** Cancels one traveller's stay alone (the organiser's history). */
  onCancelLine?: (booking: BookingRecord, room: BookedRoom) => void;
}

/**
 * One booking of the guest's history as one group: its rooms as the history's cards inside it,
 * then what acts on the whole booking — its total, status, receipt, calendar file, cancellation
 * deadline and Cancel — so no button under one room acts on all of them.
 */
export function BookingGroup({ booking, onCancel, cancelling, onCancelLine }: BookingGroupProps) {
  const dateText = useDateText();
  const name = sentenceStart(reservationName(booking, dateText));
  const headingId = useId();
  const rooms = booking.cartRoom.length;
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      component="section"
      aria-labelledby={headingId}
      data-testid="booking-history-entry"
      data-booking-id={booking.id}
      bg="var(--mantine-color-gray-0)"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Title order={2} size="h4" id={headingId}>
              {name}
            </Title>
            <Text size="sm" c="dimmed">
              Booked on {dateText(booking.date)} · {rooms} {rooms === 1 ? 'room' : 'rooms'}
            </Text>
          </div>
          <BookingStatusBadge status={booking.status} />
        </Group>
        {booking.cartRoom.map((room) => (
          <BookedRoomCard
            key={`${booking.id}-${room.id}-${room.checkIn}-${room.checkOut}`}
            booking={booking}
            room={room}
            onCancelLine={onCancelLine}
          />
        ))}
        <Divider />
        <Group justify="space-between" gap="sm">
          <Text fw={700} data-testid="booking-total">
            Total {formatUsd(priceToCents(booking.cartTotalAmount))} · {booking.cartTotalQuantity}{' '}
            {booking.cartTotalQuantity === 1 ? 'unit' : 'units'}
          </Text>
          <Anchor
            component={Link}
            to={paths.receipt(booking.id)}
            aria-label={`See the receipt of ${reservationName(booking, dateText)}`}
          >
            <Group gap={4} wrap="nowrap" component="span">
              <IconReceipt size={18} aria-hidden="true" />
              See the receipt
            </Group>
          </Anchor>
        </Group>
        <GuestBookingActions booking={booking} onCancel={onCancel} cancelling={cancelling} />
      </Stack>
    </Card>
  );
}
