import { randomUUID } from 'node:crypto';
import type { Booking } from '@devstay/shared/contracts/booking';
import type { BookingReceipt } from '@devstay/shared/contracts/receipt';
import { IDEMPOTENCY_KEY_HEADER } from '@devstay/shared/http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { DEMO, signIn, signUp, withSession } from '../../test/auth.ts';
import { checkoutPayload, inDays, roomWithStock } from '../../test/booking-fixtures.ts';

let t: TestApp;
let guest: string;
let paid: Booking;
let pending: Booking;
beforeAll(async () => {
  t = await createTestApp();
  guest = (await signUp(t.app, `receipt.${randomUUID()}@devstay.dev`)).cookie;
  const { room } = await roomWithStock(t.db, 3, 10_000);
  const book = async (from: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/booking',
      headers: { ...withSession(guest), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      payload: await checkoutPayload(t.app, [
        { id: room.id, checkIn: inDays(from), checkOut: inDays(from + 2), cartQuantity: 2 },
      ]),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Booking>();
  };
  paid = await book(3);
  pending = await book(10);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/card',
    headers: { ...withSession(guest), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    payload: {
      booking: paid.id,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

const read = (id: string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/booking/${id}`,
    headers: cookie ? withSession(cookie) : {},
  });

test('the guest reads a paid booking with its card brand and last four, never the number', async () => {
  const res = await read(paid.id, guest);
  expect(res.statusCode, res.body).toBe(200);
  const receipt = res.json<BookingReceipt>();
  expect(receipt).toMatchObject({
    id: paid.id,
    status: 'confirmed',
    cartTotalQuantity: 2,
    cartTotalCents: 40_000,
    payment: { status: 'captured', cardBrand: 'visa', cardLast4: '4242', amountCents: 40_000 },
  });
  expect(receipt.cartRoom).toHaveLength(1);
  // Its cancellation terms: the hotel's window of 2 days before check-in, in its zone.
  expect(receipt.freeCancellation).toMatchObject({
    date: inDays(1),
    timeZone: 'America/Argentina/Buenos_Aires',
    open: true,
  });
  // The same deadline the booking history states and the cancel applies.
  const history = await t.app.inject({
    url: `/api/booking/user/${receipt.user}`,
    headers: withSession(guest),
  });
  const record = history.json<{ id: string; freeCancellation: unknown }[]>();
  const { open: _, ...terms } = receipt.freeCancellation;
  expect(record.find((b) => b.id === paid.id)?.freeCancellation).toEqual(terms);
  expect(res.body).not.toContain('4242424242424242');
  expect(res.headers['cache-control']).toContain('no-store');
});

test('a pending booking has no payment yet', async () => {
  const res = await read(pending.id, guest);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json<BookingReceipt>()).toMatchObject({ status: 'pending', payment: null });
});

test('the superAdmin may read it; another guest and the admin of another hotel may not', async () => {
  expect((await read(paid.id, await signIn(t.app, DEMO.superAdmin))).statusCode).toBe(200);
  const stranger = (await signUp(t.app, `stranger.${randomUUID()}@devstay.dev`)).cookie;
  expect((await read(paid.id, stranger)).statusCode).toBe(403);
  expect((await read(paid.id, await signIn(t.app, DEMO.admin))).statusCode).toBe(403);
});

test('a visitor is 401, an unknown booking 404, a malformed id 400 naming it', async () => {
  expect((await read(paid.id)).statusCode).toBe(401);
  expect((await read(randomUUID(), guest)).statusCode).toBe(404);
  const bad = await read('not-a-uuid', guest);
  expect(bad.statusCode).toBe(400);
  expect(bad.json()).toMatchObject({ field: 'id' });
});
