import { errorBody } from '@devstay/shared/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/errors.ts';
import { PaymentInputError, ProviderUnavailableError } from './provider.ts';
import { applyWebhook } from './webhook.ts';

/**
 * The processor's webhook, `POST /api/payments/{provider}/webhook` (Stripe:
 * /api/payments/stripe/webhook). Its signature covers the exact bytes sent, so in this plugin a
 * JSON body is kept as text and parsed only once verified.
 */
export const paymentWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    `/payments/${app.payments.name}/webhook`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['booking'],
        summary: 'Payment processor events (signed): confirms, releases or refunds bookings',
        description:
          'Called by the payment processor, not by browsers. The signature header and its ' +
          'timestamp are verified (400 when wrong or older than 5 minutes). Each event is ' +
          'applied once, however often and in whatever order it is delivered; 503 asks the ' +
          'processor to deliver it again later.',
        body: z.string().max(1024 * 1024),
        response: {
          200: z.object({
            received: z.literal(true),
            result: z.enum(['applied', 'duplicate', 'ignored']),
          }),
          400: errorBody,
          503: errorBody,
        },
      },
    },
    async (request) => {
      let event: ReturnType<typeof app.payments.parseWebhook>;
      try {
        event = app.payments.parseWebhook(
          request.body,
          request.headers as Record<string, string | undefined>,
        );
      } catch (error) {
        if (error instanceof PaymentInputError)
          throw new HttpError(400, error.message, error.field);
        throw error;
      }
      try {
        const result = await applyWebhook({ db: app.db, provider: app.payments }, event);
        request.log.info({ event: event.id, type: event.type, result }, 'payment webhook');
        return { received: true as const, result };
      } catch (error) {
        if (!(error instanceof ProviderUnavailableError)) throw error;
        throw new HttpError(
          503,
          'The payment service did not answer; deliver the event again',
          undefined,
          'PAYMENT_PROVIDER_UNAVAILABLE',
        );
      }
    },
  );
};
