import {
  CHANNEL_MESSAGES,
  type ChannelConflict,
  type ChannelFeed,
  type RoomBlock,
} from '@devstay/shared/contracts/channels';
import type { ConflictRoom } from '@devstay/shared/contracts/dashboard';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import {
  channelConflicts,
  channelFeeds,
  roomBlocks,
  roomExportKeys,
  rooms,
} from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { nightlyDemand, releaseUnits, soldOutNights, takeUnits } from '../availability/ledger.ts';
import { exportKeyHash, nightsDigest } from './export-feed.ts';

/** A room as the channel rules need it: its hotel, stock and the hotel's time zone. */
type ChannelRoom = {
  id: number;
  hotelId: number;
  name: string;
  stock: number;
  timeZone: string;
};

export async function channelRoom(db: Executor, roomId: number): Promise<ChannelRoom | null> {
  const result = await db.execute<ChannelRoom>(sql`
    select r.id, r.hotel_id as "hotelId", r.name, r.stock, h.time_zone as "timeZone"
    from rooms r join hotels h on h.id = r.hotel_id where r.id = ${roomId}`);
  return result.rows[0] ?? null;
}

/** The hotel of room `id` (the access rule of a room's channels), or 404. */
export async function hotelOfChannelRoom(db: Executor, id: number): Promise<number> {
  const [row] = await db.select({ hotelId: rooms.hotelId }).from(rooms).where(eq(rooms.id, id));
  if (!row) throw notFound('Room');
  return row.hotelId;
}

/** The hotel of feed `id`'s room, or 404. */
export async function hotelOfFeed(db: Executor, id: number): Promise<number> {
  const [row] = await db
    .select({ hotelId: rooms.hotelId })
    .from(channelFeeds)
    .innerJoin(rooms, eq(rooms.id, channelFeeds.roomId))
    .where(eq(channelFeeds.id, id));
  if (!row) throw notFound('Feed');
  return row.hotelId;
}

/** The hotel of block `id`'s room, or 404. */
export async function hotelOfBlock(db: Executor, id: number): Promise<number> {
  const [row] = await db
    .select({ hotelId: rooms.hotelId })
    .from(roomBlocks)
    .innerJoin(rooms, eq(rooms.id, roomBlocks.roomId))
    .where(eq(roomBlocks.id, id));
  if (!row) throw notFound('Block');
  return row.hotelId;
}

// ── Export ───────────────────────────────────────────────────────────────────────────────────

/** Makes or replaces the room's export key (by its hash): the previous key stops at once. */
export async function storeExportKey(db: Executor, roomId: number, key: string): Promise<void> {
  const keyHash = exportKeyHash(key);
  await db
    .insert(roomExportKeys)
    .values({ roomId, keyHash, changedAt: sql`date_trunc('second', now())` })
    .onConflictDoUpdate({
      target: roomExportKeys.roomId,
      set: { keyHash, createdAt: sql`now()` },
    });
}

/**
 * The room's sold-out nights [from, to) when `key` is its export key, with when they last
 * changed: null for a wrong or rotated key, or a room that does not exist (the same answer).
 * When the nights differ from what the feed last answered (in any process), the change is
 * recorded now: the first reader after a change stamps it.
 */
export async function exportedNights(
  db: Db,
  roomId: number,
  key: string,
  window: { from: string; to: string },
): Promise<{
  room: { id: number; name: string };
  nights: string[];
  changedAt: Date;
  digest: string;
} | null> {
  const result = await db.execute<{ name: string; digest: string | null; changed_at: Date }>(sql`
    select r.name, k.digest, k.changed_at from room_export_keys k join rooms r on r.id = k.room_id
    where k.room_id = ${roomId} and k.key_hash = ${exportKeyHash(key)}`);
  const found = result.rows[0];
  if (!found) return null;
  const nights = await soldOutNights(db, roomId, window.from, window.to);
  const digest = nightsDigest(nights);
  let changedAt = new Date(found.changed_at);
  if (digest !== found.digest) {
    // Whole seconds: Last-Modified and DTSTAMP carry no fraction, and If-Modified-Since compares.
    const stamped = await db.execute<{ changed_at: Date }>(sql`
      update room_export_keys set digest = ${digest},
        changed_at = case when digest is distinct from ${digest}
          then date_trunc('second', now()) else changed_at end
      where room_id = ${roomId} returning changed_at`);
    changedAt = new Date(stamped.rows[0]?.changed_at ?? changedAt);
  }
  return { room: { id: roomId, name: found.name }, nights, changedAt, digest };
}

export async function exportKeyCreatedAt(db: Executor, roomId: number): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: roomExportKeys.createdAt })
    .from(roomExportKeys)
    .where(eq(roomExportKeys.roomId, roomId));
  return row?.createdAt ?? null;
}

