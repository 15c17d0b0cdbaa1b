import {
  OFFER_SIGNUP_MESSAGE,
  offerSignupBody,
  offerSignupReply,
} from '@devstay/shared/contracts/catalogue';
import { errorBody } from '@devstay/shared/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { enforceRateLimits } from '../../lib/rate-limit.ts';
import { enqueueOffersMail } from '../mail/offers.ts';
import { subscribeToOffers } from './repository.ts';

const MINUTE = 60_000;
/**
 * Anyone may sign an address up, and a new address is sent an e-mail: without limits the form
 * would mail whoever an attacker names. Per client address and per recipient, in PostgreSQL
 * (shared by every API process).
 * @internal
 */
export const OFFER_LIMITS = {
  perClient: { max: 5, windowMs: 15 * MINUTE },
  perRecipient: { max: 3, windowMs: 60 * MINUTE },
};
/** @internal */
export const OFFER_RATE_LIMITED = 'Too many sign-ups in a short time. Please try again later.';

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
        response: { 201: offerSignupReply, 400: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      await enforceRateLimits(
        app.db,
        [
          { key: `offers:client:${request.ip}`, ...OFFER_LIMITS.perClient },
          { key: `offers:to:${request.body.email}`, ...OFFER_LIMITS.perRecipient },
        ],
        OFFER_RATE_LIMITED,
      );
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
