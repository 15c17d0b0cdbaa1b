import { WAITLIST_ENTRIES_MAX } from '@devstay/shared/constants';
import { errorBody } from '@devstay/shared/contracts/common';
import {
  waitlistEntries,
  waitlistEntry,
  waitlistEntryParams,
  waitlistJoinBody,
  waitlistOwnerParams,
} from '@devstay/shared/contracts/waitlist';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { canSeeAccount } from '../../lib/policies.ts';
import { access, signedInUser } from '../../plugins/authorization.ts';
import { joinWaitlist, leaveWaitlist, waitlistOf } from './repository.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };
const joinSchema = { body: waitlistJoinBody };
const ownerSchema = { params: waitlistOwnerParams };
const entrySchema = { params: waitlistEntryParams };

/**
 * The waitlist of sold-out stays (docs/product.md, Waitlist): a guest joins and leaves their own
 * line places; the guest or the superAdmin (who answers guests' questions, as with their
 * bookings) reads them. Offers are made by the line's subscriber (offers.ts), not by a route.
 */
export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/waitlist',
    {
      config: { access: 'user' },
      schema: {
        tags: ['waitlist'],
        summary: 'Join the waitlist for `quantity` units of room `room` for a stay',
        description:
          'For a stay the room has no units for. When they come free, the first guest in line ' +
          'by time joined is offered them: a hold of their own for WAITLIST_HOLD_MINUTES ' +
          '(30 by default), paid like any booking, and the e-mail "A room is free for you"; ' +
          'unpaid, it passes to the next in line. Joining again for the same room and stay ' +
          'answers the entry already there (200); a new one is 201. 404: no such room; 409: ' +
          `the room has the units now (book them), more units than it has, or ${WAITLIST_ENTRIES_MAX} ` +
          'stays waited for already.',
        ...joinSchema,
        response: {
          200: waitlistEntry,
          201: waitlistEntry,
          ...errors,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { entry, created } = await joinWaitlist(
        app.db,
        signedInUser(request).id,
        request.body,
        app.clock(),
      );
      reply.header('cache-control', 'no-store');
      return reply.code(created ? 201 : 200).send(entry);
    },
  );

  app.get(
    '/waitlist/user/:uid',
    {
      config: { access: access.account(ownerSchema, (r) => r.params.uid, canSeeAccount) },
      schema: {
        tags: ['waitlist'],
        summary: 'The waitlist entries of account {uid}, the latest joined first',
        description:
          'Each with its state (waiting, offered, booked, expired, left) and, when offered, the ' +
          'held booking and when the offer ends. The latest 100.',
        ...ownerSchema,
        response: { 200: waitlistEntries, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return waitlistOf(app.db, request.params.uid);
    },
  );

  app.delete(
    '/waitlist/:id',
    {
      // The entry's guest alone, which the entry tells (403 otherwise); the superAdmin reaches
      // the handler too, as every route's id rule is checked before the row is read.
      config: { access: { roles: ['user', 'superAdmin'] } },
      schema: {
        tags: ['waitlist'],
        summary: 'Leave the waitlist: entry {id}, the signed-in guest’s own',
        description:
          'A waiting entry is left; an offered one too, and its hold is let go to the next in ' +
          'line (not counted as a lapsed hold). An entry already over is answered as it is. ' +
          '403: another guest’s entry; 404: no such entry.',
        ...entrySchema,
        response: { 200: waitlistEntry, ...errors, 404: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return leaveWaitlist(app.db, request.params.id, signedInUser(request).id);
    },
  );
};
