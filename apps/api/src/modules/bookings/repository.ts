import type { BookingStatus } from '@devstay/shared/constants';
import type { Booking, BookingLine } from '@devstay/shared/contracts/booking';
import type { NightPrice } from '@devstay/shared/contracts/rates';
import { stayNights } from '@devstay/shared/stay';
import { centsToPrice } from '@devstay/shared/text';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { bookingLines, bookings } from '../../db/schema.ts';
import { type PreparedStatement, runPrepared, sqlState } from '../../db/statements.ts';
import type { ReleaseCause } from '../../lib/announcements.ts';
import { countCallSql, type RateLimit, rateLimitValues, waitFor } from '../../lib/rate-limit.ts';
import {
  demandJson,
  nightlyDemand,
  releaseUnits,
  type StayUnits,
  soldOutNightSql,
  takeUnitsSql,
} from '../availability/ledger.ts';
import type { RoomForSale } from '../availability/quote.ts';

/** A booking row as checkout and payment need it. */
export interface BookingRow {
  id: string;
  userId: string;
  status: BookingStatus;
  totalCents: number;
  totalQuantity: number;
  currency: string;
  holdExpiresAt: Date | null;
}

const bookingColumns = {
  id: bookings.id,
  userId: bookings.userId,
  status: bookings.status,
  totalCents: bookings.totalCents,
  totalQuantity: bookings.totalQuantity,
  currency: bookings.currency,
  holdExpiresAt: bookings.holdExpiresAt,
};

/** The booking, its row locked until the transaction ends (payment decisions). */
export async function lockBooking(tx: Tx, id: string): Promise<BookingRow | undefined> {
  const [row] = await tx
    .select(bookingColumns)
    .from(bookings)
    .where(eq(bookings.id, id))
    .for('update');
  return row as BookingRow | undefined;
}

/**
 * The stays a booking holds: its lines, but those cancelled alone (a traveller's stay, whose
 * units went back then).
 */
export async function bookingStays(db: Executor, ids: readonly string[]): Promise<StayUnits[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      roomId: bookingLines.roomId,
      checkIn: bookingLines.checkIn,
      checkOut: bookingLines.checkOut,
      quantity: bookingLines.quantity,
    })
    .from(bookingLines)
    .where(and(inArray(bookingLines.bookingId, [...ids]), isNull(bookingLines.cancelledAt)))
    .orderBy(asc(bookingLines.id));
}

const LOCK_ID = /^-?\d{1,19}$/;

/**
 * Checkout's first statement, sent with its BEGIN: the key's lock (try: another request with
 * the key gets 409 at once) and, only once it holds that, the account's hold lock (wait: racing
 * tabs of one account queue here, so each counts the others' committed holds). Both last until
 * the transaction ends; the next statement reads with a snapshot taken after both are held.
 * Its text carries the two 64-bit lock ids (numbers checkout computed), so it can go in the
 * same round trip as BEGIN (a simple query, which takes no parameters). Its row: `claimed`,
 * false when the key is in flight elsewhere.
 */
export function claimCheckoutSql(keyLock: string, holdsLock: string): string {
  if (!LOCK_ID.test(keyLock) || !LOCK_ID.test(holdsLock)) throw new Error('Not a lock id');
  return `select case when pg_try_advisory_xact_lock(${keyLock}::bigint)
      then (select true from pg_advisory_xact_lock(${holdsLock}::bigint))
      else false end as claimed`;
}

/**
 * What an account holds unpaid now, and how many of its holds lapsed unpaid in the last day
 * since its latest successful payment (by the (user, created_at) index), as SQL text: `user`
 * is an expression giving the account, `except` one giving a booking left out (the one being
 * paid: its own hold is what the rules decide on). A waitlist's offer is a hold the site made,
 * not one the guest took: it counts in none of the three (the waitlist's own cap bounds it).
 */
