import Stripe from 'stripe';
import {
  type ChargeOutcome,
  PaymentInputError,
  type PaymentMethod,
  type PaymentProvider,
  ProviderUnavailableError,
  RefundRefusedError,
  type WebhookEvent,
} from './provider.ts';
import { TEST_CARDS } from './test-card-provider.ts';

/**
 * The Stripe adapter: each DevStay payment is one PaymentIntent, created and confirmed in one
 * call with the payment method the browser's Payment Element made. The PaymentIntent carries our
 * payment row's id as its idempotency key and in its metadata (`payment_id`), so a retry after a
 * timeout or a 5xx replays the first answer and `find` can look it up after a crash. Card
 * numbers never reach DevStay: only Stripe's payment method ids.
 */

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another address for Stripe's API (a local stand-in in tests); default Stripe's own. */
  apiBase?: string;
  /** Where receipts are shown: our receipt page of the booking. */
  receiptUrl: (bookingId: string) => string;
  /** The SDK's own retries of a failed call (same idempotency key each time). */
  maxNetworkRetries?: number;
  timeoutMs?: number;
  /** How old a webhook's signed timestamp may be (seconds): older is a replay, refused. */
  webhookToleranceSeconds?: number;
}

const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

/** Payment method ids as Stripe makes them (pm_…); test mode also takes pm_card_visa and kin. */
const METHOD_ID = /^pm_[A-Za-z0-9_]{1,195}$/;

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const base = options.apiBase ? new URL(options.apiBase) : undefined;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 30_000,
    telemetry: false,
    appInfo: { name: 'DevStay' },
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'https:' ? 443 : 80),
      protocol: base.protocol === 'https:' ? 'https' : 'http',
    }),
  });
  const tolerance = options.webhookToleranceSeconds ?? 300;

  /** What a PaymentIntent (its latest charge expanded) means for a DevStay payment. */
  function outcomeOf(intent: Stripe.PaymentIntent): ChargeOutcome | null {
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    const card = charge?.payment_method_details?.card;
    const cardDetails = { cardBrand: card?.brand ?? '', cardLast4: card?.last4 ?? '' };
    if (intent.status === 'succeeded') {
      return {
        status: 'captured',
        providerRef: intent.id,
        receiptUrl: options.receiptUrl(intent.metadata.booking_id ?? ''),
        ...cardDetails,
      };
    }
    const error = intent.last_payment_error;
    if (intent.status === 'canceled' || (intent.status === 'requires_payment_method' && error)) {
      return {
        status: 'failed',
        code: error?.decline_code ?? error?.code ?? 'canceled',
        reason: error?.message ?? 'The payment was cancelled.',
        cardBrand: error?.payment_method?.card?.brand ?? cardDetails.cardBrand,
        cardLast4: error?.payment_method?.card?.last4 ?? cardDetails.cardLast4,
      };
    }
    // processing, requires_action, requires_confirmation: not decided yet.
    return null;
  }

  /** Stripe could not be reached or failed on its side: nothing is known, retry with the key. */
  function unavailable(error: unknown): never {
    if (
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError ||
      error instanceof Stripe.errors.StripeRateLimitError ||
      (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500)
    ) {
      throw new ProviderUnavailableError(`Stripe did not answer: ${error.message}`, {
        cause: error,
      });
    }
    throw error;
  }

  const methodId = (method: PaymentMethod): string => {
    if ('card' in method) {
      throw new PaymentInputError(
        'Enter the card in the card form: its number is for Stripe',
        'card',
      );
    }
    if (!METHOD_ID.test(method.paymentMethodId)) {
      throw new PaymentInputError('No such payment method', 'id');
    }
    return method.paymentMethodId;
  };

  return {
    name: 'stripe',
    // Stripe's test keys take its well-known test numbers, the built-in provider's too.
    testCards: options.secretKey.startsWith('sk_test_') ? TEST_CARDS : [],

    checkMethod(method) {
      methodId(method);
    },

    async charge(request) {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency,
            payment_method: methodId(request.method),
            allowed_payment_method_types: ['card'],
            confirm: true,
            // No 3-D Secure step in this flow: a card that asks for one is declined rather
            // than left waiting for a customer action the API cannot take.
            error_on_requires_action: true,
            description: request.description,
            metadata: { payment_id: request.idempotencyKey, booking_id: request.bookingId },
            expand: ['latest_charge'],
          },
          { idempotencyKey: request.idempotencyKey },
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          const card = error.payment_method?.card;
          return {
            status: 'failed',
            code: error.decline_code ?? error.code ?? 'card_declined',
            reason: error.message,
            cardBrand: card?.brand ?? '',
            cardLast4: card?.last4 ?? '',
          };
        }
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          error.param === 'payment_method'
        ) {
          throw new PaymentInputError(error.message, 'id');
        }
        return unavailable(error);
      }
      const outcome = outcomeOf(intent);
      // Undecided (e.g. processing): the webhook settles it; the client's retry answers then.
      if (!outcome)
        throw new ProviderUnavailableError(`PaymentIntent ${intent.id} is ${intent.status}`);
      return outcome;
    },

    async refund(request) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: request.providerRef, amount: request.amountCents },
          { idempotencyKey: request.idempotencyKey },
        );
        return { refundRef: refund.id };
      } catch (error) {
        // Stripe refused the request itself (4xx: disputed, already refunded, more than is
        // left): asking again cannot help.
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError ||
          error instanceof Stripe.errors.StripeCardError
        ) {
          throw new RefundRefusedError(`${error.code ?? 'refused'}: ${error.message}`, {
            cause: error,
          });
        }
        return unavailable(error);
      }
    },

    async cancel(providerRef) {
      try {
        await stripe.paymentIntents.cancel(
          providerRef,
          {},
          { idempotencyKey: `cancel-${providerRef}` },
        );
      } catch (error) {
        return unavailable(error);
      }
    },

    async find(idempotencyKey) {
      // Search sees a PaymentIntent within about a minute of its creation; the reconciliation
      // looks only at payments pending for longer than that.
      if (!/^[0-9a-f-]{36}$/.test(idempotencyKey)) return null;
      try {
        const found = await stripe.paymentIntents.search({
          query: `metadata['payment_id']:'${idempotencyKey}'`,
          expand: ['data.latest_charge'],
        });
        const intent = found.data[0];
        if (!intent) return null;
        const outcome = outcomeOf(intent);
        if (!outcome)
          throw new ProviderUnavailableError(`PaymentIntent ${intent.id} is ${intent.status}`);
        return outcome;
      } catch (error) {
        if (error instanceof ProviderUnavailableError) throw error;
        return unavailable(error);
      }
    },

    async retrieve(providerRef) {
      try {
        return outcomeOf(
          await stripe.paymentIntents.retrieve(providerRef, { expand: ['latest_charge'] }),
        );
      } catch (error) {
        return unavailable(error);
      }
    },

    parseWebhook(rawBody, headers): WebhookEvent {
      const signature = headers[STRIPE_SIGNATURE_HEADER];
      if (!signature) {
        throw new PaymentInputError(
          'The Stripe-Signature header is missing',
          STRIPE_SIGNATURE_HEADER,
        );
      }
      let event: Stripe.Event;
      try {
        // Checks the HMAC and that the signed timestamp is within `tolerance` (replays).
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          options.webhookSecret,
          tolerance,
        );
      } catch (error) {
        const reason = error instanceof Error ? error.message.split('\n')[0] : 'invalid';
        throw new PaymentInputError(`Bad webhook signature: ${reason}`, STRIPE_SIGNATURE_HEADER);
      }
      switch (event.type) {
        case 'payment_intent.succeeded':
        case 'payment_intent.payment_failed': {
          const intent = event.data.object;
          return {
            id: event.id,
            type: event.type === 'payment_intent.succeeded' ? 'charge.succeeded' : 'charge.failed',
            idempotencyKey: intent.metadata?.payment_id ?? null,
            providerRef: intent.id,
          };
        }
        case 'charge.refunded': {
          const charge = event.data.object;
          const intent = charge.payment_intent;
          return {
            id: event.id,
            type: 'charge.refunded',
            idempotencyKey: charge.metadata?.payment_id ?? null,
            providerRef: typeof intent === 'string' ? intent : (intent?.id ?? null),
            refundedCents: charge.amount_refunded,
          };
        }
        default:
          return { id: event.id, type: 'other', idempotencyKey: null, providerRef: null };
      }
    },
  };
}
