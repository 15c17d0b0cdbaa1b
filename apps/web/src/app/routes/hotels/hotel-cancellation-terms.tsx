import type { HotelDetail } from '@devstay/shared/contracts/catalogue';
import { BOOKING_MESSAGES } from '@devstay/shared/messages';
import type { StayDates } from '@devstay/shared/paths';
import { Group, Text } from '@mantine/core';
import { IconCalendarCancel } from '@tabler/icons-react';
import { FreeCancellationTerms } from '../../../components/free-cancellation-terms.tsx';
import { useCartQuote } from '../../../features/cart/api/cart-quote.ts';

interface HotelCancellationTermsProps {
  hotel: Pick<HotelDetail, 'freeCancellationDays' | 'timeZone' | 'Rooms'>;
  stay: StayDates | undefined;
}

/**
 * The hotel's cancellation terms before a room is chosen (product §4): for a stay handed over,
 * its deadline as the server's quote gives it (every room of a hotel has the hotel's terms);
 * otherwise, or until the quote answers, the hotel's rule in words.
 */
export function HotelCancellationTerms({ hotel, stay }: HotelCancellationTermsProps) {
  const room = hotel.Rooms[0];
  const quote = useCartQuote(
    stay && room
      ? [{ id: room.id, checkIn: stay.checkIn, checkOut: stay.checkOut, cartQuantity: 1 }]
      : [],
  );
  const line = quote.isPlaceholderData ? undefined : quote.data?.cartRoom[0];
  if (stay && line) return <FreeCancellationTerms terms={line.freeCancellation} />;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="free-cancellation">
      <IconCalendarCancel size={16} aria-hidden="true" style={{ flex: 'none', marginTop: 2 }} />
      <Text size="sm" c="teal.9">
        {BOOKING_MESSAGES.freeCancellationPolicy(hotel.freeCancellationDays, hotel.timeZone)}
      </Text>
    </Group>
  );
}
