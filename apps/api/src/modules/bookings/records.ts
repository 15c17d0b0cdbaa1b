import type { BookingSort } from '@devstay/shared/booking-table';
import type { BookingStatus } from '@devstay/shared/constants';

import type {
  BookedRoom,
  BookingRecord,
  FreeCancellation,
} from '@devstay/shared/contracts/booking';
import { calendarDateIn, stayHasEnded } from '@devstay/shared/stay';
import { centsToPrice } from '@devstay/shared/text';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  type CancelScope,
  canCancelBooking,
  type SessionUser,
  travellerFor,
} from '../../lib/policies.ts';
import {
  type FreeCancellationRow,
  stayDeadlineJson,
  stayDeadlineSql,
  toFreeCancellation,
} from '../availability/free-cancellation.ts';
import { unitsFreeSql } from '../availability/ledger.ts';
import { chargedNights } from './repository.ts';

/**
 * Confirmed and cancelled bookings as the booking history and the bookings table show them
 * (product §2.12). Pending and expired ones are checkout's business and never listed.
 */

export interface BookingFilter {
  /** Only bookings with a room at this hotel, and only those rooms (an admin's hotel, or a filter). */
  hotelId?: number;
  userId?: string;
  status?: Extract<BookingStatus, 'confirmed' | 'cancelled'>;
  sort?: BookingSort;
  page: number;
  pageSize: number;
}

// Sorted by the booking's first hotel name or check-in among the rooms shown; newest first
// breaks ties, and the id makes pages stable.
const ORDER: Record<BookingSort | 'newest', SQL> = {
  'hotel-asc': sql`min(h.name_key) asc, b.created_at desc`,
  'hotel-desc': sql`min(h.name_key) desc, b.created_at desc`,
  'checkIn-asc': sql`min(l.check_in) asc, b.created_at desc`,
  'checkIn-desc': sql`min(l.check_in) desc, b.created_at desc`,
  newest: sql`b.created_at desc`,
};

export async function listBookings(
  db: Executor,
  filter: BookingFilter,
  viewer: SessionUser,
  now: Date,
): Promise<{ items: BookingRecord[]; total: number }> {
  const where = [sql`b.status in ('confirmed', 'cancelled')`];
  if (filter.hotelId !== undefined) where.push(sql`l.hotel_id = ${filter.hotelId}`);
  if (filter.userId !== undefined) where.push(sql`b.user_id = ${filter.userId}`);
  if (filter.status !== undefined) where.push(sql`b.status = ${filter.status}`);
  const page = await db.execute<{ id: string; total: number }>(sql`
    select b.id, (count(*) over ())::int as total
    from bookings b
    join booking_lines l on l.booking_id = b.id
    join hotels h on h.id = l.hotel_id
    where ${sql.join(where, sql` and `)}
    group by b.id
    order by ${ORDER[filter.sort ?? 'newest']}, b.id
    limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize}`);
  const ids = page.rows.map((r) => r.id);
  const total = page.rows[0]?.total ?? (filter.page > 1 ? await countBookings(db, where) : 0);
  return { items: await bookingRecords(db, ids, viewer, now, filter.hotelId), total };
}

/** The bookings table's filter: its rows are booked rooms (booking lines). */
export interface BookingTableFilter {
  /** Only rooms at this hotel (an admin's hotel, or the superAdmin's filter). */
  hotelId?: number;
  status?: Extract<BookingStatus, 'confirmed' | 'cancelled'>;
  /** Check-ins from this date on (yyyy-MM-dd). */
  from?: string;
  /** Check-ins up to this date, included. */
  to?: string;
  sort?: BookingSort;
  page: number;
  pageSize: number;
}

// A row per booked room: by its hotel's name or its check-in; newest booking first breaks ties,
// and the booking and line ids make pages stable.
const ROW_ORDER: Record<BookingSort | 'newest', SQL> = {
  'hotel-asc': sql`h.name asc, l.check_in asc, b.created_at desc`,
  'hotel-desc': sql`h.name desc, l.check_in asc, b.created_at desc`,
  'checkIn-asc': sql`l.check_in asc, b.created_at desc`,
  'checkIn-desc': sql`l.check_in desc, b.created_at desc`,
  newest: sql`b.created_at desc`,
};

