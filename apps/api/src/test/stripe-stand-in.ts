import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the few Stripe API endpoints the adapter calls, for tests: the real
 * `stripe` SDK talks to it over HTTP. Like Stripe, it answers a repeated Idempotency-Key with the
 * first answer (and refuses the key with other parameters), declines Stripe's well-known test
 * payment methods, and emits the events Stripe would send (the test signs and delivers them).
 *
 * POST /v1/payment_intents (confirm), GET /v1/payment_intents/:id, GET
 * /v1/payment_intents/search, POST /v1/payment_intents/:id/cancel, POST /v1/refunds.
 */

type Json = Record<string, unknown>;

export interface StandInEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  livemode: false;
  api_version: string;
  pending_webhooks: number;
  data: { object: Json };
}

/** How the next create calls fail, one mode a call. */
type Failure =
  /** 503 before anything is done (not saved under the key: a retry executes). */
  | 'unavailable'
  /** Executed and saved under the key, then the connection drops before the answer. */
  | 'drop-after';

const CARDS: Record<string, { brand: string; last4: string; decline?: [string, string] }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_chargeDeclined: {
    brand: 'visa',
    last4: '0002',
    decline: ['generic_decline', 'Your card was declined.'],
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    decline: ['insufficient_funds', 'Your card has insufficient funds.'],
  },
};

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Stripe's form encoding (`metadata[payment_id]=…`, `expand[0]=…`) back into objects. */
function parseForm(text: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return out;
}

const listOf = (v: unknown): string[] =>
  v && typeof v === 'object' ? Object.values(v as Record<string, string>) : [];

export interface StripeStandIn {
  url: string;
  intents: Map<string, Json>;
  charges: Map<string, Json>;
  refunds: Json[];
  events: StandInEvent[];
  /** Every request: method, path and its Idempotency-Key. */
  requests: { method: string; path: string; idempotencyKey: string | undefined }[];
  /** Failure modes of the next PaymentIntent creations, first first. */
  failures: Failure[];
  /** While set, a created PaymentIntent's answer waits for it (the webhook can arrive first). */
  gate: Promise<void> | null;
  /** An event of `type` about a PaymentIntent as it is now (e.g. a late, repeated one). */
  eventFor(type: string, intentId: string): StandInEvent;
  close(): Promise<void>;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const intents = new Map<string, Json>();
  const charges = new Map<string, Json>();
  const saved = new Map<string, { params: string; status: number; body: Json }>();

  const emit = (type: string, object: Json): StandInEvent => {
    const event: StandInEvent = {
      id: newId('evt'),
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      api_version: '2026-01-01',
      pending_webhooks: 1,
      data: { object: structuredClone(object) },
    };
    standIn.events.push(event);
    return event;
  };

  const withCharge = (intent: Json, expand: string[]): Json => {
    const charge = charges.get(String(intent.latest_charge));
    return expand.includes('latest_charge') && charge
      ? { ...intent, latest_charge: charge }
      : intent;
  };

