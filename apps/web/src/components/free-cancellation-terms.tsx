import type { QuoteLine } from '@devstay/shared/contracts/booking';
import { BOOKING_MESSAGES } from '@devstay/shared/messages';
import { Group, Stack, Text } from '@mantine/core';
import { IconCalendarCancel } from '@tabler/icons-react';

/**
 * A stay's cancellation terms before the guest commits (product §4), as the server's quote
 * gives them: until when it can be cancelled for free, or that it no longer can.
 */
export function FreeCancellationTerms({ terms }: { terms: QuoteLine['freeCancellation'] }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="free-cancellation">
      <IconCalendarCancel size={16} aria-hidden="true" style={{ flex: 'none', marginTop: 2 }} />
      <Text size="sm" c={terms.open ? 'teal.9' : 'red.9'}>
        {terms.open
          ? BOOKING_MESSAGES.freeCancellationUntil(terms.date, terms.timeZone)
          : BOOKING_MESSAGES.noFreeCancellation}
      </Text>
    </Group>
  );
}

/**
 * A booking's cancellation terms with their heading, the same words wherever the booking is
 * shown (the confirmation after paying, the receipt page): the deadline is the booking's, the
 * earliest of its rooms' (the rule the cancel applies), and said as such when it has several.
 */
export function BookingCancellationTerms({
  terms,
  lines,
}: {
  terms: QuoteLine['freeCancellation'];
  /** How many lines (rooms and stays) the booking has. */
  lines: number;
}) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {lines > 1
          ? 'Cancellation of the booking: the earliest deadline of its rooms'
          : 'Cancellation'}
      </Text>
      <FreeCancellationTerms terms={terms} />
    </Stack>
  );
}
