import { randomUUID } from 'node:crypto';
import {
  RECEIPT_SUBJECT,
  TRAVELLER_CANCELLED_SUBJECT,
  TRAVELLER_STAY_SUBJECT,
} from '@devstay/shared/constants';
import type {
  Booking,
  BookingRecord,
  CancelledBooking,
  TravellerStay,
} from '@devstay/shared/contracts/booking';
import type { BookingReceipt } from '@devstay/shared/contracts/receipt';
import { IDEMPOTENCY_KEY_HEADER } from '@devstay/shared/http';
import { eq, sql } from 'drizzle-orm';
import nodeIcal, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { cookiesOf, signUpRaw, withSession } from '../../test/auth.ts';
import {
  checkoutPayload,
  expectBookingsConsistent,
  twoHotelsWithStaff,
} from '../../test/booking-fixtures.ts';
import { base64PartOf, startSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import { refundDueLines } from '../bookings/cancel-line.ts';
import { type MailWorker, startConfiguredMailWorker } from '../mail/worker.ts';
import type { TestCardProvider } from '../payments/test-card-provider.ts';

/**
 * Team trips: an organiser books rooms for travellers and pays once. Each traveller is e-mailed
 * their stay (no prices) with its calendar file over a real SMTP server, sees it in their
 * history once signed in with that e-mail, and is told when it is cancelled; one traveller's
 * line is cancelled and refunded alone, once however many calls race; hotel staff see the
 * traveller's name, never their e-mail.
 */

let t: TestApp;
let smtp: TestSmtpServer;
let worker: MailWorker | null = null;
let provider: TestCardProvider;
const cookie = { organiser: '', adminA: '', adminB: '' };
let organiserId = '';
let roomA = 0;
let roomB = 0;
let hotelA = 0;

/** An account made through sign-up, with a display name. */
async function account(email: string, name: string) {
  const res = await signUpRaw(t.app, { email, password: 'secret-123', name });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().user.id as string, cookie: cookiesOf(res) };
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_POLL_MS: '25',
    MAIL_RETRY_BASE_MS: '100',
    PAYMENT_RATE_LIMIT: '1000',
  });
  worker = startConfiguredMailWorker(t.db, t.app.config);
  provider = t.app.payments as TestCardProvider;
  const made = await twoHotelsWithStaff(
    t.app,
    t.db,
    { a: { stock: 5, priceCents: 12_500 }, b: { stock: 5, priceCents: 20_000 } },
    'trips.admin.b@devstay.dev',
  );
  [roomA, roomB, hotelA] = [made.roomA, made.roomB, made.hotelA];
  cookie.adminA = made.cookies.adminA;
  cookie.adminB = made.cookies.adminB;
  const organiser = await account(`organiser.${randomUUID()}@devstay.dev`, 'Olga Organiser');
  [organiserId, cookie.organiser] = [organiser.id, organiser.cookie];
});
afterAll(async () => {
  await expectBookingsConsistent(t.db);
  await worker?.stop();
  await smtp.close();
  await t.close();
});

type Line = {
  id: number;
  checkIn: string;
  checkOut: string;
  cartQuantity: number;
  traveller?: { name: string; email: string };
};

