import { WAITLIST_OFFER_SUBJECT } from '@devstay/shared/constants';
import { paths } from '@devstay/shared/paths';
import { stayCents } from '@devstay/shared/rates';
import { capitalize, formatUsd } from '@devstay/shared/text';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { AnnouncementDelivery, Announcements } from '../../lib/announcements.ts';
import { siteUrl } from '../../lib/site-links.ts';
import { demandJson, nightlyDemand, takeUnitsSql } from '../availability/ledger.ts';
import { pricedNights } from '../availability/quote.ts';
import { type CheckoutRoom, saleRoomsJson, saleRoomsSql } from '../bookings/repository.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { type MailBlock, mailHtml, mailText } from '../mail/templates.ts';
import { settleEntries } from './repository.ts';

interface OfferOptions {
  /** How long an offer holds its units (WAITLIST_HOLD_MINUTES). */
  holdMinutes: number;
  publicUrl: string;
  /** The app's clock: whose check-in has passed is judged at it. */
  clock: () => Date;
}

/** The advisory lock class of a room's line (with the room id: one delivery per line at once). */
const LINE_LOCK_CLASS = 44_001;

type WaitingRow = {
  id: number;
  user_id: string;
  email: string;
  check_in: string;
  check_out: string;
  quantity: number;
};

/**
 * The waitlist's subscriber to `unitsFreed`: whichever process claims the announcement offers
 * the units of each room it names to that room's line, once (the delivery is once; within it,
 * the line's lock). Delivered after the release committed, in the delivery's transaction: the
 * units a release kept for the line (`waitlisted`) are given back and taken for the offers in
 * one commit, so no checkout can take them in between.
 */
export function subscribeWaitlistOffers(
  announcements: AnnouncementDelivery,
  options: OfferOptions,
): void {
  announcements.subscribe('unitsFreed', 'waitlist offers', async (tx, event) => {
    for (const roomId of roomsOf(event)) await offerToLine(tx, roomId, options);
  });
}

function roomsOf(event: Announcements['unitsFreed']): number[] {
  const ids = 'roomId' in event ? [event.roomId] : event.nights.map((n) => n.roomId);
  return [...new Set(ids)].sort((a, b) => a - b);
}

/**
 * Offers a room's free units to its line, first joined first: each waiting entry whose stay now
 * fits gets a pending booking of its own holding the units for `holdMinutes` (taken by the
 * ledger's guarded upsert, like any hold) and the e-mail 'A room is free for you' with the link
 * to pay it. An entry whose stay does not fit is passed over, not blocking a later one that
 * fits. Settled first: offers paid or lapsed (a lapsed one is over: its units come back to the
 * line here), stays whose check-in passed. Units kept for the line that nobody in it takes go
 * back to sale.
 */
