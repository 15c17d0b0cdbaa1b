import { addDays, stayNights } from '@devstay/shared/stay';
import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { announcedCte, type ReleaseCause } from '../../lib/announcements.ts';

/** Units of one room for one stay: the nights [checkIn, checkOut). */
export interface StayUnits {
  roomId: number;
  checkIn: string;
  checkOut: string;
  quantity: number;
}

/** Units of one room on one night. */
export interface NightUnits {
  roomId: number;
  night: string;
  units: number;
}

/**
 * The units a set of stays needs, summed per room and night, in the one order every writer of
 * the ledger touches rows in (room id, then night): two checkouts that lock the same nights
 * lock them in the same order, so they queue instead of deadlocking.
 */
export function nightlyDemand(stays: readonly StayUnits[]): NightUnits[] {
  const sums = new Map<string, NightUnits>();
  for (const stay of stays) {
    for (const night of stayNights(stay.checkIn, stay.checkOut)) {
      const key = `${stay.roomId}|${night}`;
      const found = sums.get(key);
      if (found) found.units += stay.quantity;
      else sums.set(key, { roomId: stay.roomId, night, units: stay.quantity });
    }
  }
  return [...sums.values()].sort((a, b) =>
    a.roomId !== b.roomId
      ? a.roomId - b.roomId
      : a.night < b.night
        ? -1
        : a.night > b.night
          ? 1
          : 0,
  );
}

/** Demand as JSON records (room_id, night, units, ord) for jsonb_to_recordset. */
export function demandJson(demand: readonly NightUnits[]): string {
  return JSON.stringify(
    demand.map((d, ord) => ({ room_id: d.roomId, night: d.night, units: d.units, ord })),
  );
}

/**
 * Takes the units on every night, inside the caller's transaction. One guarded upsert per
 * (room, night), in ledger order: a missing row is inserted only when the units fit the stock;
 * an existing one is raised only while `taken + units <= stock` holds on its latest committed
 * version (ON CONFLICT DO UPDATE locks the row and re-reads it, so no interleaving of buyers
 * can pass the guard twice for the last unit), with the stock held still by a share lock on
 * the room. Returns the first (room, night) that did not
 * fit — the caller must then roll back — or null when all were taken.
 */
export async function takeUnits(tx: Tx, demand: readonly NightUnits[]): Promise<NightUnits | null> {
  if (demand.length === 0) return null;
  // The rooms are share-locked first (in id order) and stay so until the caller commits: a stock
  // change, which locks its room for update, waits for the checkouts under way and is waited for
  // by the next ones, so every guard below reads a stock that is final for this transaction.
  const roomIds = [...new Set(demand.map((d) => d.roomId))].sort((a, b) => a - b);
  await tx.execute(sql`
    select 1 from rooms where id = any(${`{${roomIds.join(',')}}`}::int[])
    order by id for share`);
  const result = await tx.execute<{ room_id: number; night: string }>(sql`
    with demand as (
      select * from jsonb_to_recordset(${demandJson(demand)}::jsonb)
        as d(room_id int, night date, units int, ord int))
    ${sql.raw(takeUnitsSql('demand', 'rooms'))}`);
  const taken = new Set(result.rows.map((r) => `${r.room_id}|${r.night}`));
  return demand.find((d) => !taken.has(`${d.roomId}|${d.night}`)) ?? null;
}

/**
 * The guarded upsert of takeUnits as SQL text, for a statement that has the demand and the
 * rooms' stock at hand: `demand` names a relation (room_id, night, units, ord) in ledger order,
 * `stockOf` one giving each of its rooms' stock (id, stock) as the caller share-locked them, and
 * `gate` a condition the whole take depends on (nothing is taken when it is false). A missing
 * ledger row is inserted only when the units fit the stock; an existing one is raised only while
 * `taken + units <= stock` holds on its latest committed version (ON CONFLICT DO UPDATE locks
 * the row and re-reads it). Returns (room_id, night) of every night taken.
 */
export function takeUnitsSql(demand: string, stockOf: string, gate = 'true'): string {
  return `insert into room_nights (room_id, night, taken)
    select d.room_id, d.night, d.units
    from ${demand} d
    join ${stockOf} r on r.id = d.room_id
    where d.units <= r.stock and ${gate}
    order by d.ord
    on conflict (room_id, night) do update
      set taken = room_nights.taken + excluded.taken
      where room_nights.taken + excluded.taken
        <= (select s.stock from ${stockOf} s where s.id = excluded.room_id)
    returning room_id, night`;
}

