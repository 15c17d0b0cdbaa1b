import { type CartLineKey, lineGuests, unitsSleep } from '@devstay/shared/cart';
import { MAX_PAYMENT_CENTS, MAX_STAY_NIGHTS, type RoomCategory } from '@devstay/shared/constants';
import type { CartQuote, QuoteLine } from '@devstay/shared/contracts/booking';
import { AVAILABILITY_MESSAGES, BOOKING_MESSAGES } from '@devstay/shared/messages';
import { nightPrices, type PricedNight, type PricingRule, stayCents } from '@devstay/shared/rates';
import { calendarDateIn, earliestToday, nightsBetween } from '@devstay/shared/stay';
import { centsToPrice, formatUsd } from '@devstay/shared/text';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { ImageRef } from '../../db/schema.ts';
import { events, hotels, rooms } from '../../db/schema.ts';
import { HttpError } from '../../lib/errors.ts';
import { rulesOfRooms } from '../rates/rules-of-rooms.ts';
import { stayDeadlines } from './free-cancellation.ts';
import { takenByNight, unitsFreeOf } from './ledger.ts';

/** What pricing and availability need of a room. */
export interface RoomForSale {
  id: number;
  name: string;
  category: RoomCategory;
  image: ImageRef[];
  priceCents: number;
  stock: number;
  /** Guests one unit sleeps. */
  capacity: number;
  hotelId: number;
  hotel: string;
  address: string;
  /** The hotel's IANA time zone: a check-in is past when it is before the hotel's today. */
  timeZone: string;
  /** The hotel's premium on its event nights, in percent. */
  premiumPercent: number;
  /** The room's rate rules (at least those reaching the stays asked about). */
  rates: PricingRule[];
  /** The hotel's event dates (at least those within the stays asked about). */
  eventNights: string[];
}

/** Each night of a stay of `room` with its price (the one pricing rule, shared rates.ts). */
export function pricedNights(
  room: Pick<RoomForSale, 'priceCents' | 'premiumPercent' | 'rates' | 'eventNights'>,
  checkIn: string,
  checkOut: string,
): PricedNight[] {
  return nightPrices(
    {
      baseCents: room.priceCents,
      rules: room.rates,
      eventNights: new Set(room.eventNights),
      premiumPercent: room.premiumPercent,
    },
    checkIn,
    checkOut,
  );
}

/**
 * The rooms `roomIds` for sale, with what prices their nights of [from, to): their rules
 * (rulesOfRooms) and their hotels' event dates within those nights. A room that does not
 * exist is not in the answer.
 */
export async function roomsForSale(
  db: Executor,
  roomIds: readonly number[],
  from: string,
  to: string,
): Promise<Map<number, RoomForSale>> {
  if (roomIds.length === 0) return new Map();
  const ids = [...new Set(roomIds)];
  const [rows, rules] = await Promise.all([
    db
      .select({
        id: rooms.id,
        name: rooms.name,
        category: rooms.category,
        image: rooms.image,
        priceCents: rooms.priceCents,
        stock: rooms.stock,
        hotelId: hotels.id,
        hotel: hotels.name,
        address: hotels.address,
        timeZone: hotels.timeZone,
        capacity: rooms.capacity,
        premiumPercent: hotels.eventNightPremiumPercent,
        eventNights: sql<string[]>`(select coalesce(array_agg(distinct e.date::text), '{}')
          from ${events} e where e.hotel_id = ${hotels.id} and e.date >= ${from}
            and e.date < ${to})`,
      })
      .from(rooms)
      .innerJoin(hotels, eq(hotels.id, rooms.hotelId))
      .where(inArray(rooms.id, ids)),
    rulesOfRooms(db, ids, from, to),
  ]);
  return new Map(
    rows.map((r) => [
      r.id,
      { ...r, category: r.category as RoomCategory, rates: rules.get(r.id) ?? [] },
    ]),
  );
}

/** The nights a cart spans: its first check-in and last check-out (yyyy-MM-dd sort as dates). */
function cartSpan(lines: readonly CartLineKey[]): { from: string; to: string } {
  return {
    from: lines.map((l) => l.checkIn).sort()[0] as string,
    to: lines
      .map((l) => l.checkOut)
      .sort()
      .at(-1) as string,
  };
}

/**
 * The rules a cart line's dates must meet beyond its schema (which already checked the format
 * and check-out after check-in), before its room is read: not too long. 400 naming the field,
 * e.g. `cartRoom.2.checkOut`.
 */
export function checkStayLengths(lines: readonly CartLineKey[]): void {
  lines.forEach((line, i) => {
    if (nightsBetween(line.checkIn, line.checkOut) > MAX_STAY_NIGHTS) {
      throw new HttpError(
        400,
        BOOKING_MESSAGES.stayTooLong(MAX_STAY_NIGHTS),
        `cartRoom.${i}.checkOut`,
      );
    }
  });
}

/**
 * No line's check-in is in the past: before the calendar date, at `now`, of its own room's
 * hotel, in that hotel's time zone (a cart may span hotels in several zones; the server's own
 * zone plays no part). 400 naming the field, e.g. `cartRoom.2.checkIn`.
 */
export function checkCheckIns(
  lines: readonly CartLineKey[],
  roomOf: readonly { timeZone: string }[],
  now: Date,
): void {
  lines.forEach((line, i) => {
    const room = roomOf[i] as { timeZone: string };
    if (line.checkIn < calendarDateIn(room.timeZone, now)) {
      throw new HttpError(400, BOOKING_MESSAGES.checkInPast, `cartRoom.${i}.checkIn`);
    }
  });
}

