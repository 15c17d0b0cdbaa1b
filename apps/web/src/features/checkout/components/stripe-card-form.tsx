import { Button, Group, Stack, Text } from '@mantine/core';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { IconLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { payLabel } from './card-form.tsx';

interface StripeCardFormProps {
  publishableKey: string;
  /**
   * The total on the screen (the server's quote), which Stripe's form shows for some payment
   * methods: the checkout books only at this total, and the server charges the booking's.
   */
  amountCents: number;
  paying: boolean;
  disabled: boolean;
  /** Called with the payment method Stripe made; the card itself never leaves Stripe's frame. */
  onPay: (paymentMethodId: string) => void;
}

// Stripe.js once per key for the page's life (loading it again would add a second script).
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

/**
 * Stripe's Payment Element (cards only), in its own chunk: only pages paying through Stripe load
 * it. The element makes a payment method; the server creates and confirms the PaymentIntent
 * with it for the booking's total, so the amount is never the browser's.
 */
export function StripeCardForm({ publishableKey, amountCents, ...form }: StripeCardFormProps) {
  return (
    <Elements
      stripe={stripeFor(publishableKey)}
      options={{
        mode: 'payment',
        amount: amountCents,
        currency: 'usd',
        paymentMethodCreation: 'manual',
        allowedPaymentMethodTypes: ['card'],
      }}
    >
      <PaymentElementForm amountCents={amountCents} {...form} />
    </Elements>
  );
}

function PaymentElementForm({
  amountCents,
  paying,
  disabled,
  onPay,
}: Omit<StripeCardFormProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [making, setMaking] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || paying || disabled || making) return;
    setProblem(null);
    setMaking(true);
    try {
      // Checks the fields first (Stripe shows the messages in its frame).
      const checked = await elements.submit();
      if (checked.error) return;
      const made = await stripe.createPaymentMethod({ elements });
      if (made.error) {
        setProblem(made.error.message ?? 'The card could not be read');
        return;
      }
      onPay(made.paymentMethod.id);
    } finally {
      setMaking(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Card payment">
      <Stack gap="sm">
        <PaymentElement
          onReady={() => setReady(true)}
          onLoadError={() => setProblem('The card form of our payment service could not be loaded')}
        />
        {ready || problem ? null : (
          <Text size="sm" role="status">
            Loading the card form...
          </Text>
        )}
        {problem ? (
          <Text size="sm" c="red.8" role="alert">
            {problem}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button
            type="submit"
            size="md"
            loading={paying || making}
            disabled={disabled || !ready}
            leftSection={<IconLock size={18} aria-hidden="true" />}
          >
            {payLabel(amountCents > 0 ? amountCents : undefined)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
