import { addDays, today } from '@devstay/shared/stay';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/client.ts';
import { insertHotel, insertLocation, insertRoom, uniqueToken } from './catalogue-rows.ts';

/** A calendar date `days` from today (the server's date). */
export const inDays = (days: number): string => addDays(today(), days);

/** A hotel of its own with one room of `stock` units at `priceCents` a night. */
export async function roomWithStock(db: Db, stock: number, priceCents = 12_500) {
  const token = uniqueToken();
  const location = await insertLocation(db, {
    state: 'booking state',
    department: `department ${token}`,
    city: `city ${token}`,
  });
  const hotel = await insertHotel(db, {
    name: `hotel ${token}`,
    locationId: location.id,
    address: `street ${token}`,
  });
  const room = await insertRoom(db, { hotelId: hotel.id, stock, priceCents, name: 'suite' });
  return { hotel, room };
}

/**
 * The ledger's reconciliation: every night's `taken` equals the units of live (pending or
 * confirmed) booking lines covering that night, for the rooms given (all rooms when omitted).
 */
export async function expectLedgerReconciled(db: Db, roomIds?: number[]) {
  const onlyRooms = roomIds ? sql`and room_id = any(${`{${roomIds.join(',')}}`}::int[])` : sql``;
  const result = await db.execute<{
    room_id: number;
    night: string;
    taken: number;
    booked: number;
  }>(
    sql`
    with booked as (
      select l.room_id, n::date as night, sum(l.quantity)::int as units
      from booking_lines l
      join bookings b on b.id = l.booking_id and b.status in ('pending', 'confirmed')
      cross join generate_series(l.check_in, l.check_out - 1, interval '1 day') as n
      group by l.room_id, n::date),
    ledger as (select room_id, night, taken from room_nights where taken > 0)
    select room_id, night, coalesce(ledger.taken, 0) as taken, coalesce(booked.units, 0) as booked
    from ledger full join booked using (room_id, night)
    where coalesce(ledger.taken, 0) <> coalesce(booked.units, 0) ${onlyRooms}`,
  );
  expect(result.rows).toEqual([]);
}
