import { MAX_STAY_NIGHTS, type RoomCategory, type RoomName } from '@devstay/shared/constants';
import type { OccupancyRoom } from '@devstay/shared/contracts/dashboard';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { hotels } from '../../db/schema.ts';
import { unitsFreeSql } from '../availability/ledger.ts';

/** The hotel a dashboard is about, with the zone its dates are read in; undefined if unknown. */
export async function dashboardHotel(
  db: Executor,
  id: number,
): Promise<{ id: number; name: string; timeZone: string } | undefined> {
  const [row] = await db
    .select({ id: hotels.id, name: hotels.name, timeZone: hotels.timeZone })
    .from(hotels)
    .where(eq(hotels.id, id));
  return row;
}

/**
 * Units of each room of the hotel taken by confirmed bookings on each of `nights` (consecutive
 * dates), and units free on each by the ledger's rule (`unitsFreeSql`: the stock less what is
 * taken, holds included — what a guest could book now). Holds do not count as booked: a hold
 * lasts minutes and mostly lapses, so counting it would show as sold what usually is not; what
 * is sold is what was paid. So booked + free falls short of the stock by the units held.
 *
 * One statement: the hotel's lines come from the (hotel_id, check_in) index, the check-in
 * bounded below by the longest stay (a line that began earlier has left before the first night),
 * and each booking by its key.
 */
export async function hotelOccupancy(
  db: Executor,
  hotelId: number,
  nights: readonly string[],
): Promise<OccupancyRoom[]> {
  const from = nights[0];
  const last = nights.at(-1);
  if (from === undefined || last === undefined) return [];
  const result = await db.execute<{
    id: number;
    name: RoomName;
    category: RoomCategory;
    stock: number;
    night: string;
    units: number | null;
    free: number;
  }>(occupancyStatement(hotelId, from, last));
  const position = new Map(nights.map((night, i) => [night, i]));
  const rooms = new Map<number, OccupancyRoom>();
  for (const row of result.rows) {
    let room = rooms.get(row.id);
    if (!room) {
      room = {
        id: row.id,
        name: row.name,
        category: row.category,
        stock: row.stock,
        booked: nights.map(() => 0),
        free: nights.map(() => 0),
      };
      rooms.set(row.id, room);
    }
    const at = position.get(row.night);
    if (at === undefined) continue;
    room.booked[at] = row.units ?? 0;
    room.free[at] = row.free;
  }
  return [...rooms.values()];
}

/**
 * The hotel's share of what was paid for the nights of one month, and of what was refunded; and
 * of that net, the part for the nights before the hotel's today (earned; the rest is on the books).
 */
export interface MonthTakings {
  capturedCents: number;
  refundedCents: number;
  earnedCents: number;
}

/**
 * What guests paid for the hotel's nights in [from, to) (first days of months), by the month of
 * the night (yyyy-MM): each payment that took money (captured, or refunded since) counts its
 * amount, and its refund is subtracted. A booking's money is split as its receipt splits it
 * between hotels (`shareOf` in bookings/receipt-routes.ts: amount × part ÷ booking total,
 * rounded down), the part being this hotel's rooms on that month's nights — a stay across a
 * month's end is split by its nights, and a booking spanning hotels counts this hotel's rooms
 * alone. Pending, failed and abandoned payments took nothing. Of each month's net, the share of
 * its nights before `today` is earned (captured and refunded each rounded down the same way, so a
 * month wholly past has earned its whole net).
 *
 * One statement: the hotel's lines from the (hotel_id, check_in) index (the check-in bounded
 * below by the longest stay), their bookings by key, their payments by the booking index.
 */
export async function hotelRevenue(
  db: Executor,
  hotelId: number,
  from: string,
  to: string,
  today: string,
): Promise<Map<string, MonthTakings>> {
  const result = await db.execute<{
    month: string;
    captured: number;
    refunded: number;
    earned: number;
  }>(revenueStatement(hotelId, from, to, today));
  return new Map(
    result.rows.map((r) => [
      r.month,
      { capturedCents: r.captured, refundedCents: r.refunded, earnedCents: r.earned },
    ]),
  );
}