async function offerToLine(tx: Tx, roomId: number, options: OfferOptions): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LINE_LOCK_CLASS}, ${roomId})`);
  await settleEntries(tx, sql`e.room_id = ${roomId}`, options.clock());
  // The units kept for the line, back on the ledger (their rows locked in ledger order).
  await tx.execute(sql`
    with kept as (
      select room_id, night from room_nights
      where room_id = ${roomId} and waitlisted > 0
      order by night for update)
    update room_nights rn set taken = rn.taken - rn.waitlisted, waitlisted = 0
    from kept where rn.room_id = kept.room_id and rn.night = kept.night`);
  const waiting = await tx.execute<WaitingRow>(sql`
    select e.id, e.user_id, u.email, e.check_in, e.check_out, e.quantity
    from waitlist_entries e join users u on u.id = e.user_id
    where e.room_id = ${roomId} and e.state = 'waiting'
    order by e.created_at, e.id
    for update of e`);
  if (waiting.rows.length === 0) return;
  const room = await saleRoom(tx, roomId, waiting.rows);
  if (!room) return;
  for (const entry of waiting.rows) {
    if (entry.quantity > room.stock) continue;
    const made = await offer(tx, room, entry, options.holdMinutes);
    if (made) await enqueueOfferMail(tx, room, entry, made, options.publicUrl);
  }
}

/**
 * The room with what prices the line's stays (as a checkout reads it), share-locked to the
 * transaction's end: its price and stock hold while offers are made.
 */
async function saleRoom(
  tx: Tx,
  roomId: number,
  stays: readonly WaitingRow[],
): Promise<CheckoutRoom | undefined> {
  const lines = JSON.stringify(
    stays.map((s) => ({ room_id: roomId, check_in: s.check_in, check_out: s.check_out })),
  );
  const result = await tx.execute<{ rooms: CheckoutRoom[] }>(sql`
    with line as (
      select * from jsonb_to_recordset(${lines}::jsonb)
        as l(room_id int, check_in date, check_out date)),
    room as (${sql.raw(saleRoomsSql(String(roomId), true))})
    select ${sql.raw(saleRoomsJson('room'))} as rooms`);
  return result.rows[0]?.rooms[0];
}

type Made = { id: string; hold_expires_at: string; total_cents: number };

/**
 * One entry's offer, all or nothing in a savepoint: every night of its stay taken by the guarded
 * upsert, its pending booking and line written at today's prices, the entry `offered` with it.
 * Null (nothing kept) when a night does not fit.
 */
async function offer(
  tx: Tx,
  room: CheckoutRoom,
  entry: WaitingRow,
  holdMinutes: number,
): Promise<Made | null> {
  const nights = pricedNights(room, entry.check_in, entry.check_out);
  const nightCents = nights.map((n) => n.cents);
  const totalCents = stayCents(nights) * entry.quantity;
  const demand = demandJson(
    nightlyDemand([
      {
        roomId: room.id,
        checkIn: entry.check_in,
        checkOut: entry.check_out,
        quantity: entry.quantity,
      },
    ]),
  );
  const notFit = new Error('not fit');
  try {
    return await tx.transaction(async (sp) => {
      const result = await sp.execute<{ made: Made | null }>(sql`
        with demand as (
          select * from jsonb_to_recordset(${demand}::jsonb)
            as d(room_id int, night date, units int, ord int)),
        room as (select id, stock from rooms where id = ${room.id}),
        taken as (${sql.raw(takeUnitsSql('demand', 'room'))}),
        made as (
          insert into bookings
            (user_id, idempotency_key, status, total_quantity, total_cents, hold_expires_at)
          select ${entry.user_id}, ${`waitlist-offer-${entry.id}`}, 'pending', ${entry.quantity},
            ${totalCents}, now() + make_interval(mins => ${holdMinutes}::int)
          where (select count(*) from taken) = (select count(*) from demand)
          returning id, hold_expires_at, total_cents),
        made_line as (
          insert into booking_lines (booking_id, room_id, hotel_id, check_in, check_out,
            quantity, guests, nightly_cents, night_cents, total_cents)
          select made.id, ${room.id}, ${room.hotelId}, ${entry.check_in}::date,
            ${entry.check_out}::date, ${entry.quantity}, 1, ${room.priceCents},
            ${`{${nightCents.join(',')}}`}::bigint[], ${totalCents}
          from made),
        offered as (
          update waitlist_entries set state = 'offered', booking_id = made.id
          from made where waitlist_entries.id = ${entry.id})
        select (select row_to_json(m) from made m) as made`);
      const made = result.rows[0]?.made ?? null;
      // Some nights taken but not all: undone with the savepoint.
      if (!made) throw notFit;
      return made;
    });
  } catch (error) {
    if (error === notFit) return null;
    throw error;
  }
}

/** When the offer ends, in the hotel's zone as the guest travels there. */
function offerEndText(at: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(at));
}

/** 'A room is free for you': what is held, until when, what it costs, and the link to pay it. */
async function enqueueOfferMail(
  tx: Tx,
  room: CheckoutRoom,
  entry: WaitingRow,
  made: Made,
  publicUrl: string,
): Promise<void> {
  const payUrl = siteUrl(publicUrl, paths.payHold(made.id));
  const blocks: MailBlock[] = [
    {
      kind: 'paragraph',
      text: 'A room you were waiting for came free, and we are holding it for you alone.',
    },
    {
      kind: 'item',
      title: `${capitalize(room.name)} at ${room.hotel}`,
      lines: [
        room.address,
        `${entry.check_in} to ${entry.check_out}`,
        `${entry.quantity} ${entry.quantity === 1 ? 'room' : 'rooms'}`,
      ],
    },
    {
      kind: 'facts',
      rows: [
        ['Total', formatUsd(Number(made.total_cents))],
        ['Held for you until', offerEndText(made.hold_expires_at, room.timeZone)],
      ],
    },
    {
      kind: 'paragraph',
      text: 'Pay before then to book it; after that it passes to the next guest in line.',
      strong: true,
    },
    { kind: 'links', links: [{ label: 'Pay for your room', url: payUrl }] },
  ];
  await enqueueMail(tx, {
    to: entry.email,
    subject: WAITLIST_OFFER_SUBJECT,
    text: mailText(blocks),
    html: mailHtml(WAITLIST_OFFER_SUBJECT, blocks),
  });
}
