import { randomUUID } from 'node:crypto';
import { WAITLIST_ENTRIES_MAX } from '@devstay/shared/constants';
import type { Booking } from '@devstay/shared/contracts/booking';
import type { WaitlistEntry } from '@devstay/shared/contracts/waitlist';
import { IDEMPOTENCY_KEY_HEADER } from '@devstay/shared/http';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bookings, rooms } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { DEMO, signIn, signUp, withSession } from '../../test/auth.ts';
import {
  checkoutPayload,
  expectBookingsConsistent,
  inDays,
  payByCard,
  placeHold,
  roomWithStock,
  TEST_CARD,
} from '../../test/booking-fixtures.ts';
import { releaseExpiredHolds } from '../bookings/hold-sweeper.ts';
import { changeStock } from '../content/repository.ts';

/**
 * The waitlist over the real app and PostgreSQL, its background work stopped: an announcement
 * is delivered when a test drains the outbox, so what happens between a release's commit and
 * the line's offer is in the test's hands.
 */

let t: TestApp;
let superAdmin: string;
let admin: string;
beforeAll(async () => {
  // One lapsed hold a day: an offer let lapse must not be the strike that refuses the next.
  t = await createTestApp({ LAPSED_HOLDS_PER_DAY: '1' }, { workers: false });
  superAdmin = await signIn(t.app, DEMO.superAdmin);
  admin = await signIn(t.app, DEMO.admin);
});
afterAll(async () => {
  await t.app.announcements.drain();
  await expectBookingsConsistent(t.db);
  await t.close();
});

const guest = () => signUp(t.app, `waiting.${randomUUID()}@devstay.dev`);

const stay = (roomId: number, quantity = 1) => ({
  room: roomId,
  checkIn: inDays(40),
  checkOut: inDays(42),
  quantity,
});

const join = (cookie: string | null, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/waitlist',
    headers: cookie ? withSession(cookie) : { origin: 'http://localhost:3000' },
    payload: body as object,
  });

const listOf = (cookie: string | null, uid: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/waitlist/user/${uid}`,
    headers: cookie ? withSession(cookie) : {},
  });

const leave = (cookie: string | null, id: number | string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/waitlist/${id}`,
    headers: cookie ? withSession(cookie) : { origin: 'http://localhost:3000' },
  });

const entryOf = async (cookie: string, uid: string, id: number) => {
  const res = await listOf(cookie, uid);
  expect(res.statusCode, res.body).toBe(200);
  const found = res.json<WaitlistEntry[]>().find((e) => e.id === id);
  if (!found) throw new Error(`entry ${id} not listed`);
  return found;
};

const cancel = (booking: Booking) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/booking/status',
    headers: withSession(superAdmin),
    payload: { id: booking.id, user: booking.user, status: 'cancelled' },
  });

/** A room of `stock` units, every unit of the stay booked and paid by a guest of its own. */
async function soldOutRoom(stock = 1) {
  const { room } = await roomWithStock(t.db, stock);
  const owner = await guest();
  const booked = await placeHold(t.app, owner.cookie, [
    { id: room.id, checkIn: inDays(40), checkOut: inDays(42), cartQuantity: stock },
  ]);
  expect((await payByCard(t.app, owner.cookie, booked.id, TEST_CARD)).statusCode).toBe(200);
  return { room, booked };
}

