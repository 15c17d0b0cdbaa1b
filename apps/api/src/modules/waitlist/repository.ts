import { WAITLIST_ENTRIES_MAX } from '@devstay/shared/constants';
import type { WaitlistEntry, WaitlistJoin } from '@devstay/shared/contracts/waitlist';
import { AVAILABILITY_MESSAGES, WAITLIST_MESSAGES } from '@devstay/shared/messages';
import { calendarDateIn } from '@devstay/shared/stay';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { HttpError } from '../../lib/errors.ts';
import { unitsFreeSql } from '../availability/ledger.ts';
import { releasePending } from '../bookings/repository.ts';

/**
 * An entry's state as its guest sees it, from its stored state and its offer's booking `b`:
 * an offer paid is `booked` (whatever became of the entry since), an offer whose hold lapsed or
 * was let go `expired`. Stored `offered` stays until the line's next delivery settles it
 * (settleOffersSql); this reads the truth at once.
 */
const SHOWN_STATE = `case
    when b.status in ('confirmed', 'cancelled') then 'booked'
    when e.state = 'offered' and b.status is distinct from 'pending' then 'expired'
    else e.state end`;

/** The entries of the account `$1`… as WaitlistEntry rows (SQL text over `e`, `r`, `h`, `b`). */
const ENTRY_COLUMNS = `e.id, e.user_id, e.room_id, r.name as room_name, h.id as hotel_id,
    h.name as hotel_name, e.check_in, e.check_out, e.quantity, ${SHOWN_STATE} as state,
    e.created_at, e.booking_id,
    case when e.state = 'offered' and b.status = 'pending' then b.hold_expires_at end
      as offer_ends_at`;

const ENTRY_FROM = `waitlist_entries e
    join rooms r on r.id = e.room_id
    join hotels h on h.id = r.hotel_id
    left join bookings b on b.id = e.booking_id`;

type EntryRow = {
  id: number;
  user_id: string;
  room_id: number;
  room_name: string;
  hotel_id: number;
  hotel_name: string;
  check_in: string;
  check_out: string;
  quantity: number;
  state: WaitlistEntry['state'];
  created_at: Date | string;
  booking_id: string | null;
  offer_ends_at: Date | string | null;
};

const iso = (at: Date | string) => new Date(at).toISOString();

function toEntry(row: EntryRow): WaitlistEntry {
  return {
    id: row.id,
    user: row.user_id,
    room: row.room_id,
    roomName: row.room_name,
    hotel: { id: row.hotel_id, name: row.hotel_name },
    checkIn: row.check_in,
    checkOut: row.check_out,
    quantity: row.quantity,
    state: row.state,
    joinedAt: iso(row.created_at),
    booking: row.booking_id,
    offerEndsAt: row.offer_ends_at === null ? null : iso(row.offer_ends_at),
  };
}

/** Entries an account's list shows at most: its latest (the live ones are a few at most). */
const LISTED_MAX = 100;

/** An account's entries, the latest joined first. */
export async function waitlistOf(db: Executor, userId: string): Promise<WaitlistEntry[]> {
  const result = await db.execute<EntryRow>(sql`
    select ${sql.raw(ENTRY_COLUMNS)} from ${sql.raw(ENTRY_FROM)}
    where e.user_id = ${userId}
    order by e.created_at desc, e.id desc
    limit ${LISTED_MAX}`);
  return result.rows.map(toEntry);
}

async function entryById(db: Executor, id: number): Promise<WaitlistEntry | undefined> {
  const result = await db.execute<EntryRow>(sql`
    select ${sql.raw(ENTRY_COLUMNS)} from ${sql.raw(ENTRY_FROM)} where e.id = ${id}`);
  const row = result.rows[0];
  return row ? toEntry(row) : undefined;
}

/**
 * Stored states brought up to what they are, for the entries `where` picks (a condition over
 * `e`): an offer whose booking was paid is `booked`, one whose hold ended unpaid `expired`; a
 * waiting entry whose check-in has passed in its hotel's zone at `now` `expired`.
 */
export async function settleEntries(tx: Tx, where: SQL, now: Date): Promise<void> {
  await tx.execute(sql`
    update waitlist_entries e
    set state = case when b.status in ('confirmed', 'cancelled') then 'booked' else 'expired' end
    from bookings b
    where b.id = e.booking_id and e.state = 'offered' and b.status <> 'pending' and ${where}`);
  await tx.execute(sql`
    update waitlist_entries e set state = 'expired'
    from rooms r join hotels h on h.id = r.hotel_id
    where r.id = e.room_id and e.state = 'waiting' and ${where}
      and e.check_in < (${now.toISOString()}::timestamptz at time zone h.time_zone)::date`);
}

