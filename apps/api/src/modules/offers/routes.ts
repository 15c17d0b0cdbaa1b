import {
  OFFER_SIGNUP_MESSAGE,
  offerSignupBody,
  offerSignupReply,
} from '@devstay/shared/contracts/catalogue';
import { errorBody } from '@devstay/shared/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { enqueueOffersMail } from '../mail/offers.ts';
import { subscribeToOffers } from './repository.ts';

/** The footer's offers sign-up. */
export const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/offers',
    {
      config: { access: 'public' },
      schema: {
        tags: ['offers'],
        summary: 'Sign an e-mail address up for the hotel deals e-mails',
        body: offerSignupBody,
        response: { 201: offerSignupReply, 400: errorBody },
      },
    },
    async (request, reply) => {
      // The first sign-up of an address also gets the 'Hotel Deals' e-mail, in the same transaction.
      await app.db.transaction(async (tx) => {
        const { created } = await subscribeToOffers(tx, request.body.email);
        if (created) {
          await enqueueOffersMail(tx, { to: request.body.email, publicUrl: app.config.PUBLIC_URL });
        }
      });
      return reply.status(201).send({ message: OFFER_SIGNUP_MESSAGE });
    },
  );
};
