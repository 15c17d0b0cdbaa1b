import type { RoomCategory, RoomName } from '@devstay/shared/constants';
import type {
  EditableEvent,
  EditableHotel,
  EditableHotelService,
  EditableRoom,
  EditableRoomService,
  HotelPickerItem,
} from '@devstay/shared/contracts/content';
import { eventDateIssue, eventDateLimits } from '@devstay/shared/contracts/content';
import { CONTENT_MESSAGES } from '@devstay/shared/messages';
import { centsToPrice, compareText, searchKey } from '@devstay/shared/text';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import {
  events,
  hotelServices,
  hotels,
  locations,
  roomRoomServices,
  roomServices,
  rooms,
} from '../../db/schema.ts';
import { badRequest, HttpError } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { toImageItem } from '../images/image-item.ts';

/** Lists of the modify pickers: by name ignoring accents and case, then id. */
const byName = <T extends { name: string; id: number }>(a: T, b: T) =>
  compareText(a.name, b.name) || a.id - b.id;

/** 409: a modify whose version someone else has already replaced. */
export function staleVersion(what: string): HttpError {
  return new HttpError(409, CONTENT_MESSAGES.staleVersion(what), 'version', 'CONFLICT');
}

/**
 * Applies a modify only over the version it loaded: `UPDATE … WHERE id = $1 AND version = $2`
 * raising the version. No row → 404 when the record is gone, 409 when someone saved first.
 */
export async function updateVersioned<
  T extends
    | typeof hotels
    | typeof rooms
    | typeof events
    | typeof hotelServices
    | typeof roomServices,
>(
  tx: Tx,
  table: T,
  what: string,
  id: number,
  version: number,
  values: Partial<T['$inferInsert']>,
): Promise<number> {
  const t = table as typeof rooms;
  const [row] = await tx
    .update(t)
    .set({ ...(values as object), version: sql`${t.version} + 1` })
    .where(and(eq(t.id, id), eq(t.version, version)))
    .returning({ version: t.version });
  if (row) return row.version;
  const [found] = await tx.select({ id: t.id }).from(t).where(eq(t.id, id));
  if (!found) throw new HttpError(404, `${capitalised(what)} not found`, 'id');
  throw staleVersion(what);
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

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
 * An event's date runs from its hotel's today (the calendar date in the hotel's time zone,
 * whatever the server's) to the rolling horizon: 400 naming `date` otherwise, with the form's
 * own messages.
 */
export function requireEventDate(date: string, timeZone: string, now = new Date()): void {
  const issue = eventDateIssue(date, eventDateLimits(timeZone, now.getTime()));
  if (issue) throw badRequest(issue, 'date');
}

export async function requireLocation(db: Executor, id: number): Promise<void> {
  const [row] = await db.select({ id: locations.id }).from(locations).where(eq(locations.id, id));
  if (!row) throw badRequest(CONTENT_MESSAGES.locationMissing, 'idLocation');
}

/** Room service ids of the names a room form sent; an unknown name → 400 `services.N`. */
export async function roomServiceIds(db: Executor, names: readonly string[]): Promise<number[]> {
  const rows = await db
    .select({ id: roomServices.id, name: roomServices.name })
    .from(roomServices)
    .where(inArray(roomServices.name, [...names]));
  const byLowerName = new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
  return names.map((name, i) => {
    const id = byLowerName.get(name);
    if (id === undefined) throw badRequest(CONTENT_MESSAGES.serviceUnknown(name), `services.${i}`);
    return id;
  });
}

/** Which hotel a record belongs to (the guard's hotel rule); null when there is no such record. */
export async function hotelOf(
  db: Executor,
  table: typeof rooms | typeof events | typeof hotelServices,
  id: number,
): Promise<number | null> {
  const t = table as typeof rooms;
  const [row] = await db.select({ hotelId: t.hotelId }).from(t).where(eq(t.id, id));
  return row?.hotelId ?? null;
}

// ── Editable records (what the modify forms load) ─────────────────────────────────────────

export async function editableHotel(db: Executor, id: number): Promise<EditableHotel | undefined> {
  const [row] = await db
    .select({
      hotel: hotels,
      state: locations.state,
      department: locations.department,
      city: locations.city,
    })
    .from(hotels)
    .innerJoin(locations, eq(locations.id, hotels.locationId))
    .where(eq(hotels.id, id));
  if (!row) return undefined;
  const h = row.hotel;
  return {
    id: h.id,
    name: h.name,
    image: h.image.map(toImageItem),
    qualification: h.qualification,
    description: h.description,
    address: h.address,
    idLocation: h.locationId,
    state: row.state,
    department: row.department,
    city: row.city,
    timeZone: h.timeZone,
    version: h.version,
  };
}

async function servicesByRoom(db: Executor, roomIds: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (roomIds.length === 0) return map;
  const rows = await db
    .select({ roomId: roomRoomServices.roomId, name: roomServices.name })
    .from(roomRoomServices)
    .innerJoin(roomServices, eq(roomServices.id, roomRoomServices.roomServiceId))
    .where(inArray(roomRoomServices.roomId, roomIds));
  for (const r of rows) map.set(r.roomId, [...(map.get(r.roomId) ?? []), r.name]);
  for (const names of map.values()) names.sort(compareText);
  return map;
}

function toEditableRoom(r: typeof rooms.$inferSelect, services: string[]): EditableRoom {
  return {
    id: r.id,
    idHotel: r.hotelId,
    // The database constrains both to the spec's lists.
    name: r.name as RoomName,
    image: r.image.map(toImageItem),
    price: centsToPrice(r.priceCents),
    description: r.description,
    category: r.category as RoomCategory,
    services,
    stock: r.stock,
    version: r.version,
  };
}

export async function editableRooms(db: Executor, hotelId: number): Promise<EditableRoom[]> {
  const rows = await db.select().from(rooms).where(eq(rooms.hotelId, hotelId));
  const services = await servicesByRoom(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toEditableRoom(r, services.get(r.id) ?? [])).sort(byName);
}

export async function editableRoom(db: Executor, id: number): Promise<EditableRoom | undefined> {
  const [row] = await db.select().from(rooms).where(eq(rooms.id, id));
  if (!row) return undefined;
  const services = await servicesByRoom(db, [id]);
  return toEditableRoom(row, services.get(id) ?? []);
}

function toEditableEvent(e: typeof events.$inferSelect): EditableEvent {
  return {
    id: e.id,
    idHotel: e.hotelId,
    name: e.name,
    date: e.date,
    // PostgreSQL answers 'HH:mm:ss'; the form edits minutes.
    time: e.time.slice(0, 5),
    image: e.image.map(toImageItem),
    description: e.description,
    version: e.version,
  };
}

export async function editableEvents(db: Executor, hotelId: number): Promise<EditableEvent[]> {
  const rows = await db.select().from(events).where(eq(events.hotelId, hotelId));
  return rows.map(toEditableEvent).sort(byName);
}

export async function editableEvent(db: Executor, id: number): Promise<EditableEvent | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, id));
  return row && toEditableEvent(row);
}

