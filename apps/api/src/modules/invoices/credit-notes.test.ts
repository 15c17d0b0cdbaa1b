import { randomUUID } from 'node:crypto';
import { CANCELLATION_SUBJECT, LINE_CANCELLED_SUBJECT } from '@devstay/shared/constants';
import type { CancelledBooking } from '@devstay/shared/contracts/booking';
import type { BookingReceipt } from '@devstay/shared/contracts/receipt';
import { IDEMPOTENCY_KEY_HEADER } from '@devstay/shared/http';
import { invoiceNumberText, invoicePath } from '@devstay/shared/invoice';
import { formatUsd } from '@devstay/shared/text';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, withSession } from '../../test/auth.ts';
import {
  checkoutPayload,
  expectBookingsConsistent,
  inDays,
  payByCard,
  TEST_CARD,
  twoHotelsWithStaff,
} from '../../test/booking-fixtures.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import { refundDueLines } from '../bookings/cancel-line.ts';
import { type MailWorker, startConfiguredMailWorker } from '../mail/worker.ts';
import type { TestCardProvider } from '../payments/test-card-provider.ts';
import { creditCancelledLines } from './repository.ts';

/**
 * Credit notes through the real API, over a real PostgreSQL and a real SMTP server: each cancel
 * that refunds rooms — one traveller's line, or the whole booking — issues each hotel of those
 * rooms a credit note for exactly their amount, numbered 1…n in the hotel's own series, once
 * however many calls race or the sweep retries the refund; the sum of a booking's credit notes
 * is what went back to the card, never more than its invoices. The PDFs are read back with
 * pdf.js, the e-mails' links followed.
 */

let t: TestApp;
let smtp: TestSmtpServer;
let worker: MailWorker | null = null;
let provider: TestCardProvider;
let staff: Awaited<ReturnType<typeof twoHotelsWithStaff>>;
let organiser: { id: string; cookie: string; email: string };
let otherGuest: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_POLL_MS: '25',
    MAIL_RETRY_BASE_MS: '100',
    PAYMENT_RATE_LIMIT: '1000',
    CHECKOUT_RATE_LIMIT: '1000',
  });
  worker = startConfiguredMailWorker(t.db, t.app.config);
  provider = t.app.payments as TestCardProvider;
  staff = await twoHotelsWithStaff(
    t.app,
    t.db,
    { a: { stock: 20, priceCents: 10_000 }, b: { stock: 20, priceCents: 7_000 } },
    `credit.admin.b.${randomUUID()}@devstay.dev`,
  );
  const email = `organiser.${randomUUID()}@devstay.dev`;
  organiser = { ...(await signUp(t.app, email)), email };
  otherGuest = (await signUp(t.app, `other.${randomUUID()}@devstay.dev`)).cookie;
});
afterAll(async () => {
  await expectBookingsConsistent(t.db);
  await worker?.stop();
  await smtp.close();
  await t.close();
});

const ADA = 'Ada Lovelace';
const GRACE = 'Grace Hopper';
const ALAN = 'Alan Turing';

/**
 * A paid team trip from `day` days ahead: Ada two nights at hotel A ($200), Grace one night at
 * hotel A ($100), Alan one night at hotel B ($70). The booking as its receipt shows it.
 */
async function trip(day: number): Promise<BookingReceipt> {
  const traveller = (name: string) => ({
    name,
    email: `${name.split(' ')[0]?.toLowerCase()}.${randomUUID()}@devstay.dev`,
  });
  const cartRoom = [
    {
      id: staff.roomA,
      checkIn: inDays(day),
      checkOut: inDays(day + 2),
      cartQuantity: 1,
      traveller: traveller(ADA),
    },
    {
      id: staff.roomA,
      checkIn: inDays(day),
      checkOut: inDays(day + 1),
      cartQuantity: 1,
      traveller: traveller(GRACE),
    },
    {
      id: staff.roomB,
      checkIn: inDays(day),
      checkOut: inDays(day + 1),
      cartQuantity: 1,
      traveller: traveller(ALAN),
    },
  ];
  const held = await t.app.inject({
    method: 'POST',
    url: '/api/booking',
    headers: { ...withSession(organiser.cookie), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    payload: await checkoutPayload(t.app, cartRoom as never),
  });
  expect(held.statusCode, held.body).toBe(201);
  const paid = await payByCard(t.app, organiser.cookie, held.json().id, TEST_CARD);
  expect(paid.statusCode, paid.body).toBe(200);
  const receipt = await download(`/api/booking/${held.json().id}`, organiser.cookie);
  expect(receipt.statusCode, receipt.body).toBe(200);
  return receipt.json<BookingReceipt>();
}

const download = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? withSession(cookie) : {} });

