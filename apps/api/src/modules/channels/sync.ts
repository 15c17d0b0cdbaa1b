import { randomUUID } from 'node:crypto';
import { channelHorizon, type SyncOutcome } from '@devstay/shared/contracts/channels';
import { calendarDateIn, stayNights } from '@devstay/shared/stay';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { nightlyDemand, takeUnits } from '../availability/ledger.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { conflictMail } from './conflict-mail.ts';
import { type FetchPolicy, fetchFeed, type Resolve } from './fetch-feed.ts';
import { type FeedEvent, FeedRefused, parseFeed } from './parse-feed.ts';
import { releaseBlocks, urlHint } from './repository.ts';

/**
 * One sync of an imported feed. The feed's lease (a row claim with a token and an end) makes one
 * process at a time sync it, in however many processes; the fetch runs outside any transaction,
 * then one transaction — still under the lease, checked again — makes the ledger say what the
 * feed says: each event a block of units (same key, same block), a moved event its block moved,
 * a vanished one its units given back through the ledger's release (units freed), an event whose
 * nights are sold here a conflict, recorded with both sides and e-mailed to the hotel's staff
 * once. Never an oversold night: every take is the ledger's guarded one.
 */

export interface SyncSettings {
  policy: FetchPolicy;
  timeoutMs: number;
  maxBytes: number;
  maxEvents: number;
  publicUrl: string;
  resolve?: Resolve;
}

interface SyncDeps {
  db: Db;
  log: FastifyBaseLogger;
  clock: () => Date;
  settings: SyncSettings;
}

/** Nobody else syncs the feed until this passes; longer than any fetch (timeout + margin). */
const leaseMs = (settings: SyncSettings) => settings.timeoutMs + 60_000;

type ClaimedFeed = {
  id: number;
  room_id: number;
  url: string;
  name: string;
  units_per_event: number;
  etag: string | null;
  last_modified: string | null;
  stock: number;
  time_zone: string;
  hotel_id: number;
  hotel: string;
  room: string;
};

/**
 * Syncs feed `feedId` now: its outcome, or 'busy' when another sync holds its lease (in this
 * process or another), or null when there is no such feed. A paused feed syncs only on demand.
 */
export async function syncFeed(
  deps: SyncDeps,
  feedId: number,
  on: { demand: boolean },
): Promise<SyncOutcome | 'busy' | null> {
  const token = randomUUID();
  const claimed = await deps.db.execute<ClaimedFeed>(sql`
    update channel_feeds f set lease_token = ${token},
      lease_until = now() + make_interval(secs => ${leaseMs(deps.settings) / 1000}),
      last_attempt_at = now()
    from rooms r join hotels h on h.id = r.hotel_id
    where f.id = ${feedId} and r.id = f.room_id
      and (f.lease_until is null or f.lease_until < now())
      and (${on.demand} or not f.paused)
    returning f.id, f.room_id, f.url, f.name, f.units_per_event, f.etag, f.last_modified,
      r.stock, h.time_zone, h.id as hotel_id, h.name as hotel, r.name as room`);
  const feed = claimed.rows[0];
  if (!feed) {
    const exists = await deps.db.execute(sql`select 1 from channel_feeds where id = ${feedId}`);
    return exists.rows.length > 0 ? 'busy' : null;
  }
  try {
    return await fetchAndApply(deps, feed, token);
  } finally {
    await deps.db.execute(sql`
      update channel_feeds set lease_token = null, lease_until = null
      where id = ${feedId} and lease_token = ${token}`);
  }
}

async function fetchAndApply(
  deps: SyncDeps,
  feed: ClaimedFeed,
  token: string,
): Promise<SyncOutcome> {
  const { settings } = deps;
  const today = calendarDateIn(feed.time_zone, deps.clock());
  const fetched = await fetchFeed(feed.url, {
    policy: settings.policy,
    timeoutMs: settings.timeoutMs,
    maxBytes: settings.maxBytes,
    etag: feed.etag,
    lastModified: feed.last_modified,
    resolve: settings.resolve,
  });
  let events: FeedEvent[] | null = null;
  let error: string | null = null;
  if (fetched.kind === 'failed') error = fetched.error;
  else if (fetched.kind === 'body') {
    try {
      events = parseFeed(fetched.text, {
        timeZone: feed.time_zone,
        today,
        horizon: channelHorizon(today),
        maxEvents: settings.maxEvents,
      });
    } catch (e) {
      if (!(e instanceof FeedRefused)) throw e;
      error = e.message;
    }
  }
  if (error) {
    // The address stays out of the log: its host alone says which calendar.
    deps.log.warn({ feedId: feed.id, host: urlHint(feed.url), error }, 'channel feed sync failed');
  }

  return deps.db.transaction(async (tx) => {
    // Still ours? A feed removed, or a lease lost meanwhile, changes nothing.
    const held = await tx.execute(sql`
      select 1 from channel_feeds where id = ${feed.id} and lease_token = ${token} for update`);
    if (held.rows.length === 0) {
      return { status: 'failed', error: null, eventsRead: 0, nightsBlocked: 0, conflicts: 0 };
    }
    if (error || !events) {
      await tx.execute(sql`
        update channel_feeds set
          last_error = ${error}, last_error_at = case when ${error}::text is null then last_error_at else now() end,
          last_success_at = case when ${error}::text is null then now() else last_success_at end
        where id = ${feed.id}`);
      const counts = await feedCounts(tx, feed.id, today);
      return { status: error ? 'failed' : 'unchanged', error, eventsRead: 0, ...counts };
    }
    await applyEvents(tx, deps, feed, events, today);
    const validators = fetched.kind === 'body' ? fetched : { etag: null, lastModified: null };
    await tx.execute(sql`
      update channel_feeds set last_error = null, last_success_at = now(),
        events_read = ${events.length}, etag = ${validators.etag},
        last_modified = ${validators.lastModified}
      where id = ${feed.id}`);
    const counts = await feedCounts(tx, feed.id, today);
    return { status: 'synced', error: null, eventsRead: events.length, ...counts };
  });
}

