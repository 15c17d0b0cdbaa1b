import type { RoomCategory, RoomName } from '@devstay/shared/constants';
import type {
  EditableEvent,
  EditableHotel,
  EditableHotelService,
  EditableRoom,
  EditableRoomService,
} from '@devstay/shared/contracts/content';
import { centsToPrice, compareText } from '@devstay/shared/text';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  events,
  hotelServices,
  hotels,
  locations,
  roomRoomServices,
  roomServices,
  rooms,
} from '../../db/schema.ts';
import { toImageItem } from '../images/image-item.ts';

/**
 * Records as the admin's modify forms load them, each with its `version` for the modify that
 * follows: one by id (also what a create or modify answers) or a hotel's, sorted by name.
 */

/** Lists of the modify pickers: by name ignoring accents and case, then id. */
const byName = <T extends { name: string; id: number }>(a: T, b: T) =>
  compareText(a.name, b.name) || a.id - b.id;

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
    freeCancellationDays: h.freeCancellationDays,
    eventNightPremiumPercent: h.eventNightPremiumPercent,
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
    // The database constrains both to the product's lists.
    name: r.name as RoomName,
    image: r.image.map(toImageItem),
    price: centsToPrice(r.priceCents),
    description: r.description,
    category: r.category as RoomCategory,
    services,
    stock: r.stock,
    capacity: r.capacity,
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