/**
 * Joins the line for a room's stay, or answers the live entry the account already has for it
 * (`created` false): one entry per account, room and stay. Refused: a room that does not exist
 * (404 `room`), a check-in before its hotel's today (400 `checkIn`), more units than the room
 * has (409 `quantity`), a stay the room has the units for now (409 `room`: book it), and more
 * than WAITLIST_ENTRIES_MAX live entries (409). The account's row lock orders its joins, so the
 * cap counts every one of them.
 */
export async function joinWaitlist(
  db: Db,
  userId: string,
  stay: WaitlistJoin,
  now: Date,
): Promise<{ entry: WaitlistEntry; created: boolean }> {
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from users where id = ${userId} for no key update`);
    await settleEntries(tx, sql`e.user_id = ${userId}`, now);
    const found = await tx.execute<{
      stock: number;
      time_zone: string;
      free: number;
      same: number | null;
      live: number;
    }>(sql`
      select r.stock, h.time_zone,
        ${sql.raw(unitsFreeSql('r', 's.check_in', 's.check_out'))} as free,
        (select e.id from waitlist_entries e
          where e.user_id = ${userId} and e.room_id = r.id and e.check_in = s.check_in
            and e.check_out = s.check_out and e.state in ('waiting', 'offered')) as same,
        (select count(*)::int from waitlist_entries e
          where e.user_id = ${userId} and e.state in ('waiting', 'offered')) as live
      from rooms r join hotels h on h.id = r.hotel_id,
        (select ${stay.checkIn}::date as check_in, ${stay.checkOut}::date as check_out) s
      where r.id = ${stay.room}`);
    const room = found.rows[0];
    if (!room) throw new HttpError(404, WAITLIST_MESSAGES.roomMissing(stay.room), 'room');
    if (room.same !== null) return { id: room.same, created: false };
    if (stay.checkIn < calendarDateIn(room.time_zone, now)) {
      throw new HttpError(400, WAITLIST_MESSAGES.checkInPast, 'checkIn');
    }
    if (stay.quantity > room.stock) {
      throw new HttpError(409, AVAILABILITY_MESSAGES.notEnough, 'quantity', 'CONFLICT');
    }
    if (room.free >= stay.quantity) {
      throw new HttpError(409, WAITLIST_MESSAGES.unitsFree, 'room', 'CONFLICT');
    }
    if (room.live >= WAITLIST_ENTRIES_MAX) {
      throw new HttpError(
        409,
        WAITLIST_MESSAGES.tooMany(WAITLIST_ENTRIES_MAX),
        undefined,
        'CONFLICT',
      );
    }
    const made = await tx.execute<{ id: number }>(sql`
      insert into waitlist_entries (user_id, room_id, check_in, check_out, quantity)
      values (${userId}, ${stay.room}, ${stay.checkIn}, ${stay.checkOut}, ${stay.quantity})
      returning id`);
    return { id: (made.rows[0] as { id: number }).id, created: true };
  });
  const entry = await entryById(db, id.id);
  if (!entry) throw new Error('The waitlist entry just written is missing');
  return { entry, created: id.created };
}

/**
 * Leaves the line: a waiting entry is `left`; an offered one too, and its hold is let go (the
 * units pass to the next in line, and no lapsed hold is counted against the guest). An entry
 * already over is answered as it is. 404 for no such entry, 403 for another account's.
 */
export async function leaveWaitlist(
  db: Db,
  entryId: number,
  userId: string,
): Promise<WaitlistEntry> {
  await db.transaction(async (tx) => {
    const found = await tx.execute<{
      user_id: string;
      state: string;
      booking_id: string | null;
      booking_status: string | null;
    }>(sql`
      select e.user_id, e.state, e.booking_id, b.status as booking_status
      from waitlist_entries e left join bookings b on b.id = e.booking_id
      where e.id = ${entryId}
      for update of e`);
    const entry = found.rows[0];
    if (!entry) throw new HttpError(404, WAITLIST_MESSAGES.entryMissing(entryId), 'id');
    if (entry.user_id !== userId) {
      throw new HttpError(403, WAITLIST_MESSAGES.notYours, 'id', 'FORBIDDEN');
    }
    // Over already: left, expired, or an offer that was paid or lapsed.
    const live =
      entry.state === 'waiting' ||
      (entry.state === 'offered' && entry.booking_status === 'pending');
    if (!live) return;
    await leaveEntry(tx, entryId, entry.booking_id);
  });
  const entry = await entryById(db, entryId);
  if (!entry) throw new Error('The waitlist entry is missing');
  return entry;
}

/** `left`, and an offer's hold (still pending: not paid) let go. */
async function leaveEntry(tx: Tx, entryId: number, bookingId: string | null): Promise<void> {
  await tx.execute(sql`update waitlist_entries set state = 'left' where id = ${entryId}`);
  if (bookingId) await releasePending(tx, sql`id = ${bookingId}`, 'expired', 'offerLeft');
}
