import { capitalize, formatUsd } from '@devstay/shared/text';
import { ActionIcon, Anchor, Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { IMAGE_SIZES, responsiveImage } from '../../../lib/image-url.ts';
import type { CartLine } from '../store/cart-store.ts';

/** Stay dates as the cart shows them: dd/MM/yy (spec §9), read as calendar dates. */
export function cartDate(date: string): string {
  const [y, m, d] = date.split('-');
  return y && m && d ? `${d}/${m}/${y.slice(2)}` : date;
}

interface CartLineItemProps {
  line: CartLine;
  onIncrease: () => void;
  onDecrease: () => void;
  onRemove: () => void;
}

/** A cart line: picture, hotel and room, dates, quantity controls, Remove, line total. */
export function CartLineItem({ line, onIncrease, onDecrease, onRemove }: CartLineItemProps) {
  const name = capitalize(line.name);
  const hotel = capitalize(line.Hotels?.name ?? '');
  const lineCents = Math.round(line.totalPrice * 100) * line.cartQuantity;
  return (
    <Paper withBorder p="md" component="li">
      <Group align="flex-start" wrap="wrap" gap="md">
        <Image
          {...responsiveImage(line.image[0], IMAGE_SIZES.thumbnail)}
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
          <Anchor component={Link} to={`/hotel/room/${line.id}`} fw={700}>
            {name}
          </Anchor>
          <Text size="sm">
            Check-in {cartDate(line.checkIn)} · Check-out {cartDate(line.checkOut)}
          </Text>
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
              aria-label={`Increase quantity of ${name}`}
              size="lg"
            >
              <IconPlus size={16} aria-hidden="true" />
            </ActionIcon>
          </Group>
          <Text fw={700}>{formatUsd(lineCents)}</Text>
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
