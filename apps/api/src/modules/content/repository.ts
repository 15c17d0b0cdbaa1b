import type { HotelPickerItem, ImageRefInput } from '@devstay/shared/contracts/content';
import { eventDateIssue, eventDateLimits } from '@devstay/shared/contracts/content';
import { CONTENT_MESSAGES, ERROR_MESSAGES } from '@devstay/shared/messages';
import { calendarDateIn } from '@devstay/shared/stay';
import { displayName, searchKey, searchWords } from '@devstay/shared/text';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor, Tx } from '../../db/client.ts';
import {
  events,
  hotelServices,
  hotels,
  type ImageRef,
  locations,
  roomRoomServices,
  roomServices,
  rooms,
} from '../../db/schema.ts';
import { announce } from '../../lib/announcements.ts';
import { badRequest, HttpError, notFound } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import type { CatalogueCache, CatalogueChange } from '../../plugins/catalogue-cache.ts';
import { busiestNight } from '../availability/ledger.ts';
import { deleteUnusedPictures, droppedPictures, resolveImageRefs } from '../images/references.ts';
import type { ImageStorage } from '../images/storage.ts';

// ── Writes: one create and one versioned modify for every kind (kinds.ts declares each) ────

/** The table of each kind of content: each row has an `id`, its pictures and a `version`. */
const TABLES = {
  hotel: hotels,
  room: rooms,
  event: events,
  hotelService: hotelServices,
  roomService: roomServices,
};
export type ContentKey = keyof typeof TABLES;

/** What every form sends: its pictures, as `POST /api/images` answered them. */
export interface SentRecord {
  image: ImageRefInput[];
}
/** A modify also names the record and the version it loaded. */
export interface SentModify extends SentRecord {
  id: number;
  version: number;
}

/** What a create or modify answers: the record as the modify forms load it, with its pictures. */
export interface EditableRecord {
  image: readonly ImageRef[];
}

/** The hotel a record of a hotel is written to, as the create or modify checked it. */
interface TargetHotel {
  id: number;
  timeZone: string;
}

/**
 * How a kind of content is stored. `Checked` is what its checks answer for its linked rows
 * (a room's service ids). A record of a hotel names its hotel (`hotelField` of the create,
 * `idHotel` of the modify, where the superAdmin may move it): the hotel must exist, and the
 * catalogue is told of every hotel a write touches.
 */
export type StoredKind<
  Key extends ContentKey,
  C extends SentRecord,
  M extends SentModify,
  E extends EditableRecord,
  Checked,
> = {
  /** Its table, and its name in messages ('hotelService': 'Hotel service not found'). */
  key: Key;
  /** Its columns from what a form sent (not its hotel, pictures or version). */
  values(
    body: C | M,
  ): Omit<(typeof TABLES)[Key]['$inferInsert'], 'id' | 'hotelId' | 'image' | 'version'>;
  /**
   * Locks a write takes before any other (`id`: a modify's): one that can change what nights
   * cost locks the rooms priced from it (rates/price-locks.ts).
   */
  lockFirst?(tx: Tx, body: C | M, id?: number): Promise<void>;
  /** Rows it links to once written (a room's services). */
  link?(tx: Tx, id: number, checked: Checked): Promise<void>;
  /** The record as the modify forms load it. */
  read(db: Executor, id: number): Promise<E | undefined>;
  /** 409 message of a name the table holds already (a unique column). */
  nameTaken?: string;
} & (
  | {
      hotelField: 'id' | 'idHotel';
      /** Rules of what was sent, before its pictures are resolved (`id` on a modify). */
      check?(
        tx: Tx,
        body: C | M,
        at: { id?: number; hotel: TargetHotel; now: Date },
      ): Promise<Checked>;
      invalidates(id: number, hotel: number): CatalogueChange;
    }
  | {
      hotelField?: undefined;
      check?(tx: Tx, body: C | M, at: { id?: number; now: Date }): Promise<Checked>;
      invalidates(id: number): CatalogueChange;
    }
);

/** What a write needs of the application: its database, read cache, picture storage and log. */
export interface ContentStore {
  db: Db;
  catalogue: Pick<CatalogueCache, 'invalidate'>;
  imageStorage: ImageStorage;
  log: FastifyBaseLogger;
  /** The app's clock: a stock's coming nights and an event's dates start at the hotel's today. */
  clock: () => Date;
}

