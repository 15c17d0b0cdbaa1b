import type { HotelSort } from '@devstay/shared/constants';
import type { City, HotelCard, HotelDetail } from '@devstay/shared/contracts/catalogue';
import { compareText, searchKey } from '@devstay/shared/text';
import { and, asc, count, desc, eq, exists, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { hotels, locations, reviews, rooms } from '../../db/schema.ts';
import { toRoomSummary } from '../rooms/repository.ts';

export interface HotelSearch {
  /** Text searched anywhere in the name, ignoring case and accents. */
  name?: string;
  /** City name, matched whole, ignoring case and accents. */
  city?: string;
  qualification?: number;
  sort?: HotelSort;
  page: number;
  pageSize: number;
}

export interface HotelPage {
  items: HotelCard[];
  total: number;
}

/** A LIKE pattern that finds `text` anywhere, with `\`, `%` and `_` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/** Columns of a hotel card; the location is joined in the same query. */
export const cardColumns = {
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

type CardRow = {
  id: number;
  name: string;
  image: { url: string }[];
  qualification: number;
  address: string;
  locationId: number;
  city: string;
  department: string;
  state: string;
  reviewCount: number;
  ratingSum: number;
};

export function toHotelCard(row: CardRow): HotelCard {
  return {
    id: row.id,
    name: row.name,
    image: row.image.map((i) => i.url),
    qualification: row.qualification,
    address: row.address,
    idLocation: row.locationId,
    Locations: [{ city: row.city, department: row.department, state: row.state }],
    reviewCount: row.reviewCount,
    reviewAverage:
      row.reviewCount > 0 ? Math.round((row.ratingSum / row.reviewCount) * 10) / 10 : null,
  };
}

/**
 * Orders of the hotel list. Names compare by their folded key (case and accents ignored);
 * ties fall to the id so pages never overlap. Each order is served by a b-tree index.
 */
export const HOTEL_ORDERS: Record<HotelSort, SQL[]> = {
  name_asc: [asc(hotels.nameKey), asc(hotels.id)],
  name_desc: [desc(hotels.nameKey), desc(hotels.id)],
  score_asc: [asc(hotels.qualification), asc(hotels.nameKey), asc(hotels.id)],
  score_desc: [desc(hotels.qualification), asc(hotels.nameKey), asc(hotels.id)],
};

/** What a search filters on, folded the way the columns are (case and accents ignored). */
export interface HotelFilter {
  nameKey: string;
  cityKey: string;
  qualification: number | null;
}

export function hotelFilter(search: HotelSearch): HotelFilter {
  return {
    nameKey: search.name ? searchKey(search.name) : '',
    cityKey: search.city ? searchKey(search.city) : '',
    qualification: search.qualification ?? null,
  };
}

/** Searches that differ only in case, accents or spacing share one key. */
export function hotelSearchKey(search: HotelSearch): string {
  const f = hotelFilter(search);
  return JSON.stringify([
    f.nameKey,
    f.cityKey,
    f.qualification,
    search.sort ?? 'name_asc',
    search.page,
    search.pageSize,
  ]);
}

/** The WHERE clause of a hotel search (name, city, stars); undefined when nothing filters. */
export function hotelSearchWhere(db: Db, filter: HotelFilter): SQL | undefined {
  const where: SQL[] = [];
  if (filter.nameKey) where.push(sql`${hotels.nameKey} like ${containsPattern(filter.nameKey)}`);
  if (filter.cityKey) {
    where.push(
      inArray(
        hotels.locationId,
        db
          .select({ id: locations.id })
          .from(locations)
          .where(eq(locations.cityKey, filter.cityKey)),
      ),
    );
  }
  if (filter.qualification) where.push(eq(hotels.qualification, filter.qualification));
  return and(...where);
}

/** Remembers match counts by filter: every page and sort of one search shares its count. */
export interface CountCache {
  get(key: string, load: () => Promise<number>): Promise<number>;
}

/**
 * One page of hotel cards and the number of matches. The page is one query (the location
 * joined in). The count is a second, index-only query, skipped when the page itself shows the
 * total (a short page) and kept in `counts` when given.
 */
export async function searchHotels(
  db: Db,
  search: HotelSearch,
  counts?: CountCache,
): Promise<HotelPage> {
  const filter = hotelFilter(search);
  const where = hotelSearchWhere(db, filter);
  const offset = (search.page - 1) * search.pageSize;
  const rows = await db
    .select(cardColumns)
    .from(hotels)
    .innerJoin(locations, eq(locations.id, hotels.locationId))
    .where(where)
    .orderBy(...HOTEL_ORDERS[search.sort ?? 'name_asc'])
    .limit(search.pageSize)
    .offset(offset);

  let total: number;
  if (rows.length > 0 && rows.length < search.pageSize) total = offset + rows.length;
  else if (rows.length === 0 && offset === 0) total = 0;
  else {
    const countMatches = async () => {
      const [counted] = await db.select({ n: count() }).from(hotels).where(where);
      return counted?.n ?? 0;
    };
    total = counts ? await counts.get(JSON.stringify(filter), countMatches) : await countMatches();
  }
  return { items: rows.map(toHotelCard), total };
}

export async function findHotelCard(db: Db, id: number): Promise<HotelCard | undefined> {
  const [row] = await db
    .select(cardColumns)
    .from(hotels)
    .innerJoin(locations, eq(locations.id, hotels.locationId))
    .where(eq(hotels.id, id));
  return row ? toHotelCard(row) : undefined;
}

export async function hotelExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: hotels.id }).from(hotels).where(eq(hotels.id, id));
  return row !== undefined;
}

/** Hotel detail: card, description, rooms (cheapest first) and reviews (newest first). */
export async function findHotelDetail(db: Db, id: number): Promise<HotelDetail | undefined> {
  const [hotelRows, roomRows, reviewRows] = await Promise.all([
    db
      .select({ ...cardColumns, description: hotels.description })
      .from(hotels)
      .innerJoin(locations, eq(locations.id, hotels.locationId))
      .where(eq(hotels.id, id)),
    db
      .select()
      .from(rooms)
      .where(eq(rooms.hotelId, id))
      .orderBy(asc(rooms.priceCents), asc(rooms.id)),
    db
      .select()
      .from(reviews)
      .where(eq(reviews.hotelId, id))
      .orderBy(desc(reviews.createdAt), desc(reviews.id)),
  ]);
  const hotel = hotelRows[0];
  if (!hotel) return undefined;
  return {
    ...toHotelCard(hotel),
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
    .select({
      id: locations.id,
      city: locations.city,
      department: locations.department,
      state: locations.state,
    })
    .from(locations)
    .where(
      exists(db.select({ one: sql`1` }).from(hotels).where(eq(hotels.locationId, locations.id))),
    );
  return rows.sort(
    (a, b) =>
      compareText(a.city, b.city) ||
      compareText(a.department, b.department) ||
      compareText(a.state, b.state) ||
      a.id - b.id,
  );
}