const checkoutRaw = async (lines: Line[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/booking',
    headers: { ...withSession(cookie.organiser), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    payload: await checkoutPayload(t.app, lines),
  });

async function bookAndPay(lines: Line[]): Promise<Booking> {
  const held = await checkoutRaw(lines);
  expect(held.statusCode, held.body).toBe(201);
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/payments/card',
    headers: { ...withSession(cookie.organiser), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    payload: {
      booking: held.json().id,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
    },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json().booking as Booking;
}

/** A team trip of two travellers, one at each hotel; the booking as the receipt shows it. */
async function twoTravellerTrip(month: string) {
  const ada = { name: 'Ada Lovelace', email: `ada.${randomUUID()}@devstay.dev` };
  const alan = { name: 'Alan Turing', email: `alan.${randomUUID()}@devstay.dev` };
  const booking = await bookAndPay([
    {
      id: roomA,
      checkIn: `2030-${month}-10`,
      checkOut: `2030-${month}-12`,
      cartQuantity: 1,
      traveller: ada,
    },
    {
      id: roomB,
      checkIn: `2030-${month}-10`,
      checkOut: `2030-${month}-11`,
      cartQuantity: 1,
      traveller: alan,
    },
  ]);
  const receipt = await receiptOf(cookie.organiser, booking.id);
  expect(receipt.statusCode, receipt.body).toBe(200);
  return { ada, alan, booking: receipt.json<BookingReceipt>() };
}

const receiptOf = (session: string, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/booking/${id}`, headers: withSession(session) });

const cancel = (session: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/booking/status',
    headers: withSession(session),
    payload: { user: organiserId, status: 'cancelled', ...body },
  });

const mailTo = (email: string, subject: string) =>
  smtp.waitFor((m) => m.envelopeTo.includes(email) && m.parsed.subject === subject);

/** What the test processor has given back of a booking's charge. */
async function refundedAtProcessor(bookingId: string): Promise<number> {
  const payment = await t.db.execute<{ id: string }>(
    sql`select id from payments where booking_id = ${bookingId}`,
  );
  const charge = await provider.capturedCharge(payment.rows[0]?.id ?? '');
  return charge?.refundedCents ?? -1;
}

describe('the cart line’s traveller (shared contract)', () => {
  test.each([
    [{ name: 'Ada', email: 'not-an-email' }, 'cartRoom.0.traveller.email'],
    [{ name: '  ', email: 'ada@devstay.dev' }, 'cartRoom.0.traveller.name'],
    [{ name: 'Ada' }, 'cartRoom.0.traveller.email'],
  ])('%j is a 400 naming %s', async (traveller, field) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/booking',
      headers: { ...withSession(cookie.organiser), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      payload: {
        cartRoom: [
          { id: roomA, checkIn: '2030-01-10', checkOut: '2030-01-11', cartQuantity: 1, traveller },
        ],
        cartTotalCents: 12_500,
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field).toBe(field);
  });
});

describe('a team trip booked and paid once', () => {
  test('each traveller is e-mailed their stay with its calendar file and no price; the receipt lists them', async () => {
    const { ada, alan, booking } = await twoTravellerTrip('02');
    expect(booking.cartRoom.map((l) => l.traveller)).toEqual([ada, alan]);

    const mail = await mailTo(ada.email, TRAVELLER_STAY_SUBJECT);
    const line = booking.cartRoom[0];
    for (const part of [mail.parsed.text ?? '', mail.parsed.html ?? '']) {
      expect(part).toContain('Olga Organiser booked a stay for you');
      expect(part).toContain(line?.hotel);
      expect(part).toContain(line?.address);
      expect(part).toContain('Check-in Sun, Feb 10, 2030, check-out Tue, Feb 12, 2030 (2 nights)');
      expect(part).toContain('Suite');
      // The night prices are the organiser's business.
      expect(part).not.toContain('$');
      expect(part).not.toContain('Visa');
    }
    expect(mail.parsed.attachments.map((a) => a.mimeType)).toEqual(['text/calendar']);
    const ics = base64PartOf(mail, 'text/calendar').toString('utf8');
    const events = Object.values(nodeIcal.sync.parseICS(ics)).filter(
      (c): c is VEvent => c?.type === 'VEVENT',
    );
    // Ada's stay alone, not Alan's.
    expect(events).toHaveLength(1);
    expect(ics).toContain('\r\nDTSTART;VALUE=DATE:20300210\r\n');
    expect(ics).toContain('\r\nDTEND;VALUE=DATE:20300212\r\n');
    expect(ics).not.toContain('/receipt');

    const alanMail = await mailTo(alan.email, TRAVELLER_STAY_SUBJECT);
    expect(alanMail.parsed.text).toContain(
      'Check-in Sun, Feb 10, 2030, check-out Mon, Feb 11, 2030',
    );

    const receipt = await smtp.waitFor(
      (m) => m.parsed.subject === RECEIPT_SUBJECT && (m.parsed.text ?? '').includes(booking.id),
    );
    expect(receipt.parsed.text).toContain(`Traveller: Ada Lovelace (${ada.email})`);
    expect(receipt.parsed.text).toContain(`Traveller: Alan Turing (${alan.email})`);
    // One stay e-mail per traveller: the announcement is delivered once.
    expect(
      smtp.received.filter(
        (m) => m.envelopeTo.includes(ada.email) && m.parsed.subject === TRAVELLER_STAY_SUBJECT,
      ),
    ).toHaveLength(1);
  });

  test('a traveller signed in with that e-mail sees the stay, marked as booked by the organiser, with no price or payment', async () => {
    const { ada, booking } = await twoTravellerTrip('03');
    // Another case: the e-mail matches ignoring case.
    const traveller = await account(ada.email.toUpperCase(), 'Ada');
    const list = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/trips/user/${traveller.id}`,
        headers: withSession(traveller.cookie),
      });
    // An e-mail typed into a sign-up proves nothing until its link is followed.
    expect((await list()).json()).toEqual([]);
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, traveller.id));
    const res = await list();
    expect(res.statusCode, res.body).toBe(200);
    const stays = res.json<TravellerStay[]>();
    expect(stays).toEqual([
      {
        booking: booking.id,
        line: booking.cartRoom[0]?.line,
        status: 'booked',
        bookedBy: 'Olga Organiser',
        traveller: 'Ada Lovelace',
        idHotel: hotelA,
        hotel: booking.cartRoom[0]?.hotel,
        address: expect.stringContaining(booking.cartRoom[0]?.address ?? '?'),
        id: roomA,
        name: 'suite',
        checkIn: '2030-03-10',
        checkOut: '2030-03-12',
        cartQuantity: 1,
        guests: 1,
      },
    ]);
    expect(res.body).not.toMatch(/price|cents|amount|payment|card/i);

    // The traveller reads neither the receipt (payment) nor may cancel, nor the organiser's list.
    expect((await receiptOf(traveller.cookie, booking.id)).statusCode).toBe(403);
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/booking/status',
      headers: withSession(traveller.cookie),
      payload: {
        id: booking.id,
        user: organiserId,
        status: 'cancelled',
        line: booking.cartRoom[0]?.line,
      },
    });
    expect(refused.statusCode, refused.body).toBe(403);
    const others = await t.app.inject({
      method: 'GET',
      url: `/api/trips/user/${organiserId}`,
      headers: withSession(traveller.cookie),
    });
    expect(others.statusCode).toBe(403);
    const visitor = await t.app.inject({ method: 'GET', url: `/api/trips/user/${traveller.id}` });
    expect(visitor.statusCode).toBe(401);
  });

  test('hotel staff see the traveller’s name on their bookings lists, never the e-mail', async () => {
    const { ada, alan, booking } = await twoTravellerTrip('04');
    const table = await t.app.inject({
      method: 'GET',
      url: '/api/booking?pageSize=100',
      headers: withSession(cookie.adminA),
    });
    expect(table.statusCode, table.body).toBe(200);
    const row = table.json<BookingRecord[]>().find((r) => r.id === booking.id);
    expect(row?.cartRoom.map((l) => l.traveller)).toEqual([{ name: 'Ada Lovelace' }]);
    expect(table.body).not.toContain(ada.email);
    const receipt = await receiptOf(cookie.adminB, booking.id);
    expect(receipt.json<BookingReceipt>().cartRoom.map((l) => l.traveller)).toEqual([
      { name: 'Alan Turing' },
    ]);
    expect(receipt.body).not.toContain(alan.email);
    // The organiser's own history shows both, with their e-mails.
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/booking/user/${organiserId}?pageSize=100`,
      headers: withSession(cookie.organiser),
    });
    const own = history.json<BookingRecord[]>().find((r) => r.id === booking.id);
    expect(own?.cartRoom.map((l) => l.traveller)).toEqual([ada, alan]);
    expect(own?.cartRoom.map((l) => l.lineCancellable)).toEqual([true, true]);
  });
});

describe('cancelling one traveller’s stay', () => {
  test('refunds exactly that line’s amount once, tells that traveller, and the rest of the trip stands', async () => {
    const { ada, alan, booking } = await twoTravellerTrip('05');
    const [lineA, lineB] = booking.cartRoom;
    const res = await cancel(cookie.organiser, { id: booking.id, line: lineA?.line });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<CancelledBooking>();
    expect(answer.status).toBe('confirmed');
    expect(answer.refund.status).toBe('refunded');
    expect(answer.cartRoom.map((l) => l.cancelled)).toEqual([true, false]);
    expect(await refundedAtProcessor(booking.id)).toBe(lineA?.totalCents);
    const receipt = (await receiptOf(cookie.organiser, booking.id)).json<BookingReceipt>();
    expect(receipt.payment).toMatchObject({ status: 'captured', refundedCents: lineA?.totalCents });

    const told = await mailTo(ada.email, TRAVELLER_CANCELLED_SUBJECT);
    expect(told.parsed.text).toContain('Olga Organiser cancelled the stay booked for you');
    expect(told.parsed.text).not.toContain('$');

    // Again: nothing more moves.
    const again = await cancel(cookie.organiser, { id: booking.id, line: lineA?.line });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<CancelledBooking>().refund.status).toBe('none');
    expect(await refundedAtProcessor(booking.id)).toBe(lineA?.totalCents);

    // The whole trip then: the rest alone is refunded, and Alan alone is told.
    const whole = await cancel(cookie.organiser, { id: booking.id });
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json<CancelledBooking>().status).toBe('cancelled');
    expect(await refundedAtProcessor(booking.id)).toBe(booking.cartTotalCents);
    await mailTo(alan.email, TRAVELLER_CANCELLED_SUBJECT);
    await t.app.announcements.drain();
    expect(
      smtp.received.filter(
        (m) => m.envelopeTo.includes(ada.email) && m.parsed.subject === TRAVELLER_CANCELLED_SUBJECT,
      ),
    ).toHaveLength(1);
    expect(lineB?.totalCents).toBeGreaterThan(0);
  });

  test('two concurrent cancels of the same line refund it once', async () => {
    const { ada, booking } = await twoTravellerTrip('06');
    const lineA = booking.cartRoom[0];
    const calls = provider.refundCalls;
    const both = await Promise.all([
      cancel(cookie.organiser, { id: booking.id, line: lineA?.line }),
      cancel(cookie.organiser, { id: booking.id, line: lineA?.line }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.map((r) => r.json<CancelledBooking>().refund.status).sort()).toEqual([
      'none',
      'refunded',
    ]);
    expect(provider.refundCalls - calls).toBe(1);
    expect(await refundedAtProcessor(booking.id)).toBe(lineA?.totalCents);
    await mailTo(ada.email, TRAVELLER_CANCELLED_SUBJECT);
    await t.app.announcements.drain();
    expect(
      smtp.received.filter(
        (m) => m.envelopeTo.includes(ada.email) && m.parsed.subject === TRAVELLER_CANCELLED_SUBJECT,
      ),
    ).toHaveLength(1);
  });

  test('a processor that does not answer: cancelled now, that line refunded once later by the sweep', async () => {
    const { booking } = await twoTravellerTrip('09');
    const lineA = booking.cartRoom[0];
    provider.unreachable = true;
    let res: Awaited<ReturnType<typeof cancel>>;
    try {
      res = await cancel(cookie.organiser, { id: booking.id, line: lineA?.line });
    } finally {
      provider.unreachable = false;
    }
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CancelledBooking>().refund.status).toBe('pending');
    expect(await refundedAtProcessor(booking.id)).toBe(0);
    const deps = { db: t.db, provider };
    expect(await refundDueLines(deps, 0)).toBe(1);
    expect(await refundedAtProcessor(booking.id)).toBe(lineA?.totalCents);
    // Done: the next sweep finds nothing due, and the processor gave it back once.
    expect(await refundDueLines(deps, 0)).toBe(0);
    expect(await refundedAtProcessor(booking.id)).toBe(lineA?.totalCents);
  });

  test('a line of another booking is a 404 naming it; staff of one hotel of the trip may not cancel it', async () => {
    const { booking } = await twoTravellerTrip('07');
    const other = await twoTravellerTrip('08');
    const wrong = await cancel(cookie.organiser, {
      id: booking.id,
      line: other.booking.cartRoom[0]?.line,
    });
    expect(wrong.statusCode, wrong.body).toBe(404);
    expect(wrong.json().field).toBe('line');
    const admin = await cancel(cookie.adminA, { id: booking.id, line: booking.cartRoom[0]?.line });
    expect(admin.statusCode, admin.body).toBe(403);
  });
});