export function holdsOfAccountSql(user: string, except = 'null::uuid'): string {
  return `
    with mine as (
      select b.status, b.total_quantity, b.created_at, b.confirmed_at,
        exists (select 1 from payments p where p.booking_id = b.id) as tried,
        exists (select 1 from waitlist_entries w where w.booking_id = b.id) as offer
      from bookings b
      where b.user_id = ${user} and b.created_at > now() - interval '1 day'
        and b.id is distinct from ${except}),
    paid as (select max(confirmed_at) as at from mine)
    select
      -- A lapsed hold not yet swept still holds its units: it counts until released.
      (count(*) filter (where status = 'pending' and not offer))::int as pending,
      (coalesce(sum(total_quantity) filter (where status = 'pending' and not offer), 0))::int
        as units,
      (count(*) filter (where status = 'expired' and not tried and not offer
        and created_at > coalesce((select at from paid), '-infinity')))::int as lapsed
    from mine`;
}

/**
 * The rooms whose ids `ids` (a subquery) gives, with their hotels, as the booking rules read
 * them (CheckoutRoom) — with `lock`, share-locked in id order (the ledger's order): price and
 * stock then hold until the transaction ends, and a stock change waits for it.
 */
export function saleRoomsSql(ids: string, lock: boolean, when = 'true'): string {
  return `select r.id, r.name, r.price_cents, r.stock, h.id as hotel_id, h.name as hotel,
        h.address, h.time_zone, h.event_night_premium_percent, r.capacity, ${roomRatesSql('r', 'h')}
      from rooms r join hotels h on h.id = r.hotel_id
      where r.id in (${ids}) and ${when}
      ${lock ? 'order by r.id for share of r' : ''}`;
}

/**
 * What prices the nights of the relation `line`'s stays of room `r` at hotel `h`
 * (RoomForSale's rates and eventNights): the room's rules reaching its stays' nights (as
 * rulesOfRooms reads them, within one statement here) and the hotel's event dates within them,
 * each in a set order: unchanged rows always answer the same JSON.
 */
function roomRatesSql(r: string, h: string): string {
  return `(select coalesce(json_agg(json_build_object('kind', rr.kind, 'from', rr.first_night,
            'to', rr.last_night, 'weekdays', rr.weekdays, 'priceCents', rr.price_cents)
            order by rr.id), '[]')
          from room_rates rr, (select min(l.check_in) as first, max(l.check_out) as last
            from line l where l.room_id = ${r}.id) span
          where rr.room_id = ${r}.id and (rr.kind = 'weekdays'
            or (rr.last_night >= span.first and rr.first_night < span.last))) as rates,
        (select coalesce(json_agg(distinct e.date order by e.date), '[]') from events e
          where e.hotel_id = ${h}.id and exists (select 1 from line l
            where l.room_id = ${r}.id and e.date >= l.check_in and e.date < l.check_out))
          as event_nights`;
}

/** The rooms of a relation of saleRoomsSql's rows, as one JSON array of CheckoutRoom. */
export const saleRoomsJson = (room: string) =>
  `(select coalesce(json_agg(json_build_object('id', id, 'name', name,
          'priceCents', price_cents, 'stock', stock, 'capacity', capacity, 'hotelId', hotel_id,
          'hotel', hotel,
          'address', address, 'timeZone', time_zone,
          'premiumPercent', event_night_premium_percent, 'rates', rates,
          'eventNights', event_nights) order by id), '[]') from ${room})`;

/**
 * What a checkout decides from, as CTEs of one statement, for the account `$1`, the key `$2`,
 * the lines `$3` (ord, room_id, check_in, check_out, quantity) and their demand `$4` in ledger
 * order (ord, room_id, night, units), all from the statement's snapshot:
 * - `earlier`: the booking this account's key already made, with its stays (a replay);
 * - `room`: the cart's rooms with their hotels (none for a replay) — with `lockRooms`
 *   share-locked in id order (the ledger's order): price and stock then hold until the
 *   transaction ends, and a stock change waits for it;
 * - `held`: the account's unpaid holds (HOLDS_OF_ACCOUNT);
 * - `sold_out`: the first night committed data already shows cannot fit (soldOutNightSql,
 *   read plainly: no ledger row is locked).
 */
