import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  CARD_MESSAGES,
  cardBrand,
  cardDigits,
  isExpired,
  isValidCvc,
  passesLuhn,
} from '@devstay/shared/card';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { testCardCharges } from '../../db/schema.ts';
import { type PreparedStatement, runPrepared } from '../../db/statements.ts';
import {
  type ChargeOutcome,
  type ChargeRequest,
  PaymentInputError,
  type PaymentMethod,
  type PaymentProvider,
  ProviderUnavailableError,
  RefundRefusedError,
  type TestCard,
  type WebhookEvent,
} from './provider.ts';

/**
 * A card processor's test mode, built in: the default provider, so `npm start` takes payments
 * with nothing to configure. Well-known test numbers decide the outcome; any other valid card
 * succeeds. Card numbers live only for the duration of a call: the outcome keeps brand and last
 * four digits. Its ledger (charges by idempotency key, and their refunds) is its own table,
 * `test_card_charges`: it stands for the processor's side, so, as with a real processor, a
 * charge made by a process that then crashed is still there for the restarted server's
 * reconciliation to `find`, and every process of a deployment sees the same charges.
 */
/** Test numbers (and the processor's method ids) that decline, with their code and reason. */
const DECLINES: Record<string, { code: string; reason: string }> = {
  '4000000000000002': { code: 'card_declined', reason: 'Your card was declined.' },
  '4000000000009995': { code: 'insufficient_funds', reason: 'Your card has insufficient funds.' },
  '4000000000000069': { code: 'expired_card', reason: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', reason: "Your card's security code is incorrect." },
};

/** A test number whose charges succeed and are then disputed by the cardholder. */
const DISPUTED_CARD = '4000000000000259';

/** Payment method ids a card widget would make, as test numbers. */
const METHOD_IDS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_createDispute: DISPUTED_CARD,
};

/**
 * The test numbers as the payment page lists them. They are the card processors' well-known
 * test numbers, so Stripe's test mode takes the same ones.
 */
export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', outcome: 'Succeeds' },
  ...Object.entries(DECLINES).map(([number, { reason }]) => ({
    number,
    outcome: `Declined: ${reason}`,
  })),
  { number: DISPUTED_CARD, outcome: 'Succeeds, then the cardholder disputes it' },
];

const TEST_WEBHOOK_SIGNATURE_HEADER = 'devstay-test-signature';

/**
 * A charge recorded under its key, unless the key has one already (then no row). Values: key,
 * the charge's ref (null when declined), outcome (JSON), amount, disputed.
 */
const RECORD_CHARGE: PreparedStatement = {
  name: 'test_card_record_charge',
  text: `insert into test_card_charges (idempotency_key, provider_ref, outcome, amount_cents, disputed)
    values ($1::text, $2::text, $3::jsonb, $4::bigint, $5::boolean)
    on conflict do nothing
    returning outcome`,
};

export interface TestCardProvider extends PaymentProvider {
  /** A captured charge by its idempotency key (what a processor's dashboard would show). */
  capturedCharge(
    idempotencyKey: string,
  ): Promise<{ amountCents: number; refundedCents: number } | undefined>;
  /** How many times charge() was called (retries included). */
  readonly calls: number;
  /** How many times refund() was called (repeats included, though a repeated key refunds once). */
  readonly refundCalls: number;
  /** A refund made in the processor's dashboard: DevStay hears of it only by webhook. */
  refundInDashboard(providerRef: string, cents: number): Promise<void>;
  /** Signs a webhook body as the processor would (for tests and local tools). */
  sign(rawBody: string): string;
  /** While true, every call fails as if the processor could not be reached. */
  unreachable: boolean;
  /** Delay of every call, like a network round trip. */
  latencyMs: number;
  /** While set, charges wait for it before answering (a processor slow to decide). */
  gate: Promise<void> | null;
}

