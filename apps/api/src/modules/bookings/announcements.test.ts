import { randomUUID } from 'node:crypto';
import { RECEIPT_SUBJECT } from '@devstay/shared/constants';
import type { Booking } from '@devstay/shared/contracts/booking';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { bookings, mailOutbox, payments, rooms } from '../../db/schema.ts';
import type { Announcements } from '../../lib/announcements.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { DEMO, signIn, signUp, withSession } from '../../test/auth.ts';
import {
  expectBookingsConsistent,
  inDays,
  payByCard,
  placeHold,
  roomWithStock,
} from '../../test/booking-fixtures.ts';
import { changeStock } from '../content/repository.ts';
import { reconcilePayments } from '../payments/pay.ts';
import { insertPendingPayment } from '../payments/repository.ts';
import type { TestCardProvider } from '../payments/test-card-provider.ts';
import { releaseExpiredHolds } from './hold-sweeper.ts';

/**
 * Every path that frees units announces it once, delivered after its commit, with the bookings,
 * room, nights and units: a staff or guest cancel, a lapsed hold swept, a declined payment, a
 * payment the reconciliation gives up, a room's stock raised. A booking cancelled is announced
 * once too, and a booking confirmed writes one receipt.
 */

let t: TestApp;
let provider: TestCardProvider;
let superAdmin: string;
const heard: { [K in keyof Announcements]: Announcements[K][] } = {
  unitsFreed: [],
  bookingCancelled: [],
  bookingConfirmed: [],
  lineCancelled: [],
};
beforeAll(async () => {
  t = await createTestApp({ PAYMENT_RATE_LIMIT: '100' });
  provider = t.app.payments as TestCardProvider;
  superAdmin = await signIn(t.app, DEMO.superAdmin);
  t.app.announcements.subscribe('unitsFreed', 'test', async (_tx, e) => {
    heard.unitsFreed.push(e);
  });
  t.app.announcements.subscribe('bookingCancelled', 'test', async (_tx, e) => {
    heard.bookingCancelled.push(e);
  });
});
afterEach(() => {
  for (const list of Object.values(heard)) list.length = 0;
});
afterAll(async () => {
  await expectBookingsConsistent(t.db);
  await t.close();
});

const VISA = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };
const DECLINED = { ...VISA, number: '4000000000000002' };

const hold = (cookie: string, roomId: number) =>
  placeHold(t.app, cookie, [
    { id: roomId, checkIn: inDays(30), checkOut: inDays(32), cartQuantity: 2 },
  ]);

const pay = (cookie: string, bookingId: string, card = VISA) =>
  payByCard(t.app, cookie, bookingId, card);

/** How many receipt e-mails the outbox holds for the booking whose id is `bookingId`. */
const receiptsOf = async (bookingId: string) =>
  (
    await t.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.subject, RECEIPT_SUBJECT), like(mailOutbox.text, `%${bookingId}%`)))
  ).length;

/** The booking cancelled by whoever `session` signs in (its guest or staff). */
const cancel = (session: string, booking: Booking) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/booking/status',
    headers: withSession(session),
    payload: { id: booking.id, user: booking.user, status: 'cancelled' },
  });

/** The two nights of every stay below, two units each. */
const nightsOf = (roomId: number) => [
  { roomId, night: inDays(30), units: 2 },
  { roomId, night: inDays(31), units: 2 },
];

type Path = (cookie: string, roomId: number) => Promise<Announcements['unitsFreed']>;