/**
 * One page of the bookings table (product §2.12): `pageSize` booked rooms, each booking's
 * adjacent rooms grouped into one record, with who booked; `total` counts the rooms, as the
 * table shows them.
 */
export async function listBookingTable(
  db: Executor,
  filter: BookingTableFilter,
  viewer: SessionUser,
  now: Date,
): Promise<{ items: BookingRecord[]; total: number }> {
  const where = [sql`b.status in ('confirmed', 'cancelled')`];
  if (filter.hotelId !== undefined) where.push(sql`l.hotel_id = ${filter.hotelId}`);
  if (filter.status !== undefined) where.push(sql`b.status = ${filter.status}`);
  if (filter.from !== undefined) where.push(sql`l.check_in >= ${filter.from}::date`);
  if (filter.to !== undefined) where.push(sql`l.check_in <= ${filter.to}::date`);
  const page = await db.execute<{ booking_id: string; line_id: number; total: number }>(sql`
    select b.id as booking_id, l.id as line_id, (count(*) over ())::int as total
    from bookings b
    join booking_lines l on l.booking_id = b.id
    join hotels h on h.id = l.hotel_id
    where ${sql.join(where, sql` and `)}
    order by ${ROW_ORDER[filter.sort ?? 'newest']}, b.id, l.id
    limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize}`);
  const total =
    page.rows[0]?.total ??
    (filter.page > 1
      ? ((
          await db.execute<{ total: number }>(sql`
            select count(*)::int as total
            from bookings b join booking_lines l on l.booking_id = b.id
            where ${sql.join(where, sql` and `)}`)
        ).rows[0]?.total ?? 0)
      : 0);
  const rooms = new Map<number, BookedRoom>();
  const records = await bookingRecords(
    db,
    [...new Set(page.rows.map((r) => r.booking_id))],
    viewer,
    now,
    filter.hotelId,
    rooms,
  );
  const byId = new Map(records.map((r) => [r.id, r]));
  const guests = await guestsOf(
    db,
    records.map((r) => r.user),
  );
  const items: BookingRecord[] = [];
  for (const row of page.rows) {
    const record = byId.get(row.booking_id);
    const room = rooms.get(row.line_id);
    if (!record || !room) continue;
    const last = items.at(-1);
    if (last?.id === row.booking_id) {
      last.cartRoom.push(room);
      continue;
    }
    items.push({ ...record, cartRoom: [room], guest: guests.get(record.user) });
  }
  return { items, total };
}

/** Name and e-mail of each account of `ids` (who booked, for the staff to reach them). */
async function guestsOf(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, { name: string; email: string }>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute<{ id: string; name: string; email: string }>(sql`
    select id, name, email from users where id = any(${`{${[...new Set(ids)].join(',')}}`}::text[])`);
  return new Map(result.rows.map((u) => [u.id, { name: u.name, email: u.email }]));
}

/** The count alone, for a page past the end (the window count has no row to ride on). */
async function countBookings(db: Executor, where: SQL[]): Promise<number> {
  const result = await db.execute<{ total: number }>(sql`
    select count(distinct b.id)::int as total
    from bookings b join booking_lines l on l.booking_id = b.id
    where ${sql.join(where, sql` and `)}`);
  return result.rows[0]?.total ?? 0;
}

/**
 * The free-cancellation deadline of the booking whose id is `bookingId` (product §4): each line's
 * by the one rule (`stayDeadlineSql`); the booking's is the earliest of its lines' — the
 * strictest hotel. A JSON object: the instant, that day and that hotel's zone.
 */
export function freeCancellationDeadline(bookingId: SQL): SQL {
  return sql`(
    select ${stayDeadlineJson(sql`l.check_in`)}
    from booking_lines l join hotels h on h.id = l.hotel_id
    where l.booking_id = ${bookingId} and l.cancelled_at is null
    order by ${stayDeadlineSql(sql`l.check_in`)}, l.id
    limit 1)`;
}

