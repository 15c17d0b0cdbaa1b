import { randomBytes } from 'node:crypto';
import { placeKey, searchKey } from '@devstay/shared/text';
import type { Db } from '../db/client.ts';
import {
  events,
  hotelServices,
  hotels,
  type ImageRef,
  images,
  locations,
  reviews,
  roomRoomServices,
  roomServices,
  rooms,
} from '../db/schema.ts';

/**
 * Test rows built by the tests themselves, whatever the demo seed holds. Every name carries a
 * random token so a test can select exactly its own rows (search, filters, counts).
 */

/** A random word of 10 lower-case letters, unlikely to appear in any other row. */
export function uniqueToken(): string {
  const bytes = randomBytes(10);
  return Array.from(bytes, (b) => String.fromCharCode(97 + (b % 26))).join('');
}

/** A picture reference as the image pipeline makes them: 800 × 600 with two variants. */
export const image = (name: string): ImageRef => ({
  url: `/uploads/${name}-800.webp`,
  public_id: name,
  width: 800,
  height: 600,
  variants: [
    { url: `/uploads/${name}-400.webp`, width: 400 },
    { url: `/uploads/${name}-800.webp`, width: 800 },
  ],
});

export async function insertLocation(
  db: Db,
  place: { state: string; department: string; city: string },
) {
  const [row] = await db
    .insert(locations)
    .values({ ...place, cityKey: searchKey(place.city), placeKey: placeKey(place) })
    .returning();
  if (!row) throw new Error('location not inserted');
  return row;
}

export async function insertHotel(
  db: Db,
  hotel: {
    name: string;
    locationId: number;
    qualification?: number;
    address?: string;
    description?: string;
    image?: ImageRef[];
    reviewCount?: number;
    ratingSum?: number;
    /** IANA zone; the column's default (Buenos Aires) when omitted. */
    timeZone?: string;
  },
) {
  const [row] = await db
    .insert(hotels)
    .values({
      name: hotel.name,
      nameKey: searchKey(hotel.name),
      locationId: hotel.locationId,
      qualification: hotel.qualification ?? 3,
      address: hotel.address ?? `calle ${hotel.name}`,
      description: hotel.description ?? `about ${hotel.name}`,
      image: hotel.image ?? [image(`${searchKey(hotel.name).replace(/\W+/g, '-')}-1`)],
      reviewCount: hotel.reviewCount ?? 0,
      ratingSum: hotel.ratingSum ?? 0,
      ...(hotel.timeZone ? { timeZone: hotel.timeZone } : {}),
    })
    .returning();
  if (!row) throw new Error('hotel not inserted');
  return row;
}

export async function insertRoom(
  db: Db,
  room: {
    hotelId: number;
    name?: 'double' | 'family' | 'single' | 'suite';
    priceCents?: number;
    category?: 'premium' | 'presidential' | 'standard';
    stock?: number;
    /** Guests one unit sleeps; the column's default (2) when absent. */
    capacity?: number;
    description?: string;
    image?: ImageRef[];
    serviceIds?: number[];
  },
) {
  const [row] = await db
    .insert(rooms)
    .values({
      hotelId: room.hotelId,
      name: room.name ?? 'double',
      priceCents: room.priceCents ?? 10_000,
      category: room.category ?? 'standard',
      stock: room.stock ?? 5,
      ...(room.capacity === undefined ? {} : { capacity: room.capacity }),
      description: room.description ?? 'a quiet room with a desk',
      image: room.image ?? [image('room-1'), image('room-2')],
    })
    .returning();
  if (!row) throw new Error('room not inserted');
  if (room.serviceIds?.length) {
    await db
      .insert(roomRoomServices)
      .values(room.serviceIds.map((roomServiceId) => ({ roomId: row.id, roomServiceId })));
  }
  return row;
}

export async function insertRoomService(db: Db, name: string) {
  const [row] = await db
    .insert(roomServices)
    .values({
      name,
      nameKey: searchKey(name),
      image: [image(`service-${searchKey(name).replace(/\W+/g, '-')}`)],
    })
    .returning();
  if (!row) throw new Error('room service not inserted');
  return row;
}

export async function insertHotelService(
  db: Db,
  service: { hotelId: number; name: string; description?: string },
) {
  const [row] = await db
    .insert(hotelServices)
    .values({
      hotelId: service.hotelId,
      name: service.name,
      description: service.description ?? `${service.name} for developers`,
      image: [image(`hotel-service-${searchKey(service.name).replace(/\W+/g, '-')}`)],
    })
    .returning();
  if (!row) throw new Error('hotel service not inserted');
  return row;
}

export async function insertEvent(
  db: Db,
  event: { hotelId: number; name: string; date: string; time: string; description?: string },
) {
  const [row] = await db
    .insert(events)
    .values({
      ...event,
      description: event.description ?? `${event.name}: talks and workshops`,
      image: [image(`event-${searchKey(event.name).replace(/\W+/g, '-')}`)],
    })
    .returning();
  if (!row) throw new Error('event not inserted');
  return row;
}

export async function insertReview(
  db: Db,
  review: {
    hotelId: number;
    name: string;
    rating: number;
    comment: string;
    createdAt: Date;
    verifiedStay?: boolean;
  },
) {
  const [row] = await db.insert(reviews).values(review).returning();
  if (!row) throw new Error('review not inserted');
  return row;
}

/** An id no row will have (the largest a PostgreSQL integer holds). */
export const UNKNOWN_ID = 2_147_483_647;

/** A stored picture row, as POST /images leaves one: what a content form may name. */
export async function insertStoredPicture(db: Db): Promise<{ url: string; public_id: string }> {
  const publicId = `images/${uniqueToken()}`;
  const url = `/uploads/${publicId}-800.webp`;
  await db.insert(images).values({
    publicId,
    url,
    contentType: 'image/webp',
    width: 800,
    height: 600,
    bytes: 1000,
    variants: [{ key: `${publicId}-800.webp`, url, width: 800, height: 600, bytes: 1000 }],
    uploadedBy: 'test',
  });
  return { url, public_id: publicId };
}
