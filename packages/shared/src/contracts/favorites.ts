import { z } from 'zod';
import { MAX_FAVORITES } from '../constants.ts';
import { roomSummary } from './catalogue.ts';
import { rowId, text } from './common.ts';
import { hotelRef } from './users.ts';

/**
 * Favourite rooms (product §2.6, §2.10, §4, §7.2): a guest's own list, read and changed by that
 * guest alone. Every call names the account (`uid` in the path, `id` in a body) as the product's
 * API does; the server checks it is the signed-in guest.
 */

/** An account's id as the favourites calls name it. */
const accountId = text(64).min(1, 'must name an account');

/** GET /favorites/{uid}, GET /favorites/list/{uid}. */
export const favoriteOwnerParams = z.object({ uid: accountId });

/** A card of the favourites screen: the room, and the hotel it is at. */
const favoriteRoom = roomSummary
  .pick({ id: true, name: true, image: true, price: true, description: true })
  .extend({ hotel: hotelRef });
export type FavoriteRoom = z.infer<typeof favoriteRoom>;

/** GET /favorites/{uid}: the favourite rooms, in the order they were added. */
export const favoriteRoomList = z.array(favoriteRoom);

/** GET /favorites/list/{uid} and the reply of POST and DELETE: the favourite rooms' ids. */
export const favoriteIdList = z.array(z.number().int());

/** POST /favorites: rooms to add to account `id`'s favourites (ones already there are kept). */
export const favoritesAddBody = z.object({
  id: accountId,
  favorites: z
    .array(rowId())
    .min(1, 'must name at least one room')
    .max(MAX_FAVORITES, `must name ${MAX_FAVORITES} rooms at most`),
});

/** DELETE /favorites: one room off account `id`'s favourites (none there is no error). */
export const favoriteRemoveBody = z.object({ id: accountId, favorite: rowId() });
