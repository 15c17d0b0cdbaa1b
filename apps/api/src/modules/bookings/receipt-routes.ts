import { errorBody } from '@devstay/shared/contracts/common';
import { bookingIdParams, bookingReceipt } from '@devstay/shared/contracts/receipt';
import { BOOKING_MESSAGES, GUARD_MESSAGES } from '@devstay/shared/messages';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { payments } from '../../db/schema.ts';
import { HttpError } from '../../lib/errors.ts';
import { canSeeBooking } from '../../lib/policies.ts';
import { signedInUser } from '../../plugins/authorization.ts';
import { findBooking } from './repository.ts';

/** One booking with its payment, for the receipt page the 'Hotel Receipt' e-mail links to. */
export const bookingReceiptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/booking/:id',
    {
      // Who may read it depends on the booking (its guest, staff of its hotels): checked below.
      config: { access: 'signedIn' },
      schema: {
        tags: ['booking'],
        summary: 'One booking with its payment (card brand and last four): the receipt',
        description:
          'Its guest, the admin of every hotel in it and the superAdmin may read it; others 403. ' +
          'An unknown id is 404.',
        params: bookingIdParams,
        response: {
          200: bookingReceipt,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
        },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const found = await findBooking(app.db, request.params.id);
      if (!found) throw new HttpError(404, BOOKING_MESSAGES.bookingMissing, 'id', 'NOT_FOUND');
      const scope = { userId: found.user, hotelIds: found.cartRoom.map((l) => l.idHotel) };
      if (!canSeeBooking(user, scope)) throw new HttpError(403, GUARD_MESSAGES.forbidden);
      const [payment] = await app.db
        .select({
          status: payments.status,
          amountCents: payments.amountCents,
          refundedCents: payments.refundedCents,
          cardBrand: payments.cardBrand,
          cardLast4: payments.cardLast4,
        })
        .from(payments)
        .where(eq(payments.bookingId, found.id))
        .orderBy(desc(payments.createdAt))
        .limit(1);
      reply.header('cache-control', 'private, no-store');
      return {
        ...found,
        payment: payment ? { ...payment, status: payment.status as never } : null,
      };
    },
  );
};
