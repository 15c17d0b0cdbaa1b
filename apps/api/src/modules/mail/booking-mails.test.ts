import { randomUUID } from 'node:crypto';
import { bookingReference } from '@devstay/shared/booking-reference';
import { CANCELLATION_SUBJECT, RECEIPT_SUBJECT } from '@devstay/shared/constants';
import type { Booking } from '@devstay/shared/contracts/booking';
import { IDEMPOTENCY_KEY_HEADER } from '@devstay/shared/http';
import { eq } from 'drizzle-orm';
import nodeIcal, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hotels } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, withSession } from '../../test/auth.ts';
import { checkoutPayload, roomWithStock } from '../../test/booking-fixtures.ts';
import { base64PartOf, startSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import { type MailWorker, startConfiguredMailWorker } from './worker.ts';

/**
 * The guest's booking e-mails as they leave over a real SMTP server: what the receipt and the
 * cancellation say, in both their parts.
 */

let t: TestApp;
let smtp: TestSmtpServer;
let worker: MailWorker | null = null;
let guest: { cookie: string; email: string; id: string };
let roomA = 0;
let roomB = 0;
/** Priced with cents, as an event night's premium makes a price: $76.20 a night. */
let roomCents = 0;
let hotelA: { address: string };

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_POLL_MS: '25', MAIL_RETRY_BASE_MS: '100' });
  worker = startConfiguredMailWorker(t.db, t.app.config);
  const a = await roomWithStock(t.db, 5, 12_500, 'America/Argentina/Buenos_Aires');
  const b = await roomWithStock(t.db, 5, 20_000, 'America/Argentina/Buenos_Aires');
  await t.db.update(hotels).set({ freeCancellationDays: 3 }).where(eq(hotels.id, a.hotel.id));
  await t.db.update(hotels).set({ freeCancellationDays: 1 }).where(eq(hotels.id, b.hotel.id));
  [roomA, roomB, hotelA] = [a.room.id, b.room.id, a.hotel];
  roomCents = (await roomWithStock(t.db, 5, 7_620, 'America/Argentina/Buenos_Aires')).room.id;
  const email = `mails.${randomUUID()}@devstay.dev`;
  const made = await signUp(t.app, email);
  guest = { cookie: made.cookie, email, id: made.id };
});
afterAll(async () => {
  await worker?.stop();
  await smtp.close();
  await t.close();
});