/** A guest's checkout of one unit of the stay; the answer. */
async function checkoutOf(cookie: string, roomId: number) {
  return t.app.inject({
    method: 'POST',
    url: '/api/booking',
    headers: { ...withSession(cookie), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    payload: await checkoutPayload(t.app, [
      { id: roomId, checkIn: inDays(40), checkOut: inDays(42), cartQuantity: 1 },
    ]),
  });
}

describe('who may call each route', () => {
  test('joining: a guest only', async () => {
    const { room } = await soldOutRoom();
    expect((await join(null, stay(room.id))).statusCode).toBe(401);
    expect((await join(admin, stay(room.id))).statusCode).toBe(403);
    expect((await join(superAdmin, stay(room.id))).statusCode).toBe(403);
    const me = await guest();
    const res = await join(me.cookie, stay(room.id));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<WaitlistEntry>()).toMatchObject({
      user: me.id,
      room: room.id,
      state: 'waiting',
      booking: null,
      offerEndsAt: null,
    });
  });

  test('reading: the guest and the superAdmin; no other guest, no hotel admin, no visitor', async () => {
    const { room } = await soldOutRoom();
    const me = await guest();
    const other = await guest();
    const entry = (await join(me.cookie, stay(room.id))).json<WaitlistEntry>();
    expect((await listOf(null, me.id)).statusCode).toBe(401);
    expect((await listOf(other.cookie, me.id)).statusCode).toBe(403);
    expect((await listOf(admin, me.id)).statusCode).toBe(403);
    const own = await listOf(me.cookie, me.id);
    expect(own.statusCode).toBe(200);
    expect(own.json<WaitlistEntry[]>().map((e) => e.id)).toEqual([entry.id]);
    const support = await listOf(superAdmin, me.id);
    expect(support.statusCode).toBe(200);
    expect(support.json<WaitlistEntry[]>().map((e) => e.id)).toEqual([entry.id]);
  });

  test('leaving: the guest only', async () => {
    const { room } = await soldOutRoom();
    const me = await guest();
    const other = await guest();
    const entry = (await join(me.cookie, stay(room.id))).json<WaitlistEntry>();
    expect((await leave(null, entry.id)).statusCode).toBe(401);
    expect((await leave(admin, entry.id)).statusCode).toBe(403);
    expect((await leave(superAdmin, entry.id)).statusCode).toBe(403);
    const foreign = await leave(other.cookie, entry.id);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'FORBIDDEN', field: 'id' });
    expect((await entryOf(me.cookie, me.id, entry.id)).state).toBe('waiting');
    const left = await leave(me.cookie, entry.id);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json<WaitlistEntry>().state).toBe('left');
    expect((await leave(me.cookie, 2_000_000_000)).statusCode).toBe(404);
  });
});

