import type { RoomCategory, RoomName } from '@devstay/shared/constants';
import type { RoomDetail, RoomSummary } from '@devstay/shared/contracts/catalogue';
import { centsToPrice } from '@devstay/shared/text';
import { asc, eq, getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { hotels, type ImageRef, roomRoomServices, roomServices, rooms } from '../../db/schema.ts';
import { toImageItem } from '../images/image-item.ts';

type RoomRow = {
  id: number;
  hotelId: number;
  name: string;
  image: ImageRef[];
  priceCents: number;
  description: string;
  category: string;
  stock: number;
  capacity: number;
  /** The lowest nightly price of its rates (ROOM_WITH_FROM_PRICE), in cents. */
  fromCents: number;
};

/**
 * A room's lowest nightly price, as an SQL expression on a room `r` (its `id` and `price_cents`):
 * the base, or a cheaper weekday rule or season not yet over (event-night premiums only raise a
 * price), by the database's date. The rule is the database's function `devstay_room_from`
 * (migration 0022), whose least over a hotel's rooms its card shows (hotels.fromCents).
 */
function roomFromCentsSql(r: string): string {
  return `(select c.cents from devstay_room_from(${r}.id, ${r}.price_cents) c)`;
}

/** A room's columns and its lowest nightly price (roomFromCentsSql). */
export const ROOM_WITH_FROM_PRICE = {
  ...getTableColumns(rooms),
  // The room's columns by their table's name: in a one-table select Drizzle writes a column bare,
  // and a bare "id" inside the subquery would be the rate's own.
  fromCents: sql<number>`${sql.raw(roomFromCentsSql(`"${getTableName(rooms)}"`))}`.mapWith(Number),
};

/** A room as lists show it; the nightly price in dollars (stored in cents). */
export function toRoomSummary(row: RoomRow): RoomSummary {
  return {
    id: row.id,
    // The database constrains both to the product's lists.
    name: row.name as RoomName,
    image: row.image.map(toImageItem),
    price: centsToPrice(row.priceCents),
    fromPrice: centsToPrice(row.fromCents),
    description: row.description,
    category: row.category as RoomCategory,
    stock: row.stock,
    capacity: row.capacity,
    idHotel: row.hotelId,
  };
}

/** The rooms of a hotel, cheapest first. */
export async function roomsOfHotel(db: Db, hotelId: number): Promise<RoomSummary[]> {
  const rows = await db
    .select(ROOM_WITH_FROM_PRICE)
    .from(rooms)
    .where(eq(rooms.hotelId, hotelId))
    .orderBy(asc(rooms.priceCents), asc(rooms.id));
  return rows.map(toRoomSummary);
}

/** Room detail: the summary, its services (names and full items) and its hotel. */
export async function findRoomDetail(db: Db, id: number): Promise<RoomDetail | undefined> {
  const [roomRows, serviceRows] = await Promise.all([
    db
      .select({
        room: ROOM_WITH_FROM_PRICE,
        hotel: {
          id: hotels.id,
          name: hotels.name,
          address: hotels.address,
          timeZone: hotels.timeZone,
        },
      })
      .from(rooms)
      .innerJoin(hotels, eq(hotels.id, rooms.hotelId))
      .where(eq(rooms.id, id)),
    db
      .select({ id: roomServices.id, name: roomServices.name, image: roomServices.image })
      .from(roomRoomServices)
      .innerJoin(roomServices, eq(roomServices.id, roomRoomServices.roomServiceId))
      .where(eq(roomRoomServices.roomId, id))
      .orderBy(asc(roomServices.nameKey), asc(roomServices.id)),
  ]);
  const found = roomRows[0];
  if (!found) return undefined;
  return {
    ...toRoomSummary(found.room),
    services: serviceRows.map((s) => s.name),
    ServicesRooms: serviceRows.map((s) => ({ ...s, image: s.image.map(toImageItem) })),
    Hotels: found.hotel,
  };
}
