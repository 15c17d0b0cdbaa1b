import { createHash } from 'node:crypto';
import { capacityFor } from '@devstay/shared/cart';
import {
  HOTELS_PER_PAGE,
  type HotelSort,
  QUALIFICATION_MAX,
  QUALIFICATION_MIN,
} from '@devstay/shared/constants';
import type { HotelCard, HotelListQuery } from '@devstay/shared/contracts/catalogue';
import { asError } from '@devstay/shared/error-message';
import { type HotelAttributeParam, hotelListParams } from '@devstay/shared/hotel-list-params';
import { addDays, earliestToday } from '@devstay/shared/stay';
import { searchKey, searchWords } from '@devstay/shared/text';
import { escapeLiteral, type QueryResult } from 'pg';
import { SEARCH_COUNT_CAP } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { hotelTodaySql } from '../../lib/hotel-today.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { roomUnitsFreeSql } from '../availability/ledger.ts';
import { CARD_SELECT_LIST, type ListedCardRow, toListedHotelCard } from './repository.ts';

/**
 * The hotel list's search planner: the filter registry (HOTEL_FILTERS), the statements a search
 * reads its page and count with and their names, the choice of plan, and the bounded counts.
 * It writes SQL text for node-postgres's prepared statements; the card's columns and row shape
 * are the repository's.
 */

/** A search of the hotel list: GET /hotels's query (/filtersHotels/location's `filter` = city). */
export type HotelSearch = HotelListQuery;

export interface HotelPage {
  items: HotelCard[];
  /** The number of matches; with `totalIsLowerBound`, the list has more than that. */
  total: number;
  /** The count stopped early (a name or rooms searched, see countBound): more than `total`. */
  totalIsLowerBound: boolean;
}

/**
 * How a page of the list is read, chosen per search so that each statement has one sensible
 * plan (they are prepared once per connection and reused):
 * - 'city': the hotels of the city's locations through the (location_id, …) indexes, sorted.
 * - 'walk': along the index of the order, keeping matching rows until the page is full: best
 *   when matches are common (no search text, or one found in many hotels: a large city).
 * - 'name': the matches of a rare search text (a name, a place) first (trigram index on
 *   `search_key`), then sorted; `offset 0` keeps PostgreSQL from merging it into the sorted walk.
 * @internal
 */
export type HotelPagePlan = 'city' | 'walk' | 'name';

/** What a filter's condition is part of: a page read with a plan, or the count of matches. */
type FilterReading = HotelPagePlan | 'count';

/** What a filter's condition may need besides its own value. */
interface FilterContext {
  /** The app's clock, for a condition on a hotel's today. */
  now?: Date;
  /**
   * The hotel's row, or its search copy, is read before this condition (its matches come
   * through a trigram index): a test on a column no b-tree index of hotels holds costs nothing
   * more.
   */
  rowRead?: boolean;
  /** The city searched (folded): in the 'city' reading, every hotel read is in one of its places. */
  city?: string;
  /** A search text is tested too: few of the hotels passed come to the other filters' tests. */
  text?: boolean;
  /**
   * The hotels are read through their places `c` (filteredHotels), which tell whether each word
   * of the search text is in the place (`c.word_<i>_in_place`).
   */
  placesRead?: boolean;
}

/**
 * The parameters of a search that filter it with an entry of HOTEL_FILTERS (the others sort and
 * page it, or are yes/no hotel attributes, each a filter of its own: ATTRIBUTE_FILTERS).
 */
type FilterParam = Exclude<keyof HotelSearch, 'sort' | 'page' | 'pageSize' | HotelAttributeParam>;

/** A filter of the hotel list on a value of type T, read from some parameters of the search. */
interface HotelListFilter<T> {
  /** Its value from the search, folded as the columns hold it (case, accents); undefined: none. */
  fold(search: HotelSearch): T | undefined;
  /** Its condition on hotels `h`; `bind` places a value in the statement and answers its `$n`. */
  where(
    value: T,
    bind: (value: unknown) => string,
    reading: FilterReading,
    context: FilterContext,
  ): string;
  /**
   * Its matches move with what no catalogue change drops the lists for (bookings, a room's
   * stock or services: `catalogue-cache.ts`): a search using it is read from the database each
   * time, never from a read cache.
   */
  live?: boolean;
  /**
   * Its matches are found by testing hotels one by one, which no index bounds (a piece of the
   * name, a room free for a stay): a search using it counts its matches up to its countBound.
   */
  boundedCount?: boolean;
}

/**
 * Whether a check-in can be past at some hotel: no zone's today is more than two days after the
 * earliest one's (UTC+14 against UTC−12). From the day after that on, the hotel's-today
 * condition holds for every hotel and is left out of the statement, which keeps it on the
 * indexes that hold no time zone.
 */
