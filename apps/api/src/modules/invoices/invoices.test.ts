import { randomUUID } from 'node:crypto';
import { RECEIPT_SUBJECT } from '@devstay/shared/constants';
import type { Booking } from '@devstay/shared/contracts/booking';
import type { BookingReceipt } from '@devstay/shared/contracts/receipt';
import { IDEMPOTENCY_KEY_HEADER } from '@devstay/shared/http';
import { invoicePath } from '@devstay/shared/invoice';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, withSession } from '../../test/auth.ts';
import {
  checkoutPayload,
  inDays,
  payByCard,
  TEST_CARD,
  twoHotelsWithStaff,
} from '../../test/booking-fixtures.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import { type MailWorker, startConfiguredMailWorker } from '../mail/worker.ts';

/**
 * Business invoices through the real API: the company named at checkout, one invoice per hotel
 * of a confirmed booking, who may download which, the PDFs read back with pdf.js, the receipt
 * e-mail's links over a real SMTP server, and the credit notes of a refunded cancellation.
 */

let t: TestApp;
let smtp: TestSmtpServer;
let worker: MailWorker | null = null;
let staff: Awaited<ReturnType<typeof twoHotelsWithStaff>>;
let guest: { cookie: string; email: string };
let otherGuest: string;
/** Confirmed, with rooms at hotels A (2 units × 2 nights at $125.50) and B (1 × 1 at $80). */
let spanning: Booking;
/** Held, not paid. */
let pending: Booking;

const COMPANY = {
  company: 'Acme Devs S.A.',
  taxId: '30-71234567-1',
  address: 'Av. Corrientes 1234, CABA',
};

async function hold(cookie: string, cartRoom: Booking['cartRoom'] | object[], billing?: object) {
  return t.app.inject({
    method: 'POST',
    url: '/api/booking',
    headers: { ...withSession(cookie), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    payload: {
      ...(await checkoutPayload(t.app, cartRoom as never)),
      ...(billing ? { billing } : {}),
    },
  });
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_POLL_MS: '25', MAIL_RETRY_BASE_MS: '100' });
  worker = startConfiguredMailWorker(t.db, t.app.config);
  staff = await twoHotelsWithStaff(
    t.app,
    t.db,
    { a: { stock: 50, priceCents: 12_550 }, b: { stock: 50, priceCents: 8_000 } },
    `admin.b.${randomUUID()}@devstay.dev`,
  );
  const email = `invoices.${randomUUID()}@devstay.dev`;
  guest = { cookie: (await signUp(t.app, email)).cookie, email };
  otherGuest = (await signUp(t.app, `other.${randomUUID()}@devstay.dev`)).cookie;
  const held = await hold(
    guest.cookie,
    [
      { id: staff.roomA, checkIn: inDays(20), checkOut: inDays(22), cartQuantity: 2 },
      { id: staff.roomB, checkIn: inDays(20), checkOut: inDays(21), cartQuantity: 1 },
    ],
    COMPANY,
  );
  expect(held.statusCode, held.body).toBe(201);
  const paid = await payByCard(t.app, guest.cookie, held.json<Booking>().id, TEST_CARD);
  expect(paid.statusCode, paid.body).toBe(200);
  spanning = paid.json().booking;
  const unpaid = await hold(guest.cookie, [
    { id: staff.roomA, checkIn: inDays(30), checkOut: inDays(31), cartQuantity: 1 },
  ]);
  expect(unpaid.statusCode, unpaid.body).toBe(201);
  pending = unpaid.json();
});
afterAll(async () => {
  await worker?.stop();
  await smtp.close();
  await t.close();
});

const download = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? withSession(cookie) : {} });

const invoiceUrl = (id: string, hotel?: number) =>
  `/api/invoices/booking/${id}.pdf${hotel === undefined ? '' : `?hotel=${hotel}`}`;

async function numberOf(bookingId: string, hotelId: number, kind = 'invoice') {
  const result = await t.db.execute<{ number: number }>(sql`
    select number from invoices
    where booking_id = ${bookingId} and hotel_id = ${hotelId} and kind = ${kind}`);
  return result.rows[0]?.number;
}

