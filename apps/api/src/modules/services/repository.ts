import type { HotelService, RoomService } from '@devstay/shared/contracts/catalogue';
import { compareText } from '@devstay/shared/text';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { hotelServices, type ImageRef, roomServices } from '../../db/schema.ts';
import { toImageItem } from '../images/image-item.ts';

const roomServiceColumns = {
  id: roomServices.id,
  name: roomServices.name,
  image: roomServices.image,
};

const toRoomService = (row: { id: number; name: string; image: ImageRef[] }): RoomService => ({
  ...row,
  image: row.image.map(toImageItem),
});

const byName = (a: { name: string; id: number }, b: { name: string; id: number }) =>
  compareText(a.name, b.name) || a.id - b.id;

/** Every room service (the catalogue rooms pick from), by name ignoring case and accents. */
export async function listRoomServices(db: Db): Promise<RoomService[]> {
  const rows = await db.select(roomServiceColumns).from(roomServices);
  return rows.map(toRoomService).sort(byName);
}

export async function findRoomService(db: Db, id: number): Promise<RoomService | undefined> {
  const [row] = await db
    .select(roomServiceColumns)
    .from(roomServices)
    .where(eq(roomServices.id, id));
  return row && toRoomService(row);
}

type HotelServiceRow = {
  id: number;
  hotelId: number;
  name: string;
  image: ImageRef[];
  description: string;
};

function toHotelService(row: HotelServiceRow): HotelService {
  return {
    id: row.id,
    name: row.name,
    image: row.image.map(toImageItem),
    description: row.description,
    idHotel: row.hotelId,
  };
}

/** The services a hotel offers, by name ignoring case and accents. */
export async function servicesOfHotel(db: Db, hotelId: number): Promise<HotelService[]> {
  const rows = await db.select().from(hotelServices).where(eq(hotelServices.hotelId, hotelId));
  return rows.sort(byName).map(toHotelService);
}

export async function findHotelService(db: Db, id: number): Promise<HotelService | undefined> {
  const [row] = await db.select().from(hotelServices).where(eq(hotelServices.id, id));
  return row ? toHotelService(row) : undefined;
}
