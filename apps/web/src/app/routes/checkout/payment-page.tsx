import '@mantine/core/styles/Alert.layer.css';
import { guestsText } from '@devstay/shared/cart';
import type { CartQuote, PaymentConfig } from '@devstay/shared/contracts/booking';
import { paths } from '@devstay/shared/paths';
import { capitalize, formatUsd } from '@devstay/shared/text';
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
  Text,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FreeCancellationTerms } from '../../../components/free-cancellation-terms.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { ColumnHeaders, StackedTable, Tbody, Td, Tr } from '../../../components/stacked-table.tsx';
import { useCartQuote } from '../../../features/cart/api/cart-quote.ts';
import { clearCart, useCartLines } from '../../../features/cart/store/cart-store.ts';
import { usePaymentConfig } from '../../../features/checkout/api/payment-config.ts';
import { PAYMENT_ERROR_TITLE, usePayment } from '../../../features/checkout/api/use-payment.ts';
import {
  BillingForm,
  billingErrors,
  billingOf,
  EMPTY_BILLING,
} from '../../../features/checkout/components/billing-form.tsx';
import { CardForm } from '../../../features/checkout/components/card-form.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useDateText } from '../../../lib/date-text.ts';
import { nightsText } from '../../../lib/night-prices.ts';
import { BookingConfirmation } from './booking-confirmation.tsx';
import { HeldBookingPayment } from './held-booking-payment.tsx';

/** Groups of four digits as printed on a card. */
const cardNumberText = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

/** The processor is in test mode (the server says so): which numbers to try, nothing charged. */
function TestCards({ cards }: { cards: PaymentConfig['testCards'] }) {
  return (
    <Alert color="blue" mb="md" title="Test mode: no card is charged">
      <Text size="sm">Use one of these numbers, any future expiry and any security code:</Text>
      <Box component="ul" m={0} mt={4} pl="md" fz="sm">
        {cards.map((card) => (
          <li key={card.number}>
            <Text span ff="monospace" size="sm" style={{ whiteSpace: 'nowrap' }}>
              {cardNumberText(card.number)}
            </Text>{' '}
            {card.outcome}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

// Stripe's card form, loaded only when Stripe takes the payments.
const StripeCardForm = lazy(() =>
  import('../../../features/checkout/components/stripe-card-form.tsx').then((m) => ({
    default: m.StripeCardForm,
  })),
);

/**
 * /home/stripe (product §2.9): the cart's payment, or, with `?booking=`, a booking already held
 * for the guest (a waitlist's offer).
 */
export function PaymentPage() {
  const held = useSearchParams()[0].get('booking');
  return held ? <HeldBookingPayment bookingId={held} /> : <CartPayment />;
}

/**
 * The reservation as the server priced it, the card form and Pay. Pay books the cart (a pending
 * booking holding the rooms), then charges the card (product §4).
 */
function CartPayment() {
  const lines = useCartLines();
  const { pay, paid, paying, failure, repriced, formKey } = usePayment({
    lines,
    onPaid: clearCart,
    // Called only after a Pay, long after the quote below exists.
    onFailed: () => void quote.refetch(),
  });
  // No longer read once paid: the cart is empty then.
  const quote = useCartQuote(lines, paid === null);
  const paymentConfig = usePaymentConfig();
  const dateText = useDateText();
  const current = quote.isPlaceholderData ? undefined : quote.data;
  // The booking's terms as quoted when Pay was pressed: the confirmation states them.
  const [termsPaid, setTermsPaid] = useState<CartQuote['freeCancellation']>(null);
  const [billing, setBilling] = useState(EMPTY_BILLING);
  const [billingTried, setBillingTried] = useState(false);
  const payWith = (method: Parameters<typeof pay>[0]) => {
    // The company's fields are checked here as the API checks them: nothing is booked with a
    // wrong CUIT.
    setBillingTried(true);
    if (Object.keys(billingErrors(billing)).length > 0) return;
    setTermsPaid(current?.freeCancellation ?? null);
    void pay(method, current?.cartTotalCents, billingOf(billing));
  };

  if (paid) {
    return (
      <Container size="sm" py="xl">
        <PageTitle documentTitle="Payment">Payment</PageTitle>
        <BookingConfirmation paid={paid} terms={termsPaid} />
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
                <StackedTable>
                  <ColumnHeaders names={['Room', 'Category', 'Nights', 'Quantity']} />
                  <Tbody>
                    {data.cartRoom.map((line) => (
                      <Tr key={`${line.id}-${line.checkIn}-${line.checkOut}`}>
                        <Td label="Room">
                          <div>
                            <Text fw={600}>{capitalize(line.name)}</Text>
                            <Text size="sm" c="dimmed">
                              {line.hotel} · {dateText(line.checkIn)} to {dateText(line.checkOut)} ·{' '}
                              {guestsText(line.guests)}
                            </Text>
                            {line.availabilityMessage || line.guestsMessage ? (
                              <Text size="sm" c="red.8" fw={500}>
                                {line.availabilityMessage ?? line.guestsMessage}
                              </Text>
                            ) : null}
                          </div>
                        </Td>
                        <Td label="Category">{capitalize(line.category)}</Td>
                        <Td label="Nights" data-testid="payment-line-nights">
                          {nightsText(line.nights)}
                        </Td>
                        <Td label="Quantity">{line.cartQuantity}</Td>
                      </Tr>
                    ))}
                  </Tbody>
                </StackedTable>
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
            {data?.freeCancellation ? (
              <Stack gap={2} mt="sm" data-testid="booking-cancellation">
                <Text size="sm" fw={600}>
                  {data.cartRoom.length > 1
                    ? 'Cancellation of the booking: the earliest deadline of its rooms'
                    : 'Cancellation'}
                </Text>
                <FreeCancellationTerms terms={data.freeCancellation} />
              </Stack>
            ) : null}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="md" component="section" aria-labelledby="card-heading">
            <Title order={2} size="h4" id="card-heading" mb="sm">
              Card
            </Title>
            <BillingForm draft={billing} onChange={setBilling} showErrors={billingTried} />
            {paymentConfig.data && paymentConfig.data.testCards.length > 0 ? (
              <TestCards cards={paymentConfig.data.testCards} />
            ) : null}
            {paymentConfig.data?.provider === 'stripe' && paymentConfig.data.publishableKey ? (
              <Suspense fallback={<Text role="status">Loading the card form...</Text>}>
                <StripeCardForm
                  key={formKey}
                  publishableKey={paymentConfig.data.publishableKey}
                  amountCents={data?.cartTotalCents ?? 0}
                  paying={paying}
                  disabled={blocked}
                  onPay={(id) => payWith({ id })}
                />
              </Suspense>
            ) : paymentConfig.data ? (
              <CardForm
                key={formKey}
                amountCents={current?.cartTotalCents}
                paying={paying}
                disabled={blocked}
                onPay={(card) => payWith({ card })}
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