  function createIntent(params: Json): { status: number; body: Json } {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 50) {
      return {
        status: 400,
        body: {
          error: { type: 'invalid_request_error', param: 'amount', message: 'Invalid amount' },
        },
      };
    }
    const methodId = String(params.payment_method ?? '');
    const card = CARDS[methodId];
    if (!card) {
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'payment_method',
            message: `No such PaymentMethod: '${methodId}'`,
          },
        },
      };
    }
    const paymentMethod = { id: methodId, object: 'payment_method', type: 'card', card };
    const charge: Json = {
      id: newId('ch'),
      object: 'charge',
      amount,
      amount_refunded: 0,
      currency: params.currency,
      refunded: false,
      metadata: params.metadata ?? {},
      payment_method: methodId,
      payment_method_details: { type: 'card', card: { brand: card.brand, last4: card.last4 } },
      status: card.decline ? 'failed' : 'succeeded',
    };
    const intent: Json = {
      id: newId('pi'),
      object: 'payment_intent',
      amount,
      amount_received: card.decline ? 0 : amount,
      currency: params.currency,
      description: params.description ?? null,
      metadata: params.metadata ?? {},
      payment_method: methodId,
      latest_charge: charge.id,
      status: card.decline ? 'requires_payment_method' : 'succeeded',
      last_payment_error: null,
      created: Math.floor(Date.now() / 1000),
    };
    charge.payment_intent = intent.id;
    charges.set(String(charge.id), charge);
    intents.set(String(intent.id), intent);
    if (card.decline) {
      const [declineCode, message] = card.decline;
      const error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: declineCode,
        message,
        charge: charge.id,
        payment_method: paymentMethod,
      };
      intent.last_payment_error = error;
      emit('payment_intent.payment_failed', intent);
      return { status: 402, body: { error: { ...error, payment_intent: intent } } };
    }
    emit('payment_intent.succeeded', intent);
    return { status: 200, body: withCharge(intent, listOf(params.expand)) };
  }

  function refund(params: Json): { status: number; body: Json } {
    const intent = intents.get(String(params.payment_intent));
    const charge = intent && charges.get(String(intent.latest_charge));
    if (!intent || !charge || intent.status !== 'succeeded') {
      return {
        status: 400,
        body: {
          error: { type: 'invalid_request_error', param: 'payment_intent', message: 'No charge' },
        },
      };
    }
    const amount = params.amount === undefined ? Number(charge.amount) : Number(params.amount);
    if (Number(charge.amount_refunded) + amount > Number(charge.amount)) {
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: 'Charge has already been refunded.',
          },
        },
      };
    }
    charge.amount_refunded = Number(charge.amount_refunded) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const made = {
      id: newId('re'),
      object: 'refund',
      amount,
      payment_intent: intent.id,
      status: 'succeeded',
    };
    standIn.refunds.push(made);
    emit('charge.refunded', charge);
    return { status: 200, body: made };
  }

  async function route(method: string, path: string, query: URLSearchParams, params: Json) {
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(params);
    if (method === 'POST' && path === '/v1/refunds') return refund(params);
    if (method === 'GET' && path === '/v1/payment_intents/search') {
      const wanted = /metadata\['payment_id'\]:'([^']+)'/.exec(query.get('query') ?? '')?.[1];
      const expand = query.getAll('expand[0]').map((e) => e.replace(/^data\./, ''));
      const data = [...intents.values()]
        .filter((i) => (i.metadata as Json).payment_id === wanted)
        .map((i) => withCharge(i, expand));
      return {
        status: 200,
        body: { object: 'search_result', data, has_more: false, next_page: null },
      };
    }
    const one = /^\/v1\/payment_intents\/(pi_\w+)(\/cancel)?$/.exec(path);
    const intent = one && intents.get(one[1] as string);
    if (one && !intent) {
      return {
        status: 404,
        body: { error: { type: 'invalid_request_error', code: 'resource_missing' } },
      };
    }
    if (intent && method === 'GET' && !one?.[2]) {
      return { status: 200, body: withCharge(intent, query.getAll('expand[0]')) };
    }
    if (intent && method === 'POST' && one?.[2]) {
      if (intent.status === 'succeeded') {
        return {
          status: 400,
          body: {
            error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state' },
          },
        };
      }
      intent.status = 'canceled';
      return { status: 200, body: intent };
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: 'Unknown route' } },
    };
  }

  const send = (res: ServerResponse, status: number, body: Json) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    res.end(JSON.stringify(body));
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    const key = req.headers['idempotency-key'] as string | undefined;
    standIn.requests.push({ method, path: url.pathname, idempotencyKey: key });
    if (!req.headers.authorization?.startsWith('Bearer sk_test_')) {
      send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } });
      return;
    }
    const creating = method === 'POST' && url.pathname === '/v1/payment_intents';
    const failure = creating ? standIn.failures.shift() : undefined;
    if (failure === 'unavailable') {
      send(res, 503, { error: { type: 'api_error', message: 'Service unavailable' } });
      return;
    }
    let answer: { status: number; body: Json };
    const first = key && method === 'POST' ? saved.get(`${url.pathname} ${key}`) : undefined;
    if (first && first.params !== text) {
      answer = {
        status: 400,
        body: {
          error: {
            type: 'idempotency_error',
            message: 'Keys for idempotent requests can only be used with the same parameters',
          },
        },
      };
    } else if (first) {
      answer = first;
    } else {
      answer = await route(method, url.pathname, url.searchParams, parseForm(text));
      if (key && method === 'POST')
        saved.set(`${url.pathname} ${key}`, { params: text, ...answer });
    }
    if (failure === 'drop-after') {
      res.socket?.destroy();
      return;
    }
    if (creating && standIn.gate) await standIn.gate;
    send(res, answer.status, answer.body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) =>
      send(res, 500, { error: { message: String(error) } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const standIn: StripeStandIn = {
    url: `http://127.0.0.1:${port}`,
    intents,
    charges,
    refunds: [],
    events: [],
    requests: [],
    failures: [],
    gate: null,
    eventFor(type, intentId) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`No PaymentIntent ${intentId}`);
      return emit(type, intent);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}