const checkInMayBePast = (checkIn: string, now: Date) => checkIn <= addDays(earliestToday(now), 2);

/** A room a search asks the hotel to have: units free for a stay, guests, and room services. */
interface RoomWanted {
  /** Units of one room; 1 unless asked. */
  units: number;
  /** Guests the units sleep together (units × capacity at least); 1 unless asked. */
  guests: number;
  /** The nights [checkIn, checkOut) the units must be free on. */
  stay?: { checkIn: string; checkOut: string };
  /** Room service ids the room has every one of (ascending, distinct). */
  services?: number[];
}

const filter = <T>(f: HotelListFilter<T>) => f;

/**
 * What a search asks of one room `r`, as an SQL condition: `units` free on every night of the
 * stay (the ledger's rule, roomUnitsFreeSql), or in stock without a stay; those units sleep
 * `guests` (unitsSleep's rule: units × capacity); every room service asked. The room filter's
 * test, and which rooms of a hotel a card prices its stay with (stay-prices.ts).
 * `checkIn`: the check-in already bound, if it is.
 */
export function roomWantedSql(
  r: string,
  { units, guests, stay, services }: RoomWanted,
  bind: (value: unknown) => string,
  checkIn = stay ? bind(stay.checkIn) : '',
): string {
  const unitsSql = `${bind(units)}::int`;
  const conditions = [
    stay
      ? roomUnitsFreeSql(r, { checkIn, checkOut: bind(stay.checkOut), units: unitsSql })
      : `${r}.stock >= ${unitsSql}`,
  ];
  // Every room sleeps one guest at least: one guest asks nothing more of it. Written on the
  // capacity alone, the test is a condition of the (hotel_id, capacity, …) index's scan.
  if (guests > 1) conditions.push(`${r}.capacity >= ${bind(capacityFor(guests, units))}::int`);
  if (services) {
    const ids = `${bind(`{${services.join(',')}}`)}::int[]`;
    conditions.push(`(select count(*) from room_room_services rs
      where rs.room_id = ${r}.id and rs.room_service_id = any(${ids})) = cardinality(${ids})`);
  }
  return conditions.join(' and ');
}

/** The room a search asks a hotel to have, folded; undefined when it asks none. */
export function roomWanted(search: HotelSearch): RoomWanted | undefined {
  return HOTEL_FILTERS.room.fold(search);
}

/**
 * The filters of the hotel list. The WHERE clause of the page and of the count, the prepared
 * statement's name (a hash of its text) and the read caches' keys all come from this list:
 * adding a filter is adding its entry here (and an index its plans can use, docs/scaling.md).
 * Every parameter of the search is read by one entry (FILTER_OF_PARAM).
 */
