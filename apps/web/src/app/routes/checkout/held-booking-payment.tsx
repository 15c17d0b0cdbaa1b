import '@mantine/core/styles/Alert.layer.css';
import { guestsText } from '@devstay/shared/cart';
import { PAYMENT_SPINNER_MS } from '@devstay/shared/constants';
import type { PaymentResult } from '@devstay/shared/contracts/booking';
import { paths } from '@devstay/shared/paths';
import { capitalize, formatUsd } from '@devstay/shared/text';
import { Alert, Anchor, Container, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { useBookingReceipt } from '../../../features/checkout/api/get-receipt.ts';
import type { PayMethod } from '../../../features/checkout/api/pay-cart.ts';
import { payHeldBooking } from '../../../features/checkout/api/pay-held-booking.ts';
import { usePaymentConfig } from '../../../features/checkout/api/payment-config.ts';
import {
  PAYMENT_ERROR_TITLE,
  paidMessage,
  paymentFailure,
} from '../../../features/checkout/api/use-payment.ts';
import { CardForm } from '../../../features/checkout/components/card-form.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useDateText } from '../../../lib/date-text.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { BookingConfirmation } from './booking-confirmation.tsx';

const StripeCardForm = lazy(() =>
  import('../../../features/checkout/components/stripe-card-form.tsx').then((m) => ({
    default: m.StripeCardForm,
  })),
);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * /home/stripe?booking={id}: paying a booking already held for the guest — a waitlist's offer,
 * whose e-mail links here — rather than the cart. The booking as the server holds it, until when,
 * and the card form.
 */
export function HeldBookingPayment({ bookingId }: { bookingId: string }) {
  const booking = useBookingReceipt(bookingId);
  const paymentConfig = usePaymentConfig();
  const dateText = useDateText();
  const key = useRef(`payment-${crypto.randomUUID()}`);
  const [paying, setPaying] = useState(false);
  const [paid, setPaid] = useState<PaymentResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const pay = async (method: PayMethod) => {
    if (paying) return;
    setPaying(true);
    setFailure(null);
    const started = Date.now();
    try {
      const result = await payHeldBooking(bookingId, method, key.current);
      notifySuccess(paidMessage(result.message));
      await wait(Math.max(0, PAYMENT_SPINNER_MS - (Date.now() - started)));
      setPaid(result);
    } catch (error) {
      const outcome = paymentFailure(error);
      setFailure(outcome.message);
      notifyError(outcome.message, PAYMENT_ERROR_TITLE);
      void booking.refetch();
    } finally {
      setPaying(false);
    }
  };

  if (paid) {
    return (
      <Container size="sm" py="xl">
        <PageTitle documentTitle="Payment">Payment</PageTitle>
        <BookingConfirmation paid={paid} terms={booking.data?.freeCancellation ?? null} />
      </Container>
    );
  }

  const data = booking.data;
  const held = data?.status === 'pending';
  return (
    <Container size="lg" py="lg">
      <PageTitle documentTitle="Payment">Payment</PageTitle>
      <Grid gap="lg" mt="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="md" component="section" aria-labelledby="held-detail">
            <Title order={2} size="h4" id="held-detail" mb="sm">
              Reservation held for you
            </Title>
            {booking.isPending ? (
              <Text role="status">Loading your reservation...</Text>
            ) : booking.isError ? (
              <Alert color="red" title="The reservation could not be loaded">
                {errorMessage(booking.error)}
              </Alert>
            ) : (
              <Stack gap="xs">
                {booking.data.cartRoom.map((line) => (
                  <div key={`${line.id}-${line.checkIn}`}>
                    <Text fw={600}>
                      {capitalize(line.name)} at {line.hotel}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {dateText(line.checkIn)} to {dateText(line.checkOut)} · {line.cartQuantity}{' '}
                      {line.cartQuantity === 1 ? 'room' : 'rooms'} · {guestsText(line.guests)}
                    </Text>
                  </div>
                ))}
                <Group justify="space-between">
                  <Text>Total to pay</Text>
                  <Text fw={700} size="xl" data-testid="payment-total">
                    {formatUsd(booking.data.cartTotalCents)}
                  </Text>
                </Group>
                {held && booking.data.holdExpiresAt ? (
                  <Text size="sm">
                    Held for you until{' '}
                    {new Date(booking.data.holdExpiresAt).toLocaleString(undefined, {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    })}
                  </Text>
                ) : booking.data.status === 'confirmed' ? (
                  <Alert color="teal">
                    This reservation is paid.{' '}
                    <Anchor component={Link} to={paths.receipt(bookingId)}>
                      See the receipt
                    </Anchor>
                  </Alert>
                ) : (
                  <Alert color="orange" role="alert">
                    This reservation is no longer held: the time to pay it has passed.
                  </Alert>
                )}
              </Stack>
            )}
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
                  publishableKey={paymentConfig.data.publishableKey}
                  amountCents={data?.cartTotalCents ?? 0}
                  paying={paying}
                  disabled={!held}
                  onPay={(id) => void pay({ id })}
                />
              </Suspense>
            ) : paymentConfig.data ? (
              <CardForm
                amountCents={data?.cartTotalCents}
                paying={paying}
                disabled={!held}
                onPay={(card) => void pay({ card })}
              />
            ) : (
              <Text role="status">Loading the card form...</Text>
            )}
            {failure ? (
              <Alert color="red" mt="md" title={PAYMENT_ERROR_TITLE} role="alert">
                {failure}
              </Alert>
            ) : null}
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
