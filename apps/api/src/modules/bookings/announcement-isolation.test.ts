import { randomUUID } from 'node:crypto';
import { CANCELLATION_SUBJECT } from '@devstay/shared/constants';
import type { Booking } from '@devstay/shared/contracts/booking';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Tx } from '../../db/client.ts';
import { announcements, bookings, mailOutbox, payments, roomNights } from '../../db/schema.ts';
import type { AnnouncementKind } from '../../lib/announcements.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { DEMO, signIn, signUp, withSession } from '../../test/auth.ts';
import {
  expectBookingsConsistent,
  inDays,
  payByCard,
  placeHold,
  roomWithStock,
} from '../../test/booking-fixtures.ts';
import { holdSweep } from './hold-sweeper.ts';

/**
 * A subscriber that throws never reaches the path that announced: a guest's cancellation, the
 * holds' sweep, a declined payment's settle and a room's modify all go through, and the
 * subscriber's failure is recorded on its announcement and retried, the other subscribers
 * handling it once. What a subscriber reads is what was committed.
 */

let t: TestApp;
let superAdmin: string;
beforeAll(async () => {
  // Deliveries driven by hand (drain), so a retry happens when the test says so.
  t = await createTestApp({ PAYMENT_RATE_LIMIT: '100' }, { workers: false });
  superAdmin = await signIn(t.app, DEMO.superAdmin);
});
afterEach(() => {
  for (const kind of ['unitsFreed', 'bookingCancelled'] as const) {
    t.app.announcements.unsubscribe(kind, 'broken');
    t.app.announcements.unsubscribe(kind, 'reader');
  }
});
afterAll(async () => {
  await expectBookingsConsistent(t.db);
  await t.close();
});

const VISA = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };
const DECLINED = { ...VISA, number: '4000000000000002' };

/**
 * Subscribes a subscriber to both kinds that fails while `failing()` says so, as a query of its
 * fails: in the database (its transaction aborted) and as a thrown error.
 */
function subscribeBroken(failing: () => boolean = () => true) {
  const fail = async (tx: Tx) => {
    if (!failing()) return;
    await tx.execute(sql`select 1 / 0`).catch(() => {
      throw new Error('the waitlist is down');
    });
  };
  t.app.announcements.subscribe('unitsFreed', 'broken', fail);
  t.app.announcements.subscribe('bookingCancelled', 'broken', fail);
}

const guestWithHold = async () => {
  const guest = await signUp(t.app, `isolated.${randomUUID()}@devstay.dev`);
  const { room } = await roomWithStock(t.db, 2);
  const booking = await placeHold(t.app, guest.cookie, [
    { id: room.id, checkIn: inDays(30), checkOut: inDays(31), cartQuantity: 1 },
  ]);
  return { guest, room, booking };
};

const takenOf = async (roomId: number) =>
  (
    await t.db
      .select({ taken: roomNights.taken })
      .from(roomNights)
      .where(and(eq(roomNights.roomId, roomId), eq(roomNights.night, inDays(30))))
  )[0]?.taken;

const statusOf = async (bookingId: string) =>
  (
    await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId))
  )[0]?.status;

/** The announcements of `kind` naming `bookingId`. */
const announcementsOf = (kind: AnnouncementKind, bookingId: string) =>
  t.db
    .select()
    .from(announcements)
    .where(
      and(
        eq(announcements.kind, kind),
        kind === 'bookingCancelled'
          ? sql`${announcements.event}->>'bookingId' = ${bookingId}`
          : sql`${announcements.event}->'bookingIds' ? ${bookingId}`,
      ),
    );

const cancellationMails = async (booking: Booking) =>
  (
    await t.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.subject, CANCELLATION_SUBJECT),
          sql`${mailOutbox.text} like ${`%${booking.id}%`}`,
        ),
      )
  ).length;