export interface TestCardProviderOptions {
  /** Where the processor keeps its charges (the table test_card_charges). */
  db: Db;
  /** Where receipts are shown: `receiptUrl(bookingId)`. */
  receiptUrl: (bookingId: string) => string;
  /** Delay of every call, like a network round trip. */
  latencyMs?: number;
  /** Webhook signing secret. */
  webhookSecret?: string;
}

export function createTestCardProvider(options: TestCardProviderOptions): TestCardProvider {
  const { db } = options;
  const inFlight = new Map<string, Promise<ChargeOutcome>>();
  const secret = options.webhookSecret ?? randomBytes(32).toString('hex');
  let calls = 0;
  let refundCalls = 0;
  const pause = () =>
    provider.latencyMs > 0
      ? new Promise((r) => setTimeout(r, provider.latencyMs))
      : Promise.resolve();

  function digitsOf(method: PaymentMethod): string {
    if ('card' in method) return cardDigits(method.card.number);
    const digits = METHOD_IDS[method.paymentMethodId];
    if (!digits) throw new PaymentInputError('No such payment method', 'id');
    return digits;
  }

  async function recorded(idempotencyKey: string): Promise<ChargeOutcome | undefined> {
    const [row] = await db
      .select({ outcome: testCardCharges.outcome })
      .from(testCardCharges)
      .where(eq(testCardCharges.idempotencyKey, idempotencyKey));
    return row?.outcome as ChargeOutcome | undefined;
  }
  const sign = (rawBody: string) => createHmac('sha256', secret).update(rawBody).digest('hex');

  const provider: TestCardProvider = {
    name: 'test',
    testCards: TEST_CARDS,
    async capturedCharge(idempotencyKey) {
      const [row] = await db
        .select({
          amountCents: testCardCharges.amountCents,
          refundedCents: testCardCharges.refundedCents,
        })
        .from(testCardCharges)
        .where(
          and(
            eq(testCardCharges.idempotencyKey, idempotencyKey),
            isNotNull(testCardCharges.providerRef),
          ),
        );
      return row;
    },
    get calls() {
      return calls;
    },
    get refundCalls() {
      return refundCalls;
    },
    sign,
    unreachable: false,
    latencyMs: options.latencyMs ?? 0,
    gate: null,

    checkMethod(method) {
      const digits = digitsOf(method);
      if (!passesLuhn(digits)) throw new PaymentInputError(CARD_MESSAGES.number, 'card.number');
      if ('card' in method) {
        const { expMonth, expYear, cvc } = method.card;
        if (expMonth < 1 || expMonth > 12) {
          throw new PaymentInputError(CARD_MESSAGES.expMonth, 'card.expMonth');
        }
        if (isExpired(expMonth, expYear)) {
          throw new PaymentInputError(CARD_MESSAGES.expiry, 'card.expYear');
        }
        if (!isValidCvc(cvc, cardBrand(digits))) {
          throw new PaymentInputError(CARD_MESSAGES.cvc, 'card.cvc');
        }
      }
    },

    async charge(request: ChargeRequest) {
      calls += 1;
      if (provider.unreachable) throw new ProviderUnavailableError('test provider is unreachable');
      // A repeated key answers the first result, even while the first call is still running.
      const running = inFlight.get(request.idempotencyKey);
      if (running) return running;
      const charging = (async (): Promise<ChargeOutcome> => {
        provider.checkMethod(request.method);
        await pause();
        await provider.gate;
        const digits = digitsOf(request.method);
        const card = { cardBrand: cardBrand(digits), cardLast4: digits.slice(-4) };
        const decline = DECLINES[digits];
        const outcome: ChargeOutcome = decline
          ? { status: 'failed', ...decline, ...card }
          : {
              status: 'captured',
              providerRef: `ch_test_${randomBytes(12).toString('hex')}`,
              receiptUrl: options.receiptUrl(request.bookingId),
              ...card,
            };
        // The first outcome recorded for a key is the charge's, whichever process made it: a
        // new key is recorded and answered in one statement; a known one answers its record.
        const [stored] = await runPrepared<{ outcome: ChargeOutcome }>(db.$client, RECORD_CHARGE, [
          request.idempotencyKey,
          outcome.status === 'captured' ? outcome.providerRef : null,
          JSON.stringify(outcome),
          request.amountCents,
          outcome.status === 'captured' && digits === DISPUTED_CARD,
        ]);
        return stored?.outcome ?? (await recorded(request.idempotencyKey)) ?? outcome;
      })();
      inFlight.set(request.idempotencyKey, charging);
      try {
        return await charging;
      } finally {
        inFlight.delete(request.idempotencyKey);
      }
    },

    async refund(request) {
      refundCalls += 1;
      if (provider.unreachable) throw new ProviderUnavailableError('test provider is unreachable');
      await pause();
      // The refund's own key: a repeated refund gives nothing back twice, from any process.
      const refundRef = `re_${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24)}`;
      // One guarded update: refunds racing from several processes count once per key, and
      // never give back more than is left.
      const given = await db
        .update(testCardCharges)
        .set({
          refundedCents: sql`${testCardCharges.refundedCents} + ${request.amountCents}`,
          refundKeys: sql`array_append(${testCardCharges.refundKeys}, ${request.idempotencyKey})`,
        })
        .where(
          and(
            eq(testCardCharges.providerRef, request.providerRef),
            eq(testCardCharges.disputed, false),
            sql`${testCardCharges.refundedCents} + ${request.amountCents} <= ${testCardCharges.amountCents}`,
            sql`not (${request.idempotencyKey} = any(${testCardCharges.refundKeys}))`,
          ),
        )
        .returning({ refundedCents: testCardCharges.refundedCents });
      if (given.length === 1) return { refundRef };
      const [charge] = await db
        .select({
          refundKeys: testCardCharges.refundKeys,
          disputed: testCardCharges.disputed,
        })
        .from(testCardCharges)
        .where(eq(testCardCharges.providerRef, request.providerRef));
      if (!charge) throw new RefundRefusedError(`resource_missing: No such charge`);
      if (charge.refundKeys.includes(request.idempotencyKey)) return { refundRef };
      if (charge.disputed) {
        throw new RefundRefusedError('charge_disputed: This charge has been disputed.');
      }
      throw new RefundRefusedError(
        'charge_already_refunded: The refund is more than what is left of the charge.',
      );
    },

    async refundInDashboard(providerRef, cents) {
      await db
        .update(testCardCharges)
        .set({
          refundedCents: sql`least(${testCardCharges.amountCents}, ${testCardCharges.refundedCents} + ${cents})`,
        })
        .where(eq(testCardCharges.providerRef, providerRef));
    },

    async cancel(providerRef) {
      await pause();
      await db.delete(testCardCharges).where(eq(testCardCharges.providerRef, providerRef));
    },

    async find(idempotencyKey) {
      if (provider.unreachable) throw new ProviderUnavailableError('test provider is unreachable');
      return (await recorded(idempotencyKey)) ?? null;
    },

    async retrieve(providerRef) {
      if (provider.unreachable) throw new ProviderUnavailableError('test provider is unreachable');
      const [row] = await db
        .select({ outcome: testCardCharges.outcome })
        .from(testCardCharges)
        .where(eq(testCardCharges.providerRef, providerRef));
      return (row?.outcome as ChargeOutcome | undefined) ?? null;
    },

    parseWebhook(rawBody, headers): WebhookEvent {
      const given = headers[TEST_WEBHOOK_SIGNATURE_HEADER] ?? '';
      const expected = sign(rawBody);
      if (
        given.length !== expected.length ||
        !timingSafeEqual(Buffer.from(given), Buffer.from(expected))
      ) {
        throw new PaymentInputError('Bad webhook signature', TEST_WEBHOOK_SIGNATURE_HEADER);
      }
      return JSON.parse(rawBody) as WebhookEvent;
    },
  };
  return provider;
}
