import type { RateCreateBody, RateModifyBody, RateRule } from '@devstay/shared/contracts/rates';
import { CONTENT_MESSAGES, RATE_MESSAGES } from '@devstay/shared/messages';
import { type RateKind, WEEKDAY_NAMES } from '@devstay/shared/rates';
import { centsToPrice, priceToCents } from '@devstay/shared/text';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { roomRates, rooms } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import type { CatalogueCache } from '../../plugins/catalogue-cache.ts';
import { pricedNights, roomsForSale } from '../availability/quote.ts';
import { lockRoomPrices } from './price-locks.ts';

/**
 * A room's rate rules, stored and checked. Every write locks the room's row first
 * (lockRoomPrices): rules of one room are checked for overlaps one write at a time, and a
 * checkout or a payment pricing the room is never priced from rules changing under it.
 */

interface RateStore {
  db: Db;
  catalogue: Pick<CatalogueCache, 'invalidate'>;
}

type RateRow = typeof roomRates.$inferSelect;

function toRateRule(row: RateRow): RateRule {
  const base = {
    id: row.id,
    roomId: row.roomId,
    kind: row.kind as RateKind,
    price: centsToPrice(row.priceCents),
    version: row.version,
  };
  return row.kind === 'season'
    ? { ...base, from: row.firstNight ?? undefined, to: row.lastNight ?? undefined }
    : { ...base, weekdays: row.weekdays ?? [] };
}

/** The hotel of room `id` (the access rule of its rates), or 404. */
export async function hotelOfRoom(db: Executor, id: number): Promise<number> {
  const [row] = await db.select({ hotelId: rooms.hotelId }).from(rooms).where(eq(rooms.id, id));
  if (!row) throw notFound('Room');
  return row.hotelId;
}

/** The hotel of rate `id`'s room (the access rule of a rate), or 404. */
export async function hotelOfRate(db: Executor, id: number): Promise<number> {
  const [row] = await db
    .select({ hotelId: rooms.hotelId })
    .from(roomRates)
    .innerJoin(rooms, eq(rooms.id, roomRates.roomId))
    .where(eq(roomRates.id, id));
  if (!row) throw new HttpError(404, RATE_MESSAGES.rateMissing);
  return row.hotelId;
}

/** A room's rules: seasons by first night, then weekday rules, each by id. */
export async function ratesOfRoom(db: Executor, roomId: number): Promise<RateRule[]> {
  await hotelOfRoom(db, roomId);
  const rows = await db
    .select()
    .from(roomRates)
    .where(eq(roomRates.roomId, roomId))
    .orderBy(asc(roomRates.kind), asc(roomRates.firstNight), asc(roomRates.id));
  return rows.map(toRateRule);
}

/** The stored columns of a rule. */
function values(body: RateCreateBody) {
  return body.kind === 'season'
    ? { kind: body.kind, firstNight: body.from, lastNight: body.to, weekdays: null }
    : { kind: body.kind, firstNight: null, lastNight: null, weekdays: body.weekdays };
}

/** No two rules of one kind of a room overlap: 400 naming the field, and the rule it meets. */
async function requireNoOverlap(
  tx: Tx,
  roomId: number,
  body: RateCreateBody,
  except?: number,
): Promise<void> {
  const others = await tx
    .select()
    .from(roomRates)
    .where(
      and(
        eq(roomRates.roomId, roomId),
        eq(roomRates.kind, body.kind),
        except === undefined ? undefined : ne(roomRates.id, except),
      ),
    )
    .orderBy(asc(roomRates.firstNight), asc(roomRates.id));
  for (const other of others) {
    if (body.kind === 'season') {
      const from = other.firstNight as string;
      const to = other.lastNight as string;
      if (from <= body.to && to >= body.from) {
        throw new HttpError(400, RATE_MESSAGES.seasonOverlaps(from, to), 'from');
      }
    } else {
      const shared = body.weekdays.find((day) => other.weekdays?.includes(day));
      if (shared !== undefined) {
        throw new HttpError(
          400,
          RATE_MESSAGES.weekdaysOverlap(WEEKDAY_NAMES[shared] as string),
          'weekdays',
        );
      }
    }
  }
}

export async function createRate(
  store: RateStore,
  roomId: number,
  body: RateCreateBody,
): Promise<RateRule> {
  return store.db.transaction(async (tx) => {
    const hotelId = await lockRoomPrices(tx, roomId);
    await requireNoOverlap(tx, roomId, body);
    const [row] = await tx
      .insert(roomRates)
      .values({ roomId, ...values(body), priceCents: priceToCents(body.price) })
      .returning();
    if (!row) throw new Error('The rate was not stored');
    await store.catalogue.invalidate({ room: roomId, hotel: hotelId }, tx);
    return toRateRule(row);
  });
}

/**
 * A versioned write of rule `id` that matched no row (its room locked: no other write is under
 * way): 409 when the rule is there at another version, 404 when it is gone.
 */
async function missingOrStale(tx: Tx, id: number): Promise<never> {
  const [still] = await tx.select({ id: roomRates.id }).from(roomRates).where(eq(roomRates.id, id));
  throw still
    ? new HttpError(409, CONTENT_MESSAGES.staleVersion('rate'), 'version', 'CONFLICT')
    : new HttpError(404, RATE_MESSAGES.rateMissing);
}

/** Replaces rule `id` over the version it was loaded at (409 when someone saved in between). */
export async function modifyRate(
  store: RateStore,
  id: number,
  body: RateModifyBody,
): Promise<RateRule> {
  return store.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ roomId: roomRates.roomId })
      .from(roomRates)
      .where(eq(roomRates.id, id));
    if (!found) throw new HttpError(404, RATE_MESSAGES.rateMissing);
    const hotelId = await lockRoomPrices(tx, found.roomId);
    await requireNoOverlap(tx, found.roomId, body, id);
    const [row] = await tx
      .update(roomRates)
      .set({
        ...values(body),
        priceCents: priceToCents(body.price),
        version: sql`${roomRates.version} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(roomRates.id, id), eq(roomRates.version, body.version)))
      .returning();
    if (!row) return missingOrStale(tx, id);
    await store.catalogue.invalidate({ room: found.roomId, hotel: hotelId }, tx);
    return toRateRule(row);
  });
}

/** Removes rule `id` at the version it was loaded at (409 when someone saved in between). */
export async function deleteRate(store: RateStore, id: number, version: number): Promise<void> {
  await store.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ roomId: roomRates.roomId })
      .from(roomRates)
      .where(eq(roomRates.id, id));
    if (!found) throw new HttpError(404, RATE_MESSAGES.rateMissing);
    const hotelId = await lockRoomPrices(tx, found.roomId);
    const [gone] = await tx
      .delete(roomRates)
      .where(and(eq(roomRates.id, id), eq(roomRates.version, version)))
      .returning({ id: roomRates.id });
    if (!gone) return missingOrStale(tx, id);
    await store.catalogue.invalidate({ room: found.roomId, hotel: hotelId }, tx);
  });
}

/** Each night of [from, to) of room `roomId` with its price in dollars, or 404. */
export async function pricesOfRoom(
  db: Executor,
  roomId: number,
  from: string,
  to: string,
): Promise<{ date: string; price: number }[]> {
  const room = (await roomsForSale(db, [roomId], from, to)).get(roomId);
  if (!room) throw notFound('Room');
  return pricedNights(room, from, to).map((n) => ({
    date: n.date,
    price: centsToPrice(n.cents),
  }));
}
