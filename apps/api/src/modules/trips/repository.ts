import type { TravellerStay } from '@devstay/shared/contracts/booking';
import { capitalize } from '@devstay/shared/text';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { CalendarStay } from '../calendar/repository.ts';

/**
 * Team trips: the stays an organiser booked for others, as their travellers see them — where,
 * when and who booked, never a price or a payment.
 */

/** The most stays one traveller's list answers (newest check-in first). */
const TRAVELLER_STAYS_MAX = 200;

const fullAddress = (r: { address: string; city: string; state: string }) =>
  `${r.address}, ${capitalize(r.city)}, ${capitalize(r.state)}`;

/** Who booked, as a traveller reads it: the organiser's name, their e-mail when they gave none. */
const BOOKED_BY = sql`coalesce(nullif(u.name, ''), u.email, '')`;

/**
 * The stays booked for the account `accountId` by others: lines naming its e-mail (ignoring
 * case) of confirmed or cancelled bookings. Only an account whose e-mail is verified has any:
 * an e-mail typed into a sign-up proves nothing until its link is followed.
 */
export async function travellerStaysOf(db: Executor, accountId: string): Promise<TravellerStay[]> {
  const result = await db.execute<{
    booking: string;
    line: number;
    status: TravellerStay['status'];
    booked_by: string;
    traveller: string;
    id_hotel: number;
    hotel: string;
    address: string;
    city: string;
    state: string;
    id: number;
    name: string;
    check_in: string;
    check_out: string;
    quantity: number;
    guests: number;
  }>(sql`
    select b.id as booking, l.id as line,
      case when b.status = 'confirmed' and l.cancelled_at is null then 'booked'
        else 'cancelled' end as status,
      ${BOOKED_BY} as booked_by, l.traveller_name as traveller, l.hotel_id as id_hotel,
      h.name as hotel, h.address, loc.city, loc.state, l.room_id as id, r.name,
      l.check_in, l.check_out, l.quantity, l.guests
    from users me
    join booking_lines l on lower(l.traveller_email) = lower(me.email)
    join bookings b on b.id = l.booking_id
    left join users u on u.id = b.user_id
    join rooms r on r.id = l.room_id
    join hotels h on h.id = l.hotel_id
    join locations loc on loc.id = h.location_id
    where me.id = ${accountId} and me.email_verified
      and l.traveller_email is not null
      and b.status in ('confirmed', 'cancelled')
      and b.user_id <> me.id
    order by l.check_in desc, l.id desc
    limit ${TRAVELLER_STAYS_MAX}`);
  return result.rows.map((r) => ({
    booking: r.booking,
    line: r.line,
    status: r.status,
    bookedBy: r.booked_by,
    traveller: r.traveller,
    idHotel: r.id_hotel,
    hotel: r.hotel,
    address: fullAddress(r),
    id: r.id,
    name: r.name,
    checkIn: r.check_in,
    checkOut: r.check_out,
    cartQuantity: r.quantity,
    guests: r.guests,
  }));
}

/** A traveller's line as their e-mails tell it. */
export interface TravellerLine {
  lineId: number;
  name: string;
  email: string;
  bookedBy: string;
  guests: number;
  /** The line as the calendar file shows it (the receipt's own shape). */
  stay: CalendarStay;
  /** The hotel's street, city and state. */
  address: string;
  /** When the booking was confirmed: the calendar file's stamp, as the receipt's. */
  confirmedAt: Date;
}

/**
 * The lines naming a traveller of booking `bookingId` that `which` picks (a condition on the
 * line `l`), in line order.
 */
export async function travellerLinesOf(
  db: Executor,
  bookingId: string,
  which: SQL,
): Promise<TravellerLine[]> {
  const result = await db.execute<{
    line_id: number;
    traveller_name: string;
    traveller_email: string;
    booked_by: string;
    guests: number;
    quantity: number;
    check_in: string;
    check_out: string;
    room: string;
    hotel_id: number;
    hotel: string;
    address: string;
    city: string;
    state: string;
    time_zone: string;
    confirmed_at: Date | string;
  }>(sql`
    select l.id as line_id, l.traveller_name, l.traveller_email, ${BOOKED_BY} as booked_by,
      l.guests, l.quantity, l.check_in, l.check_out, r.name as room, l.hotel_id, h.name as hotel,
      h.address, loc.city, loc.state, h.time_zone,
      coalesce(b.confirmed_at, b.created_at) as confirmed_at
    from booking_lines l
    join bookings b on b.id = l.booking_id
    left join users u on u.id = b.user_id
    join rooms r on r.id = l.room_id
    join hotels h on h.id = l.hotel_id
    join locations loc on loc.id = h.location_id
    where l.booking_id = ${bookingId} and l.traveller_email is not null and ${which}
    order by l.id`);
  return result.rows.map((r) => ({
    lineId: r.line_id,
    name: r.traveller_name,
    email: r.traveller_email,
    bookedBy: r.booked_by,
    guests: r.guests,
    address: fullAddress(r),
    confirmedAt: new Date(r.confirmed_at),
    stay: {
      lineId: r.line_id,
      room: r.room,
      hotelId: r.hotel_id,
      hotel: r.hotel,
      address: r.address,
      city: r.city,
      state: r.state,
      checkIn: r.check_in,
      checkOut: r.check_out,
      timeZone: r.time_zone,
      quantity: r.quantity,
    },
  }));
}
