import { randomUUID } from 'node:crypto';
import { WAITLIST_OFFER_SUBJECT } from '@devstay/shared/constants';
import type { WaitlistEntry } from '@devstay/shared/contracts/waitlist';
import { CSRF_HEADER } from '@devstay/shared/http';
import { formatUsd } from '@devstay/shared/text';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Db } from '../../db/client.ts';
import { expectBookingsConsistent, inDays, roomWithStock } from '../../test/booking-fixtures.ts';
import {
  bookAndPay,
  type HttpGuest,
  postAs,
  SUCCESS_CARD,
  signUpOverHttp,
} from '../../test/http-guest.ts';
import { type Deployment, PROCESS_ORIGIN, startDeployment } from '../../test/server-process.ts';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';

/**
 * The waitlist as `npm run cluster` runs it: two server processes on one PostgreSQL, each
 * sweeping lapsed holds and delivering announcements, e-mail over a real SMTP server. The units
 * are freed by a cancel on one process; the offer's hold lapses and is swept by whichever
 * process comes first; each offer is made once, and e-mailed once, to the next in line.
 */

let deployment: Deployment;
let db: Db;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  const env = { SMTP_URL: smtp.url, MAIL_POLL_MS: '25', BOOKING_SWEEP_MS: '100' };
  deployment = await startDeployment(2, env, 4);
  db = deployment.db;
}, 180_000);

afterAll(async () => {
  await deployment?.stop();
  await smtp?.close();
});

const base = (i: number) => deployment.base(i);

async function call(i: number, guest: HttpGuest, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base(i)}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      cookie: guest.cookie,
      origin: PROCESS_ORIGIN,
      [CSRF_HEADER]: 'fetch',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

const userIdOf = async (email: string) =>
  (await db.execute<{ id: string }>(sql`select id from users where email = ${email}`)).rows[0]
    ?.id as string;

async function entryOf(i: number, guest: HttpGuest): Promise<WaitlistEntry> {
  const res = await call(i, guest, 'GET', `/api/waitlist/user/${await userIdOf(guest.email)}`);
  expect(res.status).toBe(200);
  return (res.body as WaitlistEntry[])[0] as WaitlistEntry;
}

const offerMailTo = (guest: HttpGuest) =>
  smtp.waitFor(
    (m) => m.envelopeTo.includes(guest.email) && m.parsed.subject === WAITLIST_OFFER_SUBJECT,
    60_000,
  );

test('freed on one process, swept on either: each offer made and e-mailed once, and paid from its link', async () => {
  const { hotel, room } = await roomWithStock(db, 1, 10_000);
  const stay = { checkIn: inDays(40), checkOut: inDays(42) };
  const guest = (name: string) =>
    signUpOverHttp(base(0), PROCESS_ORIGIN, `${name}.${randomUUID()}@devstay.dev`);
  const owner = await guest('owner');
  const first = await guest('first');
  const second = await guest('second');
  const booked = await bookAndPay(base(0), PROCESS_ORIGIN, owner, [
    { id: room.id, ...stay, cartQuantity: 1 },
  ]);
  expect(booked.payment).toBe(200);
  // In line on different processes, the first joining first.
  const join = { room: room.id, ...stay, quantity: 1 };
  expect((await call(0, first, 'POST', '/api/waitlist', join)).status).toBe(201);
  expect((await call(1, second, 'POST', '/api/waitlist', join)).status).toBe(201);

  // The guest cancels on process 0; either process delivers the announcement.
  const cancelled = await call(0, owner, 'PUT', '/api/booking/status', {
    id: booked.bookingId,
    user: await userIdOf(owner.email),
    status: 'cancelled',
  });
  expect(cancelled.status).toBe(200);
  const firstMail = await offerMailTo(first);
  const firstOffer = await entryOf(1, first);
  expect(firstOffer.state).toBe('offered');
  const text = firstMail.parsed.text ?? '';
  expect(text).toContain(hotel.name);
  expect(text).toContain(formatUsd(2 * 10_000));
  expect(linkIn(firstMail, `/home/stripe?booking=${firstOffer.booking}`)).toBeTruthy();

  // Not paid: the hold lapses, both processes' sweepers race for it, the next in line is offered.
  await db.execute(sql`
    update bookings set hold_expires_at = now() - interval '1 second'
    where id = ${firstOffer.booking}`);
  const secondMail = await offerMailTo(second);
  const secondOffer = await entryOf(0, second);
  expect(secondOffer.state).toBe('offered');
  expect((await entryOf(0, first)).state).toBe('expired');

  // Paid from the e-mail's link: the booking it names, on either process.
  const link = linkIn(secondMail, '/home/stripe?booking=');
  const bookingId = link.searchParams.get('booking');
  expect(bookingId).toBe(secondOffer.booking);
  const paid = await postAs(base(1), PROCESS_ORIGIN, second, '/api/payments/card', randomUUID(), {
    booking: bookingId,
    card: SUCCESS_CARD,
  });
  expect(paid.status).toBe(200);
  expect((await entryOf(1, second)).state).toBe('booked');

  // Once each: one offer booking per entry, one e-mail per offer, the announcements delivered.
  const offers = await db.execute<{ user_id: string; offers: number }>(sql`
    select b.user_id, count(*)::int as offers from bookings b
    join booking_lines l on l.booking_id = b.id
    where l.room_id = ${room.id} and b.idempotency_key like 'waitlist-offer-%'
    group by b.user_id`);
  expect(offers.rows.map((r) => r.offers)).toEqual([1, 1]);
  const mails = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from mail_outbox where subject = ${WAITLIST_OFFER_SUBJECT}`);
  expect(mails.rows[0]?.n).toBe(2);
  expect(smtp.received.filter((m) => m.parsed.subject === WAITLIST_OFFER_SUBJECT)).toHaveLength(2);
  await expectBookingsConsistent(db);
}, 180_000);