/**
 * The first night of `demand` (a relation (room_id, night, units, ord), in ledger order) that
 * committed data already shows cannot fit — `taken + units > stock`, read plainly from the
 * ledger, no row locked — as SQL text returning (room_id, night), or no row. A checkout refuses
 * such a night at once, without queueing on the ledger row's lock behind the buyers who took
 * its last units: refused only on what is committed, while every acceptance is still decided
 * by the guarded upsert (takeUnitsSql).
 */
export function soldOutNightSql(demand: string, stockOf: string): string {
  return `select d.room_id, d.night
    from ${demand} d
    join ${stockOf} r on r.id = d.room_id
    left join room_nights rn on rn.room_id = d.room_id and rn.night = d.night
    where coalesce(rn.taken, 0) + d.units > r.stock
    order by d.ord
    limit 1`;
}

/**
 * Gives the units of `bookingIds` back, inside the caller's transaction (a released hold, a
 * cancellation) — or of `blockIds` (a block lifted) — on a night a waitlist entry waits for, to
 * the line (kept taken as `waitlisted` until the announcement's delivery offers them) — and
 * announces them freed (`unitsFreed`, for `cause`, with the bookings or blocks and the nights)
 * in the same statement: every path that frees units comes through here,
 * and the announcement is delivered once the caller commits (lib/announcements.ts). The rows
 * are locked in ledger order first, then lowered; the check constraint (`taken >= 0`) would
 * refuse giving back more than was taken.
 */
export async function releaseUnits(
  tx: Tx,
  demand: readonly NightUnits[],
  freed:
    | { cause: ReleaseCause; bookingIds: readonly string[] }
    | { cause: 'unblocked'; blockIds: readonly number[] },
): Promise<void> {
  if (demand.length === 0) return;
  const set = sql`jsonb_to_recordset(${demandJson(demand)}::jsonb)
    as d(room_id int, night date, units int, ord int)`;
  await tx.execute(sql`
    select 1 from room_nights rn join ${set} on rn.room_id = d.room_id and rn.night = d.night
    order by rn.room_id, rn.night
    for update of rn`);
  // A night someone waits for keeps its units taken, marked `waitlisted`: the announcement's
  // delivery offers them to the line first (modules/waitlist), and no checkout takes them before.
  const result = await tx.execute<{ lowered: number }>(sql`
    with lowered as (
      update room_nights rn set taken = rn.taken - d.units + w.kept,
        waitlisted = rn.waitlisted + w.kept
      from ${set}
      cross join lateral (select case when exists (
          select 1 from waitlist_entries e
          where e.room_id = d.room_id and e.state = 'waiting'
            and e.check_in <= d.night and e.check_out > d.night)
        then d.units else 0 end as kept) w
      where rn.room_id = d.room_id and rn.night = d.night
      returning 1),
    ${announcedCte('announced', 'unitsFreed', { ...freed, nights: demand })}
    select (select count(*) from lowered)::int as lowered, (select count(*) from announced)`);
  if (result.rows[0]?.lowered !== demand.length) {
    throw new Error('Inventory ledger is missing nights it should give back');
  }
}

/**
 * Units taken per night for some rooms over [from, to): `room id → night → taken`. Nights with
 * no row have nothing taken.
 */
export async function takenByNight(
  db: Executor,
  roomIds: readonly number[],
  from: string,
  to: string,
): Promise<Map<number, Map<string, number>>> {
  const byRoom = new Map<number, Map<string, number>>();
  if (roomIds.length === 0) return byRoom;
  const result = await db.execute<{ room_id: number; night: string; taken: number }>(sql`
    select room_id, night, taken from room_nights
    where room_id = any(${`{${roomIds.join(',')}}`}::int[])
      and night >= ${from}::date and night < ${to}::date and taken > 0`);
  for (const row of result.rows) {
    const nights = byRoom.get(row.room_id) ?? new Map<string, number>();
    byRoom.set(row.room_id, nights);
    nights.set(row.night, row.taken);
  }
  return byRoom;
}

/**
 * The availability rule as a condition on a room `r`, in SQL text whose values are the caller's
 * placeholders: `units` of the room are free on every night [checkIn, checkOut) — its stock less
 * the most units taken (held or booked) on any of those nights is at least `units`, the test
 * takeUnits' guard (`taken + units <= stock`) makes and unitsFree counts by. The check-out
 * night is free. What the hotel list's stay search asks of a hotel's rooms.
 */
