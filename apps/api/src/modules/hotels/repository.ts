import type { City, HotelCard, HotelDetail } from '@devstay/shared/contracts/catalogue';
import { centsToPrice } from '@devstay/shared/text';
import { asc, desc, eq, exists, getTableName, type InferColumnsDataTypes, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { hotels, type ImageRef, locations, reviews, rooms } from '../../db/schema.ts';
import { toImageItem } from '../images/image-item.ts';
import { cityColumns, sortCities } from '../locations/repository.ts';
import { ROOM_WITH_FROM_PRICE, toRoomSummary } from '../rooms/repository.ts';

/**
 * The hotels' ordinary reads: a hotel's detail, whether it exists, the cities with hotels, and
 * the one shape of a hotel card's row that these and the list (search-planner.ts) read.
 */

/** Columns of a hotel card, with its location joined: the one shape of a card's row. */
const cardColumns = {
  id: hotels.id,
  name: hotels.name,
  image: hotels.image,
  qualification: hotels.qualification,
  address: hotels.address,
  locationId: hotels.locationId,
  city: locations.city,
  department: locations.department,
  state: locations.state,
  reviewCount: hotels.reviewCount,
  ratingSum: hotels.ratingSum,
};

type CardRow = InferColumnsDataTypes<typeof cardColumns>;

/**
 * A card's row as the list reads it: of the image JSON (≈ 1,300 characters a hotel, with every
 * picture's variants) only what a card shows, its pictures' URLs and its first picture whole
 * (≈ 500): less for PostgreSQL to send and the driver to parse on every page read.
 */
export type ListedCardRow = Omit<CardRow, 'image'> & {
  imageUrls: string[];
  picture: ImageRef | null;
  /** The cheapest night of any of its rooms (roomFromCentsSql); null without rooms. */
  fromCents: number | null;
};

const LISTED_IMAGE_SELECT = `jsonb_path_query_array(h.image, '$[*].url') as "imageUrls", h.image->0 as "picture"`;

/**
 * The card's "from" as the database keeps it on the hotel's row (hotels.fromCents, schema.ts):
 * no read beyond the card's own row, where its rooms and their rules doubled a page statement's
 * work. Read from the rooms by the same rule (devstay_hotel_from_cents, for the page's rows
 * only) once a season it counted is over, until a write stores it again; null without rooms.
 *
 * That fallback is a function called in the select list, which PostgreSQL runs only when a row
 * needs it: written in FROM, its body (rooms, rules, grouping) was inlined and planned into
 * every page statement, which nearly doubled their planning; as a sub-select, it was a sub-plan
 * started at every execution (migration 0035).
 */
const LISTED_FROM_SELECT = `case when h.from_until is null or h.from_until >= current_date
      then h.from_cents
      else devstay_hotel_from_cents(h.id) end as "fromCents"`;

/** The card's columns in SQL text (hotels `h`, locations `l`), each under its key: a ListedCardRow. */
export const CARD_SELECT_LIST = [
  ...Object.entries(cardColumns)
    .filter(([key]) => key !== 'image')
    .map(([key, column]) => {
      const table = getTableName(column.table) === 'hotels' ? 'h' : 'l';
      return `${table}.${column.name} as "${key}"`;
    }),
  LISTED_IMAGE_SELECT,
  LISTED_FROM_SELECT,
].join(', ');

function toHotelCard(row: CardRow, fromCents: number | null): HotelCard {
  return cardOf(
    row,
    row.image.map((i) => i.url),
    row.image[0],
    fromCents,
  );
}

export function toListedHotelCard(row: ListedCardRow): HotelCard {
  return cardOf(row, row.imageUrls, row.picture ?? undefined, row.fromCents);
}

function cardOf(
  row: Omit<CardRow, 'image'>,
  imageUrls: string[],
  picture: ImageRef | undefined,
  fromCents: number | null,
): HotelCard {
  return {
    id: row.id,
    name: row.name,
    image: imageUrls,
    picture: picture ? toImageItem(picture) : null,
    qualification: row.qualification,
    address: row.address,
    idLocation: row.locationId,
    Locations: [{ city: row.city, department: row.department, state: row.state }],
    reviewCount: row.reviewCount,
    reviewAverage:
      row.reviewCount > 0 ? Math.round((row.ratingSum / row.reviewCount) * 10) / 10 : null,
    fromPrice: fromCents === null ? null : centsToPrice(fromCents),
  };
}

export async function hotelExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: hotels.id }).from(hotels).where(eq(hotels.id, id));
  return row !== undefined;
}

/** Hotel detail: card, description, rooms (cheapest first) and reviews (newest first). */
export async function findHotelDetail(db: Db, id: number): Promise<HotelDetail | undefined> {
  const [hotelRows, roomRows, reviewRows] = await Promise.all([
    db
      .select({
        ...cardColumns,
        description: hotels.description,
        timeZone: hotels.timeZone,
        freeCancellationDays: hotels.freeCancellationDays,
      })
      .from(hotels)
      .innerJoin(locations, eq(locations.id, hotels.locationId))
      .where(eq(hotels.id, id)),
    db
      .select(ROOM_WITH_FROM_PRICE)
      .from(rooms)
      .where(eq(rooms.hotelId, id))
      .orderBy(asc(rooms.priceCents), asc(rooms.id)),
    db
      .select()
      .from(reviews)
      .where(eq(reviews.hotelId, id))
      // Reviews from verified stays first: they weigh most for someone choosing a hotel.
      .orderBy(desc(reviews.verifiedStay), desc(reviews.createdAt), desc(reviews.id)),
  ]);
  const hotel = hotelRows[0];
  if (!hotel) return undefined;
  return {
    // The hotel's "from" is its cheapest room's, as the list's card reads it.
    ...toHotelCard(
      hotel,
      roomRows.length === 0 ? null : Math.min(...roomRows.map((r) => r.fromCents)),
    ),
    pictures: hotel.image.map(toImageItem),
    timeZone: hotel.timeZone,
    freeCancellationDays: hotel.freeCancellationDays,
    description: hotel.description,
    Rooms: roomRows.map(toRoomSummary),
    Reviews: reviewRows.map((r) => ({
      id: r.id,
      name: r.name,
      rating: r.rating,
      comment: r.comment,
      verifiedStay: r.verifiedStay,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** The cities that have at least one hotel, ordered ignoring case and accents. */
export async function citiesWithHotels(db: Db): Promise<City[]> {
  const rows = await db
    .select(cityColumns)
    .from(locations)
    .where(
      exists(db.select({ one: sql`1` }).from(hotels).where(eq(hotels.locationId, locations.id))),
    );
  return sortCities(rows);
}