/**
 * A search's check-in is not in the past everywhere: before the earliest today of any time zone
 * it is past at every hotel, a 400 naming `checkIn`. One that is still today somewhere is let
 * through; the search then leaves out each hotel whose own today is after it.
 */
export function checkSearchCheckIn(checkIn: string | undefined, now: Date): void {
  if (checkIn !== undefined && checkIn < earliestToday(now)) {
    throw new HttpError(400, BOOKING_MESSAGES.checkInPast, 'checkIn');
  }
}

/** Every line's room exists, or 404 naming the line. */
export function requireRooms<Room>(
  lines: readonly CartLineKey[],
  found: ReadonlyMap<number, Room>,
): Room[] {
  return lines.map((line, i) => {
    const room = found.get(line.id);
    if (!room) {
      throw new HttpError(404, BOOKING_MESSAGES.roomMissing, `cartRoom.${i}.id`, 'NOT_FOUND');
    }
    return room;
  });
}

/**
 * Prices a cart and checks each line against the ledger (pure: rooms and nights are given):
 * the quote of a cart, and of a hotel's rooms for a stay (hotel-stay.ts).
 * A line's `available` counts the cart's other lines of the same room on the same nights, so
 * two lines that together exceed the stock are flagged even if each alone would fit.
 */
export function priceCart(
  lines: readonly CartLineKey[],
  roomOf: readonly RoomForSale[],
  taken: Map<number, Map<string, number>>,
  deadlines: readonly QuoteLine['freeCancellation'][],
): CartQuote {
  const priced = lines.map((l, i) => pricedNights(roomOf[i] as RoomForSale, l.checkIn, l.checkOut));
  const lineNights = priced.map((nights) => nights.map((n) => n.date));
  const quoted: QuoteLine[] = lines.map((line, i) => {
    const room = roomOf[i] as RoomForSale;
    // The ledger's nights plus the cart's other lines of the same room on them.
    const available = unitsFreeOf(room.stock, lineNights[i] ?? [], (night) => {
      let used = taken.get(room.id)?.get(night) ?? 0;
      lines.forEach((other, j) => {
        if (j !== i && other.id === line.id && other.checkIn <= night && night < other.checkOut) {
          used += other.cartQuantity;
        }
      });
      return used;
    });
    const nights = priced[i] ?? [];
    const unitCents = stayCents(nights);
    const sleeps = unitsSleep(line.cartQuantity, room.capacity);
    return {
      id: room.id,
      name: room.name,
      category: room.category,
      image: room.image[0]?.url ?? null,
      idHotel: room.hotelId,
      hotel: room.hotel,
      address: room.address,
      checkIn: line.checkIn,
      checkOut: line.checkOut,
      cartQuantity: line.cartQuantity,
      guests: lineGuests(line),
      capacity: room.capacity,
      guestsMessage:
        lineGuests(line) > sleeps
          ? BOOKING_MESSAGES.guestsTooMany(line.cartQuantity, sleeps)
          : null,
      nights: nights.map((n) => ({ date: n.date, price: centsToPrice(n.cents) })),
      price: centsToPrice(room.priceCents),
      totalPrice: centsToPrice(unitCents),
      lineTotalCents: unitCents * line.cartQuantity,
      available,
      availabilityMessage:
        room.stock === 0
          ? AVAILABILITY_MESSAGES.noStock
          : available === 0
            ? AVAILABILITY_MESSAGES.dateTaken
            : available < line.cartQuantity
              ? AVAILABILITY_MESSAGES.notEnough
              : null,
      freeCancellation: deadlines[i] as QuoteLine['freeCancellation'],
    };
  });
  const cartTotalCents = quoted.reduce((sum, l) => sum + l.lineTotalCents, 0);
  // A booking's deadline is the earliest of its lines' (`freeCancellationDeadline`, records.ts).
  const earliest = quoted.reduce<QuoteLine['freeCancellation'] | null>(
    (first, l) =>
      first && Date.parse(first.until) <= Date.parse(l.freeCancellation.until)
        ? first
        : l.freeCancellation,
    null,
  );
  const cartMessage =
    cartTotalCents > MAX_PAYMENT_CENTS
      ? BOOKING_MESSAGES.amountTooLarge(formatUsd(MAX_PAYMENT_CENTS))
      : null;
  return {
    cartRoom: quoted,
    cartTotalQuantity: quoted.reduce((sum, l) => sum + l.cartQuantity, 0),
    cartTotalAmount: centsToPrice(cartTotalCents),
    cartTotalCents,
    bookable:
      cartMessage === null &&
      quoted.every((l) => l.availabilityMessage === null && l.guestsMessage === null),
    cartMessage,
    freeCancellation: earliest,
  };
}

/** The whole quote of a cart, read from the database (never cached: the ledger moves). */
export async function quoteCart(
  db: Executor,
  lines: readonly CartLineKey[],
  now: Date,
): Promise<CartQuote> {
  checkStayLengths(lines);
  if (lines.length === 0) {
    return {
      cartRoom: [],
      cartTotalQuantity: 0,
      cartTotalAmount: 0,
      cartTotalCents: 0,
      bookable: false,
      cartMessage: null,
      freeCancellation: null,
    };
  }
  const { from, to } = cartSpan(lines);
  const ids = lines.map((l) => l.id);
  const roomOf = requireRooms(lines, await roomsForSale(db, ids, from, to));
  checkCheckIns(lines, roomOf, now);
  const taken = await takenByNight(db, [...new Set(ids)], from, to);
  const deadlines = await stayDeadlines(
    db,
    lines.map((l, i) => ({ checkIn: l.checkIn, hotelId: (roomOf[i] as RoomForSale).hotelId })),
    now,
  );
  return priceCart(lines, roomOf, taken, deadlines);
}
