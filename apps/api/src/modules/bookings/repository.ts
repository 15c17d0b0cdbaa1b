import type { BookingStatus } from '@devstay/shared/constants';
import type { Booking } from '@devstay/shared/contracts/booking';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { bookingLines, bookings, hotels, rooms } from '../../db/schema.ts';
import {
  type Executor,
  nightlyDemand,
  releaseUnits,
  type StayUnits,
  type Tx,
} from '../availability/ledger.ts';

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

/** A pending booking holding its units until now + holdMinutes (database time). */
export async function insertPendingBooking(tx: Tx, input: NewBooking): Promise<string> {
  const [row] = await tx
    .insert(bookings)
    .values({
      userId: input.userId,
      idempotencyKey: input.idempotencyKey,
      status: 'pending',
      totalQuantity: input.lines.reduce((sum, l) => sum + l.quantity, 0),
      totalCents: input.lines.reduce((sum, l) => sum + l.totalCents, 0),
      holdExpiresAt: sql`now() + make_interval(mins => ${input.holdMinutes}::int)`,
    })
    .returning({ id: bookings.id });
  if (!row) throw new Error('The booking was not stored');
  await tx.insert(bookingLines).values(input.lines.map((l) => ({ ...l, bookingId: row.id })));
  return row.id;
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

/** A booking as the API shows it (spec §3 "Booking"), or undefined. */
export async function findBooking(db: Executor, id: string): Promise<Booking | undefined> {
  const [row] = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      userId: bookings.userId,
      totalQuantity: bookings.totalQuantity,
      totalCents: bookings.totalCents,
      holdExpiresAt: bookings.holdExpiresAt,
      date: sql<string>`to_char(${bookings.createdAt}, 'YYYY-MM-DD')`,
    })
    .from(bookings)
    .where(eq(bookings.id, id));
  if (!row) return undefined;
  const lines = await db
    .select({
      id: bookingLines.roomId,
      name: rooms.name,
      idHotel: bookingLines.hotelId,
      hotel: hotels.name,
      address: hotels.address,
      checkIn: bookingLines.checkIn,
      checkOut: bookingLines.checkOut,
      cartQuantity: bookingLines.quantity,
      nightlyCents: bookingLines.nightlyCents,
      totalCents: bookingLines.totalCents,
    })
    .from(bookingLines)
    .innerJoin(rooms, eq(rooms.id, bookingLines.roomId))
    .innerJoin(hotels, eq(hotels.id, bookingLines.hotelId))
    .where(eq(bookingLines.bookingId, id))
    .orderBy(asc(bookingLines.id));
  return {
    id: row.id,
    status: row.status as BookingStatus,
    user: row.userId,
    cartTotalQuantity: row.totalQuantity,
    cartTotalAmount: row.totalCents / 100,
    cartTotalCents: row.totalCents,
    holdExpiresAt: row.status === 'pending' ? (row.holdExpiresAt?.toISOString() ?? null) : null,
    date: row.date,
    cartRoom: lines.map(({ nightlyCents, ...l }) => ({ ...l, price: nightlyCents / 100 })),
  };
}
