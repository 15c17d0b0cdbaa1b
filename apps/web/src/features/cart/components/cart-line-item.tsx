import { guestsText, lineGuests } from '@devstay/shared/cart';
import { GUESTS_MAX } from '@devstay/shared/constants';
import type { QuoteLine } from '@devstay/shared/contracts/booking';
import { paths } from '@devstay/shared/paths';
import { capitalize, formatUsd } from '@devstay/shared/text';
import { ActionIcon, Anchor, Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FreeCancellationTerms } from '../../../components/free-cancellation-terms.tsx';
import { useDateText } from '../../../lib/date-text.ts';
import { IMAGE_SIZES, responsiveImage } from '../../../lib/image-url.ts';
import { nightsText } from '../../../lib/night-prices.ts';
import type { CartLine } from '../store/cart-store.ts';
import { TravellerFields } from './traveller-fields.tsx';

/** No more units can be added to this line: a §5 text applies, or every free unit is in it. */
function cannotIncrease(quote: QuoteLine | undefined): boolean {
  return !quote || quote.availabilityMessage !== null || quote.available <= quote.cartQuantity;
}

interface CartLineItemProps {
  line: CartLine;
  /** The server's answer for this line; prices are shown only from it. */
  quote: QuoteLine | undefined;
  onIncrease: () => void;
  onDecrease: () => void;
  onRemove: () => void;
  /** Sets the line's guests. */
  onGuests: (guests: number) => void;
  /** Names the line's traveller (a team trip); the field is not shown without it. */
  onTraveller?: (traveller: CartLine['traveller']) => void;
}

/**
 * A cart line: picture, hotel and room, dates, its nights with the server's price of each
 * ('3 nights: $80 + $80 + $120'), guests, quantity controls, Remove, line total.
 */
export function CartLineItem({
  line,
  quote,
  onIncrease,
  onDecrease,
  onRemove,
  onGuests,
  onTraveller,
}: CartLineItemProps) {
  const guests = lineGuests(line);
  const name = capitalize(quote?.name ?? line.name);
  const hotel = quote?.hotel ?? line.Hotels?.name ?? '';
  const picture = quote ? quote.image : line.image[0];
  const message = quote?.availabilityMessage ?? quote?.guestsMessage ?? null;
  const dateText = useDateText();
  const messageId = `cart-line-${line.id}-${line.checkIn}-${line.checkOut}-availability`;
  return (
    <Paper withBorder p="md" component="li" data-testid="cart-line">
      <Group align="flex-start" wrap="wrap" gap="md">
        <Image
          {...responsiveImage(picture, IMAGE_SIZES.thumbnail)}
          alt={`${name} room`}
          w={120}
          h={90}
          radius="sm"
          fit="cover"
        />
        <Stack gap={4} style={{ flex: '1 1 200px' }}>
          <Text size="sm" c="dimmed">
            {hotel}
          </Text>
          <Anchor component={Link} to={paths.room(line.id)} fw={700}>
            {name}
          </Anchor>
          <Text size="sm">
            Check-in {dateText(line.checkIn)} · Check-out {dateText(line.checkOut)}
          </Text>
          {quote ? (
            <Text size="sm" c="dimmed" data-testid="cart-line-nights">
              {nightsText(quote.nights)}
              {quote.cartQuantity > 1 ? ` · ${quote.cartQuantity} rooms` : ''}
            </Text>
          ) : null}
          <Group gap={6} wrap="nowrap">
            <ActionIcon
              variant="default"
              size="sm"
              onClick={() => onGuests(guests - 1)}
              disabled={guests <= 1}
              aria-label={`Fewer guests in ${name}`}
            >
              <IconMinus size={12} aria-hidden="true" />
            </ActionIcon>
            <Text size="sm" data-testid="cart-line-guests">
              {guestsText(guests)}
              {quote ? ` · sleeps ${quote.capacity} per room` : ''}
            </Text>
            <ActionIcon
              variant="default"
              size="sm"
              onClick={() => onGuests(guests + 1)}
              disabled={guests >= GUESTS_MAX}
              aria-label={`More guests in ${name}`}
            >
              <IconPlus size={12} aria-hidden="true" />
            </ActionIcon>
          </Group>
          {quote ? <FreeCancellationTerms terms={quote.freeCancellation} /> : null}
          {onTraveller ? <TravellerFields line={line} room={name} onChange={onTraveller} /> : null}
          {message ? (
            <Text size="sm" c="red.8" fw={500} id={messageId} role="status">
              {message}
            </Text>
          ) : null}
        </Stack>
        <Stack gap="xs" align="flex-end" style={{ flex: '0 0 auto' }}>
          <Group gap={6} wrap="nowrap">
            <ActionIcon
              variant="default"
              onClick={onDecrease}
              aria-label={`Decrease quantity of ${name}`}
              size="lg"
            >
              <IconMinus size={16} aria-hidden="true" />
            </ActionIcon>
            <Text fw={700} w={32} ta="center" aria-label={`Quantity ${line.cartQuantity}`}>
              {line.cartQuantity}
            </Text>
            <ActionIcon
              variant="default"
              onClick={onIncrease}
              disabled={cannotIncrease(quote)}
              aria-label={`Increase quantity of ${name}`}
              aria-describedby={message ? messageId : undefined}
              size="lg"
            >
              <IconPlus size={16} aria-hidden="true" />
            </ActionIcon>
          </Group>
          <Text fw={700} data-testid="cart-line-total">
            {quote ? formatUsd(quote.lineTotalCents) : '…'}
          </Text>
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} aria-hidden="true" />}
            onClick={onRemove}
          >
            Remove
          </Button>
        </Stack>
      </Group>
    </Paper>
  );
}