async function bookAndPay(
  lines: { id: number; checkIn: string; checkOut: string; cartQuantity: number }[],
): Promise<Booking> {
  const held = await t.app.inject({
    method: 'POST',
    url: '/api/booking',
    headers: { ...withSession(guest.cookie), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    payload: await checkoutPayload(t.app, lines),
  });
  expect(held.statusCode, held.body).toBe(201);
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/payments/card',
    headers: { ...withSession(guest.cookie), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    payload: {
      booking: held.json().id,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
    },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json().booking as Booking;
}

const mailOf = (subject: string, bookingId: string) =>
  smtp.waitFor(
    (m) =>
      m.envelopeTo.includes(guest.email) &&
      m.parsed.subject === subject &&
      (m.parsed.text ?? '').includes(bookingId),
  );

/**
 * A booking e-mail names the booking by its short reference, as the confirmation and the receipt
 * page do; its full id is only in the links' addresses.
 */
function expectShortReference(part: string, bookingId: string) {
  expect(part).toMatch(
    new RegExp(`Booking reference:?(</[^>]+>|<[^>]+>|\\s)*${bookingReference(bookingId)}`),
  );
  const withoutLinks = part.replace(/https?:\/\/[^\s"<>]+/g, '');
  expect(withoutLinks).not.toContain(bookingId);
}

describe('the receipt e-mail', () => {
  test('says the number, each room with its address, nights and prices, the card, the terms and the links', async () => {
    const booking = await bookAndPay([
      { id: roomA, checkIn: '2030-07-10', checkOut: '2030-07-12', cartQuantity: 2 },
      { id: roomB, checkIn: '2030-07-12', checkOut: '2030-07-13', cartQuantity: 1 },
    ]);
    const mail = await mailOf(RECEIPT_SUBJECT, booking.id);
    const text = mail.parsed.text ?? '';
    const html = mail.parsed.html ?? '';
    for (const part of [text, html]) {
      expectShortReference(part, booking.id);
      expect(part).toContain(hotelA.address);
      expect(part).toContain('Check-in Wed, Jul 10, 2030, check-out Fri, Jul 12, 2030 (2 nights)');
      expect(part).toContain('2 nights × $125 = $250');
      expect(part).toContain('2 rooms: $500');
      expect(part).toContain('1 night × $200 = $200');
      expect(part).toContain('1 room: $200');
      expect(part).toContain('$700');
      expect(part).toContain('Visa ending in 4242');
      // The strictest deadline of the booking: 3 days before the first check-in, in the hotel's zone.
      expect(part).toContain('Free cancellation until Sun, Jul 7, 2030, 00:00 (Buenos Aires time)');
      expect(part).toContain(`http://localhost:3000/bookings/${booking.id}/receipt`);
      expect(part).toContain('http://localhost:3000/profileusers/bookingHistory');
      expect(part).toContain(`http://localhost:3000/api/calendar/booking/${booking.id}.ics`);
    }
    expect(text).toContain('Total paid: $700\nCharged to: Visa ending in 4242');
    // The receipt is the first address of the text: the one a person follows.
    expect(/https?:\/\/\S+/.exec(text)?.[0]).toBe(
      `http://localhost:3000/bookings/${booking.id}/receipt`,
    );
  });
});

/** A date-only value as node-ical gives it (midnight where the tests run), as yyyy-MM-dd. */
const dayOf = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

describe('the receipt e-mail’s calendar file', () => {
  test('comes attached: the stay’s dates at the hotel, the same bytes as its link', async () => {
    const booking = await bookAndPay([
      { id: roomA, checkIn: '2030-09-10', checkOut: '2030-09-13', cartQuantity: 1 },
      { id: roomB, checkIn: '2030-09-13', checkOut: '2030-09-14', cartQuantity: 2 },
    ]);
    const mail = await mailOf(RECEIPT_SUBJECT, booking.id);
    const [file, ...others] = mail.parsed.attachments;
    expect(others).toEqual([]);
    expect(file).toMatchObject({
      filename: `devstay-booking-${booking.id}.ics`,
      mimeType: 'text/calendar',
      disposition: 'attachment',
      method: 'PUBLISH',
    });
    const bytes = base64PartOf(mail, 'text/calendar');
    const body = bytes.toString('utf8');
    expect(body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(body).toContain('\r\nMETHOD:PUBLISH\r\n');

    const events = Object.values(nodeIcal.sync.parseICS(body))
      .filter((c): c is VEvent => c?.type === 'VEVENT')
      .sort((x, y) => x.start.getTime() - y.start.getTime());
    expect(events.map((e) => [e.datetype, dayOf(e.start), e.end && dayOf(e.end)])).toEqual([
      ['date', '2030-09-10', '2030-09-13'],
      ['date', '2030-09-13', '2030-09-14'],
    ]);
    // All-day values: the hotel's own dates, its zone named for a guest who lives elsewhere.
    expect(body).toContain('\r\nDTSTART;VALUE=DATE:20300910\r\n');
    expect(body).toContain('\r\nDTEND;VALUE=DATE:20300913\r\n');
    for (const e of events) expect(String(e.description)).toContain('(Buenos Aires time)');

    const link = await t.app.inject({
      method: 'GET',
      url: `/api/calendar/booking/${booking.id}.ics`,
      headers: withSession(guest.cookie),
    });
    expect(link.statusCode, link.body).toBe(200);
    expect(link.headers['content-type']).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    expect(link.rawPayload.toString('utf8')).toBe(body);
  });
});

describe('the cancellation e-mail', () => {
  test('says the booking, what was refunded and to which card', async () => {
    const booking = await bookAndPay([
      { id: roomA, checkIn: '2030-08-10', checkOut: '2030-08-11', cartQuantity: 1 },
    ]);
    const cancelled = await t.app.inject({
      method: 'PUT',
      url: '/api/booking/status',
      headers: withSession(guest.cookie),
      payload: { id: booking.id, user: guest.id, status: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const mail = await mailOf(CANCELLATION_SUBJECT, booking.id);
    // A cancelled stay is no entry to add to a calendar.
    expect(mail.parsed.attachments).toEqual([]);
    for (const part of [mail.parsed.text ?? '', mail.parsed.html ?? '']) {
      expectShortReference(part, booking.id);
      expect(part).toContain('Refund: $125 to your Visa card ending in 4242.');
      expect(part).toContain('1 night × $125 = $125');
      expect(part).toContain(hotelA.address);
      expect(part).toContain(`http://localhost:3000/bookings/${booking.id}/receipt`);
    }
  });
});

describe('amounts with cents in the e-mails', () => {
  test('are written with two decimals in the receipt and the cancellation, in both parts', async () => {
    const booking = await bookAndPay([
      { id: roomCents, checkIn: '2030-10-10', checkOut: '2030-10-12', cartQuantity: 1 },
    ]);
    const receipt = await mailOf(RECEIPT_SUBJECT, booking.id);
    for (const part of [receipt.parsed.text ?? '', receipt.parsed.html ?? '']) {
      expect(part).toContain('2 nights × $76.20 = $152.40');
      expect(part).toContain('1 room: $152.40');
    }
    expect(receipt.parsed.text).toContain('Total paid: $152.40\n');
    const cancelled = await t.app.inject({
      method: 'PUT',
      url: '/api/booking/status',
      headers: withSession(guest.cookie),
      payload: { id: booking.id, user: guest.id, status: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const cancellation = await mailOf(CANCELLATION_SUBJECT, booking.id);
    for (const part of [cancellation.parsed.text ?? '', cancellation.parsed.html ?? '']) {
      expect(part).toContain('Refund: $152.40 to your Visa card ending in 4242.');
      expect(part).toContain('$152.40');
      expect(part).not.toMatch(/\$[\d,]+\.\d(?!\d)/);
    }
    expect(receipt.parsed.text).not.toMatch(/\$[\d,]+\.\d(?!\d)/);
  });
});