function toEditableHotelService(s: typeof hotelServices.$inferSelect): EditableHotelService {
  return {
    id: s.id,
    idHotel: s.hotelId,
    name: s.name,
    image: s.image.map(toImageItem),
    description: s.description,
    version: s.version,
  };
}

export async function editableHotelServices(
  db: Executor,
  hotelId: number,
): Promise<EditableHotelService[]> {
  const rows = await db.select().from(hotelServices).where(eq(hotelServices.hotelId, hotelId));
  return rows.map(toEditableHotelService).sort(byName);
}

export async function editableHotelService(
  db: Executor,
  id: number,
): Promise<EditableHotelService | undefined> {
  const [row] = await db.select().from(hotelServices).where(eq(hotelServices.id, id));
  return row && toEditableHotelService(row);
}

function toEditableRoomService(s: typeof roomServices.$inferSelect): EditableRoomService {
  return { id: s.id, name: s.name, image: s.image.map(toImageItem), version: s.version };
}

export async function editableRoomServices(db: Executor): Promise<EditableRoomService[]> {
  const rows = await db.select().from(roomServices);
  return rows.map(toEditableRoomService).sort(byName);
}

export async function editableRoomService(
  db: Executor,
  id: number,
): Promise<EditableRoomService | undefined> {
  const [row] = await db.select().from(roomServices).where(eq(roomServices.id, id));
  return row && toEditableRoomService(row);
}

// ── The superAdmin's hotel picker ─────────────────────────────────────────────────────────

/**
 * Hotels whose name, city, department or state hold every word of `q` (ignoring case and
 * accents), by name, at most `limit`. Locations are few (hundreds): the words are matched
 * against them in memory, so the hotel query is one trigram-indexed `name_key LIKE` or a
 * location-id list per word, ordered by the (name_key, id) index and cut at `limit`.
 */
export async function searchHotelPicker(
  db: Db,
  q: string | undefined,
  limit: number,
  onlyHotel?: number,
): Promise<HotelPickerItem[]> {
  const result = await db.execute<HotelPickerItem>(
    await hotelPickerStatement(db, q, limit, onlyHotel),
  );
  return result.rows;
}

/** The picker's SQL statement (the benchmark explains it). */
export async function hotelPickerStatement(
  db: Db,
  q: string | undefined,
  limit: number,
  onlyHotel?: number,
): Promise<SQL> {
  const words = searchKey(q ?? '')
    .split(' ')
    .filter(Boolean)
    .slice(0, 5);
  const conditions = [];
  if (onlyHotel !== undefined) conditions.push(sql`h.id = ${onlyHotel}`);
  if (words.length > 0) {
    const places = await db
      .select({
        id: locations.id,
        state: locations.state,
        department: locations.department,
        city: locations.city,
      })
      .from(locations);
    const keyed = places.map((p) => ({
      id: p.id,
      key: searchKey(`${p.city} ${p.department} ${p.state}`),
    }));
    for (const word of words) {
      const ids = keyed.filter((p) => p.key.includes(word)).map((p) => p.id);
      const inPlaces =
        ids.length > 0 ? sql` or h.location_id = any(${`{${ids.join(',')}}`}::int[])` : sql``;
      conditions.push(sql`(h.name_key like ${containsPattern(word)}${inPlaces})`);
    }
  }
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  return sql`
    select h.id, h.name, l.state, l.department, l.city
    from hotels h join locations l on l.id = h.location_id
    ${where}
    order by h.name_key, h.id
    limit ${limit}`;
}
