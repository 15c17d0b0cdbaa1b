import { randomUUID } from 'node:crypto';
import { CANCELLATION_SUBJECT } from '@devstay/shared/constants';
import type { Booking, BookingRecord } from '@devstay/shared/contracts/booking';
import { IDEMPOTENCY_KEY_HEADER } from '@devstay/shared/http';
import { BOOKING_MESSAGES } from '@devstay/shared/messages';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bookings, hotels, mailOutbox } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, withSession } from '../../test/auth.ts';
import {
  checkoutPayload,
  expectLedgerReconciled,
  roomWithStock,
  twoHotelsWithStaff,
} from '../../test/booking-fixtures.ts';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import { type MailWorker, startConfiguredMailWorker } from '../mail/worker.ts';
import type { TestCardProvider } from '../payments/test-card-provider.ts';

/**
 * A guest cancels their own booking within its hotel's free-cancellation window (product §4),
 * through the same guarded transition as the staff's cancel: judged at fixed instants of the
 * app's clock, at hotels on both ends of the Earth's calendar, role by role, racing the hotel's
 * admin, and e-mailed over a real SMTP server.
 */

/** UTC+14 and UTC−12: their dates differ at every instant. */
const EAST = 'Pacific/Kiritimati';
const WEST = 'Etc/GMT+12';

/** The instant the app's rules are judged at; null: the system clock. */
let now: Date | null = null;
let t: TestApp;
let provider: TestCardProvider;
let smtp: TestSmtpServer;
let worker: MailWorker | null = null;
const cookie = { guest: '', other: '', admin: '', adminB: '', superAdmin: '' };
let guestId = '';
let guestEmail = '';
let _hotelA = 0;
let roomA = 0;
let _hotelB = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(
    {
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: '25',
      MAIL_RETRY_BASE_MS: '100',
      PAYMENT_RATE_LIMIT: '1000',
    },
    { clock: () => now ?? new Date() },
  );
  worker = startConfiguredMailWorker(t.db, t.app.config);
  provider = t.app.payments as TestCardProvider;
  const made = await twoHotelsWithStaff(
    t.app,
    t.db,
    { a: { stock: 5, priceCents: 12_500 }, b: { stock: 5, priceCents: 20_000 } },
    'cancel.admin.b@devstay.dev',
  );
  [_hotelA, roomA, _hotelB] = [made.hotelA, made.roomA, made.hotelB];
  const { superAdmin, adminA, adminB } = made.cookies;
  Object.assign(cookie, { superAdmin, admin: adminA, adminB });
  guestEmail = `guest.${randomUUID()}@devstay.dev`;
  const guest = await signUp(t.app, guestEmail);
  [guestId, cookie.guest] = [guest.id, guest.cookie];
  cookie.other = (await signUp(t.app, `other.${randomUUID()}@devstay.dev`)).cookie;
});
afterAll(async () => {
  await worker?.stop();
  await smtp.close();
  await t.close();
});

const VISA = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };

type Line = { room: number; checkIn: string; checkOut: string; quantity?: number };

/** A booking the guest checked out and paid by card (at the system's time: it is in the future). */
async function confirmed(...lines: Line[]): Promise<Booking> {
  const held = await t.app.inject({
    method: 'POST',
    url: '/api/booking',
    headers: { ...withSession(cookie.guest), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    payload: await checkoutPayload(
      t.app,
      lines.map((l) => ({
        id: l.room,
        checkIn: l.checkIn,
        checkOut: l.checkOut,
        cartQuantity: l.quantity ?? 1,
      })),
    ),
  });
  expect(held.statusCode, held.body).toBe(201);
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/payments/card',
    headers: { ...withSession(cookie.guest), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    payload: { booking: held.json().id, card: VISA },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json().booking as Booking;
}

/** A room of a new hotel in `timeZone` whose window is `days`. */
async function roomIn(timeZone: string, days: number, priceCents = 10_000) {
  const { hotel, room } = await roomWithStock(t.db, 5, priceCents, timeZone);
  await t.db.update(hotels).set({ freeCancellationDays: days }).where(eq(hotels.id, hotel.id));
  return room.id;
}

type Who = keyof typeof cookie | 'visitor';
const cancel = (who: Who, id: string, user = guestId) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/booking/status',
    headers: who === 'visitor' ? { origin: 'http://localhost:3000' } : withSession(cookie[who]),
    payload: { id, user, status: 'cancelled' },
  });

