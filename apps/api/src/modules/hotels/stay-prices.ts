import type { HotelCard } from '@devstay/shared/contracts/catalogue';
import { stayCents } from '@devstay/shared/rates';
import { nightsBetween } from '@devstay/shared/stay';
import { centsToPrice } from '@devstay/shared/text';
import type { Db } from '../../db/client.ts';
import { pricedNights } from '../availability/quote.ts';
import { rulesOfRooms } from '../rates/rules-of-rooms.ts';
import { type HotelSearch, roomWanted, roomWantedSql, statementName } from './search-planner.ts';

/**
 * A card's price for the stay searched: among the hotel's rooms that fit it (the search's own
 * room test, roomWantedSql: units free on every night by the ledger's rule, sleeping the
 * guests, with the services asked), the cheapest `rooms` × the sum of the room's nights as the
 * one pricing rule prices them (pricedNights) — what the cart then quotes for that room.
 *
 * For a page's cards only, in two statements whatever the page's size: its hotels' rooms that
 * fit, then their rules.
 */

/** A room that fits the stay, with what pricing its nights needs but its rules. */
interface FittingRoom {
  id: number;
  hotelId: number;
  priceCents: number;
  premiumPercent: number;
  /** The hotel's event nights within the stay. */
  eventNights: string[];
}

/** The rooms of `hotelIds` that fit the search's stay. */
async function fittingRooms(
  db: Db,
  hotelIds: readonly number[],
  search: HotelSearch & { checkIn: string; checkOut: string },
): Promise<FittingRoom[]> {
  const wanted = roomWanted(search);
  if (!wanted) return [];
  const values: unknown[] = [];
  const bind = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const hotels = `${bind(`{${hotelIds.join(',')}}`)}::int[]`;
  const checkIn = bind(search.checkIn);
  const checkOut = bind(search.checkOut);
  const text = `select r.id, r.hotel_id as "hotelId", r.price_cents as "priceCents",
      h.event_night_premium_percent as "premiumPercent",
      array(select distinct e.date::text from events e
        where e.hotel_id = h.id and e.date >= ${checkIn}::date and e.date < ${checkOut}::date
      ) as "eventNights"
    from rooms r join hotels h on h.id = r.hotel_id
    where r.hotel_id = any(${hotels}) and ${roomWantedSql('r', wanted, bind, checkIn)}`;
  // Prepared once per connection: a few texts (guests, services asked or not), planned once.
  return (
    await db.$client.query<FittingRoom>({
      name: statementName('hotel_stay_rooms', text),
      text,
      values,
    })
  ).rows;
}

/**
 * The page's cards, each with its stay's price when the search has dates (`stay`); the cards
 * as they are without. `db` reads the ledger: where bookings are written.
 */
export async function withStayPrices(
  db: Db,
  search: HotelSearch,
  cards: HotelCard[],
): Promise<HotelCard[]> {
  const { checkIn, checkOut } = search;
  if (checkIn === undefined || checkOut === undefined || cards.length === 0) return cards;
  const units = search.rooms ?? 1;
  const rooms = await fittingRooms(
    db,
    cards.map((c) => c.id),
    { ...search, checkIn, checkOut },
  );
  const rules = await rulesOfRooms(
    db,
    rooms.map((r) => r.id),
    checkIn,
    checkOut,
  );
  const cheapest = new Map<number, { roomId: number; cents: number }>();
  for (const room of rooms) {
    const nights = pricedNights({ ...room, rates: rules.get(room.id) ?? [] }, checkIn, checkOut);
    const cents = units * stayCents(nights);
    const best = cheapest.get(room.hotelId);
    // Equal totals: the lower id, so that a page reads the same twice.
    if (!best || cents < best.cents || (cents === best.cents && room.id < best.roomId)) {
      cheapest.set(room.hotelId, { roomId: room.id, cents });
    }
  }
  const nights = nightsBetween(checkIn, checkOut);
  return cards.map((card) => {
    const best = cheapest.get(card.id);
    return best
      ? {
          ...card,
          stay: { roomId: best.roomId, nights, rooms: units, total: centsToPrice(best.cents) },
        }
      : card;
  });
}