function cartReadsSql(lockRooms: boolean): string {
  return `line as (
      select * from jsonb_to_recordset($3::jsonb)
        as l(ord int, room_id int, check_in date, check_out date, quantity int, guests int,
          night_cents bigint[], traveller_name text, traveller_email text)),
    demand as (
      select * from jsonb_to_recordset($4::jsonb) as d(ord int, room_id int, night date, units int)),
    earlier as (
      select b.id,
        (select coalesce(json_agg(json_build_object('roomId', bl.room_id, 'checkIn', bl.check_in,
            'checkOut', bl.check_out, 'quantity', bl.quantity, 'guests', bl.guests,
            'traveller', case when bl.traveller_email is null then null else
              json_build_object('name', bl.traveller_name, 'email', bl.traveller_email) end)
            order by bl.id), '[]')
          from booking_lines bl where bl.booking_id = b.id) as stays
      from bookings b where b.user_id = $1::text and b.idempotency_key = $2::text),
    room as (${saleRoomsSql('select room_id from line', lockRooms, 'not exists (select 1 from earlier)')}),
    held as (${holdsOfAccountSql('$1::text')}),
    sold_out as (${soldOutNightSql('demand', 'room')})`;
}

/** The answer's columns of cartReadsSql (see CartReads). */
const CART_READS_COLUMNS = `(select row_to_json(e) from earlier e) as earlier,
      ${saleRoomsJson('room')} as rooms,
      (select row_to_json(h) from held h) as held,
      (select json_build_object('roomId', room_id, 'night', night) from sold_out) as sold_out`;

/**
 * Checkout's first statement, on its own (no transaction): counts the call against the
 * account's and then the address's checkout rate limits (countCallSql; the address's only while
 * the account's allows it), tries the key's lock (held for this statement only: false when
 * another request with the key is in flight), and reads what the checkout decides from
 * (cartReadsSql, the rooms read plainly). Everything it refuses is refused on this one
 * committed snapshot, as if the checkout ran at that instant, without a lock waited for or a
 * row written; only a checkout these reads would let take its units goes on to the
 * transaction (CLAIM_CHECKOUT, HOLD_CART), which decides again under its locks.
 * Values: account, key, lines, demand, the key's lock id, the rate limits' values
 * (rateLimitValues) of the account and of the address, and whether to count the call.
 */
const CHECK_CART: PreparedStatement = {
  name: 'checkout_check_cart',
  text: `
    with counted_account as (${countCallSql(
      { key: '$6', now: '$7', windowStart: '$8', max: '$9' },
      '$14::boolean',
    )}),
    counted_address as (${countCallSql(
      { key: '$10', now: '$11', windowStart: '$12', max: '$13' },
      '$14::boolean and (select allowed from counted_account)',
    )}),
    key_free as (select pg_try_advisory_xact_lock($5::bigint) as free),
    ${cartReadsSql(false)}
    select (select row_to_json(c) from counted_account c) as counted_account,
      (select row_to_json(c) from counted_address c) as counted_address,
      (select free from key_free) as key_free,
      ${CART_READS_COLUMNS}`,
};

/**
 * Checkout's second statement, in its transaction with CLAIM_CHECKOUT's locks held: the reads
 * again (cartReadsSql, the rooms share-locked), and the hold itself when nothing stands in its
 * way, in one round trip: unless a replay, a missing room or a night sold out on committed data
 * stands in the way, the units of every night by the ledger's guarded upsert (takeUnitsSql),
 * and — only when every night was taken — the pending booking with its lines, at the nights'
 * prices the caller priced from the first statement's reads (`night_cents` of each line); the
 * caller prices them again from this statement's locked reads and rolls back on a difference. The caller checks the rest (check-ins, the price shown, the payment ceiling, the
 * hold limits) from what this answers, and rolls back whatever it refuses.
 * Values: account, key, lines, demand, hold minutes.
 */