const cancel = (body: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/booking/status',
    headers: withSession(organiser.cookie),
    payload: { user: organiser.id, status: 'cancelled', ...body },
  });

/** The booking's line of that traveller. */
function lineOf(booking: BookingReceipt, name: string) {
  const line = booking.cartRoom.find((l) => l.traveller?.name === name);
  if (!line?.line) throw new Error(`No line of ${name}`);
  return { id: line.line, cents: line.totalCents, hotelId: line.idHotel };
}

type Note = { hotelId: number; number: number; cents: number };

/** A booking's credit notes as the database keeps them, by hotel then number. */
async function creditNotesOf(bookingId: string): Promise<Note[]> {
  const result = await t.db.execute<Note>(sql`
    select hotel_id as "hotelId", number, total_cents::float8 as cents from invoices
    where booking_id = ${bookingId} and kind = 'credit_note' order by hotel_id, number`);
  return result.rows;
}

/** What the test processor has given back of a booking's charge. */
async function refundedAtProcessor(bookingId: string): Promise<number> {
  const payment = await t.db.execute<{ id: string }>(
    sql`select id from payments where booking_id = ${bookingId}`,
  );
  const charge = await provider.capturedCharge(payment.rows[0]?.id ?? '');
  return charge?.refundedCents ?? -1;
}

/** The hotel's last credit-note number, as its counter row keeps it (0 before its first). */
async function lastCreditNote(hotelId: number): Promise<number> {
  const result = await t.db.execute<{ last: number }>(sql`
    select coalesce(max(last_number), 0) as last from invoice_counters
    where hotel_id = ${hotelId} and kind = 'credit_note'`);
  return result.rows[0]?.last ?? 0;
}

const sum = (notes: Note[]) => notes.reduce((total, n) => total + n.cents, 0);

