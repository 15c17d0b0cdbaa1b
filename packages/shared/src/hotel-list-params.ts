/**
 * The query of GET /api/hotels, defined once: the table below names each parameter with its
 * kind and limits. The API's contract (`hotelListQuery`, contracts/catalogue.ts) is built from
 * it with zod; the web reads its addresses with `readHotelListQuery`, written here without zod,
 * which the hotel list's first load cannot afford. The stay in an address (`checkIn`, `checkOut`,
 * `rooms`, `guests`, `services`) is read by `readAddressStay`, for the hotel list, the hotel page and the
 * room page alike.
 */
import { isIsoDate } from './calendar-date.ts';
import {
  GUESTS_MAX,
  HOTEL_SORT_VALUES,
  HOTELS_PER_PAGE,
  MAX_PAGE_SIZE,
  MAX_STAY_NIGHTS,
  PAGE_MAX,
  QUALIFICATION_MAX,
  QUALIFICATION_MIN,
  STOCK_MAX,
} from './constants.ts';
import type { StayDates } from './paths.ts';
import { parseRowId, parseWhole } from './row-id.ts';
import { nightsBetween } from './stay.ts';

/**
 * What a parameter does in the list besides being read: `filter`, the active filter it belongs
 * to (its chip, what "clear filters" and the chip's close button remove; a yes/no parameter is
 * a filter of its own name); `live`, its matches move with bookings (the server renders such a
 * page at every visit and keeps none).
 */
interface ParamRole {
  filter?: string;
  live?: true;
}

/**
 * How a query parameter is written; `fallback` is the value of an absent one. `boolean`: a
 * yes/no attribute of a hotel (the hotels column of the same name in snake case), written
 * `true` or left out: the API refuses any other text (`false` included) with a 400 naming it,
 * and the web reads it as absent. `label` names it on its toggle and its chip.
 */
export type QueryParam = ParamRole &
  (
    | { kind: 'text'; max: number }
    | { kind: 'int'; min: number; max: number; fallback?: number }
    | { kind: 'choice'; values: readonly string[] }
    | { kind: 'date' }
    | { kind: 'ids'; count: number }
    | { kind: 'boolean'; label: string }
  );

/** The longest search text (a hotel's name, a city). */
const SEARCH_TEXT_MAX = 100;

/** The most room services one hotel search may ask for together. */
const SEARCH_SERVICES_MAX = 10;

/**
 * Every parameter of the hotel list, in the order an address writes them. Everything about the
 * list's query comes from here: the API's contract and its kept answers' key, the search
 * planner's yes/no filters, the web's address (read, written, kept by the server render),
 * its chips and "clear filters". A yes/no hotel attribute is one `boolean` entry here.
 * @internal
 */
export const HOTEL_LIST_PARAMS = {
  name: { kind: 'text', max: SEARCH_TEXT_MAX, filter: 'name' },
  city: { kind: 'text', max: SEARCH_TEXT_MAX, filter: 'city' },
  qualification: {
    kind: 'int',
    min: QUALIFICATION_MIN,
    max: QUALIFICATION_MAX,
    filter: 'qualification',
  },
  sort: { kind: 'choice', values: HOTEL_SORT_VALUES },
  checkIn: { kind: 'date', filter: 'stay', live: true },
  checkOut: { kind: 'date', filter: 'stay', live: true },
  /** Units of one room wanted: at most a room's largest stock. */
  rooms: { kind: 'int', min: 1, max: STOCK_MAX, filter: 'stay', live: true },
  /** Guests those units sleep together (units × the room's capacity at least). */
  guests: { kind: 'int', min: 1, max: GUESTS_MAX, filter: 'stay', live: true },
  services: { kind: 'ids', count: SEARCH_SERVICES_MAX, filter: 'services', live: true },
  page: { kind: 'int', min: 1, max: PAGE_MAX, fallback: 1 },
  pageSize: { kind: 'int', min: 1, max: MAX_PAGE_SIZE, fallback: HOTELS_PER_PAGE },
} as const satisfies Record<string, QueryParam>;

export type HotelListParamTable = typeof HOTEL_LIST_PARAMS;
type Params = HotelListParamTable;

/** What a parameter reads as. */
export type ParamValue<P extends QueryParam> = P extends { kind: 'int' }
  ? number
  : P extends { kind: 'ids' }
    ? number[]
    : P extends { kind: 'choice'; values: readonly (infer V)[] }
      ? V
      : P extends { kind: 'boolean' }
        ? true
        : string;

/** The names of the yes/no parameters (hotel attributes). */
export type HotelAttributeParam = {
  [K in keyof Params]: Params[K] extends { kind: 'boolean' } ? K : never;
}[keyof Params];

/** The active filters of the list: each parameter's `filter`, a yes/no one's own name. */
export type HotelFilterKey =
  | { [K in keyof Params]: Params[K] extends { filter: infer F } ? F : never }[keyof Params]
  | HotelAttributeParam;

/** The table's entries (read when asked: everything derived follows the table). */
export function hotelListParams(): [string, QueryParam][] {
  return Object.entries(HOTEL_LIST_PARAMS);
}

/** The active filter a parameter belongs to (undefined for sort and paging). */
export function filterOfParam(key: string, param: QueryParam): string | undefined {
  return param.kind === 'boolean' ? key : param.filter;
}

type WithFallback = {
  [K in keyof Params]: Params[K] extends { fallback: number } ? K : never;
}[keyof Params];

/** The query as read: every parameter that has a fallback, and those of the others it holds. */
type ParamValues = { [K in WithFallback]: ParamValue<Params[K]> } & {
  [K in Exclude<keyof Params, WithFallback>]?: ParamValue<Params[K]>;
};

