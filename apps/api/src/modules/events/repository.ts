import type { Event } from '@devstay/shared/contracts/catalogue';
import { and, asc, count, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { events, hotels, locations } from '../../db/schema.ts';
import { hotelTodaySql } from '../../lib/hotel-today.ts';
import { roomUnitsFreeSql } from '../availability/ledger.ts';
import { toImageItem } from '../images/image-item.ts';

export interface EventSearch {
  /** First date shown, yyyy-MM-dd, inclusive. */
  from?: string;
  /** Last date shown, yyyy-MM-dd, inclusive. */
  to?: string;
  page: number;
  pageSize: number;
}

/** An event's columns; its free-room flag judged at `now`, the app's clock. */
const eventColumns = (now: Date) => ({
  id: events.id,
  name: events.name,
  hotelId: events.hotelId,
  date: events.date,
  time: events.time,
  image: events.image,
  description: events.description,
  hotelName: hotels.name,
  timeZone: hotels.timeZone,
  address: hotels.address,
  city: locations.city,
  department: locations.department,
  state: locations.state,
  roomFree: sql<boolean | null>`case
    when ${events.date} < ${sql.raw(hotelTodaySql('"hotels"."time_zone"', `'${now.toISOString()}'::timestamptz`))} then null
    else exists (select 1 from rooms r where r.hotel_id = ${events.hotelId} and ${sql.raw(
      roomUnitsFreeSql('r', {
        checkIn: '"events"."date"',
        checkOut: '("events"."date" + 1)',
        units: '1',
      }),
    )}) end`,
});

type EventRow = {
  id: number;
  name: string;
  hotelId: number;
  date: string;
  time: string;
  image: { url: string; public_id: string }[];
  description: string;
  hotelName: string;
  timeZone: string;
  address: string;
  city: string;
  department: string;
  state: string;
  roomFree: boolean | null;
};

function toEvent(row: EventRow): Event {
  return {
    id: row.id,
    name: row.name,
    idHotel: row.hotelId,
    date: row.date,
    // PostgreSQL answers 'HH:mm:ss'; events are shown to the minute.
    time: row.time.slice(0, 5),
    timeZone: row.timeZone,
    image: row.image.map(toImageItem),
    description: row.description,
    Hotels: {
      id: row.hotelId,
      name: row.hotelName,
      address: row.address,
      Locations: [{ city: row.city, department: row.department, state: row.state }],
    },
    roomFree: row.roomFree,
  };
}

const ORDER = [asc(events.date), asc(events.time), asc(events.id)];

function selectEvents(db: Db, now: Date) {
  return db
    .select(eventColumns(now))
    .from(events)
    .innerJoin(hotels, eq(hotels.id, events.hotelId))
    .innerJoin(locations, eq(locations.id, hotels.locationId));
}

/** One page of events in a date window, by date then time, and the number of matches. */
export async function searchEvents(
  db: Db,
  search: EventSearch,
  now: Date,
): Promise<{ items: Event[]; total: number }> {
  const conditions: SQL[] = [];
  if (search.from) conditions.push(gte(events.date, search.from));
  if (search.to) conditions.push(lte(events.date, search.to));
  const where = and(...conditions);
  const [rows, counted] = await Promise.all([
    selectEvents(db, now)
      .where(where)
      .orderBy(...ORDER)
      .limit(search.pageSize)
      .offset((search.page - 1) * search.pageSize),
    db.select({ n: count() }).from(events).where(where),
  ]);
  return { items: rows.map(toEvent), total: counted[0]?.n ?? 0 };
}

export async function findEvent(db: Db, id: number, now: Date): Promise<Event | undefined> {
  const [row] = await selectEvents(db, now).where(eq(events.id, id));
  return row ? toEvent(row) : undefined;
}

/** Every event of a hotel, by date then time. */
export async function eventsOfHotel(db: Db, hotelId: number, now: Date): Promise<Event[]> {
  const rows = await selectEvents(db, now)
    .where(eq(events.hotelId, hotelId))
    .orderBy(...ORDER);
  return rows.map(toEvent);
}
