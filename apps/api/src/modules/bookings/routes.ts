import { booking, checkoutBody, idempotencyHeaders } from '@devstay/shared/contracts/booking';
import { errorBody } from '@devstay/shared/contracts/common';
import { IDEMPOTENCY_KEY_HEADER } from '@devstay/shared/http';
import { today } from '@devstay/shared/stay';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/authorization.ts';
import { checkout } from './checkout.ts';

/** Checkout (spec §7.3 POST /booking): the cart becomes a pending booking holding its rooms. */
export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/booking',
    {
      // Booking is a guest's own act (spec §6: pay is rol user only).
      config: { access: 'user' },
      schema: {
        tags: ['booking'],
        summary: 'Check out a cart: hold its rooms as a pending booking, priced by the server',
        description:
          'Takes every night of every line in one transaction; 409 SOLD_OUT names the room and ' +
          'night that has no unit left. The hold lasts BOOKING_HOLD_MINUTES; pay it with ' +
          'POST /api/payments/card. Idempotent per account and Idempotency-Key: the same key ' +
          'and cart answer the first booking (200), another cart 422, while in flight 409.',
        headers: idempotencyHeaders,
        body: checkoutBody,
        response: {
          201: booking,
          200: booking,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
          422: errorBody,
        },
      },
    },
    async (request, reply) => {
      const result = await checkout(app.db, {
        userId: signedInUser(request).id,
        idempotencyKey: request.headers[IDEMPOTENCY_KEY_HEADER],
        lines: request.body.cartRoom,
        holdMinutes: app.config.BOOKING_HOLD_MINUTES,
        today: today(),
      });
      reply.header('cache-control', 'no-store');
      return reply.status(result.replayed ? 200 : 201).send(result.booking);
    },
  );
};
