import { randomUUID } from 'node:crypto';
import { GUESTS_MAX } from '@devstay/shared/constants';
import type { Booking, CartQuote } from '@devstay/shared/contracts/booking';
import { IDEMPOTENCY_KEY_HEADER } from '@devstay/shared/http';
import { BOOKING_MESSAGES } from '@devstay/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bookingLines, rooms } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, withSession } from '../../test/auth.ts';
import {
  checkoutPayload,
  expectBookingsConsistent,
  inDays,
  payByCard,
  placeHold,
  roomWithStock,
} from '../../test/booking-fixtures.ts';
import { unitsFree } from '../availability/ledger.ts';

/**
 * A cart line's guests (1 unless given) must fit its units: at most units × the room's capacity,
 * checked by the quote (the line is not bookable), the checkout and the payment's re-check (422
 * TOO_MANY_GUESTS naming `cartRoom.N.guests`), and kept on the booking's line.
 */

let t: TestApp;
let guest: string;
beforeAll(async () => {
  t = await createTestApp({ PAYMENT_RATE_LIMIT: '100' });
  guest = (await signUp(t.app, `guests.${randomUUID()}@devstay.dev`)).cookie;
});
afterAll(async () => {
  await expectBookingsConsistent(t.db);
  await t.close();
});

const VISA = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };

type Line = {
  id: number;
  checkIn: string;
  checkOut: string;
  cartQuantity: number;
  guests?: unknown;
};
const line = (id: number, cartQuantity: number, guests?: unknown): Line => ({
  id,
  checkIn: inDays(2),
  checkOut: inDays(4),
  cartQuantity,
  ...(guests === undefined ? {} : { guests }),
});

const book = async (cartRoom: Line[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/booking',
    headers: { ...withSession(guest), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    payload: await checkoutPayload(t.app, cartRoom as never),
  });

const quote = (cartRoom: Line[]) =>
  t.app.inject({ method: 'POST', url: '/api/cart/quote', payload: { cartRoom } });

/** A room of `stock` units sleeping `capacity` guests each. */
async function roomSleeping(stock: number, capacity: number) {
  const { room } = await roomWithStock(t.db, stock);
  await t.db.update(rooms).set({ capacity }).where(eq(rooms.id, room.id));
  return room;
}

describe('guests of a cart line', () => {
  test('the quote names the guests, the capacity, and refuses to book more than the units sleep', async () => {
    const room = await roomSleeping(3, 2);
    const fits = (await quote([line(room.id, 2, 4)])).json<CartQuote>();
    expect(fits.cartRoom[0]).toMatchObject({ guests: 4, capacity: 2, guestsMessage: null });
    expect(fits.bookable).toBe(true);
    const over = (await quote([line(room.id, 2, 5)])).json<CartQuote>();
    expect(over.cartRoom[0]?.guestsMessage).toBe(BOOKING_MESSAGES.guestsTooMany(2, 4));
    expect(over.bookable).toBe(false);
    // A line that names no guests has one.
    expect((await quote([line(room.id, 1)])).json<CartQuote>().cartRoom[0]?.guests).toBe(1);
  });

  test('a checkout of more guests than units × capacity → 422 naming the line’s guests; nothing held', async () => {
    const room = await roomSleeping(3, 2);
    const { room: other } = await roomWithStock(t.db, 3);
    const res = await book([line(other.id, 1), line(room.id, 2, 5)]);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'TOO_MANY_GUESTS',
      field: 'cartRoom.1.guests',
      message: BOOKING_MESSAGES.guestsTooMany(2, 4),
    });
    expect(await unitsFree(t.db, room.id, inDays(2), inDays(4))).toBe(3);
    expect(await unitsFree(t.db, other.id, inDays(2), inDays(4))).toBe(3);
  });

  test('guests that fit are held, kept on the booking line and shown by every view of it', async () => {
    const room = await roomSleeping(3, 2);
    const res = await book([line(room.id, 2, 4)]);
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json<Booking>();
    expect(booking.cartRoom[0]?.guests).toBe(4);
    const [stored] = await t.db
      .select({ guests: bookingLines.guests })
      .from(bookingLines)
      .where(eq(bookingLines.bookingId, booking.id));
    expect(stored?.guests).toBe(4);
    const read = await t.app.inject({
      url: `/api/booking/${booking.id}`,
      headers: withSession(guest),
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<Booking>().cartRoom[0]?.guests).toBe(4);
  });

  test.each([
    ['zero', 0],
    ['negative', -2],
    ['a billion', 1_000_000_000],
    ['one past the most', GUESTS_MAX + 1],
    ['fractional', 2.5],
    ['text', 'three'],
    ['null', null],
  ])(
    'guests %s → 400 naming cartRoom.0.guests, at the quote and the checkout',
    async (_, guests) => {
      const { room } = await roomWithStock(t.db, 2);
      for (const res of [
        await quote([line(room.id, 1, guests)]),
        await book([line(room.id, 1, guests)]),
      ]) {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({
          field: 'cartRoom.0.guests',
          message: expect.stringContaining(BOOKING_MESSAGES.guestsRange(GUESTS_MAX)),
        });
      }
    },
  );

  test('a payment re-checks the guests against the capacity as it is now: 422, nothing charged', async () => {
    const room = await roomSleeping(2, 3);
    const held = await placeHold(t.app, guest, [
      { id: room.id, checkIn: inDays(2), checkOut: inDays(4), cartQuantity: 1, guests: 3 },
    ]);
    await t.db.update(rooms).set({ capacity: 2 }).where(eq(rooms.id, room.id));
    const res = await payByCard(t.app, guest, held.id, VISA);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 'TOO_MANY_GUESTS', field: 'cartRoom.0.guests' });
    await t.db.update(rooms).set({ capacity: 3 }).where(eq(rooms.id, room.id));
    const paid = await payByCard(t.app, guest, held.id, VISA);
    expect(paid.statusCode, paid.body).toBe(200);
  });
});
