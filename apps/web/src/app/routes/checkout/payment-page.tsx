import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Table.layer.css';
import { PAYMENT_REDIRECT_MS, PAYMENT_SPINNER_MS } from '@devstay/shared/constants';
import type { PaymentResult } from '@devstay/shared/contracts/booking';
import { capitalize, formatUsd, priceToCents } from '@devstay/shared/text';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { useCartQuote } from '../../../features/cart/api/cart-quote.ts';
import { clearCart, useCartLines } from '../../../features/cart/store/cart-store.ts';
import { type PayMethod, payCart } from '../../../features/checkout/api/pay-cart.ts';
import { usePaymentConfig } from '../../../features/checkout/api/payment-config.ts';
import { CardForm } from '../../../features/checkout/components/card-form.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';

/** Spec §8: the payment error text. */
export const PAYMENT_ERROR_TITLE = 'Unprocessed Payment';

/** Spec §8: the toast after a payment. */
export function paidMessage(message: string): string {
  return `${message}, please check your email`;
}

/** The receipt page of the app at the path of the server's receipt address. */
function receiptPath(receiptUrl: string): string {
  try {
    return new URL(receiptUrl, window.location.origin).pathname;
  } catch {
    return receiptUrl;
  }
}

// Stripe's card form, loaded only when Stripe takes the payments.
const StripeCardForm = lazy(() =>
  import('../../../features/checkout/components/stripe-card-form.tsx').then((m) => ({
    default: m.StripeCardForm,
  })),
);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * /home/stripe (spec §2.9): the reservation as the server priced it, the card form and Pay.
 * Pay books the cart (a pending booking holding the rooms), then charges the card (spec §4).
 */