/** The hotel list's query with its stay's dates read together (both or none). */
export type HotelListValues = Omit<ParamValues, 'checkIn' | 'checkOut'> & { stay?: StayDates };

/**
 * How a list of ids is written: decimal digits only (no `1e1`, `0x10`, `+3`), each id then read
 * by the one row-id rule (`parseRowId`). A whole number is read by the rule of every whole
 * number in an address (`parseWhole`).
 */
export const ID_LIST = /^\d{1,10}(,\d{1,10})*$/;

/**
 * One parameter's text read by its kind; undefined for one the API refuses (and for a blank
 * text, which searches nothing). Whole numbers are decimal digits only: no `1e1`, `0x10`, `+3`.
 */
export function readParam<P extends QueryParam>(param: P, raw: string): ParamValue<P> | undefined {
  return readAny(param, raw) as ParamValue<P> | undefined;
}

function readAny(param: QueryParam, raw: string): string | number | number[] | true | undefined {
  switch (param.kind) {
    case 'boolean':
      return raw === 'true' ? true : undefined;
    case 'text': {
      const text = raw.trim();
      return text && text.length <= param.max && !text.includes('\u0000') ? text : undefined;
    }
    case 'int': {
      return parseWhole(raw, param.min, param.max) ?? undefined;
    }
    case 'choice':
      return param.values.includes(raw) ? raw : undefined;
    case 'date':
      return isIsoDate(raw) ? raw : undefined;
    case 'ids': {
      if (!ID_LIST.test(raw)) return undefined;
      const read = raw.split(',').map(parseRowId);
      if (read.some((id) => id === null)) return undefined;
      const ids = [...new Set(read as number[])].sort((a, b) => a - b);
      return ids.length <= param.count ? ids : undefined;
    }
  }
}

/** What is wrong with a stay's two dates, each already a real date or absent. */
export type StayProblem = 'missing' | 'order' | 'tooLong';

/**
 * The rule of a stay's dates together: both or none, check-out after check-in, at most
 * MAX_STAY_NIGHTS nights. Whether the check-in is past needs the hotel's today: not here.
 */
export function stayProblem(
  checkIn: string | undefined,
  checkOut: string | undefined,
): { field: 'checkIn' | 'checkOut'; problem: StayProblem } | undefined {
  if (checkIn === undefined && checkOut === undefined) return undefined;
  if (checkIn === undefined) return { field: 'checkIn', problem: 'missing' };
  if (checkOut === undefined) return { field: 'checkOut', problem: 'missing' };
  if (checkIn >= checkOut) return { field: 'checkOut', problem: 'order' };
  if (nightsBetween(checkIn, checkOut) > MAX_STAY_NIGHTS) {
    return { field: 'checkOut', problem: 'tooLong' };
  }
  return undefined;
}

/** The stay an address carries: its dates, the units of one room, and room services. */
export interface AddressStay {
  stay?: StayDates;
  /** Units of one room, only with a stay (1 when absent). */
  rooms?: number;
  /** Guests those units sleep, only with a stay (1 when absent). */
  guests?: number;
  /** Room service ids, distinct and ascending. */
  services?: number[];
}

function read<P extends QueryParam>(param: P, search: URLSearchParams, key: string) {
  const raw = search.get(key);
  return raw === null ? undefined : readParam(param, raw);
}

/**
 * The stay in a screen's address (`?checkIn=…&checkOut=…&rooms=…&guests=…&services=…`), read by the
 * rules of GET /api/hotels: what the API would refuse is left out (an impossible date such as
 * 2026-02-30, dates out of order, units without a stay), so every screen shows it the same way.
 */
export function readAddressStay(search: URLSearchParams): AddressStay {
  const checkIn = read(HOTEL_LIST_PARAMS.checkIn, search, 'checkIn');
  const checkOut = read(HOTEL_LIST_PARAMS.checkOut, search, 'checkOut');
  const stay =
    checkIn && checkOut && !stayProblem(checkIn, checkOut) ? { checkIn, checkOut } : undefined;
  const rooms = stay ? read(HOTEL_LIST_PARAMS.rooms, search, 'rooms') : undefined;
  const guests = stay ? read(HOTEL_LIST_PARAMS.guests, search, 'guests') : undefined;
  const services = read(HOTEL_LIST_PARAMS.services, search, 'services');
  return {
    ...(stay ? { stay } : {}),
    ...(rooms !== undefined ? { rooms } : {}),
    ...(guests !== undefined ? { guests } : {}),
    ...(services ? { services } : {}),
  };
}

/** The hotel list's query from its address: each parameter by the table, a refused one left out. */
export function readHotelListQuery(search: URLSearchParams): HotelListValues {
  const values: Record<string, unknown> = {};
  for (const [key, param] of hotelListParams()) {
    const value = read(param, search, key);
    if (value !== undefined) values[key] = value;
    else if ('fallback' in param) values[key] = param.fallback;
  }
  const {
    checkIn: _in,
    checkOut: _out,
    rooms: _rooms,
    guests: _guests,
    services: _services,
    ...rest
  } = values;
  return { ...rest, ...readAddressStay(search) } as HotelListValues;
}

/** The query string's values of a hotel list query, as GET /api/hotels reads them. */
export function hotelListSearch(values: HotelListValues): Record<string, string> {
  const { stay, ...rest } = values;
  const flat: Record<string, unknown> = { ...rest, ...stay };
  const search: Record<string, string> = {};
  for (const key of Object.keys(HOTEL_LIST_PARAMS)) {
    const value = flat[key];
    if (value !== undefined) search[key] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return search;
}