describe('bad input is a 400 naming the field', () => {
  test.each([
    ['room', { checkIn: inDays(40), checkOut: inDays(42) }],
    ['room', { room: 'one', checkIn: inDays(40), checkOut: inDays(42) }],
    ['checkIn', { room: 1, checkIn: '2026-13-01', checkOut: inDays(42) }],
    ['checkOut', { room: 1, checkIn: inDays(42), checkOut: inDays(40) }],
    ['checkOut', { room: 1, checkIn: inDays(40), checkOut: inDays(40 + 400) }],
    ['quantity', { room: 1, checkIn: inDays(40), checkOut: inDays(42), quantity: 0 }],
    ['quantity', { room: 1, checkIn: inDays(40), checkOut: inDays(42), quantity: 1.5 }],
  ])('%s: %j', async (field, body) => {
    const me = await guest();
    const res = await join(me.cookie, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field).toBe(field);
  });

  test('an entry id that is not one', async () => {
    const me = await guest();
    const res = await leave(me.cookie, '017');
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('id');
  });

  test('a check-in passed, a room unknown, a stay with units free, more units than the room has', async () => {
    const me = await guest();
    const past = await join(me.cookie, { room: 1, checkIn: inDays(-1), checkOut: inDays(1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().field).toBe('checkIn');
    const unknown = await join(me.cookie, { ...stay(1), room: 2_000_000_000 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().field).toBe('room');
    const { room } = await roomWithStock(t.db, 2);
    const free = await join(me.cookie, stay(room.id));
    expect(free.statusCode).toBe(409);
    expect(free.json().field).toBe('room');
    const { room: full } = await soldOutRoom(1);
    const more = await join(me.cookie, stay(full.id, 2));
    expect(more.statusCode).toBe(409);
    expect(more.json().field).toBe('quantity');
  });
});

describe('one line place per stay, and a cap per account', () => {
  test('joining twice keeps the one entry', async () => {
    const { room } = await soldOutRoom();
    const me = await guest();
    const first = await join(me.cookie, stay(room.id));
    expect(first.statusCode).toBe(201);
    const again = await join(me.cookie, stay(room.id));
    expect(again.statusCode).toBe(200);
    expect(again.json<WaitlistEntry>().id).toBe(first.json<WaitlistEntry>().id);
    expect((await listOf(me.cookie, me.id)).json<WaitlistEntry[]>()).toHaveLength(1);
  });

  test(`at most ${WAITLIST_ENTRIES_MAX} stays waited for at once; one left frees a place`, async () => {
    const me = await guest();
    const entries: WaitlistEntry[] = [];
    for (let i = 0; i < WAITLIST_ENTRIES_MAX; i += 1) {
      const { room } = await soldOutRoom();
      const res = await join(me.cookie, stay(room.id));
      expect(res.statusCode, res.body).toBe(201);
      entries.push(res.json());
    }
    const { room } = await soldOutRoom();
    const over = await join(me.cookie, stay(room.id));
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('CONFLICT');
    expect((await leave(me.cookie, (entries[0] as WaitlistEntry).id)).statusCode).toBe(200);
    expect((await join(me.cookie, stay(room.id))).statusCode).toBe(201);
  });
});

describe('offers', () => {
  test('units freed while two guests join and a third books: no overbooking, the first in line is offered them', async () => {
    const { room, booked } = await soldOutRoom(1);
    const first = await guest();
    const second = await guest();
    const third = await guest();
    const firstEntry = (await join(first.cookie, stay(room.id))).json<WaitlistEntry>();
    // The unit freed, a second guest joining and a third trying to book it, all at once; the
    // third keeps trying until the cancel has committed and after.
    let cancelled = false;
    const tries: number[] = [];
    const [cancelRes, secondRes] = await Promise.all([
      cancel(booked).then((res) => {
        cancelled = true;
        return res;
      }),
      join(second.cookie, stay(room.id)),
      (async () => {
        let after = 0;
        while (after < 5) {
          if (cancelled) after += 1;
          tries.push((await checkoutOf(third.cookie, room.id)).statusCode);
        }
      })(),
    ]);
    expect(cancelRes.statusCode, cancelRes.body).toBe(200);
    expect(secondRes.statusCode, secondRes.body).toBe(201);
    // The unit went to the line: the third guest never held it.
    expect(new Set(tries)).toEqual(new Set([409]));
    await t.app.announcements.drain();
    const offered = await entryOf(first.cookie, first.id, firstEntry.id);
    expect(offered.state).toBe('offered');
    expect(offered.booking).not.toBeNull();
    expect(offered.offerEndsAt).not.toBeNull();
    const [secondEntry] = (await listOf(second.cookie, second.id)).json<WaitlistEntry[]>();
    expect(secondEntry?.state).toBe('waiting');
    // The offer holds the unit on the ledger like any hold.
    expect((await checkoutOf(third.cookie, room.id)).statusCode).toBe(409);
    await expectBookingsConsistent(t.db);
    // And is paid like any booking: the entry is booked.
    const paid = await payByCard(t.app, first.cookie, offered.booking as string, TEST_CARD);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await entryOf(first.cookie, first.id, firstEntry.id)).state).toBe('booked');
  });

  test('the offer lasts WAITLIST_HOLD_MINUTES, the default 30', async () => {
    const { room, booked } = await soldOutRoom(1);
    const me = await guest();
    const entry = (await join(me.cookie, stay(room.id))).json<WaitlistEntry>();
    const before = Date.now();
    expect((await cancel(booked)).statusCode).toBe(200);
    await t.app.announcements.drain();
    const after = Date.now();
    const offered = await entryOf(me.cookie, me.id, entry.id);
    // Made between the two instants (the database's clock is this machine's), to end 30 minutes on.
    const ends = Date.parse(offered.offerEndsAt as string);
    expect(ends).toBeGreaterThanOrEqual(before + 30 * 60_000 - 1000);
    expect(ends).toBeLessThanOrEqual(after + 30 * 60_000 + 1000);
  });

  test('an offer not paid passes to the next in line, and is no lapsed-hold strike', async () => {
    const { room, booked } = await soldOutRoom(1);
    const first = await guest();
    const second = await guest();
    const firstEntry = (await join(first.cookie, stay(room.id))).json<WaitlistEntry>();
    const secondEntry = (await join(second.cookie, stay(room.id))).json<WaitlistEntry>();
    expect((await cancel(booked)).statusCode).toBe(200);
    await t.app.announcements.drain();
    const offer = (await entryOf(first.cookie, first.id, firstEntry.id)).booking as string;
    // The offer's hold lapses and the sweeper (any process's) releases it.
    await t.db
      .update(bookings)
      .set({ holdExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(bookings.id, offer));
    expect(await releaseExpiredHolds(t.db, new Date())).toContain(offer);
    // Between the sweep and the next offer, the unit stays with the line.
    expect((await checkoutOf((await guest()).cookie, room.id)).statusCode).toBe(409);
    await t.app.announcements.drain();
    expect(await entryOf(first.cookie, first.id, firstEntry.id)).toMatchObject({
      state: 'expired',
      booking: offer,
      offerEndsAt: null,
    });
    const passed = await entryOf(second.cookie, second.id, secondEntry.id);
    expect(passed.state).toBe('offered');
    expect(passed.booking).not.toBe(offer);
    // LAPSED_HOLDS_PER_DAY is 1 here: a hold of the first guest's own lapsing would refuse the
    // next; the offer did not count.
    const { room: other } = await roomWithStock(t.db, 1);
    const next = await checkoutOf(first.cookie, other.id);
    expect(next.statusCode, next.body).toBe(201);
    await expectBookingsConsistent(t.db);
  });

  test('an offered guest who leaves passes the units on at once', async () => {
    const { room, booked } = await soldOutRoom(1);
    const first = await guest();
    const second = await guest();
    const firstEntry = (await join(first.cookie, stay(room.id))).json<WaitlistEntry>();
    const secondEntry = (await join(second.cookie, stay(room.id))).json<WaitlistEntry>();
    expect((await cancel(booked)).statusCode).toBe(200);
    await t.app.announcements.drain();
    expect((await entryOf(first.cookie, first.id, firstEntry.id)).state).toBe('offered');
    const left = await leave(first.cookie, firstEntry.id);
    expect(left.json<WaitlistEntry>().state).toBe('left');
    await t.app.announcements.drain();
    expect((await entryOf(second.cookie, second.id, secondEntry.id)).state).toBe('offered');
    await expectBookingsConsistent(t.db);
  });

  test('units nobody in line takes go back to sale', async () => {
    const { room, booked } = await soldOutRoom(2);
    const me = await guest();
    // One unit waited for; the cancel frees two: one is offered, the other is for sale.
    const waiting = (await join(me.cookie, stay(room.id))).json<WaitlistEntry>();
    expect((await cancel(booked)).statusCode).toBe(200);
    await t.app.announcements.drain();
    expect((await entryOf(me.cookie, me.id, waiting.id)).state).toBe('offered');
    expect((await checkoutOf((await guest()).cookie, room.id)).statusCode).toBe(201);
    expect((await checkoutOf((await guest()).cookie, room.id)).statusCode).toBe(409);
    await expectBookingsConsistent(t.db);
  });

  test('a room’s stock raised is offered to its line too', async () => {
    const { room } = await soldOutRoom(1);
    const me = await guest();
    const entry = (await join(me.cookie, stay(room.id))).json<WaitlistEntry>();
    // What the room's modify runs in its transaction (content/kinds.ts, room.check).
    await t.db.transaction(async (tx) => {
      await changeStock(tx, room.id, 2, new Date());
      await tx.update(rooms).set({ stock: 2 }).where(eq(rooms.id, room.id));
    });
    await t.app.announcements.drain();
    expect((await entryOf(me.cookie, me.id, entry.id)).state).toBe('offered');
    await expectBookingsConsistent(t.db);
  });
});