const HOTEL_FILTERS = {
  /** City name, matched whole, ignoring case and accents. */
  city: filter<string>({
    fold: (s) => (s.city === undefined ? undefined : searchKey(s.city) || undefined),
    where: (cityKey, bind) =>
      `h.location_id in (select id from locations where city_key = ${bind(cityKey)})`,
  }),
  qualification: filter<number>({
    fold: (s) => s.qualification,
    where: (stars, bind) => `h.qualification = ${bind(stars)}`,
  }),
  /**
   * The search box (`name`, as the API has always called it): every word of the text
   * (searchWords) somewhere in the hotel's name, city, department or state, ignoring case and
   * accents: its `search_key`, which the database keeps.
   */
  name: filter<string[]>({
    fold: (s) => {
      const words = s.name === undefined ? [] : searchWords(s.name);
      return words.length > 0 ? words : undefined;
    },
    // Substring match on the folded key: LIKE '%…%' (with %, _ and \ escaped) where the
    // trigram index finds the rows. Where rows come another way (a walk of an order's index,
    // a city's hotels), the same test split in two, on what every such index holds: the name
    // key, or the place key through the location (a word has no blank, so it is in the search
    // key exactly when it is in one of the two). Where the hotels are read through their places
    // (a city's, filteredHotels), the places' test is made once a place; otherwise once a
    // statement, on the city's places alone when the rows are a city's (found through its key's
    // index, a handful instead of every place).
    where: (words, bind, reading, { city, placesRead }) => {
      const cityPlaces =
        reading === 'city' && city !== undefined ? `city_key = ${bind(city)} and ` : '';
      return words
        .map((word, i) => {
          if (reading === 'name' || reading === 'count')
            return `h.search_key like ${bind(containsPattern(word))}`;
          const bound = bind(word);
          const inName = `strpos(h.name_key, ${bound}) > 0`;
          if (placesRead) return `(c.${wordInPlace(i)} or ${inName})`;
          return `(${inName} or h.location_id in (select id from locations where ${cityPlaces}strpos(place_key, ${bound}) > 0))`;
        })
        .join(' and ');
    },
    // A common word (a piece of a name, a large city or state) is in a large share of the
    // hotels: counted whole, every new word would read them all (docs/scaling.md, Figures
    // behind the code's choices).
    boundedCount: true,
  }),
  /**
   * One room of the hotel meets all of it: `rooms` units free on every night of the stay (the
   * ledger's rule, roomUnitsFreeSql), or in stock without a stay; those units sleep `guests`
   * (unitsSleep's rule: units × capacity); every room service asked.
   * With a stay, a hotel whose today (in its own zone, at the app's clock) is after the
   * check-in is left out.
   */
  room: filter<RoomWanted>({
    fold: (s) => {
      const stay =
        s.checkIn !== undefined && s.checkOut !== undefined
          ? { checkIn: s.checkIn, checkOut: s.checkOut }
          : undefined;
      const services = s.services?.length ? s.services : undefined;
      const guests = s.guests ?? 1;
      if (!stay && !services && (s.rooms ?? 1) <= 1 && guests <= 1) return undefined;
      return { units: s.rooms ?? 1, guests, stay, services };
    },
    where: (wanted, bind, reading, { now, rowRead, text }) => {
      const { stay } = wanted;
      const checkIn = stay ? bind(stay.checkIn) : '';
      // A hotel whose largest room is too small is left out before its rooms are probed: where
      // the row is read anyway, or in a count (no city, no text), which reads the hotels from
      // the stars-and-largest-room index (hotels_qualification_largest_room_idx). Elsewhere it
      // would cost a table read for every index entry passed.
      const capacity = capacityFor(wanted.guests, wanted.units);
      const large =
        (rowRead || reading === 'count') && capacity > 1
          ? `h.largest_room_capacity >= ${bind(capacity)}::int and `
          : '';
      const room = `${large}exists (select 1 from rooms r where r.hotel_id = h.id and ${roomWantedSql('r', wanted, bind, checkIn)})`;
      if (!stay) return room;
      if (!now) throw new Error("A stay search is judged at the app's clock: pass `now`");
      if (!checkInMayBePast(stay.checkIn, now)) return room;
      const at = `${bind(now.toISOString())}::timestamptz`;
      if (rowRead || !text)
        return `${checkIn}::date >= ${hotelTodaySql('h.time_zone', at)} and ${room}`;
      // Hotels read from index entries, which hold no time zone, tested by a text: the row of a
      // hotel the text matched is read for its zone, behind `offset 0` so that it stays a test
      // of those hotels (not a join). Written on `h`, every index entry passed was a table read:
      // a walk by a common word for tomorrow, 5,890 buffers against 135.
      return `exists (select from hotels t where t.id = h.id and ${checkIn}::date >= ${hotelTodaySql('t.time_zone', at)} offset 0) and ${room}`;
    },
    // The ledger moves with every booking, which drops no kept list.
    live: true,
    boundedCount: true,
  }),
} as const;