describe('the company at checkout', () => {
  const line = () => [
    { id: staff.roomB, checkIn: inDays(40), checkOut: inDays(41), cartQuantity: 1 },
  ];

  test.each([
    ['a wrong check digit', { ...COMPANY, taxId: '30-71234567-2' }, 'billing.taxId'],
    ['a CUIT of 10 digits', { ...COMPANY, taxId: '3071234567' }, 'billing.taxId'],
    ['letters for a CUIT', { ...COMPANY, taxId: 'ACME' }, 'billing.taxId'],
    [
      'a CUIT without a company',
      { taxId: COMPANY.taxId, address: COMPANY.address },
      'billing.company',
    ],
    ['a blank company', { ...COMPANY, company: '   ' }, 'billing.company'],
    ['no address', { company: COMPANY.company, taxId: COMPANY.taxId }, 'billing.address'],
    ['a company of 201 characters', { ...COMPANY, company: 'x'.repeat(201) }, 'billing.company'],
    ['no CUIT', { company: COMPANY.company, address: COMPANY.address }, 'billing.taxId'],
  ])('%s is a 400 naming the field, and nothing is held', async (_case, billing, field) => {
    const res = await hold(guest.cookie, line(), billing);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field });
  });

  test('a CUIT written as 11 digits is kept as its digits, with the company and address', async () => {
    const res = await hold(guest.cookie, line(), { ...COMPANY, taxId: '30712345671' });
    expect(res.statusCode, res.body).toBe(201);
    const stored = await t.db.execute(
      sql`select company, tax_id, address from booking_billing where booking_id = ${res.json().id}`,
    );
    expect(stored.rows).toEqual([
      { company: COMPANY.company, tax_id: '30712345671', address: COMPANY.address },
    ]);
  });
});

describe('who downloads which invoice', () => {
  test('a confirmed booking has one invoice per hotel; a pending one none', async () => {
    expect(await numberOf(spanning.id, staff.hotelA)).toBe(1);
    expect(await numberOf(spanning.id, staff.hotelB)).toBe(1);
    expect(await numberOf(pending.id, staff.hotelA)).toBeUndefined();
  });

  test.each([
    ['a visitor', 'none', 'A', 401],
    ['another guest', 'otherGuest', 'A', 403],
    ['the guest', 'guest', 'A', 200],
    ['the guest', 'guest', 'B', 200],
    ['the guest, naming no hotel of a booking at two', 'guest', '-', 400],
    ['hotel A’s admin', 'adminA', 'A', 200],
    ['hotel A’s admin, naming no hotel (theirs)', 'adminA', '-', 200],
    ['hotel A’s admin', 'adminA', 'B', 403],
    ['hotel B’s admin', 'adminB', 'B', 200],
    ['hotel B’s admin', 'adminB', 'A', 403],
    ['the superAdmin', 'superAdmin', 'A', 200],
    ['the superAdmin', 'superAdmin', 'B', 200],
  ] as const)('%s (%s) asking for hotel %s’s: %i', async (_who, who, hotel, status) => {
    const cookie = {
      none: undefined,
      otherGuest,
      guest: guest.cookie,
      adminA: staff.cookies.adminA,
      adminB: staff.cookies.adminB,
      superAdmin: staff.cookies.superAdmin,
    }[who];
    const hotelId = hotel === 'A' ? staff.hotelA : hotel === 'B' ? staff.hotelB : undefined;
    for (const url of [
      invoiceUrl(spanning.id, hotelId),
      invoiceUrl(spanning.id, hotelId).replace('/invoices/', '/credit-notes/'),
    ]) {
      const res = await download(url, cookie);
      // No credit note yet: past the access rules the credit note's answer is 404.
      const expected = status === 200 && url.includes('credit-notes') ? 404 : status;
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(expected);
      if (status === 400) expect(res.json().field).toBe('hotel');
      if (status === 403 && who.startsWith('admin')) expect(res.json().code).toBe('OTHER_HOTEL');
      if (expected === 200) {
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      }
    }
  });

  test('a pending booking is 409, a hotel not in the booking 404, an unknown booking 404', async () => {
    const pendingRes = await download(invoiceUrl(pending.id), guest.cookie);
    expect(pendingRes.statusCode, pendingRes.body).toBe(409);
    expect(pendingRes.json().code).toBe('BOOKING_NOT_CONFIRMED');
    const elsewhere = await download(invoiceUrl(pending.id, staff.hotelB), guest.cookie);
    expect(elsewhere.statusCode, elsewhere.body).toBe(404);
    expect(elsewhere.json().field).toBe('hotel');
    expect((await download(invoiceUrl(randomUUID()), guest.cookie)).statusCode).toBe(404);
    const badHotel = await download(`${invoiceUrl(spanning.id)}?hotel=017`, guest.cookie);
    expect(badHotel.statusCode).toBe(400);
    expect(badHotel.json().field).toBe('hotel');
  });
});

