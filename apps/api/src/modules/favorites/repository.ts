import { MAX_FAVORITES, type RoomName } from '@devstay/shared/constants';
import type { FavoriteRoom } from '@devstay/shared/contracts/favorites';
import { FAVORITES_MESSAGES } from '@devstay/shared/messages';
import { centsToPrice } from '@devstay/shared/text';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { favorites, hotels, rooms, users } from '../../db/schema.ts';
import { HttpError } from '../../lib/errors.ts';
import { toImageItem } from '../images/image-item.ts';

/** Oldest first: the order the guest added them in. */
const addedOrder = [asc(favorites.createdAt), asc(favorites.roomId)];

/** The ids of an account's favourite rooms. */
export async function favoriteRoomIds(db: Executor, userId: string): Promise<number[]> {
  const rows = await db
    .select({ roomId: favorites.roomId })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(...addedOrder);
  return rows.map((r) => r.roomId);
}

/** An account's favourite rooms as the favourites screen's cards. */
export async function favoriteRooms(db: Db, userId: string): Promise<FavoriteRoom[]> {
  const rows = await db
    .select({
      id: rooms.id,
      name: rooms.name,
      image: rooms.image,
      priceCents: rooms.priceCents,
      description: rooms.description,
      hotel: { id: hotels.id, name: hotels.name },
    })
    .from(favorites)
    .innerJoin(rooms, eq(rooms.id, favorites.roomId))
    .innerJoin(hotels, eq(hotels.id, rooms.hotelId))
    .where(eq(favorites.userId, userId))
    .orderBy(...addedOrder);
  return rows.map((r) => ({
    id: r.id,
    // The database constrains it to the product's list.
    name: r.name as RoomName,
    image: r.image.map(toImageItem),
    price: centsToPrice(r.priceCents),
    description: r.description,
    hotel: r.hotel,
  }));
}

/**
 * Takes the account's row lock for the rest of the transaction: one change of its favourites at
 * a time, so the count that guards MAX_FAVORITES sees every insert before it. `no key update`
 * leaves the row's key free, so rows referencing the account (bookings, sessions) are not held.
 */
async function lockFavoritesOf(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/**
 * 404 naming the first room of `roomIds` that does not exist. The rooms found stay share-locked
 * to the transaction's end, so none is deleted before its favourite is written.
 */
async function requireRooms(tx: Tx, roomIds: readonly number[], field: string): Promise<void> {
  const found = await tx
    .select({ id: rooms.id })
    .from(rooms)
    .where(inArray(rooms.id, [...roomIds]))
    .for('key share');
  const known = new Set(found.map((r) => r.id));
  const missing = roomIds.find((id) => !known.has(id));
  if (missing !== undefined) {
    throw new HttpError(404, FAVORITES_MESSAGES.roomMissing(missing), field, 'NOT_FOUND');
  }
}

/**
 * Adds rooms to an account's favourites; rooms already there stay as they are. All or nothing:
 * an unknown room is a 404, and more than MAX_FAVORITES in all a 409, with nothing added.
 * Answers the favourites' ids.
 */
export async function addFavorites(
  db: Db,
  userId: string,
  roomIds: readonly number[],
): Promise<number[]> {
  const wanted = [...new Set(roomIds)];
  return db.transaction(async (tx) => {
    await lockFavoritesOf(tx, userId);
    await requireRooms(tx, wanted, 'favorites');
    const [held] = await tx
      .select({
        total: sql<number>`count(*)::int`,
        already: sql<number>`count(*) filter (where ${inArray(favorites.roomId, wanted)})::int`,
      })
      .from(favorites)
      .where(eq(favorites.userId, userId));
    const total = (held?.total ?? 0) + wanted.length - (held?.already ?? 0);
    if (total > MAX_FAVORITES) {
      throw new HttpError(409, FAVORITES_MESSAGES.tooMany(MAX_FAVORITES), 'favorites', 'CONFLICT');
    }
    await tx
      .insert(favorites)
      .values(wanted.map((roomId) => ({ userId, roomId })))
      .onConflictDoNothing();
    return favoriteRoomIds(tx, userId);
  });
}

/** Takes a room off an account's favourites (not there: nothing to do). Answers their ids. */
export async function removeFavorite(db: Db, userId: string, roomId: number): Promise<number[]> {
  return db.transaction(async (tx) => {
    await lockFavoritesOf(tx, userId);
    await requireRooms(tx, [roomId], 'favorite');
    await tx
      .delete(favorites)
      .where(and(eq(favorites.userId, userId), eq(favorites.roomId, roomId)));
    return favoriteRoomIds(tx, userId);
  });
}