/** The booking as the guest's history shows it now (the app's clock). */
async function historyRecord(id: string): Promise<BookingRecord | undefined> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/booking/user/${guestId}?pageSize=100`,
    headers: withSession(cookie.guest),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BookingRecord[]>().find((b) => b.id === id);
}

const statusOf = async (id: string) =>
  (await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]
    ?.status;

const takenOn = async (roomId: number, night: string) => {
  const result = await t.db.execute<{ taken: number }>(
    sql`select taken from room_nights where room_id = ${roomId} and night = ${night}::date`,
  );
  return result.rows[0]?.taken ?? 0;
};

const cancellationMails = async (bookingId: string) =>
  t.db
    .select({ id: mailOutbox.id, text: mailOutbox.text })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.to, guestEmail),
        eq(mailOutbox.subject, CANCELLATION_SUBJECT),
        sql`${mailOutbox.text} like ${`%/bookings/${bookingId}/receipt%`}`,
      ),
    );

const justBefore = (instant: string) => new Date(new Date(instant).getTime() - 1);

describe('the free-cancellation window, at its edges, in the hotel’s time zone', () => {
  test.each([
    // Start of 2030-03-08 in UTC+14 is 2030-03-07 10:00 UTC.
    { zone: EAST, days: 2, date: '2030-03-08', until: '2030-03-07T10:00:00.000Z' },
    // Five days before, at the start of 2030-03-05 in UTC−12: 2030-03-05 12:00 UTC.
    { zone: WEST, days: 5, date: '2030-03-05', until: '2030-03-05T12:00:00.000Z' },
    // No window: until the start of the check-in day itself.
    { zone: WEST, days: 0, date: '2030-03-10', until: '2030-03-10T12:00:00.000Z' },
  ])('$zone, $days days before a check-in on 2030-03-10: until $until', async (edge) => {
    const room = await roomIn(edge.zone, edge.days);
    const booking = await confirmed({ room, checkIn: '2030-03-10', checkOut: '2030-03-12' });
    const freeCancellation = { until: edge.until, date: edge.date, timeZone: edge.zone };

    now = justBefore(edge.until);
    expect(await historyRecord(booking.id)).toMatchObject({ cancellable: true, freeCancellation });
    now = new Date(edge.until);
    expect(await historyRecord(booking.id)).toMatchObject({ cancellable: false, freeCancellation });
    const late = await cancel('guest', booking.id);
    expect(late.statusCode, late.body).toBe(403);
    expect(late.json()).toMatchObject({
      code: 'FREE_CANCELLATION_ENDED',
      field: 'id',
      message: BOOKING_MESSAGES.freeCancellationEnded(edge.date, edge.zone),
    });
    expect(await statusOf(booking.id)).toBe('confirmed');
    // Staff may still cancel after the window (product §6); the guest no longer.
    const staff = await t.app.inject({
      method: 'GET',
      url: `/api/booking?status=confirmed&pageSize=100`,
      headers: withSession(cookie.superAdmin),
    });
    expect(staff.json<BookingRecord[]>().find((b) => b.id === booking.id)?.cancellable).toBe(true);

    now = justBefore(edge.until);
    const inTime = await cancel('guest', booking.id);
    expect(inTime.statusCode, inTime.body).toBe(200);
    expect(inTime.json()).toMatchObject({
      status: 'cancelled',
      cancellable: false,
      refund: { status: 'refunded', reason: null },
    });
    expect(await takenOn(room, '2030-03-10')).toBe(0);
    // Its retry once the window has closed (the first answer lost) is answered as it is.
    now = new Date(edge.until);
    const retry = await cancel('guest', booking.id);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ status: 'cancelled', refund: { status: 'none' } });
    now = null;
  });

  test('a booking spanning hotels: the strictest of its lines', async () => {
    // East: start of 2030-04-08 at UTC+14 = 2030-04-07 10:00 UTC. West (5 days): start of
    // 2030-04-07 at UTC−12 = 2030-04-07 12:00 UTC. The east line closes first.
    const east = await roomIn(EAST, 2);
    const west = await roomIn(WEST, 5);
    const booking = await confirmed(
      { room: west, checkIn: '2030-04-12', checkOut: '2030-04-13' },
      { room: east, checkIn: '2030-04-10', checkOut: '2030-04-11' },
    );
    const until = '2030-04-07T10:00:00.000Z';
    now = justBefore(until);
    expect((await historyRecord(booking.id))?.freeCancellation).toEqual({
      until,
      date: '2030-04-08',
      timeZone: EAST,
    });
    now = new Date(until);
    expect((await cancel('guest', booking.id)).statusCode).toBe(403);
    now = justBefore(until);
    expect((await cancel('guest', booking.id)).statusCode).toBe(200);
    now = null;
  });
});

describe('who may cancel, and what each one is offered', () => {
  const ANSWERS: Record<Who, number> = {
    visitor: 401,
    guest: 200,
    other: 403,
    admin: 200,
    adminB: 403,
    superAdmin: 200,
  };
  test.each(Object.keys(ANSWERS) as Who[])('PUT /api/booking/status as %s', async (who) => {
    const booking = await confirmed({ room: roomA, checkIn: '2030-05-10', checkOut: '2030-05-11' });
    // Another guest naming themselves as the booking's guest is refused all the same.
    const res =
      who === 'other' ? await cancel(who, booking.id, 'x') : await cancel(who, booking.id);
    expect(res.statusCode, res.body).toBe(ANSWERS[who]);
    expect(await statusOf(booking.id)).toBe(ANSWERS[who] === 200 ? 'cancelled' : 'confirmed');
    if (who === 'other') expect(res.json().code).toBe('FORBIDDEN');
    if (who === 'adminB') expect(res.json().code).toBe('OTHER_HOTEL');
  });

  test('another guest cannot cancel it by naming its guest either', async () => {
    const booking = await confirmed({ room: roomA, checkIn: '2030-05-12', checkOut: '2030-05-13' });
    const res = await cancel('other', booking.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect(await statusOf(booking.id)).toBe('confirmed');
  });

  test('the record says so: the guest within the window, the admin of its hotel, the superAdmin', async () => {
    const booking = await confirmed({ room: roomA, checkIn: '2030-05-14', checkOut: '2030-05-15' });
    expect((await historyRecord(booking.id))?.cancellable).toBe(true);
    for (const [who, expected] of [
      ['admin', true],
      ['superAdmin', true],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/booking?pageSize=100&status=confirmed`,
        headers: withSession(cookie[who]),
      });
      const record = res.json<BookingRecord[]>().find((b) => b.id === booking.id);
      expect(record?.cancellable, who).toBe(expected);
    }
  });
});