const paths: [string, Path][] = [
  [
    'a staff cancel',
    async (cookie, roomId) => {
      const booking = await hold(cookie, roomId);
      expect((await pay(cookie, booking.id)).statusCode).toBe(200);
      expect(await receiptsOf(booking.id)).toBe(1);
      const res = await cancel(superAdmin, booking);
      expect(res.statusCode, res.body).toBe(200);
      await t.app.announcements.drain();
      expect(heard.bookingCancelled).toEqual([
        { bookingId: booking.id, by: 'staff', refundCents: booking.cartTotalCents },
      ]);
      return { cause: 'cancelled', bookingIds: [booking.id], nights: nightsOf(roomId) };
    },
  ],
  [
    'a guest cancel',
    async (cookie, roomId) => {
      const booking = await hold(cookie, roomId);
      expect((await pay(cookie, booking.id)).statusCode).toBe(200);
      const res = await cancel(cookie, booking);
      expect(res.statusCode, res.body).toBe(200);
      await t.app.announcements.drain();
      expect(heard.bookingCancelled).toEqual([
        { bookingId: booking.id, by: 'guest', refundCents: booking.cartTotalCents },
      ]);
      return { cause: 'cancelled', bookingIds: [booking.id], nights: nightsOf(roomId) };
    },
  ],
  [
    'a lapsed hold swept',
    async (cookie, roomId) => {
      const booking = await hold(cookie, roomId);
      await t.db
        .update(bookings)
        .set({ holdExpiresAt: sql`now() - interval '1 second'` })
        .where(eq(bookings.id, booking.id));
      expect(await releaseExpiredHolds(t.db, new Date())).toEqual([booking.id]);
      return { cause: 'lapsed', bookingIds: [booking.id], nights: nightsOf(roomId) };
    },
  ],
  [
    'a declined payment',
    async (cookie, roomId) => {
      const booking = await hold(cookie, roomId);
      expect((await pay(cookie, booking.id, DECLINED)).statusCode).toBe(402);
      expect(await receiptsOf(booking.id)).toBe(0);
      return { cause: 'declined', bookingIds: [booking.id], nights: nightsOf(roomId) };
    },
  ],
  [
    'the reconciliation giving up a payment the processor never saw',
    async (cookie, roomId) => {
      const booking = await hold(cookie, roomId);
      await t.db.transaction((tx) =>
        insertPendingPayment(tx, {
          bookingId: booking.id,
          provider: 'test',
          idempotencyKey: randomUUID(),
          amountCents: booking.cartTotalCents,
        }),
      );
      await t.db
        .update(payments)
        .set({ updatedAt: sql`now() - interval '1 hour'` })
        .where(eq(payments.bookingId, booking.id));
      expect(await reconcilePayments({ db: t.db, provider })).toBe(1);
      return { cause: 'abandoned', bookingIds: [booking.id], nights: nightsOf(roomId) };
    },
  ],
  [
    'a room’s stock raised',
    async (_cookie, roomId) => {
      // What the room's modify runs in its transaction (content/kinds.ts, room.check).
      await t.db.transaction(async (tx) => {
        await changeStock(tx, roomId, 5, new Date());
        await tx.update(rooms).set({ stock: 5 }).where(eq(rooms.id, roomId));
      });
      return {
        cause: 'stockRaised',
        roomId,
        from: inDays(0),
        units: 3,
      };
    },
  ],
];

describe('units freed are announced once, from each path that frees them', () => {
  test.each(paths)('%s', async (_, path) => {
    const cookie = (await signUp(t.app, `freed.${randomUUID()}@devstay.dev`)).cookie;
    const { room } = await roomWithStock(t.db, 2);
    const expected = await path(cookie, room.id);
    await t.app.announcements.drain();
    expect(heard.unitsFreed).toEqual([expected]);
  });

  test('a cancel repeated frees and announces nothing more', async () => {
    const cookie = (await signUp(t.app, `freed.${randomUUID()}@devstay.dev`)).cookie;
    const { room } = await roomWithStock(t.db, 2);
    const booking = await hold(cookie, room.id);
    expect((await pay(cookie, booking.id)).statusCode).toBe(200);
    expect((await cancel(superAdmin, booking)).statusCode).toBe(200);
    expect((await cancel(superAdmin, booking)).statusCode).toBe(200);
    await t.app.announcements.drain();
    expect(heard.unitsFreed).toHaveLength(1);
    expect(heard.bookingCancelled).toHaveLength(1);
    expect(await receiptsOf(booking.id)).toBe(1);
  });
});