const HOLD_CART: PreparedStatement = {
  name: 'checkout_hold_cart',
  text: `
    with ${cartReadsSql(true)},
    priced as (
      select l.ord, l.room_id, r.hotel_id, l.check_in, l.check_out, l.quantity, l.guests,
        r.price_cents as nightly_cents, l.night_cents, l.traveller_name, l.traveller_email,
        (select sum(n) from unnest(l.night_cents) n) * l.quantity as total_cents
      from line l join room r on r.id = l.room_id),
    free_to_take as (
      select not exists (select 1 from earlier)
        and (select count(*) from room) = (select count(distinct room_id) from line)
        and not exists (select 1 from sold_out) as ok),
    taken as (${takeUnitsSql('demand', 'room', '(select ok from free_to_take)')}),
    made as (
      insert into bookings
        (user_id, idempotency_key, status, total_quantity, total_cents, hold_expires_at)
      select $1::text, $2::text, 'pending', sum(quantity), sum(total_cents),
        now() + make_interval(mins => $5::int)
      from priced
      having (select count(*) from taken) = (select count(*) from demand)
      returning id, total_cents, created_at, hold_expires_at),
    made_lines as (
      insert into booking_lines (booking_id, room_id, hotel_id, check_in, check_out, quantity,
        guests, nightly_cents, night_cents, total_cents, traveller_name, traveller_email)
      select made.id, p.room_id, p.hotel_id, p.check_in, p.check_out, p.quantity, p.guests,
        p.nightly_cents, p.night_cents, p.total_cents, p.traveller_name, p.traveller_email
      from made cross join priced p
      order by p.ord)
    select ${CART_READS_COLUMNS},
      (select coalesce(json_agg(json_build_object('roomId', room_id, 'night', night)), '[]')
        from taken) as taken,
      (select json_build_object('id', id, 'totalCents', total_cents,
          'date', to_char(created_at, 'YYYY-MM-DD'), 'holdExpiresAt', hold_expires_at)
        from made) as made`,
};

/**
 * A cart's room as checkout prices and answers it: a room for sale, without its category and
 * pictures.
 */
export type CheckoutRoom = Omit<RoomForSale, 'category' | 'image'>;

/** What cartReadsSql answers. */
export interface CartReads {
  /** The booking this key already made, with its stays (then no room was read). */
  earlier: { id: string; stays: GuestStay[] } | null;
  rooms: CheckoutRoom[];
  held: { pending: number; units: number; lapsed: number };
  /** The first night committed data shows cannot fit. */
  soldOut: { roomId: number; night: string } | null;
}

/** What CHECK_CART answers. */
export interface CartCheck extends CartReads {
  /** Milliseconds before each rate limit allows a checkout (0: allowed; null: not counted). */
  waits: { account: number; address: number | null };
  /** False when another request with the key is in flight. */
  keyFree: boolean;
}

/** What HOLD_CART answers. */
export interface CartHold extends CartReads {
  /** The nights the guarded upsert took. */
  taken: { roomId: number; night: string }[];
  /** The pending booking, when every night was taken. */
  made: { id: string; totalCents: number; date: string; holdExpiresAt: string } | null;
}

/** A line of a cart as checkout holds it: its units, the guests they sleep and who stays. */
export interface GuestStay extends StayUnits {
  guests: number;
  /** A team trip's traveller of the line, when the organiser named one. */
  traveller?: { name: string; email: string } | null;
}

interface CartInput {
  userId: string;
  idempotencyKey: string;
  lines: readonly GuestStay[];
  /** Each line's nights as priced per unit (HOLD_CART writes them), in line order. */
  nightCents?: readonly (readonly number[])[];
}

/** The first values of both statements: account, key, lines, demand. */
function cartValues(input: CartInput): unknown[] {
  const lines = input.lines.map((l, ord) => ({
    ord,
    room_id: l.roomId,
    check_in: l.checkIn,
    check_out: l.checkOut,
    quantity: l.quantity,
    guests: l.guests,
    night_cents: input.nightCents?.[ord] ?? null,
    traveller_name: l.traveller?.name ?? null,
    traveller_email: l.traveller?.email ?? null,
  }));
  return [
    input.userId,
    input.idempotencyKey,
    JSON.stringify(lines),
    demandJson(nightlyDemand(input.lines)),
  ];
}