describe('one transition, whoever races', () => {
  test('the guest and the admin cancel at once: units freed once, one refund, one e-mail', async () => {
    for (let round = 0; round < 3; round++) {
      const checkIn = `2030-06-${String(10 + 2 * round).padStart(2, '0')}`;
      const checkOut = `2030-06-${String(11 + 2 * round).padStart(2, '0')}`;
      const booking = await confirmed({ room: roomA, checkIn, checkOut, quantity: 3 });
      expect(await takenOn(roomA, checkIn)).toBe(3);
      const refundsBefore = provider.refundCalls;
      const answers = await Promise.all([
        cancel('guest', booking.id),
        cancel('admin', booking.id),
        cancel('guest', booking.id),
        cancel('admin', booking.id),
      ]);
      for (const res of answers) {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().status).toBe('cancelled');
      }
      expect(await takenOn(roomA, checkIn)).toBe(0);
      expect(provider.refundCalls - refundsBefore).toBe(1);
      // Written when the cancel's announcement is delivered, after its commit.
      await t.app.announcements.drain();
      expect(await cancellationMails(booking.id)).toHaveLength(1);
    }
    await expectLedgerReconciled(t.db, [roomA]);
  });
});

describe('the cancellation e-mail, over SMTP', () => {
  const cancellationTo = (bookingId: string) =>
    smtp.waitFor(
      (m) =>
        m.envelopeTo.includes(guestEmail) &&
        m.parsed.subject === CANCELLATION_SUBJECT &&
        (m.parsed.text ?? '').includes(`/bookings/${bookingId}/receipt`),
    );

  test('the guest’s own cancel: the amount refunded, to the card paid with', async () => {
    const booking = await confirmed({
      room: roomA,
      checkIn: '2030-07-10',
      checkOut: '2030-07-12',
      quantity: 2,
    });
    expect((await cancel('guest', booking.id)).statusCode).toBe(200);
    const mail = await cancellationTo(booking.id);
    const text = mail.parsed.text ?? '';
    expect(text).toContain('You cancelled your booking at DevStay.');
    // 2 rooms × 2 nights × $125.
    expect(text).toContain(
      'Refund: $500 to your Visa card ending in 4242. The refund follows: it reaches your card within a few business days.',
    );
    expect(text).toContain(`http://localhost:3000/bookings/${booking.id}/receipt`);
    expect(mail.parsed.html).toContain('Refund: $500 to');
  });

  test('the admin’s cancel e-mails the guest too, with the amount', async () => {
    const booking = await confirmed({ room: roomA, checkIn: '2030-07-14', checkOut: '2030-07-15' });
    expect((await cancel('admin', booking.id)).statusCode).toBe(200);
    const text = (await cancellationTo(booking.id)).parsed.text ?? '';
    expect(text).toContain('Your booking at DevStay was cancelled by the hotel.');
    expect(text).toContain('Refund: $125 to your Visa card ending in 4242.');
  });
});