/** A hotels column's name in SQL: the attribute's name in snake case (`petFriendly`: `pet_friendly`). */
function attributeColumn(name: string): string {
  if (!/^[a-z][a-zA-Z0-9]*$/.test(name)) throw new Error(`${name} cannot name a hotels column`);
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/**
 * A filter for each yes/no parameter of HOTEL_LIST_PARAMS (a hotel attribute): `?name=true`
 * keeps the hotels whose column of that name is true. Added to the list by the table alone.
 */
const ATTRIBUTE_FILTERS: Record<string, HotelListFilter<true>> = Object.fromEntries(
  hotelListParams().flatMap(([key, param]) => {
    if (param.kind !== 'boolean') return [];
    const column = attributeColumn(key);
    return [
      [
        key,
        filter<true>({
          fold: (s) => ((s as Record<string, unknown>)[key] === true ? true : undefined),
          where: (on, bind) => `h.${column} = ${bind(on)}`,
        }),
      ],
    ];
  }),
);

type FilterName = keyof typeof HOTEL_FILTERS | HotelAttributeParam;
type FilterValue<F extends FilterName> = F extends keyof typeof HOTEL_FILTERS
  ? NonNullable<ReturnType<(typeof HOTEL_FILTERS)[F]['fold']>>
  : true;

/**
 * The filter that reads each parameter of the search: a parameter added to the contract does
 * not compile until a filter reads it.
 * @internal
 */
export const FILTER_OF_PARAM: { readonly [P in FilterParam]-?: FilterName } = {
  city: 'city',
  qualification: 'qualification',
  name: 'name',
  checkIn: 'room',
  checkOut: 'room',
  rooms: 'room',
  guests: 'room',
  services: 'room',
};

/** In the order their conditions are written and their values keyed. */
const FILTER_NAMES = [
  ...Object.keys(HOTEL_FILTERS),
  ...Object.keys(ATTRIBUTE_FILTERS),
] as FilterName[];

type FoldedFilters = { [F in FilterName]?: FilterValue<F> };

/** A filter by its name, typed for any of its values. */
const filterOf = (name: FilterName) =>
  ((HOTEL_FILTERS as Record<string, unknown>)[name] ?? ATTRIBUTE_FILTERS[name]) as HotelListFilter<
    FilterValue<FilterName>
  >;

const LIVE_FILTERS = FILTER_NAMES.map(filterOf).filter((f) => f.live === true);
const BOUNDED_COUNT_FILTERS = FILTER_NAMES.map(filterOf).filter((f) => f.boundedCount === true);

/** The filters a search uses, each value folded as its column holds it. */
function foldFilters(search: HotelSearch): FoldedFilters {
  const folded: Partial<Record<FilterName, unknown>> = {};
  for (const name of FILTER_NAMES) {
    const value = filterOf(name).fold(search);
    if (value !== undefined) folded[name] = value;
  }
  return folded as FoldedFilters;
}

/** The WHERE clause of the filters on hotels `h` (empty when there is none). */
function filtersWhere(
  folded: FoldedFilters,
  bind: (value: unknown) => string,
  reading: FilterReading,
  now?: Date,
  rowRead = reading === 'name',
  placesRead = false,
): string {
  const context = { now, city: folded.city, text: folded.name !== undefined, rowRead, placesRead };
  const conditions = FILTER_NAMES.flatMap((name) => {
    const value = folded[name];
    return value === undefined ? [] : [filterOf(name).where(value, bind, reading, context)];
  });
  return conditions.length > 0 ? `where ${conditions.join(' and ')}` : '';
}

/** The column of the city's places `c` that tells whether the text's word `i` is in the place. */
const wordInPlace = (i: number) => `word_${i}_in_place`;

/**
 * The hotels `h` a statement reads, with the filters' WHERE clause. Where every match of a
 * city's search text is read (`allMatches`: a count, or a page counted beside), through the
 * city's places `c`, each read first with whether each word is in it (a city has a handful):
 * the name filter then tests a word in the place once a place, where a test against the places
 * matching it (a hashed sub-plan, built at each execution and probed for every hotel passed)
 * cost a city's page statement 5 % (docs/scaling.md). `offset 0` keeps PostgreSQL from merging
 * the places into the join, which would test the words at each hotel. Not for a page alone: a
 * large city's is walked along the order's index until it is full, which the join's plans do
 * not (a common word in Buenos Aires: 1.7 ms against 6 to 13).
 */
function filteredHotels(
  folded: FoldedFilters,
  bind: (value: unknown) => string,
  reading: FilterReading,
  { now, rowRead, allMatches = false }: { now?: Date; rowRead?: boolean; allMatches?: boolean },
): string {
  const { city, ...others } = folded;
  if (!allMatches || reading !== 'city' || city === undefined || others.name === undefined)
    return `hotels h ${filtersWhere(folded, bind, reading, now, rowRead)}`;
  const inPlace = others.name.map(
    (word, i) => `, strpos(place_key, ${bind(word)}) > 0 as ${wordInPlace(i)}`,
  );
  return `(select id${inPlace.join('')} from locations where city_key = ${bind(city)} offset 0) c
    join hotels h on h.location_id = c.id ${filtersWhere(others, bind, reading, now, rowRead, true)}`;
}

/**
 * Whether a search uses a live filter (a stay, rooms, services): such a search is never answered
 * from a read cache, its pages nor its count, since no catalogue change announces a booking.
 */
export function isLiveSearch(search: HotelSearch): boolean {
  // Only the live filters are folded: the others' folding (names, cities) is for the key.
  return LIVE_FILTERS.some((filter) => filter.fold(search) !== undefined);
}

/** A statement's values and the `bind` that places one and answers its `$n`. */
function statementValues() {
  const values: unknown[] = [];
  const bind = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  return { values, bind };
}

/**
 * The read caches' key of a search's matches (its count): searches whose filters differ only
 * in case, accents or spacing share it.
 * @internal
 */
export function hotelFilterKey(search: HotelSearch): string {
  const folded = foldFilters(search);
  return JSON.stringify(FILTER_NAMES.map((name) => folded[name] ?? null));
}

/** The read caches' key of a search's page: its matches, order and page. */
export function hotelSearchKey(search: HotelSearch): string {
  return JSON.stringify([
    hotelFilterKey(search),
    search.sort ?? 'name_asc',
    search.page,
    search.pageSize,
  ]);
}

/**
 * Orders of the hotel list. Names compare by their folded key (case and accents ignored);
 * ties fall to the id so pages never overlap. Each order is served by a b-tree index
 * (hotels_name_key_id_idx, hotels_qualification_name_key_idx and its descending twin,
 * hotels_rating_name_key_idx), whose NULLS LAST the order must repeat to use it. Guest rating:
 * the best review average first, among equals the most reviewed, hotels without reviews last.
 */
const orderBy = (sort: HotelSort, t: string): string =>
  ({
    name_asc: `${t}.name_key, ${t}.id`,
    name_desc: `${t}.name_key desc, ${t}.id desc`,
    score_asc: `${t}.qualification, ${t}.name_key, ${t}.id`,
    score_desc: `${t}.qualification desc nulls last, ${t}.name_key, ${t}.id`,
    rating_desc: `${t}.rating_average desc nulls last, ${t}.review_count desc nulls last, ${t}.name_key, ${t}.id`,
  })[sort];

/**
 * The columns an order reads besides the id: all a page's keys carry (narrower rows to count
 * beside, sort and join than every order's columns).
 */
const sortColumns = (sort: HotelSort, t: string): string =>
  orderBy(sort, t)
    .split(', ')
    .map((term) => term.split(' ')[0])
    .filter((column) => column !== `${t}.id`)
    .join(', ');

/** @internal */
export interface SqlQuery {
  name?: string;
  text: string;
  values: unknown[];
}

/**
 * Names already given, by prefix and statement text: the texts are few (filters × plans ×
 * orders).
 */
const statementNames = new Map<string, Map<string, string>>();

/**
 * A prepared statement's name, a hash of its text: node-postgres prepares a name once per
 * connection, so a name must never stand for two texts. Hashed once per text.
 */
export function statementName(prefix: string, text: string): string {
  let names = statementNames.get(prefix);
  if (names === undefined) {
    names = new Map();
    statementNames.set(prefix, names);
  }
  let name = names.get(text);
  if (name === undefined) {
    name = `${prefix}_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * The rows a page's read may need, written as a literal: its end rounded up to a power of four
 * (16 to 1,024: pages 1–2, 3–8, 9–32 and 33–128 of 8), so a search shape has at most four texts,
 * each a prepared statement of some 150 kB in every connection. Deeper pages have none (their
 * limit is a parameter).
 */
function pageWindow(end: number): number | undefined {
  let window = 16;
  while (window < end) window *= 4;
  return window <= 1024 ? window : undefined;
}

/**
 * The statement reading one page of a search with the given plan; `withTotal` adds the number
 * of matches to every row (`count(*) over ()`), which costs reading every match.
 *
 * The page is found first among index entries only (the b-tree indexes of hotels hold the id,
 * name key, stars and location that filters and orders need, so no table row is read for the
 * hotels skipped or filtered out), then only its own rows are read and joined to their city.
 * @internal
 */
export function hotelPageQuery(
  search: HotelSearch,
  plan: HotelPagePlan,
  withTotal = false,
  /** Writes the values into the text (a simple query) instead of binding them as `$n`. */
  inline?: (value: unknown) => string,
  /** The app's clock: a stay's check-in against each hotel's today. */
  now?: Date,
): SqlQuery {
  const { values, bind: bindValue } = statementValues();
  const bind = inline ?? bindValue;
  const hotels = filteredHotels(foldFilters(search), bind, plan, { now, allMatches: withTotal });
  const sort = search.sort ?? 'name_asc';
  const offset = (search.page - 1) * search.pageSize;
  // 'name': the matches first, behind `offset 0` so they are not merged into a sorted walk.
  const from =
    plan === 'name' ? `(select h.id, ${sortColumns(sort, 'h')} from ${hotels} offset 0) h` : hotels;
  const keys = `h.id, ${sortColumns(sort, 'h')}${withTotal ? ', count(*) over ()::int as total' : ''}`;
  // PostgreSQL keeps a prepared statement's generic plan only if it costs about what a plan
  // for the values does, and it prices a `limit $n offset $m` it cannot see at a tenth of the
  // rows: every page was planned again at each request (a plan cost as much as the read).
  // Within a literal window (the page's end rounded up to a power of four: a few texts a
  // shape), the generic plan is kept. Not for a city's page alone (a city of thousands): the
  // largest city's is read along the order's index, a smaller one's from the city's hotels, and
  // a generic plan would read and sort Buenos Aires's 10,524 hotels for every page (4–8 ms
  // against 1.5–2.5 planned for it). Nor for a statement planned for its values anyway.
  const window =
    !inline && (withTotal || plan !== 'city') ? pageWindow(offset + search.pageSize) : undefined;
  // Nor is it kept while the page's size is a parameter: priced at a tenth of the window's rows
  // (26 of 256), each one a card whose price fallback the planner prices high, against the 8 a
  // plan for the values reads. The site's page size is written as it is; another one stays a
  // parameter, so a client cannot multiply the texts.
  const size =
    window && search.pageSize === HOTELS_PER_PAGE ? String(HOTELS_PER_PAGE) : bind(search.pageSize);
  const limit = `limit ${size} offset ${bind(offset)}`;
  const page = window
    ? `select * from (
        select ${keys} from ${from} order by ${orderBy(sort, 'h')} limit ${window}
      ) h order by ${orderBy(sort, 'h')} ${limit}`
    : `select ${keys} from ${from} order by ${orderBy(sort, 'h')} ${limit}`;
  const text = `select ${CARD_SELECT_LIST}${withTotal ? ', p.total' : ''}
    from (${page}) p
    join hotels h on h.id = p.id
    join locations l on l.id = h.location_id
    order by ${orderBy(sort, 'p')}`;
  return inline ? { text, values } : { name: statementName('hotel_page', text), text, values };
}

/**
 * The number of matches of a search, or of its first `atMost` matches (the count stops there).
 * A text without a city, or a bounded count, is planned for its values (not prepared):
 * PostgreSQL then counts a rare name through the trigram index and a common one by a scan, and
 * reads no further than `atMost` matches.
 * @internal
 */
export function hotelCountQuery(
  search: HotelSearch,
  atMost?: number,
  /** Writes the values into the text (a simple query) instead of binding them as `$n`. */
  inline?: (value: unknown) => string,
  /** The app's clock: a stay's check-in against each hotel's today. */
  now?: Date,
): SqlQuery {
  const { values, bind } = statementValues();
  const place = inline ?? bind;
  const { name, ...others } = foldFilters(search);
  // A search text without a city: its matches first, through the trigram index, behind
  // `offset 0`; the other filters (a stay's probes of rooms and nights) test only them. Left
  // to itself, PostgreSQL reads hotels in any order and tests the text on each until the
  // count stops: for a text in 2 % of the hotels, some 90,000 tests (docs/scaling.md).
  // With a city, the city's hotels come from its indexes, which test the text from their
  // entries as the city's page does (no table row read).
  // A text alone, or with only rooms asked besides (a stay, guests): its matches from the
  // hotels' narrow search copy, which holds all the room filter reads of a hotel (id, largest
  // room, zone), instead of whole hotel rows.
  const matched = Object.keys(others).every((filter) => filter === 'room')
    ? 'select h.hotel_id as id, h.largest_room_capacity, h.time_zone from hotel_search h'
    : 'select h.* from hotels h';
  const from =
    others.city !== undefined
      ? filteredHotels({ name, ...others }, place, 'city', { now, allMatches: true })
      : name !== undefined
        ? `(${matched} ${filtersWhere({ name }, place, 'count')} offset 0) h ${filtersWhere(others, place, 'count', now, true)}`
        : `hotels h ${filtersWhere(others, place, 'count', now)}`;
  if (atMost === undefined) {
    const text = `select count(*)::int as total from ${from}`;
    // Without a text, or with a city, a count has one plan whatever its values (it reads the
    // entries of a city's, a star level's index): prepared, it is planned once per connection,
    // not at each request.
    return (name === undefined || others.city !== undefined) && !inline
      ? { name: statementName('hotel_count', text), text, values }
      : { text, values };
  }
  const text = `select count(*)::int as total from (select from ${from} limit ${place(atMost)}) m`;
  return { text, values };
}

/**
 * How far the count of a search by a filter with `boundedCount` (a name, rooms) goes: the
 * smallest multiple of `cap` that reaches the end of the page asked. Read whole, such a count
 * tests every hotel the other filters leave (all 100,000 for dates alone, at every request: a
 * stay's matches move with bookings and are never kept); stopped after this many matches, it
 * reads about as many hotels as the pages up to this one do. Past it the list says "more than
 * bound" ("1,000+ hotels"), and the pages up to the bound and the one after it are there to
 * open; opening them moves the bound on (2,000+, …).
 */
function countBound(search: Pick<HotelSearch, 'page' | 'pageSize'>, cap: number) {
  return cap * Math.max(1, Math.ceil((search.page * search.pageSize) / cap));
}

/**
 * What reading one match of a search text costs the 'name' plan, in index entries walked: 2
 * alone (a table row read); with a stay or rooms asked, every hotel with the text has its rooms
 * and their nights probed, about 25 walked entries' time on the 100,000-hotel set (a common
 * name with 4 guests: 16,226 buffers read by the name's matches, 288 by the walk;
 * docs/scaling.md, Stay search), and those hotels are more than the matches counted.
 */
const NAME_MATCH_COST = { plain: 2, live: 20 } as const;

/**
 * What the walk pays for each hotel it passes with a search text, in the same units: its index
 * entry, which holds what the name filter tests (name key and location).
 */
const WALKED_HOTEL_COST = 1;

/**
 * Which plan reads a page best. A city bounds the matches. Otherwise walking the order's index
 * passes about (offset + page size) × hotels / matches hotels (WALKED_HOTEL_COST each); reading
 * the matches of the text through the trigram index reads them all (NAME_MATCH_COST each): the
 * cheaper one wins.
 * @internal
 */
export function chooseHotelPagePlan(
  search: HotelSearch,
  matches: number,
  allHotels: number,
): HotelPagePlan {
  const { city, name } = foldFilters(search);
  if (city !== undefined) return 'city';
  if (name === undefined) return 'walk';
  const walked = (search.page * search.pageSize * allHotels) / Math.max(1, matches);
  const perMatch = isLiveSearch(search) ? NAME_MATCH_COST.live : NAME_MATCH_COST.plain;
  return walked * WALKED_HOTEL_COST < matches * perMatch ? 'walk' : 'name';
}

/**
 * Runs one statement of a stay search with no parallel workers: a count that stops after a
 * thousand matches, or a page walked along the order's index, reads a few thousand index
 * entries, less than starting workers costs (on a busy machine, tens of milliseconds before their
 * first row, which a Gather Merge waits for; a page 50 of a search with guests took 0.8 s so).
 *
 * `set local` needs a transaction; sent as one simple query (begin, set, statement, commit) it
 * is one round trip instead of three, a large part of what a page read once costs the server and
 * the database. A simple query carries no parameters: the values are written into its text as
 * literals, quoted by the driver (`escapeLiteral`). Answers the statement's rows.
 */
async function withoutWorkers<Row>(db: Db, text: string): Promise<Row[]> {
  const client = await db.$client.connect();
  let failed: Error | undefined;
  try {
    const results = (await client.query(
      `begin; set local max_parallel_workers_per_gather = 0; ${text}; commit`,
    )) as unknown as QueryResult[];
    return (results[2]?.rows ?? []) as Row[];
  } catch (error) {
    failed = asError(error);
    throw error;
  } finally {
    // A connection that failed mid-transaction is closed rather than handed to another query.
    client.release(failed);
  }
}

/** Counts a search's first `atMost` matches (withoutWorkers). */
async function countWithoutWorkers(
  db: Db,
  search: HotelSearch,
  atMost: number,
  now?: Date,
): Promise<number> {
  const { text } = hotelCountQuery(search, atMost, inlineLiteral, now);
  const [row] = await withoutWorkers<{ total: number }>(db, text);
  return row?.total ?? 0;
}

/**
 * A value written into a statement's text: an integer or a yes/no as it is, a text as a quoted
 * string.
 * @internal
 */
export function inlineLiteral(value: unknown): string {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return escapeLiteral(value);
  throw new TypeError(`cannot write ${typeof value} into a statement's text`);
}

/** Remembers match counts by filter: every page and sort of one search shares its count. */
interface CountCache {
  get(key: string, load: () => Promise<number>): Promise<number>;
}

export interface SearchHotelsOptions {
  /** Match counts kept by filter (never those of a search on rooms). */
  counts?: CountCache;
  /** A search by a name or on rooms counts up to countBound(search, countCap) matches. */
  countCap?: number;
  /** The app's clock, which a stay's check-in is judged at (needed for a search with a stay). */
  now?: Date;
}

/** Whether a search's count stops at its countBound (it uses a filter with `boundedCount`). */
const hasBoundedCount = (search: HotelSearch) =>
  BOUNDED_COUNT_FILTERS.some((filter) => filter.fold(search) !== undefined);

const ALL_HOTELS: HotelSearch = { page: 1, pageSize: 1 };

/** Up to about this many index entries read, a search's matches are counted beside its page. */
const COUNT_BESIDE_MAX = 5000;

/** A city alone up to this many hotels is read beside its count: one statement planned once. */
const CITY_BESIDE_MAX = 1000;

/** A star filter leaves about one hotel of this many, one per star level. */
const STAR_LEVELS = QUALIFICATION_MAX - QUALIFICATION_MIN + 1;

/**
 * One page of hotel cards and the number of matches. Match counts are kept in `counts` (when
 * given) by filter, so every page and order of a search shares one count (up to its
 * countBound for a name: pages 1–125 share one); a search on rooms (live) is counted at each
 * request, up to its countBound.
 * - With a city: if the matches are few (a small city, or other filters in a mid-sized one),
 *   one statement reads the page and counts beside it; otherwise the count (kept) and the page
 *   are two statements.
 * - Without: the number of matches decides how the page is read (see chooseHotelPagePlan); the
 *   page is read beside the count when no name leaves a choice.
 */
export async function searchHotels(
  db: Db,
  search: HotelSearch,
  { counts, countCap = SEARCH_COUNT_CAP, now }: SearchHotelsOptions = {},
): Promise<HotelPage> {
  const live = isLiveSearch(search);
  const bound = hasBoundedCount(search) ? countBound(search, countCap) : undefined;
  const count = async (s: HotelSearch) => {
    const atMost = s === search && bound !== undefined ? bound + 1 : undefined;
    const load = async () =>
      atMost === undefined
        ? ((
            await db.$client.query<{ total: number }>(hotelCountQuery(s, undefined, undefined, now))
          ).rows[0]?.total ?? 0)
        : countWithoutWorkers(db, s, atMost, now);
    if (!counts || (s === search && live)) return load();
    return counts.get(JSON.stringify([hotelFilterKey(s), atMost ?? null]), load);
  };
  /** A counted number of matches as the page tells it: past the bound, "more than bound". */
  const told = (counted: number) =>
    bound !== undefined && counted > bound
      ? { total: bound, totalIsLowerBound: true }
      : { total: counted, totalIsLowerBound: false };
  // A stay search's page is read as its count is, without workers (withoutWorkers): its walk
  // probes rooms and ledger for each hotel it passes, and with guests or a deep page it passes
  // thousands, which the planner then splits over workers. Others are prepared statements.
  type PageRow = ListedCardRow & { total?: number };
  const readPage = async (plan: HotelPagePlan, withTotal = false, page = search.page) => {
    const read = page === search.page ? search : { ...search, page };
    return live
      ? withoutWorkers<PageRow>(db, hotelPageQuery(read, plan, withTotal, inlineLiteral, now).text)
      : (await db.$client.query<PageRow>(hotelPageQuery(read, plan, withTotal, undefined, now)))
          .rows;
  };

  const { city, name, ...others } = foldFilters(search);
  if (city !== undefined) {
    const inCity = await count({ city: search.city, page: 1, pageSize: 1 });
    // Counted beside the page, the matches cost a read of every entry of the city's indexes
    // the search ranges over: the city's hotels, a fifth of them with stars (a name only
    // filters them). Up to some thousands, that costs less than a count of its own: a
    // statement more, planned for its values, for a text few searches share (a city's count,
    // or a city's with stars, is kept and shared; counted beside, every match is read and
    // sorted again at each page). A search on rooms is counted no further than its bound.
    const entries = others.qualification !== undefined ? inCity / STAR_LEVELS : inCity;
    const beside =
      live && bound !== undefined
        ? inCity <= bound
        : name !== undefined
          ? entries <= COUNT_BESIDE_MAX
          : inCity <= (Object.keys(others).length > 0 ? COUNT_BESIDE_MAX : CITY_BESIDE_MAX);
    if (beside) {
      const rows = inCity === 0 ? [] : await readPage('city', true);
      const items = rows.map(toListedHotelCard);
      const total = rows[0]?.total;
      if (total !== undefined || inCity === 0 || search.page === 1)
        return { items, total: total ?? 0, totalIsLowerBound: false };
      // Past the last page no row carries the total: the first page's does (the same
      // statement, planned already).
      const [first] = await readPage('city', true, 1);
      return { items, total: first?.total ?? 0, totalIsLowerBound: false };
    }
    const [counted, rows] = await Promise.all([count(search), readPage('city')]);
    return { items: rows.map(toListedHotelCard), ...told(counted) };
  }
  if (name === undefined) {
    // Nothing to choose: the page walks the order's index, beside the count.
    const [counted, rows] = await Promise.all([count(search), readPage('walk')]);
    return { items: rows.map(toListedHotelCard), ...told(counted) };
  }
  const [counted, allHotels] = await Promise.all([count(search), count(ALL_HOTELS)]);
  const page = told(counted);
  // More matches than the bound: walking the order's index reaches any page before the bound
  // for less than reading every match (docs/scaling.md, Figures behind the code's choices).
  const plan = page.totalIsLowerBound ? 'walk' : chooseHotelPagePlan(search, counted, allHotels);
  const rows = counted === 0 ? [] : await readPage(plan);
  return { items: rows.map(toListedHotelCard), ...page };
}
