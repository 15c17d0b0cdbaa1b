import { z } from 'zod';
import { RATING_MAX, RATING_MIN, REVIEW_COMMENT_MAX } from '../constants.ts';
import { REVIEW_MESSAGES as M } from '../messages.ts';
import { review } from './catalogue.ts';
import { hasNul, NUL_MESSAGE, rowId, text } from './common.ts';

/**
 * Reviews (product §2.12, §4, §7.2): what the review page sends to POST /reviews, and the
 * superAdmin's removal. One review per guest and hotel: a second POST for the same hotel
 * replaces the first (its rating, comment and verified mark), it never adds another.
 */

/** POST /reviews (the product's payload: idHotel, name, rating, comment, user). */
export const reviewBody = z.object({
  idHotel: rowId(M.hotelRequired),
  /**
   * Ignored: the name a review shows is the author's account's (display name), never what a
   * client says. Accepted so the product's payload passes; checked like any text.
   */
  name: text(100).optional(),
  rating: z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? M.ratingRequired : M.ratingRange,
    })
    .int(M.ratingRange)
    .min(RATING_MIN, M.ratingRange)
    .max(RATING_MAX, M.ratingRange),
  comment: z
    .string({ error: M.commentRequired })
    .trim()
    .min(1, M.commentRequired)
    .max(REVIEW_COMMENT_MAX, M.commentTooLong(REVIEW_COMMENT_MAX))
    .refine((v) => !hasNul(v), NUL_MESSAGE),
  /** The author: must be the signed-in account's id (403 otherwise). */
  user: z
    .string({ error: M.userRequired })
    .min(1, M.userRequired)
    .max(64, M.userRequired)
    .refine((v) => !hasNul(v), NUL_MESSAGE),
});
export type ReviewBody = z.infer<typeof reviewBody>;

/** POST /reviews' answer: the review as the hotel page shows it (201 new, 200 replaced). */
export const savedReview = review.extend({ idHotel: z.number().int() });
export type SavedReview = z.infer<typeof savedReview>;