describe('the invoice as a PDF', () => {
  test('shows seller, buyer with CUIT and address, number, date, each night, totals, currency', async () => {
    const res = await download(invoiceUrl(spanning.id, staff.hotelA), guest.cookie);
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    const number = await numberOf(spanning.id, staff.hotelA);
    expect(text).toContain(`Invoice No. ${String(number).padStart(8, '0')}`);
    expect(text).toMatch(/^Date: \w{3}, \w{3} \d{1,2}, \d{4}$/m);
    // The seller is hotel A, never B; the buyer the company named at checkout.
    const hotelA = spanning.cartRoom.find((l) => l.idHotel === staff.hotelA);
    const hotelB = spanning.cartRoom.find((l) => l.idHotel === staff.hotelB);
    expect(text).toContain(hotelA?.hotel);
    expect(text).not.toContain(hotelB?.hotel);
    expect(text).toContain('Acme Devs S.A.');
    expect(text).toContain('CUIT 30-71234567-1');
    expect(text).toContain('Av. Corrientes 1234, CABA');
    // Two nights of two units at $125.50: each night, the room's and the invoice's totals.
    expect(text.match(/Night of .*: \$125\.50 × 2 = \$251/g)).toHaveLength(2);
    expect(text).toContain('Room total: $502');
    expect(text).toContain('Total: $502');
    expect(text).not.toContain('$80');
    expect(text).toContain('Currency: USD');
  });

  test('the guest’s own name is the buyer when no company was named', async () => {
    const held = await hold(guest.cookie, [
      { id: staff.roomB, checkIn: inDays(50), checkOut: inDays(51), cartQuantity: 1 },
    ]);
    const paid = await payByCard(t.app, guest.cookie, held.json().id, TEST_CARD);
    expect(paid.statusCode, paid.body).toBe(200);
    const text = await pdfText(
      (await download(invoiceUrl(held.json().id), guest.cookie)).rawPayload,
    );
    expect(text).toContain('Bill to');
    expect(text).not.toContain('CUIT');
    expect(text).toContain('Total: $80');
    // Hotel A's admin, whose hotel has no room in it, gets nothing of it.
    const foreign = await download(invoiceUrl(held.json().id), staff.cookies.adminA);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('FORBIDDEN');
  });
});

test('the receipt lists each hotel’s invoice, an admin only theirs; the receipt e-mail links them', async () => {
  const receipt = async (cookie: string) =>
    (await download(`/api/booking/${spanning.id}`, cookie)).json<BookingReceipt>().invoices;
  expect(await receipt(guest.cookie)).toEqual([
    expect.objectContaining({ kind: 'invoice', hotelId: staff.hotelA, number: 1 }),
    expect.objectContaining({ kind: 'invoice', hotelId: staff.hotelB, number: 1 }),
  ]);
  expect(await receipt(staff.cookies.adminB)).toEqual([
    {
      kind: 'invoice',
      hotelId: staff.hotelB,
      hotel: expect.any(String),
      number: 1,
      totalCents: 8_000,
      url: invoicePath(spanning.id, staff.hotelB, 'invoice'),
    },
  ]);
  const mail = await smtp.waitFor(
    (m) => m.parsed.subject === RECEIPT_SUBJECT && m.parsed.text?.includes(spanning.id) === true,
  );
  for (const hotel of [staff.hotelA, staff.hotelB]) {
    const link = linkIn(mail, invoicePath(spanning.id, hotel, 'invoice'));
    const res = await download(`${link.pathname}${link.search}`, guest.cookie);
    expect(res.statusCode).toBe(200);
    expect(await pdfText(res.rawPayload)).toContain('Invoice No. 00000001');
  }
});

test('a refunded cancellation issues each hotel a credit note, numbered in its own series', async () => {
  const cancelled = await t.app.inject({
    method: 'PUT',
    url: '/api/booking/status',
    headers: withSession(staff.cookies.superAdmin),
    payload: { id: spanning.id, user: spanning.user, status: 'cancelled' },
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  expect(cancelled.json().refund.status).toBe('refunded');
  expect(await numberOf(spanning.id, staff.hotelA, 'credit_note')).toBe(1);
  expect(await numberOf(spanning.id, staff.hotelB, 'credit_note')).toBe(1);
  // The invoices keep their numbers: the credit notes did not take from their series.
  const next = await hold(guest.cookie, [
    { id: staff.roomA, checkIn: inDays(60), checkOut: inDays(61), cartQuantity: 1 },
  ]);
  expect((await payByCard(t.app, guest.cookie, next.json().id, TEST_CARD)).statusCode).toBe(200);
  expect(await numberOf(next.json().id, staff.hotelA)).toBe(2);

  const res = await download(
    invoicePath(spanning.id, staff.hotelA, 'credit_note'),
    staff.cookies.adminA,
  );
  expect(res.statusCode, res.body).toBe(200);
  const text = await pdfText(res.rawPayload);
  expect(text).toContain('Credit note No. 00000001');
  expect(text).toContain('Cancels invoice No. 00000001 in full');
  expect(text).toContain('Credited: $502');
  expect(text).toContain('CUIT 30-71234567-1');
  const listed = (
    await download(`/api/booking/${spanning.id}`, guest.cookie)
  ).json<BookingReceipt>();
  expect(listed.invoices.map((d) => [d.kind, d.hotelId])).toEqual([
    ['invoice', staff.hotelA],
    ['credit_note', staff.hotelA],
    ['invoice', staff.hotelB],
    ['credit_note', staff.hotelB],
  ]);
  // Another hotel's admin still gets none of hotel A's.
  const other = await download(
    invoicePath(spanning.id, staff.hotelA, 'credit_note'),
    staff.cookies.adminB,
  );
  expect(other.statusCode).toBe(403);
});