/**
 * What the cancel rule (`canCancelBooking`) reads of a booking: its guest, hotels and deadline
 * (with the day and zone that name it); null when there is no such booking.
 */
export async function cancelScopeOf(
  db: Executor,
  id: string,
): Promise<(CancelScope & { freeCancellation: FreeCancellation; status: BookingStatus }) | null> {
  const result = await db.execute<{
    user_id: string;
    status: BookingStatus;
    hotel_ids: number[];
    free_cancellation: FreeCancellationRow | null;
  }>(sql`
    select b.user_id, b.status,
      array(select distinct l.hotel_id from booking_lines l where l.booking_id = b.id) as hotel_ids,
      ${freeCancellationDeadline(sql`b.id`)} as free_cancellation
    from bookings b where b.id = ${id}`);
  const row = result.rows[0];
  if (!row) return null;
  const freeCancellation = toFreeCancellation(row.free_cancellation);
  return {
    userId: row.user_id,
    status: row.status,
    hotelIds: row.hotel_ids,
    freeCancellationUntil: new Date(freeCancellation.until),
    freeCancellation,
  };
}

/**
 * The records of `ids`, in that order; with `hotelId`, only the rooms at that hotel, and the
 * totals (rooms, amount) over those rooms alone: a booking spanning hotels shows one hotel's
 * staff that hotel's part, never the others' money. `cancellable` is as of `now`.
 */
