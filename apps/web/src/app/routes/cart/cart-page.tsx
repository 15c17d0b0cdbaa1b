import { capitalize, formatUsd } from '@devstay/shared/text';
import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShoppingCartOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { CartLineItem } from '../../../features/cart/components/cart-line-item.tsx';
import {
  cartTotals,
  changeCartQuantity,
  clearCart,
  removeFromCart,
  useCartLines,
} from '../../../features/cart/store/cart-store.ts';
import { notifyInfo, notifySuccess } from '../../../lib/notify.ts';

export const EMPTY_CART_MESSAGE = 'No rooms added to cart';

/** /cart: the rooms chosen for booking, kept in this browser (spec §2.8). */
export function CartPage() {
  const lines = useCartLines();
  const totals = cartTotals(lines);

  if (lines.length === 0) {
    return (
      <Container size="md" py="xl">
        <Stack align="center" gap="md" py="xl">
          <IconShoppingCartOff size={56} aria-hidden="true" color="var(--mantine-color-gray-7)" />
          <PageTitle ta="center" documentTitle="Cart">
            {EMPTY_CART_MESSAGE}
          </PageTitle>
          <Text c="dimmed" ta="center">
            Choose a room and your dates, then add it to your cart.
          </Text>
          <Button component={Link} to="/home" size="md">
            See hotels
          </Button>
        </Stack>
      </Container>
    );
  }

  return (
    <Container size="md" py="lg">
      <PageTitle documentTitle="Cart">Your cart</PageTitle>
      <Stack
        component="ul"
        gap="sm"
        mt="md"
        p={0}
        className="plain-list"
        aria-label="Rooms in the cart"
      >
        {lines.map((line) => {
          const name = capitalize(line.name);
          return (
            <CartLineItem
              key={`${line.id}-${line.checkIn}-${line.checkOut}`}
              line={line}
              onIncrease={() => {
                const n = changeCartQuantity(line, 1);
                notifyInfo(`Increased cart quantity of room ${name} to ${n}`);
              }}
              onDecrease={() => {
                const n = changeCartQuantity(line, -1);
                notifyInfo(
                  n === 0 ? `Room ${name} removed from cart` : `Decreased ${name} cart quantity`,
                );
              }}
              onRemove={() => {
                removeFromCart(line);
                notifyInfo(`Room ${name} removed from cart`);
              }}
            />
          );
        })}
      </Stack>
      <Paper withBorder p="md" mt="md" component="section" aria-labelledby="cart-summary">
        <Title order={2} size="h4" id="cart-summary">
          Summary
        </Title>
        <Group justify="space-between" mt="xs">
          <Text>Rooms</Text>
          <Text fw={700}>{totals.quantity}</Text>
        </Group>
        <Group justify="space-between">
          <Text>Total</Text>
          <Text fw={700} size="xl">
            {formatUsd(totals.amountCents)}
          </Text>
        </Group>
        <Text size="sm" c="dimmed" mt="xs">
          Availability and the final price are checked again when you book.
        </Text>
      </Paper>
      <Group justify="space-between" mt="md">
        <Button component={Link} to="/home" variant="default">
          Continue shopping
        </Button>
        <Button
          variant="subtle"
          color="red"
          onClick={() => {
            clearCart();
            notifySuccess('Cart cleared');
          }}
        >
          Clear cart
        </Button>
      </Group>
    </Container>
  );
}