// ── Blocks ───────────────────────────────────────────────────────────────────────────────────

const blockView = (b: typeof roomBlocks.$inferSelect): RoomBlock => ({
  id: b.id,
  roomId: b.roomId,
  from: b.firstNight,
  to: b.endNight,
  units: b.units,
  reason: b.reason,
  feedId: b.feedId,
});

/** The room's blocks (staff and imported) that end after `from`, by first night. */
export async function blocksOfRoom(
  db: Executor,
  roomId: number,
  from: string,
): Promise<RoomBlock[]> {
  const rows = await db
    .select()
    .from(roomBlocks)
    .where(and(eq(roomBlocks.roomId, roomId), sql`${roomBlocks.endNight} > ${from}::date`))
    .orderBy(asc(roomBlocks.firstNight), asc(roomBlocks.id));
  return rows.map(blockView);
}

/**
 * A staff block: its units taken on the ledger for every night by the ledger's guarded take (a
 * night without them free refuses it, 409 naming the night), and its row, in one transaction.
 */
export async function createStaffBlock(
  db: Db,
  block: { roomId: number; from: string; to: string; units: number; reason: string; by: string },
): Promise<RoomBlock> {
  return db.transaction(async (tx) => {
    const demand = nightlyDemand([
      { roomId: block.roomId, checkIn: block.from, checkOut: block.to, quantity: block.units },
    ]);
    const short = await takeUnits(tx, demand);
    if (short) {
      throw new HttpError(409, CHANNEL_MESSAGES.blockSoldOut(short.night), 'from', 'SOLD_OUT');
    }
    const [row] = await tx
      .insert(roomBlocks)
      .values({
        roomId: block.roomId,
        firstNight: block.from,
        endNight: block.to,
        units: block.units,
        reason: block.reason,
        createdBy: block.by,
      })
      .returning();
    if (!row) throw new Error('The block was not stored');
    return blockView(row);
  });
}

/**
 * Gives blocks' units back through the ledger's one release (announced as units freed) and
 * deletes them, in the caller's transaction.
 */
export async function releaseBlocks(
  tx: Tx,
  blocks: readonly {
    id: number;
    roomId: number;
    firstNight: string;
    endNight: string;
    units: number;
  }[],
): Promise<void> {
  if (blocks.length === 0) return;
  const demand = nightlyDemand(
    blocks.map((b) => ({
      roomId: b.roomId,
      checkIn: b.firstNight,
      checkOut: b.endNight,
      quantity: b.units,
    })),
  );
  const ids = blocks.map((b) => b.id);
  await releaseUnits(tx, demand, { cause: 'unblocked', blockIds: ids });
  await tx.execute(sql`delete from room_blocks where id = any(${`{${ids.join(',')}}`}::int[])`);
}

/** Lifts a staff block (an imported one goes with its event or its feed: 409). */
export async function deleteStaffBlock(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [block] = await tx.select().from(roomBlocks).where(eq(roomBlocks.id, id)).for('update');
    if (!block) throw notFound('Block');
    if (block.feedId !== null) throw new HttpError(409, CHANNEL_MESSAGES.channelBlock, 'id');
    await releaseBlocks(tx, [block]);
  });
}

// ── Feeds ────────────────────────────────────────────────────────────────────────────────────

