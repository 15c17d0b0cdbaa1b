import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { rooms } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';

/**
 * What a night costs is read under the rooms' rows: a checkout and a payment share-lock the
 * rooms they price (saleRoomsSql) until they commit, and every write that changes a price other
 * than by updating the room's row — a rate rule of the room, its hotel's event-night premium,
 * an event's date — locks the same rows first. So no price changes under a hold or a payment
 * being checked, and one that waited for such a write prices from what it wrote.
 */

/** Locks room `roomId`'s row for a change of its prices; answers its hotel, or 404. */
export async function lockRoomPrices(tx: Tx, roomId: number): Promise<number> {
  const [row] = await tx
    .select({ hotelId: rooms.hotelId })
    .from(rooms)
    .where(eq(rooms.id, roomId))
    .for('no key update');
  if (!row) throw notFound('Room');
  return row.hotelId;
}

/**
 * Locks the rows of every room of `hotelIds` for a change of the hotels' prices (premium, event
 * dates), in id order — the order checkouts lock rooms in, so the two queue, never deadlock.
 */
export async function lockHotelPrices(tx: Tx, hotelIds: readonly number[]): Promise<void> {
  if (hotelIds.length === 0) return;
  await tx
    .select({ id: rooms.id })
    .from(rooms)
    .where(inArray(rooms.hotelId, [...new Set(hotelIds)]))
    .orderBy(rooms.id)
    .for('no key update');
}