/**
 * Creates a record: its hotel (when it has one) and its kind's rules checked, its pictures
 * resolved, the row and its links inserted and the catalogue told, in one transaction.
 * Answers the record as the modify forms load it.
 */
export async function createRecord<
  Key extends ContentKey,
  C extends SentRecord,
  M extends SentModify,
  E extends EditableRecord,
  K,
>(store: ContentStore, kind: StoredKind<Key, C, M, E, K>, body: C): Promise<E> {
  const t = TABLES[kind.key] as typeof rooms;
  const id = await store.db
    .transaction(async (tx) => {
      await kind.lockFirst?.(tx, body);
      const { hotel, checked } = await checkSent(tx, kind, body, store.clock());
      const image = await resolveImageRefs(tx, body.image);
      const values = { ...kind.values(body), ...(hotel && { hotelId: hotel.id }), image };
      const [row] = await tx
        .insert(t)
        .values(values as typeof rooms.$inferInsert)
        .returning({ id: t.id });
      if (!row) throw new Error(`${displayName(kind.key)} not inserted`);
      await kind.link?.(tx, row.id, checked);
      await invalidate(store, tx, kind, row.id, hotel ? [hotel.id] : []);
      return row.id;
    })
    .catch((error: unknown) => nameTaken(kind, error));
  const record = await kind.read(store.db, id);
  if (!record) throw new Error(`${displayName(kind.key)} ${id} not found once written`);
  return record;
}

/**
 * Modifies a record over the version it loaded: its row locked (404 when there is none, 409
 * when the version moved on), its hotel and rules checked as for a create, then one
 * `UPDATE … WHERE id = $1 AND version = $2` raising the version; the catalogue is told of the
 * hotel it was in and the one it is in now. After the commit, pictures it dropped go when no
 * content references them. Answers the record as read back.
 */
export async function modifyRecord<
  Key extends ContentKey,
  C extends SentRecord,
  M extends SentModify,
  E extends EditableRecord,
  K,
>(store: ContentStore, kind: StoredKind<Key, C, M, E, K>, body: M): Promise<E> {
  const before = await store.db
    .transaction(async (tx) => {
      await kind.lockFirst?.(tx, body, body.id);
      const stored = await lockForModify(tx, kind.key, body.id, body.version);
      const { hotel, checked } = await checkSent(tx, kind, body, store.clock(), body.id);
      const image = await resolveImageRefs(tx, body.image, stored.image);
      await updateVersioned(tx, kind.key, body, {
        ...kind.values(body),
        ...(hotel && { hotelId: hotel.id }),
        image,
      });
      await kind.link?.(tx, body.id, checked);
      const touched = hotel ? [...new Set([hotel.id, stored.hotelId ?? hotel.id])] : [];
      await invalidate(store, tx, kind, body.id, touched);
      return stored.image;
    })
    .catch((error: unknown) => nameTaken(kind, error));
  const record = await kind.read(store.db, body.id);
  if (!record) throw notFound(displayName(kind.key, 'start'));
  await forgetDroppedPictures(store, before, record.image);
  return record;
}

/**
 * What a write checks before its pictures: the hotel it names, when its kind has one (400
 * naming the field when there is no such hotel), then its kind's rules, at `now` (the app's
 * clock). `id`: a modify's.
 */
async function checkSent<Key extends ContentKey, C extends SentRecord, M extends SentModify, K>(
  tx: Tx,
  kind: StoredKind<Key, C, M, EditableRecord, K>,
  body: C | M,
  now: Date,
  id?: number,
): Promise<{ hotel?: TargetHotel; checked: K }> {
  if (kind.hotelField === undefined) {
    return { checked: (await kind.check?.(tx, body, { id, now })) as K };
  }
  // A create names the hotel in its kind's field; a modify in idHotel.
  const field = id === undefined ? kind.hotelField : 'idHotel';
  const hotelId = (body as unknown as Record<typeof field, number>)[field];
  const { timeZone } = await requireHotel(tx, hotelId, field);
  const hotel = { id: hotelId, timeZone };
  return { hotel, checked: (await kind.check?.(tx, body, { id, hotel, now })) as K };
}

/** Tells the catalogue read cache, in the writer's transaction, of each hotel a write touched. */
async function invalidate(
  store: ContentStore,
  tx: Tx,
  kind:
    | { hotelField: 'id' | 'idHotel'; invalidates(id: number, hotel: number): CatalogueChange }
    | { hotelField?: undefined; invalidates(id: number): CatalogueChange },
  id: number,
  hotels: readonly number[],
) {
  if (kind.hotelField === undefined) return store.catalogue.invalidate(kind.invalidates(id), tx);
  for (const hotel of hotels) await store.catalogue.invalidate(kind.invalidates(id, hotel), tx);
}

