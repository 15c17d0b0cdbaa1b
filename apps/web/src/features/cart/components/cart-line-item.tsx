import type { QuoteLine } from '@devstay/shared/contracts/booking';
import { paths } from '@devstay/shared/paths';
import { capitalize, formatUsd, priceToCents } from '@devstay/shared/text';
import { ActionIcon, Anchor, Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useDateText } from '../../../lib/date-text.ts';
import { IMAGE_SIZES, responsiveImage } from '../../../lib/image-url.ts';
import type { CartLine } from '../store/cart-store.ts';

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
}

/** A cart line: picture, hotel and room, dates, quantity controls, Remove, line total. */
export function CartLineItem({ line, quote, onIncrease, onDecrease, onRemove }: CartLineItemProps) {
  const name = capitalize(quote?.name ?? line.name);
  const hotel = capitalize(quote?.hotel ?? line.Hotels?.name ?? '');
  const picture = quote ? quote.image : line.image[0];
  const message = quote?.availabilityMessage ?? null;
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
            <Text size="sm" c="dimmed">
              {formatUsd(priceToCents(quote.price))} per night · {quote.nights}{' '}
              {quote.nights === 1 ? 'night' : 'nights'}
            </Text>
          ) : null}
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
