import {
  idempotencyHeaders,
  paymentBody,
  paymentConfig,
  paymentResult,
} from '@devstay/shared/contracts/booking';
import { errorBody } from '@devstay/shared/contracts/common';
import { IDEMPOTENCY_KEY_HEADER } from '@devstay/shared/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/authorization.ts';
import { holdLimits } from '../bookings/rules.ts';
import { payBooking } from './pay.ts';

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payments/config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['booking'],
        summary: 'Which card input the payment page shows (Stripe’s, with its publishable key)',
        response: { 200: paymentConfig },
      },
    },
    async () => ({
      provider: app.payments.name,
      publishableKey:
        app.payments.name === 'stripe' ? (app.config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
      testCards: [...app.payments.testCards],
    }),
  );

  // The card payment call of product §7.3: answers `message` and `receipt_url`.
  app.post(
    '/payments/card',
    {
      config: { access: 'user' },
      schema: {
        tags: ['booking'],
        summary: 'Pay a pending booking by card; confirms it and e-mails the receipt',
        description:
          'Charges the booking’s total as the server priced it (`amount` is ignored). ' +
          'Idempotent per booking and Idempotency-Key: a retry with the same key never charges ' +
          'twice and answers the first result. 402 PAYMENT_DECLINED releases the hold; ' +
          '409 HOLD_EXPIRED when the rooms were lost (any payment is refunded); 502 when the ' +
          'payment service did not answer (retry with the same key).',
        headers: idempotencyHeaders,
        body: paymentBody,
        response: {
          200: paymentResult,
          400: errorBody,
          401: errorBody,
          402: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
          422: errorBody,
          429: errorBody,
          502: errorBody,
        },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const { card, id } = request.body;
      reply.header('cache-control', 'no-store');
      return payBooking(
        { db: app.db, provider: app.payments },
        {
          userId: user.id,
          bookingId: request.body.booking,
          idempotencyKey: request.headers[IDEMPOTENCY_KEY_HEADER],
          method: card ? { card } : { paymentMethodId: id ?? '' },
          rateLimit: {
            key: `payments:user:${user.id}`,
            max: app.config.PAYMENT_RATE_LIMIT,
            windowMs: 60_000,
          },
          limits: holdLimits(app.config),
          now: app.clock(),
        },
      );
    },
  );
};