type CartReadsRow = {
  earlier: CartReads['earlier'];
  rooms: CheckoutRoom[];
  held: CartReads['held'];
  sold_out: CartReads['soldOut'];
};

const toCartReads = (row: CartReadsRow): CartReads => ({
  earlier: row.earlier,
  rooms: row.rooms,
  held: row.held,
  soldOut: row.sold_out,
});

/** See CHECK_CART. */
export async function checkCart(
  db: Pick<Db['$client'], 'query'>,
  input: CartInput & {
    keyLock: string;
    /** None: the call is not counted (a caller other than the checkout route). */
    rateLimits?: { account: RateLimit; address: RateLimit };
  },
): Promise<CartCheck> {
  const now = Date.now();
  const unlimited: RateLimit = { key: 'none', max: 0, windowMs: 0 };
  const limits = input.rateLimits ?? { account: unlimited, address: unlimited };
  type Counted = { count: number; last_request: number } | null;
  const run = () =>
    runPrepared<
      CartReadsRow & { counted_account: Counted; counted_address: Counted; key_free: boolean }
    >(db, CHECK_CART, [
      ...cartValues(input),
      input.keyLock,
      ...rateLimitValues(limits.account, now),
      ...rateLimitValues(limits.address, now),
      input.rateLimits !== undefined,
    ]);
  // A rate limit's first calls racing to make its row: the losers' statement fails and counts
  // nothing; the row exists then, so the statement, once more, counts them (as countCalls).
  const [row] = await run().catch((error: unknown) => {
    if (sqlState(error) === '23505') return run();
    throw error;
  });
  if (!row) throw new Error('The checkout statement answered nothing');
  const wait = (limit: RateLimit, counted: Counted) =>
    counted ? waitFor(limit, { count: counted.count, started: counted.last_request }, now) : null;
  return {
    ...toCartReads(row),
    waits: {
      account: wait(limits.account, row.counted_account) ?? 0,
      address: wait(limits.address, row.counted_address),
    },
    keyFree: row.key_free,
  };
}

/** See HOLD_CART. */
export async function holdCart(
  client: Pick<Db['$client'], 'query'>,
  input: CartInput & { holdMinutes: number },
): Promise<CartHold> {
  const [row] = await runPrepared<
    CartReadsRow & { taken: CartHold['taken']; made: CartHold['made'] }
  >(client, HOLD_CART, [...cartValues(input), input.holdMinutes]);
  if (!row) throw new Error('The checkout statement answered nothing');
  return { ...toCartReads(row), taken: row.taken, made: row.made };
}

/**
 * Ends pending bookings (→ `to`) and gives their units back, in the caller's transaction,
 * announced freed for `cause` (releaseUnits). Only rows
 * still `pending` (and matching `where`) change, each exactly once: the guarded update returns
 * the rows it changed, and a row another transaction is changing is skipped (SKIP LOCKED) or,
 * once that one commits, no longer pending. Returns the ids released.
 */
export async function releasePending(
  tx: Tx,
  where: SQL,
  to: Extract<BookingStatus, 'expired' | 'cancelled'>,
  cause: ReleaseCause = to === 'cancelled' ? to : 'lapsed',
  limit = 100,
): Promise<string[]> {
  const result = await tx.execute<{ id: string }>(sql`
    update bookings set status = ${to}
    where id in (
        select id from bookings
        where status = 'pending' and ${where}
        order by hold_expires_at
        limit ${limit}
        for update skip locked)
      and status = 'pending'
    returning id`);
  const ids = result.rows.map((r) => r.id);
  await releaseUnits(tx, nightlyDemand(await bookingStays(tx, ids)), { cause, bookingIds: ids });
  return ids;
}

/**
 * Keeps a booking's units held for `seconds` more at least (database time), pending again if
 * its hold had lapsed — for a caller that has just made sure the units are on the ledger.
 */