export async function bookingRecords(
  db: Executor,
  ids: readonly string[],
  viewer: SessionUser,
  now: Date,
  hotelId?: number,
  /** Filled with each room shown, by its booking line's id (the bookings table's rows). */
  roomsByLine?: Map<number, BookedRoom>,
): Promise<BookingRecord[]> {
  if (ids.length === 0) return [];
  const idList = sql`${`{${ids.join(',')}}`}::uuid[]`;
  const heads = await db.execute<{
    id: string;
    status: 'confirmed' | 'cancelled';
    user_id: string;
    date: string;
    total_quantity: number;
    total_cents: number;
    hotel_ids: number[];
    free_cancellation: FreeCancellationRow | null;
  }>(sql`
    select b.id, b.status, b.user_id, to_char(b.created_at, 'YYYY-MM-DD') as date,
      b.total_quantity, b.total_cents,
      array(select distinct l.hotel_id from booking_lines l where l.booking_id = b.id) as hotel_ids,
      ${freeCancellationDeadline(sql`b.id`)} as free_cancellation
    from bookings b where b.id = any(${idList})`);
  const lines = await db.execute<{
    booking_id: string;
    line_id: number;
    id: number;
    name: string;
    id_hotel: number;
    hotel: string;
    address: string;
    check_in: string;
    check_out: string;
    quantity: number;
    guests: number;
    nightly_cents: number;
    night_cents: (number | string)[];
    total_cents: number;
    new_stock: number;
    time_zone: string;
    traveller_name: string | null;
    traveller_email: string | null;
    cancelled: boolean;
    line_deadline: string;
  }>(sql`
    select l.booking_id, l.id as line_id, l.room_id as id, r.name, l.hotel_id as id_hotel,
      h.name as hotel, h.address, h.time_zone, l.check_in, l.check_out, l.quantity, l.guests,
      l.nightly_cents, l.night_cents, l.total_cents, l.traveller_name, l.traveller_email,
      l.cancelled_at is not null as cancelled, ${stayDeadlineSql(sql`l.check_in`)} as line_deadline,
      ${sql.raw(unitsFreeSql('r', 'l.check_in', 'l.check_out'))}::int as new_stock
    from booking_lines l
    join rooms r on r.id = l.room_id
    join hotels h on h.id = l.hotel_id
    where l.booking_id = any(${idList})
      ${hotelId === undefined ? sql`` : sql`and l.hotel_id = ${hotelId}`}
    order by l.id`);
  const roomsOf = new Map<string, BookedRoom[]>();
  const ownerOf = new Map(heads.rows.map((h) => [h.id, h.user_id]));
  const headOf = new Map(heads.rows.map((h) => [h.id, h]));
  const shownTotals = new Map<string, { quantity: number; cents: number }>();
  for (const l of lines.rows) {
    const list = roomsOf.get(l.booking_id) ?? [];
    roomsOf.set(l.booking_id, list);
    const shown = shownTotals.get(l.booking_id) ?? { quantity: 0, cents: 0 };
    shownTotals.set(l.booking_id, {
      quantity: shown.quantity + l.quantity,
      cents: shown.cents + l.total_cents,
    });
    const room: BookedRoom = {
      id: l.id,
      name: l.name,
      idHotel: l.id_hotel,
      hotel: l.hotel,
      address: l.address,
      checkIn: l.check_in,
      checkOut: l.check_out,
      guests: l.guests,
      cartQuantity: l.quantity,
      price: centsToPrice(l.nightly_cents),
      nights: chargedNights(l.check_in, l.check_out, l.night_cents),
      totalCents: l.total_cents,
      newStock: Math.max(0, l.new_stock),
      stayEnded: stayHasEnded(l.check_out, calendarDateIn(l.time_zone, now)),
      line: l.line_id,
      traveller: travellerFor(
        viewer,
        { userId: ownerOf.get(l.booking_id) ?? '' },
        l.traveller_email === null
          ? null
          : { name: l.traveller_name ?? '', email: l.traveller_email },
      ),
      cancelled: l.cancelled,
      lineCancellable: lineCancellable(viewer, headOf.get(l.booking_id), l, now),
    };
    list.push(room);
    roomsByLine?.set(l.line_id, room);
  }
  const byId = new Map(heads.rows.map((h) => [h.id, h]));
  return ids.flatMap((id) => {
    const head = byId.get(id);
    if (!head) return [];
    // The whole booking's totals, or those of the rooms shown when narrowed to one hotel.
    const totals =
      hotelId === undefined
        ? { quantity: head.total_quantity, cents: head.total_cents }
        : (shownTotals.get(id) ?? { quantity: 0, cents: 0 });
    const freeCancellation = toFreeCancellation(head.free_cancellation);
    const scope = {
      userId: head.user_id,
      hotelIds: head.hotel_ids,
      freeCancellationUntil: new Date(freeCancellation.until),
    };
    return [
      {
        id,
        status: head.status,
        user: head.user_id,
        date: head.date,
        cartTotalQuantity: totals.quantity,
        cartTotalAmount: centsToPrice(totals.cents),
        cartRoom: roomsOf.get(id) ?? [],
        cancellable: head.status === 'confirmed' && canCancelBooking(viewer, scope, now),
        freeCancellation,
      },
    ];
  });
}

/**
 * Whether `viewer` may cancel one line alone now: its booking confirmed, the line not cancelled,
 * by the cancel rule with the line's own hotel's deadline (canCancelBooking).
 */
function lineCancellable(
  viewer: SessionUser,
  head: { status: string; user_id: string; hotel_ids: number[] } | undefined,
  line: { cancelled: boolean; line_deadline: string },
  now: Date,
): boolean {
  if (head?.status !== 'confirmed' || line.cancelled) return false;
  return canCancelBooking(
    viewer,
    {
      userId: head.user_id,
      hotelIds: head.hotel_ids,
      freeCancellationUntil: new Date(line.line_deadline),
    },
    now,
  );
}

/** The hotels a booking's rooms are at (what decides who may cancel it); null when no such booking. */
export async function bookingHotels(db: Executor, id: string): Promise<number[] | null> {
  const result = await db.execute<{ hotel_id: number }>(sql`
    select distinct l.hotel_id from bookings b
    left join booking_lines l on l.booking_id = b.id
    where b.id = ${id}`);
  if (result.rows.length === 0) return null;
  return result.rows.flatMap((r) => (r.hotel_id === null ? [] : [r.hotel_id]));
}