/**
 * The occupancy's statement (hotelOccupancy): nights from `from` to `last`, both included.
 * @internal
 */
export function occupancyStatement(hotelId: number, from: string, last: string): SQL {
  return sql`
    with booked as (
      select l.room_id, n.night::date as night, sum(l.quantity)::int as units
      from booking_lines l
      join bookings b on b.id = l.booking_id
      cross join lateral generate_series(
        greatest(l.check_in, ${from}::date)::timestamp,
        (least(l.check_out, ${last}::date + 1) - 1)::timestamp,
        interval '1 day') as n(night)
      where l.hotel_id = ${hotelId}
        and l.check_in > ${from}::date - ${MAX_STAY_NIGHTS}::int
        and l.check_in <= ${last}::date
        and l.check_out > ${from}::date
        and b.status = 'confirmed'
        -- A traveller's stay cancelled alone left the hotel's rooms.
        and l.cancelled_at is null
      group by l.room_id, n.night)
    select r.id, r.name, r.category, r.stock, n.night, booked.units,
      greatest(0, ${sql.raw(unitsFreeSql('r', 'n.night', '(n.night + 1)'))})::int as free
    from rooms r
    cross join lateral (select d::date as night
      from generate_series(${from}::date, ${last}::date, interval '1 day') as d) n
    left join booked on booked.room_id = r.id and booked.night = n.night
    where r.hotel_id = ${hotelId}
    order by r.id, n.night`;
}

/**
 * The revenue's statement (hotelRevenue): nights in [from, to), earned before `today`.
 * @internal
 */
export function revenueStatement(hotelId: number, from: string, to: string, today: string): SQL {
  // Materialized: the hotel's lines are found first, by the (hotel_id, check_in) index; inlined,
  // the planner may walk every line in booking order instead, to group without sorting.
  return sql`
    with parts as materialized (
      select l.booking_id, m.month,
        -- What the line's nights within the month were charged (night_cents, one per night),
        -- and of those what was charged for nights before today.
        sum(l.quantity * (
          select coalesce(sum(u.cents), 0) from unnest(l.night_cents) with ordinality as u(cents, i)
          where l.check_in + (u.i::int - 1) >= m.month::date
            and l.check_in + (u.i::int - 1) < (m.month + interval '1 month')::date)) as part,
        sum(l.quantity * (
          select coalesce(sum(u.cents), 0) from unnest(l.night_cents) with ordinality as u(cents, i)
          where l.check_in + (u.i::int - 1) >= m.month::date
            and l.check_in + (u.i::int - 1) < least((m.month + interval '1 month')::date,
              ${today}::date))) as past
      from booking_lines l
      cross join lateral generate_series(
        date_trunc('month', greatest(l.check_in, ${from}::date)::timestamp),
        (least(l.check_out, ${to}::date) - 1)::timestamp,
        interval '1 month') as m(month)
      where l.hotel_id = ${hotelId}
        and l.check_in > ${from}::date - ${MAX_STAY_NIGHTS}::int
        and l.check_in < ${to}::date
        and l.check_out > ${from}::date
      group by l.booking_id, m.month)
    select to_char(parts.month, 'YYYY-MM') as month,
      sum(div(paid.amount * parts.part, paid.total))::bigint as captured,
      sum(div(paid.refunded * parts.part, paid.total))::bigint as refunded,
      sum(div(paid.amount * parts.past, paid.total)
        - div(paid.refunded * parts.past, paid.total))::bigint as earned
    from parts
    -- Per booking, by its key and the payments' booking index (an aggregate keeps the planner
    -- from turning these look-ups into a scan of every booking).
    cross join lateral (
      select b.total_cents as total,
        coalesce(sum(p.amount_cents), 0) as amount,
        coalesce(sum(p.refunded_cents), 0) as refunded
      from bookings b
      left join payments p on p.booking_id = b.id and p.status in ('captured', 'refunded')
      where b.id = parts.booking_id
      group by b.total_cents) as paid
    group by parts.month`;
}