describe('a traveller’s line cancelled alone', () => {
  test('issues its hotel one credit note for exactly the line’s amount: listed, e-mailed to the organiser, read back', async () => {
    const booking = await trip(20);
    const ada = lineOf(booking, ADA);
    const next = (await lastCreditNote(staff.hotelA)) + 1;
    const res = await cancel({ id: booking.id, line: ada.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CancelledBooking>().refund.status).toBe('refunded');

    expect(await creditNotesOf(booking.id)).toEqual([
      { hotelId: staff.hotelA, number: next, cents: ada.cents },
    ]);
    expect(await refundedAtProcessor(booking.id)).toBe(ada.cents);

    // The receipt lists it after its invoice, with its own address.
    const url = invoicePath(booking.id, staff.hotelA, 'credit_note', next);
    const receipt = (await download(`/api/booking/${booking.id}`, organiser.cookie)).json();
    expect(receipt.invoices).toContainEqual(
      expect.objectContaining({ kind: 'credit_note', number: next, totalCents: ada.cents, url }),
    );

    // The PDF: its number, the invoice it corrects, Ada's room alone, the amount credited.
    const pdf = await download(url, organiser.cookie);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    const invoice = receipt.invoices.find(
      (d: { kind: string; hotelId: number }) => d.kind === 'invoice' && d.hotelId === staff.hotelA,
    );
    expect(text).toContain(`Credit note No. ${invoiceNumberText(next)}`);
    expect(text).toContain(
      `Corrects invoice No. ${invoiceNumberText(invoice.number)} (${formatUsd(invoice.totalCents)})`,
    );
    expect(text).toContain(`for ${ADA}`);
    expect(text).not.toContain(GRACE);
    expect(text.match(/Night of /g)).toHaveLength(2);
    expect(text).toContain(`Credited: ${formatUsd(ada.cents)}`);

    // The organiser's e-mail says what goes back and links the credit note.
    const mail = await smtp.waitFor(
      (m) =>
        m.envelopeTo.includes(organiser.email) &&
        m.parsed.subject === LINE_CANCELLED_SUBJECT &&
        m.parsed.text?.includes(ADA) === true,
    );
    expect(mail.parsed.text).toContain(`Refund: ${formatUsd(ada.cents)}`);
    const link = linkIn(mail, url);
    const followed = await download(`${link.pathname}${link.search}`, organiser.cookie);
    expect(followed.statusCode).toBe(200);
    expect(await pdfText(followed.rawPayload)).toContain(`Credited: ${formatUsd(ada.cents)}`);

    // Who may download it: the invoice routes' rules.
    const cookies = {
      visitor: undefined,
      otherGuest,
      adminB: staff.cookies.adminB,
      adminA: staff.cookies.adminA,
      superAdmin: staff.cookies.superAdmin,
    };
    const expected = { visitor: 401, otherGuest: 403, adminB: 403, adminA: 200, superAdmin: 200 };
    for (const [who, cookie] of Object.entries(cookies)) {
      const answer = await download(url, cookie);
      expect(answer.statusCode, `${who}: ${answer.body.slice(0, 200)}`).toBe(
        expected[who as keyof typeof expected],
      );
      if (who === 'adminB') expect(answer.json().code).toBe('OTHER_HOTEL');
    }
    // Hotel B refunded nothing: no credit note of its own.
    const fromB = await download(
      invoicePath(booking.id, staff.hotelB, 'credit_note'),
      organiser.cookie,
    );
    expect(fromB.statusCode, fromB.body).toBe(404);
  });

  test('two concurrent cancels of the same line issue one credit note', async () => {
    const booking = await trip(30);
    const grace = lineOf(booking, GRACE);
    const both = await Promise.all([
      cancel({ id: booking.id, line: grace.id }),
      cancel({ id: booking.id, line: grace.id }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const notes = await creditNotesOf(booking.id);
    expect(notes).toEqual([
      { hotelId: staff.hotelA, number: expect.any(Number), cents: grace.cents },
    ]);
    expect(await refundedAtProcessor(booking.id)).toBe(grace.cents);
  });

  test('a refund the sweep gives back later: the credit note is the cancel’s, not issued again', async () => {
    const booking = await trip(40);
    const alan = lineOf(booking, ALAN);
    provider.unreachable = true;
    let res: Awaited<ReturnType<typeof cancel>>;
    try {
      res = await cancel({ id: booking.id, line: alan.id });
    } finally {
      provider.unreachable = false;
    }
    expect(res.json<CancelledBooking>().refund.status).toBe('pending');
    const issued = await creditNotesOf(booking.id);
    expect(issued).toEqual([
      { hotelId: staff.hotelB, number: expect.any(Number), cents: alan.cents },
    ]);
    const deps = { db: t.db, provider };
    expect(await refundDueLines(deps, 0)).toBe(1);
    expect(await refundDueLines(deps, 0)).toBe(0);
    expect(await refundedAtProcessor(booking.id)).toBe(alan.cents);
    expect(await creditNotesOf(booking.id)).toEqual(issued);
  });
});

describe('the whole booking cancelled after one of its lines', () => {
  test('credits only the rest: the credit notes add up to what went back, never more than the invoices', async () => {
    const booking = await trip(50);
    const grace = lineOf(booking, GRACE);
    expect((await cancel({ id: booking.id, line: grace.id })).statusCode).toBe(200);
    const whole = await cancel({ id: booking.id });
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json<CancelledBooking>().refund.status).toBe('refunded');

    const notes = await creditNotesOf(booking.id);
    const ada = lineOf(booking, ADA);
    const alan = lineOf(booking, ALAN);
    // Hotel A: Grace's line, then Ada's, the rest; hotel B: Alan's.
    expect(notes.map((n) => [n.hotelId, n.cents])).toEqual([
      [staff.hotelA, grace.cents],
      [staff.hotelA, ada.cents],
      [staff.hotelB, alan.cents],
    ]);
    expect(sum(notes)).toBe(await refundedAtProcessor(booking.id));
    expect(sum(notes)).toBe(booking.cartTotalCents);
    for (const hotelId of [staff.hotelA, staff.hotelB]) {
      const invoiced = booking.cartRoom
        .filter((l) => l.idHotel === hotelId)
        .reduce((total, l) => total + l.totalCents, 0);
      expect(sum(notes.filter((n) => n.hotelId === hotelId))).toBe(invoiced);
    }

    // Hotel A issued two for the booking: a download names one, else 400 naming `number`.
    const [, rest] = notes;
    const unnamed = await download(
      invoicePath(booking.id, staff.hotelA, 'credit_note'),
      organiser.cookie,
    );
    expect(unnamed.statusCode, unnamed.body).toBe(400);
    expect(unnamed.json().field).toBe('number');
    const unknown = await download(
      `${invoicePath(booking.id, staff.hotelA, 'credit_note')}&number=999999`,
      organiser.cookie,
    );
    expect(unknown.statusCode).toBe(404);
    const bad = await download(
      `${invoicePath(booking.id, staff.hotelA, 'credit_note')}&number=0`,
      organiser.cookie,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('number');
    const url = invoicePath(booking.id, staff.hotelA, 'credit_note', rest?.number);
    const text = await pdfText((await download(url, organiser.cookie)).rawPayload);
    expect(text).toContain(`for ${ADA}`);
    expect(text).not.toContain(GRACE);
    expect(text).toContain(`Credited: ${formatUsd(ada.cents)}`);

    // The cancellation e-mail links the credit notes of this cancel, not the line's.
    const mail = await smtp.waitFor(
      (m) =>
        m.envelopeTo.includes(organiser.email) &&
        m.parsed.subject === CANCELLATION_SUBJECT &&
        m.parsed.text?.includes(booking.id) === true,
    );
    expect(linkIn(mail, url).searchParams.get('number')).toBe(String(rest?.number));
    const fromB = invoicePath(booking.id, staff.hotelB, 'credit_note', notes[2]?.number);
    const link = linkIn(mail, fromB);
    expect((await download(`${link.pathname}${link.search}`, organiser.cookie)).statusCode).toBe(
      200,
    );
    const lineNote = invoicePath(booking.id, staff.hotelA, 'credit_note', notes[0]?.number);
    expect(() => linkIn(mail, lineNote)).toThrow('No link');
  });
});

test('a cancel rolled back gives its credit-note number back; each hotel’s series stays 1…n', async () => {
  const booking = await trip(60);
  const ada = lineOf(booking, ADA);
  const before = await lastCreditNote(staff.hotelA);
  await expect(
    t.db.transaction(async (tx) => {
      await creditCancelledLines(tx, booking.id, { lineId: ada.id });
      throw new Error('the cancel fails after its credit note');
    }),
  ).rejects.toThrow('the cancel fails');
  expect(await lastCreditNote(staff.hotelA)).toBe(before);
  expect((await cancel({ id: booking.id, line: ada.id })).statusCode).toBe(200);
  expect(await creditNotesOf(booking.id)).toEqual([
    { hotelId: staff.hotelA, number: before + 1, cents: ada.cents },
  ]);

  // Every credit note of the file's hotels: 1…n, no gap, no repeat, the counter at n.
  for (const hotelId of [staff.hotelA, staff.hotelB]) {
    const result = await t.db.execute<{ number: number }>(sql`
      select number from invoices where hotel_id = ${hotelId} and kind = 'credit_note'
      order by number`);
    const numbers = result.rows.map((r) => r.number);
    expect(numbers.length).toBeGreaterThan(0);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    expect(await lastCreditNote(hotelId)).toBe(numbers.length);
  }
});
