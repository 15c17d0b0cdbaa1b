import { errorBody, idParam, idParams } from '@devstay/shared/contracts/common';
import { reviewBody, savedReview } from '@devstay/shared/contracts/reviews';
import { REVIEW_MESSAGES } from '@devstay/shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/errors.ts';
import {
  canRemoveReview,
  isGuest,
  REVIEW_REMOVER_ROLES,
  rolesWhere,
  type SessionUser,
} from '../../lib/policies.ts';
import { access, signedInUser } from '../../plugins/authorization.ts';
import { lockReviewAuthor, ownReview, removeReview, saveReview } from './repository.ts';

const write = { body: reviewBody };
const byId = { params: idParams };
const ofHotel = { querystring: z.object({ idHotel: idParam }) };

/**
 * The name a review shows: the author's display name, else their e-mail's part before the `@`
 * (the whole address would publish it on a public page to anyone).
 */
function reviewerName(user: SessionUser): string {
  return user.name.trim() || user.email.split('@')[0] || user.email;
}

/** Reviews of hotels (product §2.5, §2.12, §4, §7.2). */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/reviews',
    {
      // A guest's own act (product §6), in their own name: `user` must be the signed-in account.
      config: { access: access.owner(write, (r) => r.body.user, rolesWhere(isGuest)) },
      schema: {
        tags: ['reviews'],
        summary: 'Write the signed-in guest’s review of a hotel, or replace their earlier one',
        description:
          'One review per guest and hotel: a second review of the same hotel replaces the first ' +
          '(rating, comment, verified mark) and answers 200; a first one answers 201. The name ' +
          'shown is the account’s (display name, else the e-mail’s part before the @); the ' +
          'body’s `name` is ignored. The review is marked `verifiedStay` when the guest has a ' +
          'confirmed booking at the hotel whose check-out is before the hotel’s today.',
        ...write,
        response: {
          200: savedReview,
          201: savedReview,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const { idHotel, rating, comment } = request.body;
      const saved = await app.db.transaction(async (tx) => {
        const result = await saveReview(tx, {
          hotelId: idHotel,
          userId: user.id,
          name: reviewerName(user),
          rating,
          comment,
          now: app.clock(),
        });
        if (result) {
          await app.catalogue.invalidate({ review: result.review.id, hotel: idHotel }, tx);
        }
        return result;
      });
      if (!saved) throw new HttpError(404, REVIEW_MESSAGES.hotelMissing, 'idHotel');
      return reply.status(saved.created ? 201 : 200).send(saved.review);
    },
  );

  app.get(
    '/reviews/mine',
    {
      config: { access: { roles: rolesWhere(isGuest) } },
      schema: {
        tags: ['reviews'],
        summary: 'The signed-in guest’s own review of a hotel (null when they have none)',
        description: 'What the review page shows to edit or delete.',
        ...ofHotel,
        response: { 200: savedReview.nullable(), 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => ownReview(app.db, signedInUser(request).id, request.query.idHotel),
  );

  app.delete(
    '/reviews/:id',
    {
      config: { access: { roles: REVIEW_REMOVER_ROLES } },
      schema: {
        tags: ['reviews'],
        summary: 'Remove a review; the hotel’s average and count follow',
        description:
          'Its author (a guest withdrawing their own review) or the superAdmin (an abusive ' +
          'one); anyone else, a hotel’s admin included, 403.',
        ...byId,
        response: {
          204: z.null(),
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
        },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      const user = signedInUser(request);
      const removed = await app.db.transaction(async (tx) => {
        const author = await lockReviewAuthor(tx, id);
        if (!author) return undefined;
        if (!canRemoveReview(user, author)) {
          throw new HttpError(403, REVIEW_MESSAGES.notYourReview);
        }
        const result = await removeReview(tx, id);
        if (result) await app.catalogue.invalidate({ review: id, hotel: result.hotelId }, tx);
        return result;
      });
      if (!removed) throw new HttpError(404, REVIEW_MESSAGES.reviewMissing, 'id');
      return reply.status(204).send(null);
    },
  );
};