/**
 * Locks the record's row for the rest of the modify and reads what it compares: its pictures
 * and its hotel (null for kinds of no hotel). 404 when there is no such record, 409 when the
 * version it loaded is not the stored one.
 */
async function lockForModify(
  tx: Tx,
  key: ContentKey,
  id: number,
  version: number,
): Promise<{ image: ImageRef[]; hotelId: number | null }> {
  // One statement for every table: their id, image, version (and hotel_id) columns are alike.
  const t = TABLES[key] as typeof rooms;
  const [row] = await tx
    .select({ image: t.image, version: t.version, ...('hotelId' in t && { hotelId: t.hotelId }) })
    .from(t)
    .where(eq(t.id, id))
    .for('update');
  if (!row) throw new HttpError(404, ERROR_MESSAGES.notFound(displayName(key, 'start')), 'id');
  if (row.version !== version) throw staleVersion(key);
  return { image: row.image, hotelId: row.hotelId ?? null };
}

/**
 * Applies a modify only over the version it loaded: `UPDATE … WHERE id = $1 AND version = $2`
 * raising the version (and `updated_at` where the table keeps one). The row is locked, so no
 * row means someone saved first → 409.
 */
async function updateVersioned(
  tx: Tx,
  key: ContentKey,
  body: SentModify,
  values: object,
): Promise<void> {
  const t = TABLES[key] as typeof rooms;
  const [row] = await tx
    .update(t)
    .set({
      ...values,
      ...('updatedAt' in t && { updatedAt: new Date() }),
      version: sql`${t.version} + 1`,
    })
    .where(and(eq(t.id, body.id), eq(t.version, body.version)))
    .returning({ version: t.version });
  if (!row) throw staleVersion(key);
}

/** 409: a modify whose version someone else has already replaced. */
function staleVersion(key: ContentKey): HttpError {
  return new HttpError(409, CONTENT_MESSAGES.staleVersion(displayName(key)), 'version', 'CONFLICT');
}

/** A second record of a name its table keeps unique → 409 naming the field; else rethrown. */
function nameTaken(kind: { nameTaken?: string }, error: unknown): never {
  const code = (error as { cause?: { code?: string }; code?: string }).cause?.code;
  const unique = code === '23505' || (error as { code?: string }).code === '23505';
  if (unique && kind.nameTaken) throw new HttpError(409, kind.nameTaken, 'name', 'CONFLICT');
  throw error;
}

/** After a commit: the pictures a modify dropped go when no content references them. */
async function forgetDroppedPictures(
  store: ContentStore,
  before: readonly ImageRef[],
  after: readonly ImageRef[],
) {
  const dropped = droppedPictures(before, after);
  if (dropped.length === 0) return;
  await deleteUnusedPictures(store.db, store.imageStorage, dropped).catch((error: unknown) => {
    store.log.warn({ err: error, dropped }, 'unused pictures not deleted');
  });
}

/**
 * A change of a room's stock, checked and announced in the modify's transaction, at `now` (the
 * app's clock). Lowering it stops at its busiest coming night's units taken (409 naming the
 * night): the room row is locked (lockForModify), and checkouts share-lock it before taking
 * units, so none is under way and none starts until this commits. Raising it frees units on
 * every coming night (`unitsFreed`, delivered once the modify, stock written, has committed).
 * Nights before the room's hotel's today (in its time zone) are past.
 */
export async function changeStock(tx: Tx, roomId: number, stock: number, now: Date) {
  const [stored] = await tx
    .select({ stock: rooms.stock, timeZone: hotels.timeZone })
    .from(rooms)
    .innerJoin(hotels, eq(hotels.id, rooms.hotelId))
    .where(eq(rooms.id, roomId));
  if (!stored || stock === stored.stock) return;
  const today = calendarDateIn(stored.timeZone, now);
  if (stock > stored.stock) {
    await announce(tx, 'unitsFreed', {
      cause: 'stockRaised',
      roomId,
      from: today,
      units: stock - stored.stock,
    });
    return;
  }
  const busiest = await busiestNight(tx, roomId, today);
  if (busiest && busiest.taken > stock) {
    throw new HttpError(
      409,
      CONTENT_MESSAGES.stockBelowBooked(busiest.taken, busiest.night),
      'stock',
      'CONFLICT',
    );
  }
}

