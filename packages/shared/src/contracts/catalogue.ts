import { z } from 'zod';
import { MAX_STAY_NIGHTS, ROOM_CATEGORIES, ROOM_NAMES } from '../constants.ts';
import {
  type HotelListParamTable,
  hotelListParams,
  ID_LIST,
  type ParamValue,
  type QueryParam,
  readParam,
  type StayProblem,
  stayProblem,
} from '../hotel-list-params.ts';
import { BOOKING_MESSAGES } from '../messages.ts';
import { WHOLE_TEXT } from '../row-id.ts';
import { CHECK_OUT_ERROR } from '../stay.ts';
import { idParam, imageItem, isoDate, locationLine, pageQuery, text } from './common.ts';

/**
 * The public catalogue (product §7.1, GET side), served under /api. Paged lists answer with a JSON
 * array and carry the number of matches in the X-Total-Count header (TOTAL_COUNT_HEADER).
 * Names are returned as stored (lower-cased); the web app capitalises them for display.
 */

// ── Hotels ──────────────────────────────────────────────────────────────────────────────────

/** The messages of a stay's dates that do not go together (`stayProblem`). */
const STAY_MESSAGES: Record<StayProblem, string> = {
  missing: 'Required with the other date of the stay',
  order: CHECK_OUT_ERROR,
  tooLong: BOOKING_MESSAGES.stayTooLong(MAX_STAY_NIGHTS),
};

