import { travellerStays, userBookingsParams } from '@devstay/shared/contracts/booking';
import { errorBody } from '@devstay/shared/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { canSeeAccount } from '../../lib/policies.ts';
import { access } from '../../plugins/authorization.ts';
import { travellerStaysOf } from './repository.ts';

const travellerSchema = { params: userBookingsParams };

/** Team trips: the stays others booked for an account, as its traveller's history shows them. */
export const tripRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/trips/user/:uid',
    {
      // The traveller's own history (the superAdmin may read anyone's), as the booking history.
      config: { access: access.account(travellerSchema, (r) => r.params.uid, canSeeAccount) },
      schema: {
        tags: ['booking'],
        summary: 'Stays others booked for this account (a team trip’s traveller), newest first',
        description:
          'The lines of confirmed or cancelled bookings whose organiser named this account’s ' +
          'e-mail (ignoring case) as the traveller, once that e-mail is verified: hotel, ' +
          'address, room, dates, rooms and guests, who booked it, and `status` (booked, or ' +
          'cancelled: the line alone or the whole trip). Never prices or the payment. Up to ' +
          '200 stays.',
        ...travellerSchema,
        response: { 200: travellerStays, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return travellerStaysOf(app.db, request.params.uid);
    },
  );
};
