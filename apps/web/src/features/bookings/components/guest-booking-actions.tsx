import type { BookingRecord } from '@devstay/shared/contracts/booking';
import { BOOKING_MESSAGES } from '@devstay/shared/messages';
import { Button, Group, Stack, Text } from '@mantine/core';
import { CalendarDownload } from '../../../components/calendar-download.tsx';
import { useDateText } from '../../../lib/date-text.ts';
import { bookingCalendarUrl } from '../api/bookings.ts';

/** A booking named for people: its hotels and its first check-in, written as `dateText` writes dates. */
export function reservationName(
  booking: BookingRecord,
  dateText: (date: string) => string,
): string {
  const hotels = [...new Set(booking.cartRoom.map((r) => r.hotel))].join(' and ');
  const checkIn = booking.cartRoom.map((r) => r.checkIn).sort()[0] ?? booking.date;
  return `the reservation at ${hotels}, check-in ${dateText(checkIn)}`;
}

interface GuestBookingActionsProps {
  booking: BookingRecord;
  /** Opens the cancel's confirmation (useCancelBookingFlow's `ask`). */
  onCancel: (booking: BookingRecord) => void;
  cancelling: boolean;
}

/**
 * What a guest may do with a confirmed booking of their history: add it to a calendar, and
 * cancel it while its free-cancellation window is open (product §4; the server decides,
 * `cancellable`). After the window the button stays, disabled, saying until when it was possible.
 */
export function GuestBookingActions({ booking, onCancel, cancelling }: GuestBookingActionsProps) {
  const dateText = useDateText();
  if (booking.status !== 'confirmed') return null;
  const what = reservationName(booking, dateText);
  const { date, timeZone } = booking.freeCancellation;
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <CalendarDownload href={bookingCalendarUrl(booking.id)} what={what} />
      {booking.cancellable ? (
        <Stack gap={4} align="flex-end">
          <Button
            color="red"
            variant="light"
            loading={cancelling}
            onClick={() => onCancel(booking)}
            aria-label={`Cancel ${what}`}
          >
            Cancel reservation
          </Button>
          <Text size="xs" c="dimmed">
            {BOOKING_MESSAGES.freeCancellationUntil(date, timeZone)}
          </Text>
        </Stack>
      ) : (
        <Button disabled h="auto" py={6} styles={{ label: { whiteSpace: 'normal' } }}>
          {BOOKING_MESSAGES.freeCancellationEnded(date, timeZone)}
        </Button>
      )}
    </Group>
  );
}