export function PaymentPage() {
  const lines = useCartLines();
  const navigate = useNavigate();
  const [paid, setPaid] = useState<PaymentResult | null>(null);
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The server's total changed since the quote on screen: its message, until the next Pay.
  const [repriced, setRepriced] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  // A second click while the first is under way does nothing (and the keys make it safe anyway).
  const inFlight = useRef(false);
  const quote = useCartQuote(lines, paid === null);
  const paymentConfig = usePaymentConfig();
  const current = quote.isPlaceholderData ? undefined : quote.data;

  useEffect(() => {
    if (!paid) return;
    const timer = setTimeout(() => navigate(paths.hotels), PAYMENT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [paid, navigate]);

  const pay = async (method: PayMethod) => {
    // Pay is enabled only on the server's current quote: its total is the one on the screen.
    if (inFlight.current || !current) return;
    inFlight.current = true;
    setPaying(true);
    setFailure(null);
    setRepriced(null);
    const started = Date.now();
    try {
      const result = await payCart(lines, current.cartTotalCents, method);
      notifySuccess(paidMessage(result.message));
      clearCart();
      setFormKey((k) => k + 1);
      // The spinner shows for PAYMENT_SPINNER_MS at least (spec §9).
      await wait(Math.max(0, PAYMENT_SPINNER_MS - (Date.now() - started)));
      setPaid(result);
    } catch (error) {
      void quote.refetch();
      if (error instanceof ApiError && error.code === 'PRICE_CHANGED') {
        // Nothing was booked or charged: the new total is shown and the guest asked again.
        setRepriced(errorMessage(error));
        return;
      }
      const declined = error instanceof ApiError && error.code === 'PAYMENT_DECLINED';
      const text = declined
        ? errorMessage(error)
        : `${PAYMENT_ERROR_TITLE}: ${errorMessage(error)}`;
      setFailure(text);
      notifyError(text, PAYMENT_ERROR_TITLE);
    } finally {
      setPaying(false);
      inFlight.current = false;
    }
  };

  if (paid) {
    return (
      <Container size="sm" py="xl">
        <PageTitle documentTitle="Payment">Payment</PageTitle>
        <Alert color="green" mt="md" title="Thank you!" role="status">
          <Stack gap="xs">
            <Text>{paidMessage(paid.message)}</Text>
            <Anchor component={Link} to={receiptPath(paid.receipt_url)}>
              See your receipt
            </Anchor>
            <Text size="sm" c="dimmed">
              Taking you back to the hotels in a few seconds.
            </Text>
          </Stack>
        </Alert>
      </Container>
    );
  }

  if (lines.length === 0) {
    return (
      <Container size="sm" py="xl">
        <Stack align="center">
          <PageTitle ta="center" documentTitle="Payment">
            No rooms added to cart
          </PageTitle>
          <Button component={Link} to={paths.hotels}>
            See hotels
          </Button>
        </Stack>
      </Container>
    );
  }

  const data = quote.data;
  const blocked = !current?.bookable;

  return (
    <Container size="lg" py="lg">
      <PageTitle documentTitle="Payment">Payment</PageTitle>
      <Grid gap="lg" mt="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="md" component="section" aria-labelledby="reservation-detail">
            <Title order={2} size="h4" id="reservation-detail" mb="sm">
              Reservation detail
            </Title>
            {quote.isError ? (
              <Alert color="red" title="The cart could not be checked">
                {errorMessage(quote.error)}
              </Alert>
            ) : null}
            {data ? (
              <Box
                style={{ overflowX: 'auto' }}
                tabIndex={0}
                role="region"
                aria-label="Booked rooms"
              >
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Room</Table.Th>
                      <Table.Th scope="col">Category</Table.Th>
                      <Table.Th scope="col">Price</Table.Th>
                      <Table.Th scope="col">Quantity</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.cartRoom.map((line) => (
                      <Table.Tr key={`${line.id}-${line.checkIn}-${line.checkOut}`}>
                        <Table.Td>
                          <Text fw={600}>{capitalize(line.name)}</Text>
                          <Text size="sm" c="dimmed">
                            {capitalize(line.hotel)} · {line.checkIn} to {line.checkOut}
                          </Text>
                          {line.availabilityMessage ? (
                            <Text size="sm" c="red.8" fw={500}>
                              {line.availabilityMessage}
                            </Text>
                          ) : null}
                        </Table.Td>
                        <Table.Td>{capitalize(line.category)}</Table.Td>
                        <Table.Td>
                          {formatUsd(priceToCents(line.price))} × {line.nights}{' '}
                          {line.nights === 1 ? 'night' : 'nights'}
                        </Table.Td>
                        <Table.Td>{line.cartQuantity}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Box>
            ) : (
              <Text role="status">Checking your cart...</Text>
            )}
            <Group justify="space-between" mt="md">
              <Text>Total quantity</Text>
              <Text fw={700} data-testid="payment-total-quantity">
                {data ? data.cartTotalQuantity : '…'}
              </Text>
            </Group>
            {repriced ? (
              <Alert color="yellow" mt="md" title="The total changed" role="alert">
                {repriced}
              </Alert>
            ) : null}
            {current?.cartMessage ? (
              <Alert color="red" mt="md" role="alert">
                {current.cartMessage}
              </Alert>
            ) : null}
            <Group justify="space-between">
              <Text>Total to pay</Text>
              <Text fw={700} size="xl" data-testid="payment-total">
                {data ? formatUsd(data.cartTotalCents) : '…'}
              </Text>
            </Group>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="md" component="section" aria-labelledby="card-heading">
            <Title order={2} size="h4" id="card-heading" mb="sm">
              Card
            </Title>
            {paymentConfig.data?.provider === 'stripe' && paymentConfig.data.publishableKey ? (
              <Suspense fallback={<Text role="status">Loading the card form...</Text>}>
                <StripeCardForm
                  key={formKey}
                  publishableKey={paymentConfig.data.publishableKey}
                  amountCents={data?.cartTotalCents ?? 0}
                  paying={paying}
                  disabled={blocked}
                  onPay={(id) => void pay({ id })}
                />
              </Suspense>
            ) : paymentConfig.data ? (
              <CardForm
                key={formKey}
                paying={paying}
                disabled={blocked}
                onPay={(card) => void pay({ card })}
              />
            ) : paymentConfig.isError ? (
              <Alert color="red" title="The card form could not be loaded">
                {errorMessage(paymentConfig.error)}
              </Alert>
            ) : (
              <Text role="status">Loading the card form...</Text>
            )}
            {failure ? (
              <Alert color="red" mt="md" title={PAYMENT_ERROR_TITLE} role="alert">
                {failure}
              </Alert>
            ) : null}
            <Text size="sm" c="dimmed" mt="md">
              A confirmation e-mail with your receipt follows the payment.
            </Text>
            <Anchor component={Link} to={paths.cart} size="sm">
              Back to the cart
            </Anchor>
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