/** Scheme and host of a feed's address: what is shown of it (the rest may carry its secret). */
export function urlHint(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}/…`;
  } catch {
    return '…';
  }
}

/** The room's feeds with their status: nights blocked from the hotel's today on, conflicts. */
export async function feedsOfRoom(
  db: Executor,
  roomId: number,
  today: string,
): Promise<ChannelFeed[]> {
  const result = await db.execute<{
    id: number;
    room_id: number;
    name: string;
    url: string;
    units_per_event: number;
    paused: boolean;
    last_attempt_at: Date | null;
    last_success_at: Date | null;
    last_error: string | null;
    events_read: number;
    nights_blocked: number;
    conflicts: number;
  }>(sql`
    select f.id, f.room_id, f.name, f.url, f.units_per_event, f.paused, f.last_attempt_at,
      f.last_success_at, f.last_error, f.events_read,
      (select count(distinct n)::int from room_blocks b,
         generate_series(greatest(b.first_night, ${today}::date), b.end_night - 1, interval '1 day') n
       where b.feed_id = f.id and b.end_night > ${today}::date) as nights_blocked,
      (select count(*)::int from channel_conflicts c where c.feed_id = f.id) as conflicts
    from channel_feeds f where f.room_id = ${roomId} order by f.id`);
  return result.rows.map((f) => ({
    id: f.id,
    roomId: f.room_id,
    name: f.name,
    urlHint: urlHint(f.url),
    unitsPerEvent: f.units_per_event,
    paused: f.paused,
    lastAttemptAt: f.last_attempt_at ? new Date(f.last_attempt_at).toISOString() : null,
    lastSuccessAt: f.last_success_at ? new Date(f.last_success_at).toISOString() : null,
    lastError: f.last_error,
    eventsRead: f.events_read,
    nightsBlocked: f.nights_blocked,
    conflicts: f.conflicts,
  }));
}

export async function createFeed(
  db: Executor,
  feed: { roomId: number; url: string; name: string; unitsPerEvent: number },
): Promise<number> {
  const [row] = await db.insert(channelFeeds).values(feed).returning({ id: channelFeeds.id });
  if (!row) throw new Error('The feed was not stored');
  return row.id;
}

export async function roomOfFeed(db: Executor, id: number): Promise<number> {
  const [row] = await db
    .select({ roomId: channelFeeds.roomId })
    .from(channelFeeds)
    .where(eq(channelFeeds.id, id));
  if (!row) throw notFound('Feed');
  return row.roomId;
}

export async function setFeedPaused(db: Executor, id: number, paused: boolean): Promise<void> {
  const rows = await db
    .update(channelFeeds)
    .set({ paused })
    .where(eq(channelFeeds.id, id))
    .returning({ id: channelFeeds.id });
  if (rows.length === 0) throw notFound('Feed');
}

/**
 * Removes a feed: its blocks' units given back through the ledger's release (units freed), then
 * its blocks, conflicts and row. A sync of it under way finds its lease gone and changes nothing.
 */
export async function deleteFeed(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [feed] = await tx
      .select()
      .from(channelFeeds)
      .where(eq(channelFeeds.id, id))
      .for('update');
    if (!feed) throw notFound('Feed');
    const blocks = await tx.select().from(roomBlocks).where(eq(roomBlocks.feedId, id));
    await releaseBlocks(tx, blocks);
    await tx.delete(channelFeeds).where(eq(channelFeeds.id, id));
  });
}

// ── Conflicts ────────────────────────────────────────────────────────────────────────────────

export async function conflictsOfRoom(db: Executor, roomId: number): Promise<ChannelConflict[]> {
  const rows = await db
    .select({ c: channelConflicts, feedName: channelFeeds.name })
    .from(channelConflicts)
    .innerJoin(channelFeeds, eq(channelFeeds.id, channelConflicts.feedId))
    .where(eq(channelConflicts.roomId, roomId))
    .orderBy(asc(channelConflicts.firstNight), asc(channelConflicts.id));
  return rows.map(({ c, feedName }) => ({
    id: c.id,
    feedId: c.feedId,
    feedName,
    summary: c.summary,
    from: c.firstNight,
    to: c.endNight,
    units: c.units,
    soldNight: c.soldNight,
    bookings: c.bookings,
    detectedAt: c.detectedAt.toISOString(),
  }));
}

/**
 * The open conflicts (every conflict stands until its event fits, moves or goes) by room, for
 * the staff dashboard: of hotel `hotelId`, or of every hotel when it is undefined. Rooms by the
 * earliest first night of their conflicts.
 */
export async function openConflictsByRoom(
  db: Executor,
  hotelId: number | undefined,
): Promise<ConflictRoom[]> {
  const ofHotel = hotelId === undefined ? sql`` : sql`where r.hotel_id = ${hotelId}`;
  const result = await db.execute<ConflictRoom>(sql`
    select r.id as "roomId", r.name as "roomName", h.id as "hotelId", h.name as "hotelName",
      count(*)::int as conflicts, min(c.first_night)::text as "firstNight"
    from channel_conflicts c
    join rooms r on r.id = c.room_id
    join hotels h on h.id = r.hotel_id
    ${ofHotel}
    group by r.id, h.id
    order by min(c.first_night), h.name, r.id`);
  return result.rows;
}

/** Feeds due for their scheduled sync: not paused, not synced for `minutes`, not leased. */
export async function dueFeeds(db: Executor, minutes: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: channelFeeds.id })
    .from(channelFeeds)
    .where(
      and(
        eq(channelFeeds.paused, false),
        sql`(${channelFeeds.lastAttemptAt} is null
          or ${channelFeeds.lastAttemptAt} < now() - make_interval(mins => ${minutes}))`,
        sql`(${channelFeeds.leaseUntil} is null or ${channelFeeds.leaseUntil} < now())`,
      ),
    )
    .orderBy(sql`${channelFeeds.lastAttemptAt} asc nulls first`)
    .limit(limit);
  return rows.map((r) => r.id);
}
