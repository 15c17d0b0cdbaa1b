import type { CardInput } from '@devstay/shared/contracts/booking';

/**
 * What DevStay needs of a card processor. The built-in test provider (test-card-provider.ts)
 * is the default; a Stripe adapter implements the same interface. Every money-moving call
 * carries our idempotency key: the processor answers a repeated key with the first result and
 * never moves money twice.
 */
/** A card number that makes a known outcome in a processor's test mode. */
export interface TestCard {
  number: string;
  outcome: string;
}

export interface PaymentProvider {
  readonly name: string;
  /**
   * The cards to try while the processor is in test mode (none when it takes real cards): the
   * payment page lists them, so a tester need not look them up.
   */
  readonly testCards: readonly TestCard[];
  /**
   * Refuses a malformed payment method before anything is recorded (Luhn, expiry, code, an
   * unknown method id): throws PaymentInputError naming the field.
   */
  checkMethod(method: PaymentMethod): void;
  /** Authorises and captures `amountCents` at once. Throws ProviderUnavailableError when unreachable. */
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  /**
   * Gives back `amountCents` of a captured charge. Throws RefundRefusedError when the processor
   * answers that it will not (disputed, already refunded), ProviderUnavailableError when it
   * does not answer.
   */
  refund(request: RefundRequest): Promise<{ refundRef: string }>;
  /** Voids an authorised charge that was never captured. */
  cancel(providerRef: string): Promise<void>;
  /**
   * What a charge made with this key became, or null when the processor never saw it: how a
   * payment left pending by a crash is settled without the card.
   */
  find(idempotencyKey: string): Promise<ChargeOutcome | null>;
  /**
   * What the processor's charge `providerRef` is now, or null while it is still undecided: a
   * webhook is applied from the processor's current record, not from the event's copy, so events
   * arriving late or out of order cannot undo a later state.
   */
  retrieve(providerRef: string): Promise<ChargeOutcome | null>;
  /**
   * A verified event from the processor's webhook; throws PaymentInputError on a bad signature
   * or a timestamp outside the tolerance.
   */
  parseWebhook(rawBody: string, headers: Record<string, string | undefined>): WebhookEvent;
}

/** A card (test provider) or a payment method made by the processor's card widget (Stripe). */
export type PaymentMethod = { card: CardInput } | { paymentMethodId: string };

export interface ChargeRequest {
  idempotencyKey: string;
  amountCents: number;
  currency: string;
  method: PaymentMethod;
  description: string;
  /** Ours, echoed in receipts and webhooks. */
  bookingId: string;
}

export type ChargeOutcome =
  | {
      status: 'captured';
      providerRef: string;
      receiptUrl: string;
      cardBrand: string;
      cardLast4: string;
    }
  | {
      status: 'failed';
      /** The processor's decline code, e.g. card_declined, insufficient_funds. */
      code: string;
      /** For people, e.g. 'Your card was declined.' */
      reason: string;
      cardBrand: string;
      cardLast4: string;
    };

interface RefundRequest {
  providerRef: string;
  amountCents: number;
  idempotencyKey: string;
}

export interface WebhookEvent {
  /** The processor's event id: each event is applied once, however often it is delivered. */
  id: string;
  /** What happened; `other` for events DevStay does not act on (acknowledged, not applied). */
  type: 'charge.succeeded' | 'charge.failed' | 'charge.refunded' | 'other';
  /** Our payment's id, the key the charge was made with, when the event names it. */
  idempotencyKey: string | null;
  /** The processor's charge (a Stripe PaymentIntent id), when the event names one. */
  providerRef: string | null;
  /** charge.refunded: how much of the charge has been given back in all. */
  refundedCents?: number;
}

/** The payment method itself is wrong: 400 naming `field`. */
export class PaymentInputError extends Error {
  readonly field: string;
  constructor(message: string, field: string) {
    super(message);
    this.field = field;
  }
}

/** The processor did not answer: nothing is known, retrying with the same key is safe. */
export class ProviderUnavailableError extends Error {}

/**
 * The processor answered that it will not refund this charge (disputed, already given back in
 * its dashboard, …): retrying the same request cannot succeed, people must look at it.
 */
export class RefundRefusedError extends Error {}