export function roomUnitsFreeSql(
  r: string,
  stay: { checkIn: string; checkOut: string; units: string },
): string {
  return `${r}.stock >= ${stay.units} and not exists (
      select 1 from room_nights rn
      where rn.room_id = ${r}.id and rn.night >= ${stay.checkIn}::date
        and rn.night < ${stay.checkOut}::date and rn.taken > ${r}.stock - ${stay.units})`;
}

/**
 * The availability rule — units of a room free for a whole stay are its stock less the most
 * units taken (held or booked) on any night [checkIn, checkOut); the check-out night is free —
 * as an SQL expression on a room `r` (its `id` and `stock`), with the stay's dates as SQL
 * expressions. May be negative when the stock was lowered under what is taken; callers show 0.
 */
export function unitsFreeSql(r: string, checkIn: string, checkOut: string): string {
  return `(${r}.stock - coalesce((
      select max(rn.taken) from room_nights rn
      where rn.room_id = ${r}.id and rn.night >= ${checkIn} and rn.night < ${checkOut}), 0))`;
}

/**
 * The same rule on nights already read: `stock` less the most `takenOn(night)` over `nights`
 * (the quote, which adds the cart's own other lines to what the ledger shows), at least 0.
 */
export function unitsFreeOf(
  stock: number,
  nights: readonly string[],
  takenOn: (night: string) => number,
): number {
  let most = 0;
  for (const night of nights) most = Math.max(most, takenOn(night));
  return Math.max(0, stock - most);
}

/**
 * The first stay of `nights` nights starting after `after` and at most `lookahead` days later on
 * which `units` of a room of `stock` are free every night (unitsFreeOf's rule, night by night:
 * `takenOn(night) + units <= stock`), or null.
 */
export function firstFreeStay(
  stock: number,
  units: number,
  nights: number,
  after: string,
  lookahead: number,
  takenOn: (night: string) => number,
): { checkIn: string; checkOut: string } | null {
  if (units > stock) return null;
  // A run of free nights from `start`; the first run `nights` long is the stay.
  let start = addDays(after, 1);
  let run = 0;
  for (let day = 1; day < lookahead + nights; day += 1) {
    const night = addDays(after, day);
    if (takenOn(night) + units > stock) {
      run = 0;
      start = addDays(night, 1);
      if (day >= lookahead) return null;
      continue;
    }
    run += 1;
    if (run === nights) return { checkIn: start, checkOut: addDays(start, nights) };
  }
  return null;
}

/**
 * Units of a room free for a whole stay (unitsFreeSql), at least 0.
 * @internal
 */
export async function unitsFree(
  db: Executor,
  roomId: number,
  checkIn: string,
  checkOut: string,
): Promise<number> {
  const result = await db.execute<{ free: number }>(sql`
    select ${sql.raw(unitsFreeSql('r', 's.check_in', 's.check_out'))} as free
    from rooms r, (select ${checkIn}::date as check_in, ${checkOut}::date as check_out) s
    where r.id = ${roomId}`);
  const row = result.rows[0];
  if (!row) throw new Error(`No room ${roomId}`);
  return Math.max(0, Number(row.free));
}

/**
 * The night from `from` on with the most units of a room taken (the earliest of equals), or
 * null when none is taken. A stock change calls it after locking the room row for update:
 * checkouts share-lock the room before taking units (takeUnits), so the answer cannot move
 * until the change commits.
 */
export async function busiestNight(
  db: Executor,
  roomId: number,
  from: string,
): Promise<{ night: string; taken: number } | null> {
  const result = await db.execute<{ night: string; taken: number }>(sql`
    select night, taken from room_nights
    where room_id = ${roomId} and night >= ${from}::date and taken > 0
    order by taken desc, night limit 1`);
  return result.rows[0] ?? null;
}

/**
 * The nights [from, to) on which a room has no unit left to sell — unitsFreeSql's rule over that
 * one night is 0 or less (bookings, live holds and blocks all count) — in order: what its export
 * feed tells other channels.
 */
export async function soldOutNights(
  db: Executor,
  roomId: number,
  from: string,
  to: string,
): Promise<string[]> {
  const result = await db.execute<{ night: string }>(sql`
    select g.night::date::text as night
    from rooms r, generate_series(${from}::date, ${to}::date - 1, interval '1 day') as g(night)
    where r.id = ${roomId}
      and ${sql.raw(unitsFreeSql('r', 'g.night::date', 'g.night::date + 1'))} <= 0
    order by g.night`);
  return result.rows.map((row) => row.night);
}