async function feedCounts(tx: Tx, feedId: number, today: string) {
  const result = await tx.execute<{ nights: number; conflicts: number }>(sql`
    select
      (select count(distinct n)::int from room_blocks b,
         generate_series(greatest(b.first_night, ${today}::date), b.end_night - 1, interval '1 day') n
       where b.feed_id = ${feedId} and b.end_night > ${today}::date) as nights,
      (select count(*)::int from channel_conflicts where feed_id = ${feedId}) as conflicts`);
  const row = result.rows[0];
  return { nightsBlocked: row?.nights ?? 0, conflicts: row?.conflicts ?? 0 };
}

type BlockRow = {
  id: number;
  room_id: number;
  event_key: string;
  first_night: string;
  end_night: string;
  units: number;
};

async function applyEvents(
  tx: Tx,
  deps: SyncDeps,
  feed: ClaimedFeed,
  events: readonly FeedEvent[],
  today: string,
): Promise<void> {
  // The room locked for update: checkouts, which share-lock it before touching its nights, wait
  // for this sync (and it for them), so the releases and takes below — not in one night order —
  // never deadlock with theirs.
  await tx.execute(sql`select 1 from rooms where id = ${feed.room_id} for update`);
  const units = Math.min(feed.units_per_event, feed.stock);
  const current = await tx.execute<BlockRow>(sql`
    select id, room_id, event_key, first_night::text, end_night::text, units
    from room_blocks where feed_id = ${feed.id}`);
  const blocks = new Map(current.rows.map((b) => [b.event_key, b]));

  // Nights before today are history: an event is taken from today on, and a block clipped at
  // an earlier today still stands for the same event.
  const wanted = new Map<string, FeedEvent>();
  const starts = new Map<string, string>();
  for (const event of events) {
    starts.set(event.key, event.firstNight);
    wanted.set(event.key, {
      ...event,
      firstNight: event.firstNight < today ? today : event.firstNight,
    });
  }
  // The block made of the event, clipped at some earlier today (or not clipped at all).
  const same = (block: BlockRow, event: FeedEvent) => {
    const start = starts.get(event.key) ?? event.firstNight;
    return (
      block.end_night === event.endNight &&
      block.units === units &&
      (block.first_night === start || (block.first_night > start && block.first_night <= today))
    );
  };

  const released: BlockRow[] = [];
  for (const [key, block] of blocks) {
    const event = wanted.get(key);
    if (event && same(block, event)) {
      wanted.delete(key);
      continue;
    }
    // Gone from the feed (a past one is left as it was) or moved: its units come back.
    if (!event && block.end_night <= today) continue;
    released.push(block);
  }
  await releaseBlocks(
    tx,
    released.map((b) => ({
      id: b.id,
      roomId: b.room_id,
      firstNight: b.first_night,
      endNight: b.end_night,
      units: b.units,
    })),
  );

  // Conflicts of events gone or changed are over; the others are tried again below.
  await tx.execute(sql`
    delete from channel_conflicts where feed_id = ${feed.id}
      and not (event_key = any(${pgArray([...wanted.keys()])}::text[]))`);

  // In order of first night (then key): an event fits when each of its nights has its units
  // free after the events before it; the first that does not is its sold night.
  const todo = [...wanted.values()].sort((a, b) =>
    a.firstNight === b.firstNight ? (a.key < b.key ? -1 : 1) : a.firstNight < b.firstNight ? -1 : 1,
  );
  const taken = await lockedNights(tx, feed.room_id, todo);
  const fits: FeedEvent[] = [];
  const conflicts: { event: FeedEvent; soldNight: string }[] = [];
  for (const event of todo) {
    const nights = stayNights(event.firstNight, event.endNight);
    const soldNight = nights.find((n) => (taken.nights.get(n) ?? 0) + units > taken.stock);
    if (soldNight) {
      conflicts.push({ event, soldNight });
      continue;
    }
    for (const n of nights) taken.nights.set(n, (taken.nights.get(n) ?? 0) + units);
    fits.push(event);
  }
  // Every event that fits taken at once, by the ledger's guarded take all the same: were the
  // reading above wrong, the sync would fail whole rather than overbook a night.
  const short = await takeUnits(
    tx,
    nightlyDemand(
      fits.map((e) => ({
        roomId: feed.room_id,
        checkIn: e.firstNight,
        checkOut: e.endNight,
        quantity: units,
      })),
    ),
  );
  if (short) throw new Error(`The room's night ${short.night} changed under the sync's locks`);
  if (fits.length > 0) {
    const rows = JSON.stringify(
      fits.map((e) => ({ key: e.key, first: e.firstNight, end: e.endNight, summary: e.summary })),
    );
    await tx.execute(sql`
      insert into room_blocks (room_id, feed_id, event_key, first_night, end_night, units, reason)
      select ${feed.room_id}, ${feed.id}, e.key, e.first, e.end, ${units}, e.summary
      from jsonb_to_recordset(${rows}::jsonb) as e(key text, first date, "end" date, summary text)`);
    await tx.execute(sql`
      delete from channel_conflicts where feed_id = ${feed.id}
        and event_key = any(${pgArray(fits.map((e) => e.key))}::text[])`);
  }
  for (const { event, soldNight } of conflicts) {
    await recordConflict(tx, feed, event, units, soldNight);
  }
  if (conflicts.length > 0) await mailNewConflicts(tx, deps, feed);
}