/** A room's services become exactly `serviceIds`. */
export async function setRoomServices(tx: Tx, roomId: number, serviceIds: readonly number[]) {
  await tx.delete(roomRoomServices).where(eq(roomRoomServices.roomId, roomId));
  await tx
    .insert(roomRoomServices)
    .values(serviceIds.map((roomServiceId) => ({ roomId, roomServiceId })));
}

// ── Checks of references ────────────────────────────────────────────────────────────────────

/** The hotel a record names exists (400 naming `field` otherwise); answers its time zone. */
export async function requireHotel(
  db: Executor,
  id: number,
  field: string,
): Promise<{ timeZone: string }> {
  const [row] = await db
    .select({ timeZone: hotels.timeZone })
    .from(hotels)
    .where(eq(hotels.id, id));
  if (!row) throw badRequest(CONTENT_MESSAGES.hotelMissing, field);
  return row;
}

/**
 * An event's date runs from its hotel's today at `now` (the calendar date in the hotel's time
 * zone, whatever the server's) to the rolling horizon: 400 naming `date` otherwise, with the form's
 * own messages.
 */
export function requireEventDate(date: string, timeZone: string, now: Date): void {
  const issue = eventDateIssue(date, eventDateLimits(timeZone, now.getTime()));
  if (issue) throw badRequest(issue, 'date');
}

export async function requireLocation(db: Executor, id: number): Promise<void> {
  const [row] = await db.select({ id: locations.id }).from(locations).where(eq(locations.id, id));
  if (!row) throw badRequest(CONTENT_MESSAGES.locationMissing, 'idLocation');
}

/**
 * Room service ids of the names a room form sent, matched ignoring case and accents; an unknown
 * name → 400 `services.N`.
 */
export async function roomServiceIds(db: Executor, names: readonly string[]): Promise<number[]> {
  const keys = names.map(searchKey);
  const rows = await db
    .select({ id: roomServices.id, nameKey: roomServices.nameKey })
    .from(roomServices)
    .where(inArray(roomServices.nameKey, keys));
  const byKey = new Map(rows.map((r) => [r.nameKey, r.id]));
  return names.map((name, i) => {
    const id = byKey.get(keys[i] as string);
    if (id === undefined) throw badRequest(CONTENT_MESSAGES.serviceUnknown(name), `services.${i}`);
    return id;
  });
}

/**
 * The hotels a modify of a record of a hotel touches (the guard's hotel rule): the record's own
 * (404 when there is no such record) and the one it is sent to.
 */
export async function storedAndSentHotels(
  db: Executor,
  key: 'room' | 'event' | 'hotelService',
  body: { id: number; idHotel: number },
): Promise<number[]> {
  const t = TABLES[key] as typeof rooms;
  const [row] = await db.select({ hotelId: t.hotelId }).from(t).where(eq(t.id, body.id));
  if (!row) throw notFound(displayName(key, 'start'));
  return [row.hotelId, body.idHotel];
}

// ── The superAdmin's hotel picker ─────────────────────────────────────────────────────────

/**
 * Hotels whose name, city, department or state hold every word of `q` (searchWords: ignoring
 * case and accents), by name, at most `limit`: one trigram-indexed `search_key LIKE` per word,
 * as the hotel list's search box matches, ordered by the (name_key, id) index and cut at `limit`.
 */
export async function searchHotelPicker(
  db: Db,
  q: string | undefined,
  limit: number,
  onlyHotel?: number,
): Promise<HotelPickerItem[]> {
  const result = await db.execute<HotelPickerItem>(hotelPickerStatement(q, limit, onlyHotel));
  return result.rows;
}

/**
 * The picker's SQL statement (the benchmark explains it).
 * @internal
 */
export function hotelPickerStatement(
  q: string | undefined,
  limit: number,
  onlyHotel?: number,
): SQL {
  const conditions = [];
  if (onlyHotel !== undefined) conditions.push(sql`h.id = ${onlyHotel}`);
  for (const word of searchWords(q ?? '')) {
    conditions.push(sql`h.search_key like ${containsPattern(word)}`);
  }
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  return sql`
    select h.id, h.name, l.state, l.department, l.city
    from hotels h join locations l on l.id = h.location_id
    ${where}
    order by h.name_key, h.id
    limit ${limit}`;
}
