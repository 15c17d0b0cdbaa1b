import { bookingReference } from '@devstay/shared/booking-reference';
import { guestsText } from '@devstay/shared/cart';
import type { CartQuote, PaymentResult } from '@devstay/shared/contracts/booking';
import { paths } from '@devstay/shared/paths';
import { capitalize, formatUsd } from '@devstay/shared/text';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { CalendarDownload } from '../../../components/calendar-download.tsx';
import { BookingCancellationTerms } from '../../../components/free-cancellation-terms.tsx';
import { bookingCalendarUrl } from '../../../features/bookings/api/bookings.ts';
import { paidMessage } from '../../../features/checkout/api/use-payment.ts';
import { useDateText } from '../../../lib/date-text.ts';

/** The receipt page of the app at the path of the server's receipt address. */
function receiptPath(receiptUrl: string): string {
  try {
    return new URL(receiptUrl, window.location.origin).pathname;
  } catch {
    return receiptUrl;
  }
}

interface BookingConfirmationProps {
  paid: PaymentResult;
  /**
   * The booking's cancellation terms, as the server's quote of the cart paid said them: its
   * deadline is the booking's (the earliest of its rooms', the rule the cancel applies).
   */
  terms: CartQuote['freeCancellation'];
}

/**
 * What the guest sees once paid, and keeps seeing (ours: the product we replace went to /home
 * after 8 s, docs/product.md §2.9): the booking's short reference, what was booked, the amount,
 * the cancellation terms the server applies, and links to the receipt, the calendar file and the
 * history. It comes into view at the top of the page, its heading focused, whatever the page was
 * scrolled to when Pay was pressed.
 */
export function BookingConfirmation({ paid, terms }: BookingConfirmationProps) {
  const { booking } = paid;
  const dateText = useDateText();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    heading.current?.focus({ preventScroll: true });
  }, []);

  return (
    <Paper
      withBorder
      p="md"
      mt="md"
      component="section"
      aria-labelledby="booking-confirmed"
      data-testid="booking-confirmation"
      style={{ borderColor: 'var(--mantine-color-teal-7)' }}
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id="booking-confirmed" ref={heading} tabIndex={-1}>
          Thank you!
        </Title>
        <Text role="status">{paidMessage(paid.message)}</Text>
        <Text>
          Booking reference{' '}
          <Text span fw={700} ff="monospace" data-testid="booking-reference">
            {bookingReference(booking.id)}
          </Text>
        </Text>
        <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {booking.cartRoom.map((line) => (
            <li key={`${line.id}-${line.checkIn}-${line.checkOut}`} data-testid="booked-line">
              <Text fw={600}>
                {line.cartQuantity} × {capitalize(line.name)} at {line.hotel}
              </Text>
              <Text size="sm" c="dimmed">
                {dateText(line.checkIn)} to {dateText(line.checkOut)} · {guestsText(line.guests)} ·{' '}
                {formatUsd(line.totalCents)}
              </Text>
            </li>
          ))}
        </Stack>
        <Group justify="space-between">
          <Text>Total paid</Text>
          <Text fw={700} size="lg" data-testid="booking-amount">
            {formatUsd(booking.cartTotalCents)}
          </Text>
        </Group>
        {terms ? <BookingCancellationTerms terms={terms} lines={booking.cartRoom.length} /> : null}
        <Group gap="sm">
          <Button component={Link} to={receiptPath(paid.receipt_url)}>
            See your receipt
          </Button>
          <CalendarDownload href={bookingCalendarUrl(booking.id)} what="this booking" />
          <Anchor component={Link} to={paths.bookingHistory}>
            Your bookings
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
