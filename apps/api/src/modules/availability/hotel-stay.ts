import { STAY_LOOKAHEAD_DAYS } from '@devstay/shared/constants';
import type { HotelStay, HotelStayQuery } from '@devstay/shared/contracts/booking';
import { BOOKING_MESSAGES } from '@devstay/shared/messages';
import { addDays, calendarDateIn, nightsBetween } from '@devstay/shared/stay';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { stayDeadlines } from './free-cancellation.ts';
import { firstFreeStay, takenByNight } from './ledger.ts';
import { priceCart, requireRooms, roomsForSale } from './quote.ts';

/**
 * A hotel's rooms for one stay, read from the ledger now (never cached: it moves): each room
 * priced and checked as a cart line of `rooms` units for `guests` would be — the same numbers
 * the list's card and the cart show — and, for a room that cannot be booked as asked for want of
 * units, the next stay of as many nights that it has them for. 404 when the hotel is not there.
 */
export async function quoteHotelStay(
  db: Executor,
  hotelId: number,
  query: HotelStayQuery,
  now: Date,
): Promise<HotelStay> {
  const found = await db.execute<{ time_zone: string; room_ids: number[] }>(sql`
    select h.time_zone,
      array(select r.id from rooms r where r.hotel_id = h.id order by r.id) as room_ids
    from hotels h where h.id = ${hotelId}`);
  const hotel = found.rows[0];
  if (!hotel) throw notFound('Hotel');
  const { checkIn, checkOut } = query;
  if (checkIn < calendarDateIn(hotel.time_zone, now)) {
    throw new HttpError(400, BOOKING_MESSAGES.checkInPast, 'checkIn');
  }
  const units = query.rooms ?? 1;
  const lines = hotel.room_ids.map((id) => ({
    id,
    checkIn,
    checkOut,
    cartQuantity: units,
    guests: query.guests ?? 1,
  }));
  if (lines.length === 0) return { rooms: [] };
  const [forSale, taken, deadlines] = await Promise.all([
    roomsForSale(db, hotel.room_ids, checkIn, checkOut),
    takenByNight(db, hotel.room_ids, checkIn, checkOut),
    stayDeadlines(
      db,
      lines.map(() => ({ checkIn, hotelId })),
      now,
    ),
  ]);
  const quote = priceCart(lines, requireRooms(lines, forSale), taken, deadlines);

  // The next free stay of each room short of units (not of beds: more units would not help).
  const nights = nightsBetween(checkIn, checkOut);
  const short = quote.cartRoom.filter((line) => line.available < units);
  const ahead = await takenByNight(
    db,
    short.map((line) => line.id),
    addDays(checkIn, 1),
    addDays(checkIn, STAY_LOOKAHEAD_DAYS + nights),
  );
  const rooms = quote.cartRoom.map((line) => {
    const stock = forSale.get(line.id)?.stock ?? 0;
    const nextFree =
      line.available < units
        ? firstFreeStay(
            stock,
            units,
            nights,
            checkIn,
            STAY_LOOKAHEAD_DAYS,
            (night) => ahead.get(line.id)?.get(night) ?? 0,
          )
        : null;
    return { ...line, nextFree };
  });
  const bookable = (line: (typeof rooms)[number]) =>
    line.availabilityMessage === null && line.guestsMessage === null;
  rooms.sort(
    (a, b) =>
      Number(bookable(b)) - Number(bookable(a)) ||
      a.lineTotalCents - b.lineTotalCents ||
      a.id - b.id,
  );
  return { rooms };
}