/** A query's stay dates checked together (`stayProblem`), the issue naming the field. */
export function checkStayDates(
  q: { checkIn?: string | undefined; checkOut?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  const found = stayProblem(q.checkIn, q.checkOut);
  if (found) {
    ctx.addIssue({ code: 'custom', message: STAY_MESSAGES[found.problem], path: [found.field] });
  }
}

/**
 * A search text; blank means "no search". Each word of it (searchWords) is matched ignoring case
 * and accents, anywhere in the hotel's name, city, department or state.
 */
const searchText = (param: { max: number }) => text(param.max);

/**
 * A parameter of HOTEL_LIST_PARAMS written as `pattern` and read by the table's own rule
 * (`readParam`, the web's reader), refused with `message`.
 */
function tableParam<P extends QueryParam>(param: P, pattern: RegExp, message: string) {
  return z
    .string()
    .regex(pattern, message)
    .transform((raw, ctx) => {
      const value = readParam(param, raw);
      if (value === undefined) ctx.addIssue({ code: 'custom', message });
      return value as ParamValue<P>;
    });
}

/** A whole number in a query, within its range. */
const queryInt = (param: QueryParam & { kind: 'int'; min: number; max: number }) =>
  tableParam(param, WHOLE_TEXT, `must be a whole number from ${param.min} to ${param.max}`);

/**
 * Room services as a query parameter: ids separated by commas (`services=1,3`), the ids of
 * GET /serviceRooms. Ids rather than names: a room service's name may be renamed, its id not,
 * so a shared link keeps its meaning. Read as the distinct ids, in ascending order.
 */
const roomServiceIds = (param: QueryParam & { kind: 'ids'; count: number }) =>
  tableParam(
    param,
    ID_LIST,
    `must be room service ids separated by commas (at most ${param.count})`,
  );

/**
 * A yes/no filter: `true`, or absent. Any other text (`false`, `1`, `yes`) is a 400 naming the
 * parameter rather than a guess: a coerced "false" would read as true, and "false" as "either"
 * would give one page two addresses.
 */
const queryBoolean = (param: QueryParam & { kind: 'boolean' }) =>
  tableParam(param, /^true$/, 'must be true, or left out');

type HotelListParamSchema<P> = P extends { kind: 'text' }
  ? ReturnType<typeof searchText>
  : P extends { kind: 'int' }
    ? ReturnType<typeof queryInt>
    : P extends { kind: 'choice'; values: readonly (infer V extends string)[] }
      ? z.ZodEnum<{ [K in V]: K }>
      : P extends { kind: 'date' }
        ? typeof isoDate
        : P extends { kind: 'ids' }
          ? ReturnType<typeof roomServiceIds>
          : P extends { kind: 'boolean' }
            ? ReturnType<typeof queryBoolean>
            : never;

/** Each parameter's schema: its fallback when absent, else optional. */
type HotelListShape = {
  [K in keyof HotelListParamTable]: HotelListParamTable[K] extends { fallback: number }
    ? z.ZodDefault<HotelListParamSchema<HotelListParamTable[K]>>
    : z.ZodOptional<HotelListParamSchema<HotelListParamTable[K]>>;
};

function paramSchema(param: QueryParam): z.ZodType {
  switch (param.kind) {
    case 'text':
      return searchText(param).optional();
    case 'int':
      return param.fallback === undefined
        ? queryInt(param).optional()
        : queryInt(param).default(param.fallback);
    case 'choice':
      return z.enum(param.values as [string, ...string[]]).optional();
    case 'date':
      return isoDate.optional();
    case 'ids':
      return roomServiceIds(param).optional();
    case 'boolean':
      return queryBoolean(param).optional();
  }
}

/**
 * GET /hotels — search by name or destination (`name`: every word in the hotel's name, city,
 * department or state), filter by city and stars, by a stay (`checkIn`, `checkOut`: a
 * room of the hotel has `rooms` units free, 1 by default, on every night [checkIn, checkOut),
 * and those units sleep `guests`, 1 by default: `rooms` × the room's capacity ≥ `guests`),
 * by room services (a room of the hotel has them all; with a stay, the same room is free) and by
 * each yes/no attribute of the table (`?attribute=true`), sort and page, all applied by the
 * server. `sort` defaults to name_asc (A-Z; ties by id). `pageSize` defaults to 8, at most 100.
 * A check-in before the hotel's today is refused by the route (it needs the clock). Built from
 * HOTEL_LIST_PARAMS, parameter by parameter, which the web reads its addresses by.
 */
export const hotelListQuery = z
  .object(
    Object.fromEntries(
      hotelListParams().map(([key, param]) => [key, paramSchema(param)]),
    ) as HotelListShape,
  )
  .superRefine(checkStayDates);
export type HotelListQuery = z.infer<typeof hotelListQuery>;

/** GET /filtersHotels/location?filter={city} — the hotels of a city; same paging and sorts. */
export const hotelCityQuery = pageQuery.extend({
  filter: text(100).min(1),
  qualification: hotelListQuery.shape.qualification,
  sort: hotelListQuery.shape.sort,
});

const hotelCard = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Image URLs; the first is the card's picture, the detail carousel shows the first three. */
  image: z.array(z.string()),
  /** The card's picture (the first image) with its size and variants, for `srcset`. */
  picture: imageItem.nullable(),
  qualification: z.number().int(),
  address: z.string(),
  idLocation: z.number().int(),
  /** The hotel's city as a one-element list (the product's shape). */
  Locations: z.array(locationLine),
  reviewCount: z.number().int(),
  /** Mean review rating rounded to one decimal; null while the hotel has no review. */
  reviewAverage: z.number().nullable(),
  /**
   * The cheapest night of any of its rooms, in dollars (the lowest of their `fromPrice`):
   * "from $X per night". Null while the hotel has no room.
   */
  fromPrice: z.number().nullable(),
  /**
   * With a stay searched (checkIn, checkOut; `rooms`, `guests`): its cheapest price among the
   * hotel's rooms that fit it (`rooms` units free every night, sleeping `guests`), as the cart
   * would quote it: `rooms` × the sum of the room's nightly prices. Absent without a stay, or
   * when no room fits any more (a booking between the search and the price).
   */
  stay: z
    .object({
      /** The room priced. */
      roomId: z.number().int(),
      nights: z.number().int(),
      /** Units of the room. */
      rooms: z.number().int(),
      /** In dollars. */
      total: z.number(),
    })
    .optional(),
});
export type HotelCard = z.infer<typeof hotelCard>;

/** GET /hotels and GET /filtersHotels/location: one page of cards (total in X-Total-Count). */
export const hotelCardList = z.array(hotelCard);

export const roomSummary = z.object({
  id: z.number().int(),
  name: z.enum(ROOM_NAMES),
  image: z.array(imageItem),
  /** Base nightly price in dollars. */
  price: z.number(),
  /**
   * The lowest nightly price of its rates (the base, or a cheaper season still to come or
   * weekday rule), in dollars: "from $X per night" when it differs from `price` or rules exist.
   * Event-night premiums only raise a price, so they never lower it.
   */
  fromPrice: z.number(),
  description: z.string(),
  category: z.enum(ROOM_CATEGORIES),
  stock: z.number().int(),
  /** Guests one unit sleeps. */
  capacity: z.number().int(),
  idHotel: z.number().int(),
});
export type RoomSummary = z.infer<typeof roomSummary>;

/** GET /rooms/allRooms/{id} — the rooms of a hotel, cheapest first. */
export const roomSummaryList = z.array(roomSummary);

export const review = z.object({
  id: z.number().int(),
  name: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  /** The author stayed at the hotel (a confirmed booking there). */
  verifiedStay: z.boolean(),
  /** ISO 8601 instant. */
  createdAt: z.string(),
});
export type Review = z.infer<typeof review>;

