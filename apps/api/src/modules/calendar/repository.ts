import type { BookingStatus } from '@devstay/shared/constants';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/** One line of a booking as its calendar file shows it. */
export interface CalendarStay {
  /** The booking line's id: its event's UID, stable however often the file is made. */
  lineId: number;
  room: string;
  hotelId: number;
  hotel: string;
  address: string;
  city: string;
  state: string;
  checkIn: string;
  checkOut: string;
  /** The hotel's IANA time zone: check-in and check-out are its dates. */
  timeZone: string;
  quantity: number;
}

/** A booking as its calendar file tells it. */
export interface BookingCalendarRow {
  userId: string;
  status: BookingStatus;
  /** When it was confirmed (its creation before it was): the file's DTSTAMP. */
  confirmedAt: Date;
  stays: CalendarStay[];
}

/**
 * A booking's lines as its calendar file shows them (line order), as a JSON array: a subquery
 * over the booking whose id is `bookingId`.
 */
function bookingStaysSql(bookingId: SQL): SQL {
  return sql`coalesce((
      select json_agg(json_build_object(
          'lineId', l.id, 'room', r.name, 'hotelId', l.hotel_id, 'hotel', h.name,
          'address', h.address, 'city', loc.city, 'state', loc.state,
          'checkIn', l.check_in, 'checkOut', l.check_out, 'timeZone', h.time_zone,
          'quantity', l.quantity)
        order by l.id)
      from booking_lines l
      join rooms r on r.id = l.room_id
      join hotels h on h.id = l.hotel_id
      join locations loc on loc.id = h.location_id
      where l.booking_id = ${bookingId} and l.cancelled_at is null), '[]')`;
}

/** The columns of a booking `b` its calendar file reads; see toBookingCalendar. */
export const bookingCalendarColumns = sql`b.user_id, b.status,
  coalesce(b.confirmed_at, b.created_at) as confirmed_at, ${bookingStaysSql(sql`b.id`)} as stays`;

export type BookingCalendarColumns = {
  user_id: string;
  status: BookingStatus;
  confirmed_at: Date;
  stays: CalendarStay[];
};

export function toBookingCalendar(row: BookingCalendarColumns): BookingCalendarRow {
  return {
    userId: row.user_id,
    status: row.status,
    confirmedAt: new Date(row.confirmed_at),
    stays: row.stays,
  };
}

/** A booking's guest, status and lines (line order), for its calendar file; undefined if none. */
export async function bookingCalendarOf(
  db: Executor,
  id: string,
): Promise<BookingCalendarRow | undefined> {
  const result = await db.execute<BookingCalendarColumns>(
    sql`select ${bookingCalendarColumns} from bookings b where b.id = ${id}`,
  );
  const row = result.rows[0];
  return row && toBookingCalendar(row);
}

/** An event as its calendar file shows it: its start as an instant, from its hotel's zone. */
export type CalendarEvent = {
  id: number;
  name: string;
  description: string;
  /** yyyy-MM-dd and HH:mm, in the hotel's time zone. */
  date: string;
  time: string;
  timeZone: string;
  /** The event's date and time in the hotel's zone, as milliseconds since the epoch. */
  startsAt: number;
  hotelId: number;
  hotel: string;
  address: string;
  city: string;
  state: string;
};

/**
 * An event with its hotel; undefined if none. PostgreSQL places its local date and time in the
 * hotel's time zone (`timestamp at time zone`), so the start is one instant wherever it is read.
 */
export async function eventCalendarOf(
  db: Executor,
  id: number,
): Promise<CalendarEvent | undefined> {
  const result = await db.execute<CalendarEvent>(sql`
    select e.id, e.name, e.description, to_char(e.date, 'YYYY-MM-DD') as date,
      to_char(e.time, 'HH24:MI') as time, h.time_zone as "timeZone",
      (extract(epoch from ((e.date + e.time) at time zone h.time_zone)) * 1000)::float8
        as "startsAt",
      h.id as "hotelId", h.name as hotel, h.address, loc.city, loc.state
    from events e
    join hotels h on h.id = e.hotel_id
    join locations loc on loc.id = h.location_id
    where e.id = ${id}`);
  return result.rows[0];
}