/**
 * The room's stock and the units taken on each night the events hold, their ledger rows locked
 * (in night order, as every writer of the ledger locks them). With the room locked for update
 * besides, nothing else changes them until the sync commits: a take share-locks the room first,
 * a release waits for these rows.
 */
async function lockedNights(
  tx: Tx,
  roomId: number,
  events: readonly FeedEvent[],
): Promise<{ stock: number; nights: Map<string, number> }> {
  const room = await tx.execute<{ stock: number }>(
    sql`select stock from rooms where id = ${roomId}`,
  );
  const stock = room.rows[0]?.stock ?? 0;
  if (events.length === 0) return { stock, nights: new Map() };
  // In order of first night: the first holds the earliest.
  const from = events[0]?.firstNight ?? '';
  const to =
    events
      .map((e) => e.endNight)
      .sort()
      .at(-1) ?? '';
  const rows = await tx.execute<{ night: string; taken: number }>(sql`
    select night::text, taken from room_nights
    where room_id = ${roomId} and night >= ${from}::date and night < ${to}::date
    order by night for update`);
  return { stock, nights: new Map(rows.rows.map((r) => [r.night, r.taken])) };
}

const pgArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;

/**
 * The conflict of an event, with the bookings holding units on its nights: kept as it was
 * (and not e-mailed again) while the event keeps its dates; a moved event is a new conflict.
 */
async function recordConflict(
  tx: Tx,
  feed: ClaimedFeed,
  event: FeedEvent,
  units: number,
  soldNight: string,
): Promise<void> {
  await tx.execute(sql`
    insert into channel_conflicts
      (feed_id, room_id, event_key, summary, first_night, end_night, units, sold_night, bookings)
    select ${feed.id}, ${feed.room_id}, ${event.key}, ${event.summary}, ${event.firstNight},
      ${event.endNight}, ${units}, ${soldNight},
      coalesce((select jsonb_agg(jsonb_build_object('bookingId', b.id, 'checkIn', l.check_in,
          'checkOut', l.check_out, 'quantity', l.quantity) order by l.check_in, b.id)
        from booking_lines l join bookings b on b.id = l.booking_id
        where l.room_id = ${feed.room_id} and b.status in ('pending', 'confirmed')
          and l.check_in < ${event.endNight}::date and l.check_out > ${event.firstNight}::date),
        '[]'::jsonb)
    on conflict (feed_id, event_key) do update set
      summary = excluded.summary, units = excluded.units, sold_night = excluded.sold_night,
      bookings = excluded.bookings,
      emailed_at = case when channel_conflicts.first_night = excluded.first_night
        and channel_conflicts.end_night = excluded.end_night then channel_conflicts.emailed_at end,
      created_at = case when channel_conflicts.first_night = excluded.first_night
        and channel_conflicts.end_night = excluded.end_night then channel_conflicts.created_at else now() end,
      first_night = excluded.first_night, end_night = excluded.end_night`);
}

/** Tells the hotel's staff (its admins) of the feed's conflicts not yet told, once each. */
async function mailNewConflicts(tx: Tx, deps: SyncDeps, feed: ClaimedFeed): Promise<void> {
  const fresh = await tx.execute<{
    summary: string;
    first_night: string;
    end_night: string;
    sold_night: string;
    bookings: { bookingId: string; checkIn: string; checkOut: string; quantity: number }[];
  }>(sql`
    update channel_conflicts set emailed_at = now()
    where feed_id = ${feed.id} and emailed_at is null
    returning summary, first_night::text, end_night::text, sold_night::text, bookings`);
  if (fresh.rows.length === 0) return;
  const staff = await tx.execute<{ email: string }>(sql`
    select email from users where rol = 'admin' and hotel_id = ${feed.hotel_id} order by email`);
  const message = conflictMail(deps.settings.publicUrl, feed, fresh.rows);
  for (const { email } of staff.rows) await enqueueMail(tx, { to: email, ...message });
}
