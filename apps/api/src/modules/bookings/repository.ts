import type { BookingStatus } from '@devstay/shared/constants';
import type { Booking, BookingLine } from '@devstay/shared/contracts/booking';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { bookingLines, bookings } from '../../db/schema.ts';
import { nightlyDemand, releaseUnits, type StayUnits } from '../availability/ledger.ts';

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

export async function findBookingByKey(
  db: Executor,
  userId: string,
  key: string,
): Promise<BookingRow | undefined> {
  const [row] = await db
    .select(bookingColumns)
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.idempotencyKey, key)));
  return row as BookingRow | undefined;
}

/** The booking, its row locked until the transaction ends (payment decisions). */
export async function lockBooking(tx: Tx, id: string): Promise<BookingRow | undefined> {
  const [row] = await tx
    .select(bookingColumns)
    .from(bookings)
    .where(eq(bookings.id, id))
    .for('update');
  return row as BookingRow | undefined;
}

/** The stays a booking holds (its lines). */
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
    .where(inArray(bookingLines.bookingId, [...ids]))
    .orderBy(asc(bookingLines.id));
}

export interface NewBooking {
  userId: string;
  idempotencyKey: string;
  holdMinutes: number;
  lines: {
    roomId: number;
    hotelId: number;
    checkIn: string;
    checkOut: string;
    quantity: number;
    nightlyCents: number;
    totalCents: number;
  }[];
}

/** What the database set on a new pending booking. */
export interface InsertedBooking {
  id: string;
  /** Booking date, yyyy-MM-dd (database time). */
  date: string;
  holdExpiresAt: Date;
}

/**
 * A pending booking holding its units until now + holdMinutes (database time), with its lines:
 * one statement.
 */
export async function insertPendingBooking(tx: Tx, input: NewBooking): Promise<InsertedBooking> {
  const lines = JSON.stringify(
    input.lines.map((l, ord) => ({
      ord,
      room_id: l.roomId,
      hotel_id: l.hotelId,
      check_in: l.checkIn,
      check_out: l.checkOut,
      quantity: l.quantity,
      nightly_cents: l.nightlyCents,
      total_cents: l.totalCents,
    })),
  );
  const result = await tx.execute<{ id: string; date: string; hold_expires_at: Date }>(sql`
    with booking as (
      insert into bookings
        (user_id, idempotency_key, status, total_quantity, total_cents, hold_expires_at)
      values (${input.userId}, ${input.idempotencyKey}, 'pending',
        ${input.lines.reduce((sum, l) => sum + l.quantity, 0)},
        ${input.lines.reduce((sum, l) => sum + l.totalCents, 0)},
        now() + make_interval(mins => ${input.holdMinutes}::int))
      returning id, created_at, hold_expires_at),
    line as (
      insert into booking_lines (booking_id, room_id, hotel_id, check_in, check_out, quantity,
        nightly_cents, total_cents)
      select booking.id, l.room_id, l.hotel_id, l.check_in, l.check_out, l.quantity,
        l.nightly_cents, l.total_cents
      from booking, jsonb_to_recordset(${lines}::jsonb) as l(ord int, room_id int,
        hotel_id int, check_in date, check_out date, quantity int, nightly_cents int,
        total_cents int)
      order by l.ord)
    select id, to_char(created_at, 'YYYY-MM-DD') as date, hold_expires_at from booking`);
  const row = result.rows[0];
  if (!row) throw new Error('The booking was not stored');
  return { id: row.id, date: row.date, holdExpiresAt: new Date(row.hold_expires_at) };
}

/**
 * Ends pending bookings and gives their units back, in the caller's transaction. Only rows
 * still `pending` (and matching `where`) change, each exactly once: the guarded update returns
 * the rows it changed, and a row another transaction is changing is skipped (SKIP LOCKED) or,
 * once that one commits, no longer pending. Returns the ids released.
 */
export async function releasePending(
  tx: Tx,
  where: SQL,
  to: Extract<BookingStatus, 'expired' | 'cancelled'>,
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
  await releaseUnits(tx, nightlyDemand(await bookingStays(tx, ids)));
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

/**
 * What an account holds unpaid now, and how many of its holds lapsed unpaid in the last day
 * since its latest successful payment (one statement, by the (user, created_at) index).
 */
export async function holdsOf(
  tx: Tx,
  userId: string,
): Promise<{ pending: number; units: number; lapsed: number }> {
  const result = await tx.execute<{ pending: number; units: number; lapsed: number }>(sql`
    with mine as (
      select b.status, b.total_quantity, b.created_at, b.confirmed_at,
        exists (select 1 from payments p where p.booking_id = b.id) as tried
      from bookings b
      where b.user_id = ${userId} and b.created_at > now() - interval '1 day'),
    paid as (select max(confirmed_at) as at from mine)
    select
      -- A lapsed hold not yet swept still holds its units: it counts until released.
      (count(*) filter (where status = 'pending'))::int as pending,
      (coalesce(sum(total_quantity) filter (where status = 'pending'), 0))::int as units,
      (count(*) filter (where status = 'expired' and not tried
        and created_at > coalesce((select at from paid), '-infinity')))::int as lapsed
    from mine`);
  const row = result.rows[0];
  return { pending: row?.pending ?? 0, units: row?.units ?? 0, lapsed: row?.lapsed ?? 0 };
}

/** A booking as the API shows it (product §3 "Booking"), or undefined. */
export async function findBooking(db: Executor, id: string): Promise<Booking | undefined> {
  return (await findBookingAndGuest(db, id))?.booking;
}

/**
 * A booking as the API shows it with its guest's e-mail (what the receipt needs): one
 * statement, its lines aggregated in line order.
 */
export async function findBookingAndGuest(
  db: Executor,
  id: string,
): Promise<{ booking: Booking; email: string | null } | undefined> {
  const result = await db.execute<{
    id: string;
    status: BookingStatus;
    user_id: string;
    email: string | null;
    total_quantity: number;
    total_cents: number;
    hold_expires_at: Date | null;
    date: string;
    lines: (Omit<BookingLine, 'price'> & { nightlyCents: number })[];
  }>(sql`
    select b.id, b.status, b.user_id, u.email, b.total_quantity, b.total_cents,
      b.hold_expires_at, to_char(b.created_at, 'YYYY-MM-DD') as date,
      coalesce((
        select json_agg(json_build_object(
            'id', l.room_id, 'name', r.name, 'idHotel', l.hotel_id, 'hotel', h.name,
            'address', h.address, 'checkIn', l.check_in, 'checkOut', l.check_out,
            'cartQuantity', l.quantity, 'nightlyCents', l.nightly_cents,
            'totalCents', l.total_cents)
          order by l.id)
        from booking_lines l
        join rooms r on r.id = l.room_id
        join hotels h on h.id = l.hotel_id
        where l.booking_id = b.id), '[]') as lines
    from bookings b left join users u on u.id = b.user_id
    where b.id = ${id}`);
  const row = result.rows[0];
  if (!row) return undefined;
  const holdExpiresAt = row.hold_expires_at === null ? null : new Date(row.hold_expires_at);
  return {
    email: row.email,
    booking: {
      id: row.id,
      status: row.status,
      user: row.user_id,
      cartTotalQuantity: row.total_quantity,
      cartTotalAmount: row.total_cents / 100,
      cartTotalCents: row.total_cents,
      holdExpiresAt: row.status === 'pending' ? (holdExpiresAt?.toISOString() ?? null) : null,
      date: row.date,
      cartRoom: row.lines.map(({ nightlyCents, ...l }) => ({ ...l, price: nightlyCents / 100 })),
    },
  };
}
