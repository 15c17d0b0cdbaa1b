import type { FreeCancellation } from '@devstay/shared/contracts/booking';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * The free-cancellation rule (product §4), one rule for the quote before paying, the booking
 * records and the cancel: a stay may be cancelled for free until the start (00:00) of the day its
 * hotel's `free_cancellation_days` before its check-in, in that hotel's time zone (PostgreSQL's
 * `timestamp at time zone`). The fragments read the hotel as `h`.
 */
export function stayDeadlineSql(checkIn: SQL): SQL {
  return sql`((${checkIn} - h.free_cancellation_days)::timestamp at time zone h.time_zone)`;
}

/** The deadline of a stay as a JSON object: the instant, that day and the hotel's zone. */
export function stayDeadlineJson(checkIn: SQL): SQL {
  return sql`json_build_object('until', ${stayDeadlineSql(checkIn)},
    'date', to_char(${checkIn} - h.free_cancellation_days, 'YYYY-MM-DD'),
    'timeZone', h.time_zone)`;
}

/** A deadline as the SQL above answers it. */
export interface FreeCancellationRow {
  /** The instant, as PostgreSQL writes a timestamptz in JSON. */
  until: string;
  date: string;
  timeZone: string;
}

/** The deadline as the API answers it (an ISO instant); none at all is one long past. */
export function toFreeCancellation(row: FreeCancellationRow | null): FreeCancellation {
  if (!row) return { until: new Date(0).toISOString(), date: '1970-01-01', timeZone: 'UTC' };
  return { until: new Date(row.until).toISOString(), date: row.date, timeZone: row.timeZone };
}

/** A stay not yet booked: a check-in at a hotel. */
export interface StayAtHotel {
  checkIn: string;
  hotelId: number;
}

/**
 * The deadline of each stay, in order, with whether it is still ahead at `now`: what the cart
 * and the payment page state before the guest commits. A stay whose hotel is gone has none left.
 */
export async function stayDeadlines(
  db: Executor,
  stays: readonly StayAtHotel[],
  now: Date,
): Promise<(FreeCancellation & { open: boolean })[]> {
  if (stays.length === 0) return [];
  const checkIns = `{${stays.map((s) => s.checkIn).join(',')}}`;
  const hotelIds = `{${stays.map((s) => s.hotelId).join(',')}}`;
  const result = await db.execute<{ i: number; deadline: FreeCancellationRow }>(sql`
    select q.i::int as i, ${stayDeadlineJson(sql`q.check_in`)} as deadline
    from unnest(${checkIns}::date[], ${hotelIds}::int[]) with ordinality as q(check_in, hotel_id, i)
    join hotels h on h.id = q.hotel_id`);
  const byIndex = new Map(result.rows.map((r) => [r.i, toFreeCancellation(r.deadline)]));
  return stays.map((_, i) => {
    const deadline = byIndex.get(i + 1) ?? toFreeCancellation(null);
    return { ...deadline, open: now.getTime() < Date.parse(deadline.until) };
  });
}