/**
 * GET /hotels/{id} — card fields, description, rooms (cheapest first), reviews (verified stays
 * first, then newest first).
 */
export const hotelDetail = hotelCard.omit({ stay: true }).extend({
  /** Every image of `image`, with sizes and variants: what the carousel shows. */
  pictures: z.array(imageItem),
  /** The hotel's IANA time zone: its "today" (past check-ins, default stays) is the date there. */
  timeZone: z.string(),
  /** A guest cancels for free until 00:00 (hotel's zone) of this many days before check-in. */
  freeCancellationDays: z.number().int(),
  description: z.string(),
  Rooms: z.array(roomSummary),
  Reviews: z.array(review),
});
export type HotelDetail = z.infer<typeof hotelDetail>;

/** GET /filtersHotels/cities — the cities that have hotels, sorted ignoring case and accents. */
const city = z.object({
  id: z.number().int(),
  city: z.string(),
  department: z.string(),
  state: z.string(),
});
export type City = z.infer<typeof city>;
export const cityList = z.array(city);

// ── Rooms and services ─────────────────────────────────────────────────────────────────────

export const roomService = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.array(imageItem),
});
export type RoomService = z.infer<typeof roomService>;
/** GET /serviceRooms — every room service, by name. */
export const roomServiceList = z.array(roomService);

/** GET /rooms/{id} */
export const roomDetail = roomSummary.extend({
  /** Names of the room's services. */
  services: z.array(z.string()),
  ServicesRooms: z.array(roomService),
  Hotels: z.object({
    id: z.number().int(),
    name: z.string(),
    address: z.string(),
    /** IANA time zone: the room's default stay and earliest check-in are the hotel's today. */
    timeZone: z.string(),
  }),
});
export type RoomDetail = z.infer<typeof roomDetail>;

export const hotelService = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.array(imageItem),
  description: z.string(),
  idHotel: z.number().int(),
});
export type HotelService = z.infer<typeof hotelService>;
/** GET /serviceHotels/hotel/{id} — the services of a hotel, by name. */
export const hotelServiceList = z.array(hotelService);

// ── Events ─────────────────────────────────────────────────────────────────────────────────

/**
 * GET /events — optional date window `from`..`to` (yyyy-MM-dd, both inclusive) and paging
 * (pageSize defaults to 100). Ordered by date, then time.
 */
export const eventListQuery = pageQuery
  .extend({
    from: isoDate.optional(),
    to: isoDate.optional(),
    pageSize: pageQuery.shape.pageSize.unwrap().default(100),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'Must not be before from',
    path: ['to'],
  });

/** GET /events/hotel/{idHotel} */
export const eventHotelParams = z.object({
  idHotel: idParam,
});

export const event = z.object({
  id: z.number().int(),
  name: z.string(),
  idHotel: z.number().int(),
  /** yyyy-MM-dd */
  date: z.string(),
  /** HH:mm (24 h) */
  time: z.string(),
  /** The hotel's IANA time zone, which the date and time are in. */
  timeZone: z.string(),
  image: z.array(imageItem),
  description: z.string(),
  Hotels: z.object({
    id: z.number().int(),
    name: z.string(),
    address: z.string(),
    Locations: z.array(locationLine),
  }),
  /**
   * Whether the hotel has a room free for the event's night (check-in its date, check-out the
   * next day), as the hotel list's stay search decides; null once that night is past at the hotel.
   */
  roomFree: z.boolean().nullable(),
});
export type Event = z.infer<typeof event>;
export const eventList = z.array(event);

// ── Locations ──────────────────────────────────────────────────────────────────────────────

/** GET /locations → the states; GET /locations?name={state} → the departments of that state. */
export const locationNameQuery = z.object({ name: text(100).min(1).optional() });
/** Both answers are lists of names, sorted ignoring case and accents. */
export const locationNameList = z.array(z.string());

/**
 * GET /locations/city?name={department} → the cities of that department. `state` narrows it
 * when two states share a department name.
 */
export const cityQuery = z.object({
  name: text(100).min(1),
  state: text(100).min(1).optional(),
});

// ── Offers (footer sign-up) ───────────────────────────────────────────────────────────────

/** POST /offers — subscribe an e-mail address to the hotel deals e-mails. */
export const offerSignupBody = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email({ message: 'Email invalid' })),
});
export const offerSignupReply = z.object({ message: z.string() });
export const OFFER_SIGNUP_MESSAGE = 'You are subscribed to our hotel deals';
