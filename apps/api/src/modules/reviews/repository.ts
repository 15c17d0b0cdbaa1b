import type { SavedReview } from '@devstay/shared/contracts/reviews';
import { REVIEW_MESSAGES } from '@devstay/shared/messages';
import { calendarDateIn, stayHasEnded } from '@devstay/shared/stay';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { bookingLines, bookings, hotels, reviews } from '../../db/schema.ts';
import { HttpError } from '../../lib/errors.ts';

/**
 * Reviews and the counters they keep on their hotel (`review_count`, `rating_sum`: the average
 * of every card and hotel page). Every write changes the counters in its own transaction by a
 * relative update (`+ 1`, `+ new − old`), never by a value read before: concurrent reviews of one
 * hotel each add their own part, and the sum stays the sum of the ratings.
 */

type ReviewRow = typeof reviews.$inferSelect;

/** Inserts tried while the author's earlier review keeps being removed under them. */
const SAVE_ATTEMPTS = 5;

function toSavedReview(row: ReviewRow): SavedReview {
  return {
    id: row.id,
    idHotel: row.hotelId,
    name: row.name,
    rating: row.rating,
    comment: row.comment,
    verifiedStay: row.verifiedStay,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The hotel's time zone, its row held against deletion until the transaction ends (KEY SHARE:
 * other reviews and edits of the hotel go on); undefined when there is no such hotel.
 */
async function lockHotel(tx: Tx, hotelId: number): Promise<{ timeZone: string } | undefined> {
  const [hotel] = await tx
    .select({ timeZone: hotels.timeZone })
    .from(hotels)
    .where(eq(hotels.id, hotelId))
    .for('key share');
  return hotel;
}

/**
 * Whether `userId` has stayed at the hotel: a confirmed booking with a room there whose stay has
 * ended by the hotel's today at `now`, the app's clock (`stayHasEnded`). A pending, expired or cancelled booking is no
 * stay; one still to come or under way is not yet.
 */
async function hasEndedStay(
  tx: Tx,
  userId: string,
  hotel: { id: number; timeZone: string },
  now: Date,
) {
  const [row] = await tx
    .select({ earliest: sql<string | null>`min(${bookingLines.checkOut})::text` })
    .from(bookingLines)
    .innerJoin(bookings, eq(bookings.id, bookingLines.bookingId))
    .where(
      and(
        eq(bookings.userId, userId),
        eq(bookings.status, 'confirmed'),
        eq(bookingLines.hotelId, hotel.id),
        isNull(bookingLines.cancelledAt),
      ),
    );
  // The earliest check-out: if any stay there has ended, that one has.
  const earliest = row?.earliest ?? null;
  return earliest !== null && stayHasEnded(earliest, calendarDateIn(hotel.timeZone, now));
}

/** Moves the hotel's counters by these amounts (relative: concurrent writers add up). */
async function moveCounters(tx: Tx, hotelId: number, count: number, ratingDelta: number) {
  if (count === 0 && ratingDelta === 0) return;
  await tx
    .update(hotels)
    .set({
      reviewCount: sql`${hotels.reviewCount} + ${count}`,
      ratingSum: sql`${hotels.ratingSum} + ${ratingDelta}`,
    })
    .where(eq(hotels.id, hotelId));
}

export interface ReviewInput {
  hotelId: number;
  userId: string;
  /** The author's name as the account gives it. */
  name: string;
  rating: number;
  comment: string;
  /** The app's clock: a stay has ended by the hotel's today at it. */
  now: Date;
}

/**
 * Writes the author's review of the hotel: a new one, or in place of their earlier one (one per
 * author and hotel, product §4). The verified mark is decided anew on each write. Undefined when
 * the hotel does not exist.
 */
export async function saveReview(
  tx: Tx,
  input: ReviewInput,
): Promise<{ review: SavedReview; created: boolean } | undefined> {
  const hotel = await lockHotel(tx, input.hotelId);
  if (!hotel) return undefined;
  const values = {
    name: input.name,
    rating: input.rating,
    comment: input.comment,
    verifiedStay: await hasEndedStay(
      tx,
      input.userId,
      { id: input.hotelId, timeZone: hotel.timeZone },
      input.now,
    ),
  };
  // An insert that meets an earlier review (or one being written by a concurrent request of the
  // same author, which it waits for) does nothing; the earlier one is then locked and replaced.
  // Should it be removed in between, the insert is tried again.
  for (let attempt = 1; ; attempt++) {
    if (attempt > SAVE_ATTEMPTS) throw new HttpError(409, REVIEW_MESSAGES.busy);
    const [inserted] = await tx
      .insert(reviews)
      .values({ ...values, hotelId: input.hotelId, userId: input.userId })
      .onConflictDoNothing({ target: [reviews.hotelId, reviews.userId] })
      .returning();
    if (inserted) {
      await moveCounters(tx, input.hotelId, 1, inserted.rating);
      return { review: toSavedReview(inserted), created: true };
    }
    const [earlier] = await tx
      .select({ id: reviews.id, rating: reviews.rating })
      .from(reviews)
      .where(and(eq(reviews.hotelId, input.hotelId), eq(reviews.userId, input.userId)))
      .for('update');
    if (!earlier) continue;
    const [updated] = await tx
      .update(reviews)
      .set(values)
      .where(eq(reviews.id, earlier.id))
      .returning();
    if (!updated) continue;
    await moveCounters(tx, input.hotelId, 0, updated.rating - earlier.rating);
    return { review: toSavedReview(updated), created: false };
  }
}

/**
 * The author of a review, its row locked until the transaction ends (the delete that follows
 * removes what was checked); undefined when there is no such review.
 */
export async function lockReviewAuthor(
  tx: Tx,
  id: number,
): Promise<{ userId: string | null } | undefined> {
  const [row] = await tx
    .select({ userId: reviews.userId })
    .from(reviews)
    .where(eq(reviews.id, id))
    .for('update');
  return row;
}

/** The account's own review of a hotel (what the review page edits), or null if none. */
export async function ownReview(
  db: Executor,
  userId: string,
  hotelId: number,
): Promise<SavedReview | null> {
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.hotelId, hotelId), eq(reviews.userId, userId)));
  return row ? toSavedReview(row) : null;
}

/** Deletes a review and takes it out of its hotel's counters; its hotel, or undefined if none. */
export async function removeReview(tx: Tx, id: number): Promise<{ hotelId: number } | undefined> {
  // The row as it is when deleted (after any edit it waited for): its rating leaves the sum.
  const [removed] = await tx
    .delete(reviews)
    .where(eq(reviews.id, id))
    .returning({ hotelId: reviews.hotelId, rating: reviews.rating });
  if (!removed) return undefined;
  await moveCounters(tx, removed.hotelId, -1, -removed.rating);
  return { hotelId: removed.hotelId };
}