describe('a failing subscriber', () => {
  test('does not refuse a guest’s cancellation; it is recorded and retried, the e-mail written once', async () => {
    let failing = true;
    subscribeBroken(() => failing);
    const { guest, room, booking } = await guestWithHold();
    expect((await payByCard(t.app, guest.cookie, booking.id, VISA)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/booking/status',
      headers: withSession(guest.cookie),
      payload: { id: booking.id, user: booking.user, status: 'cancelled' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refund.status).toBe('refunded');
    expect(await statusOf(booking.id)).toBe('cancelled');
    expect(await takenOf(room.id)).toBe(0);
    const [payment] = await t.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(payment?.status).toBe('refunded');

    // Delivered: the e-mail's subscriber handled it, the broken one waits for its retry.
    await t.app.announcements.drain();
    expect(await cancellationMails(booking)).toBe(1);
    const [cancelled] = await announcementsOf('bookingCancelled', booking.id);
    expect(cancelled).toMatchObject({
      status: 'pending',
      attempts: 1,
      deliveredTo: ['cancellation e-mail', 'traveller cancellation e-mails'],
      lastError: 'broken: the waitlist is down',
    });
    // Retried later, not at once.
    expect(cancelled?.nextAttemptAt.getTime()).toBeGreaterThan(cancelled?.createdAt.getTime() ?? 0);
    const [freed] = await announcementsOf('unitsFreed', booking.id);
    expect(freed).toMatchObject({ status: 'pending', attempts: 1 });

    // The retry, once due, runs the broken subscriber alone: no second e-mail.
    failing = false;
    await t.db
      .update(announcements)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(announcements.status, 'pending'));
    await t.app.announcements.drain();
    expect((await announcementsOf('bookingCancelled', booking.id))[0]).toMatchObject({
      status: 'delivered',
      attempts: 2,
      deliveredTo: ['cancellation e-mail', 'traveller cancellation e-mails', 'broken'],
    });
    expect((await announcementsOf('unitsFreed', booking.id))[0]?.status).toBe('delivered');
    expect(await cancellationMails(booking)).toBe(1);
  });

  test('does not stall the sweeper: holds are released and the reconciliation runs after', async () => {
    subscribeBroken();
    const { room, booking } = await guestWithHold();
    await t.db
      .update(bookings)
      .set({ holdExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(bookings.id, booking.id));
    let reconciled = false;
    // The sweep as app.ts registers it, at the app's clock.
    const sweep = holdSweep(t.db, {
      log: t.app.log,
      clock: t.app.clock,
      after: async () => {
        reconciled = true;
      },
    });
    await sweep();
    expect(await statusOf(booking.id)).toBe('expired');
    expect(await takenOf(room.id)).toBe(0);
    expect(reconciled).toBe(true);
    await t.app.announcements.drain();
    const [freed] = await announcementsOf('unitsFreed', booking.id);
    expect(freed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(freed?.event).toMatchObject({ cause: 'lapsed', bookingIds: [booking.id] });
  });

  test('does not fail a declined payment’s settle: 402, the hold released', async () => {
    subscribeBroken();
    const { guest, room, booking } = await guestWithHold();
    const res = await payByCard(t.app, guest.cookie, booking.id, DECLINED);
    expect(res.statusCode, res.body).toBe(402);
    expect(await statusOf(booking.id)).toBe('expired');
    expect(await takenOf(room.id)).toBe(0);
    const [payment] = await t.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(payment?.status).toBe('failed');
    await t.app.announcements.drain();
    expect((await announcementsOf('unitsFreed', booking.id))[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
    });
  });
});

describe('a room’s stock raised', () => {
  test('is delivered once the stock is committed: a subscriber reads the new stock', async () => {
    subscribeBroken();
    const seen: number[] = [];
    t.app.announcements.subscribe('unitsFreed', 'reader', async (tx, e) => {
      if (e.cause !== 'stockRaised') return;
      const read = await tx.execute<{ stock: number }>(
        sql`select stock from rooms where id = ${e.roomId}`,
      );
      seen.push(read.rows[0]?.stock ?? -1);
    });
    const { hotel, room } = await roomWithStock(t.db, 2);
    const list = await t.app.inject({
      url: `/api/content/rooms?idHotel=${hotel.id}`,
      headers: withSession(superAdmin),
    });
    expect(list.statusCode, list.body).toBe(200);
    const [record] = list.json() as Record<string, unknown>[];
    // A room names one service at least (the room made here has none yet).
    const [service] = (await t.app.inject({ url: '/api/serviceRooms' })).json() as {
      name: string;
    }[];
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/rooms',
      headers: withSession(superAdmin),
      payload: { ...record, services: [service?.name], stock: 5 },
    });
    // The broken subscriber refuses nothing either.
    expect(res.statusCode, res.body).toBe(200);
    await t.app.announcements.drain();
    expect(seen).toEqual([5]);
    expect(room.stock).toBe(2);
  });
});

describe('subscribers belong to one app', () => {
  test('another app in the same process does not run them', async () => {
    const other = await createTestApp({}, { workers: false });
    try {
      const heardHere: string[] = [];
      t.app.announcements.subscribe('unitsFreed', 'reader', async (_tx, e) => {
        if ('bookingIds' in e) heardHere.push(...e.bookingIds);
      });
      // Units freed through the other app (its own database): its delivery runs its own
      // subscribers only.
      const guest = await signUp(other.app, `other.${randomUUID()}@devstay.dev`);
      const { room } = await roomWithStock(other.db, 2);
      const booking = await placeHold(other.app, guest.cookie, [
        { id: room.id, checkIn: inDays(30), checkOut: inDays(31), cartQuantity: 1 },
      ]);
      expect((await payByCard(other.app, guest.cookie, booking.id, DECLINED)).statusCode).toBe(402);
      expect(await other.app.announcements.deliverDue()).toBe(1);
      const [delivered] = await other.db.select().from(announcements);
      expect(delivered?.status).toBe('delivered');
      expect(heardHere).not.toContain(booking.id);
    } finally {
      await other.close();
    }
  });
});