export async function holdForPayment(tx: Tx, id: string, seconds: number): Promise<void> {
  await tx.execute(sql`
    update bookings set status = 'pending',
      hold_expires_at = greatest(hold_expires_at, now() + make_interval(secs => ${seconds}))
    where id = ${id} and status in ('pending', 'expired')`);
}

/** A booking as the API shows it (product §3 "Booking"), or undefined. */
export async function findBooking(db: Executor, id: string): Promise<Booking | undefined> {
  return (await findBookingAndGuest(db, id))?.booking;
}

/**
 * The columns of a booking `b` as the API shows it (toBooking reads them): its lines
 * aggregated in line order with their rooms' and hotels' names. SQL text, for any statement
 * that has the booking's row as `b`.
 */
export const BOOKING_VIEW_COLUMNS = `b.id, b.status, b.user_id, b.total_quantity, b.total_cents,
      b.hold_expires_at, to_char(b.created_at, 'YYYY-MM-DD') as date,
      coalesce((
        select json_agg(json_build_object(
            'id', l.room_id, 'name', r.name, 'idHotel', l.hotel_id, 'hotel', h.name,
            'address', h.address, 'checkIn', l.check_in, 'checkOut', l.check_out,
            'cartQuantity', l.quantity, 'guests', l.guests, 'nightlyCents', l.nightly_cents,
            'nightCents', l.night_cents, 'totalCents', l.total_cents, 'line', l.id,
            'traveller', case when l.traveller_email is null then null else
              json_build_object('name', l.traveller_name, 'email', l.traveller_email) end,
            'cancelled', l.cancelled_at is not null)
          order by l.id)
        from booking_lines l
        join rooms r on r.id = l.room_id
        join hotels h on h.id = l.hotel_id
        where l.booking_id = b.id), '[]') as lines`;

/** A row of BOOKING_VIEW_COLUMNS. */
// A type, not an interface: Drizzle's execute wants rows with an index signature.
export type BookingViewRow = {
  id: string;
  status: BookingStatus;
  user_id: string;
  total_quantity: number;
  total_cents: number;
  hold_expires_at: Date | string | null;
  date: string;
  lines: (Omit<BookingLine, 'price' | 'nights'> & { nightlyCents: number; nightCents: number[] })[];
};

/** A line's nights as they were charged (booking_lines.night_cents, one per night, in order). */
export function chargedNights(
  checkIn: string,
  checkOut: string,
  nightCents: readonly (number | string)[],
): NightPrice[] {
  return stayNights(checkIn, checkOut).map((date, i) => ({
    date,
    price: centsToPrice(Number(nightCents[i] ?? 0)),
  }));
}

/** A booking as the API shows it (product §3 "Booking"), from BOOKING_VIEW_COLUMNS. */
export function toBooking(row: BookingViewRow): Booking {
  const holdExpiresAt = row.hold_expires_at === null ? null : new Date(row.hold_expires_at);
  return {
    id: row.id,
    status: row.status,
    user: row.user_id,
    cartTotalQuantity: row.total_quantity,
    cartTotalAmount: centsToPrice(row.total_cents),
    cartTotalCents: row.total_cents,
    holdExpiresAt: row.status === 'pending' ? (holdExpiresAt?.toISOString() ?? null) : null,
    date: row.date,
    cartRoom: row.lines.map(({ nightlyCents, nightCents, ...l }) => ({
      ...l,
      price: centsToPrice(nightlyCents),
      nights: chargedNights(l.checkIn, l.checkOut, nightCents),
    })),
  };
}

/**
 * A booking as the API shows it with its guest's e-mail (what the receipt needs): one
 * statement.
 */
export async function findBookingAndGuest(
  db: Executor,
  id: string,
): Promise<{ booking: Booking; email: string | null } | undefined> {
  const result = await db.execute<BookingViewRow & { email: string | null }>(sql`
    select ${sql.raw(BOOKING_VIEW_COLUMNS)}, u.email
    from bookings b left join users u on u.id = b.user_id
    where b.id = ${id}`);
  const row = result.rows[0];
  if (!row) return undefined;
  return { email: row.email, booking: toBooking(row) };
}
