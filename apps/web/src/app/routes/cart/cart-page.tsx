import '@mantine/core/styles/Alert.layer.css';
import { paths } from '@devstay/shared/paths';
import { capitalize, formatUsd } from '@devstay/shared/text';
import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShoppingCartOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { quoteLineOf, useCartQuote } from '../../../features/cart/api/cart-quote.ts';
import { CartLineItem } from '../../../features/cart/components/cart-line-item.tsx';
import {
  changeCartQuantity,
  clearCart,
  removeFromCart,
  setCartGuests,
  setCartTraveller,
  useCartLines,
} from '../../../features/cart/store/cart-store.ts';
import { errorMessage } from '../../../lib/api.ts';
import { notifyInfo, notifySuccess } from '../../../lib/notify.ts';

export const EMPTY_CART_MESSAGE = 'No rooms added to cart';

/** /cart: the rooms chosen for booking, kept in this browser (product §2.8). */
export function CartPage() {
  const lines = useCartLines();
  // Names, prices, totals and availability are the server's (product §4), never computed here.
  const quote = useCartQuote(lines);
  const current = quote.isPlaceholderData ? undefined : quote.data;

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
          <Button component={Link} to={paths.hotels} size="md">
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
              quote={quoteLineOf(quote.data, line)}
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
              onGuests={(guests) => setCartGuests(line, guests)}
              onTraveller={(traveller) => setCartTraveller(line, traveller)}
              onRemove={() => {
                removeFromCart(line);
                notifyInfo(`Room ${name} removed from cart`);
              }}
            />
          );
        })}
      </Stack>
      {quote.isError ? (
        <Alert color="red" mt="md" title="The cart could not be checked">
          {errorMessage(quote.error)}
        </Alert>
      ) : null}
      <Paper withBorder p="md" mt="md" component="section" aria-labelledby="cart-summary">
        <Title order={2} size="h4" id="cart-summary">
          Summary
        </Title>
        <Group justify="space-between" mt="xs">
          <Text>Rooms</Text>
          <Text fw={700} data-testid="cart-total-quantity">
            {quote.data ? quote.data.cartTotalQuantity : '…'}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text>Total</Text>
          <Text fw={700} size="xl" data-testid="cart-total" aria-live="polite">
            {quote.data ? formatUsd(quote.data.cartTotalCents) : '…'}
          </Text>
        </Group>
        {current?.cartMessage ? (
          <Text size="sm" c="red.8" fw={500} mt="xs" role="alert">
            {current.cartMessage}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed" mt="xs">
          Availability and the final price are checked again when you book.
        </Text>
      </Paper>
      <Group justify="space-between" mt="md">
        <Button component={Link} to={paths.hotels} variant="default">
          Continue shopping
        </Button>
        <Group gap="sm">
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
          {current?.bookable ? (
            <Button component={Link} to={paths.payment} size="md">
              Book now
            </Button>
          ) : (
            <Button size="md" disabled>
              Book now
            </Button>
          )}
        </Group>
      </Group>
    </Container>
  );
}
