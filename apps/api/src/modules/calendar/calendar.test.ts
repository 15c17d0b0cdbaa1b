import { randomUUID } from 'node:crypto';
import type { Booking } from '@devstay/shared/contracts/booking';
import { IDEMPOTENCY_KEY_HEADER } from '@devstay/shared/http';
import { eq } from 'drizzle-orm';
import nodeIcal, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { DEMO, signIn, signUp, withSession } from '../../test/auth.ts';
import { checkoutPayload, roomWithStock } from '../../test/booking-fixtures.ts';
import { insertEvent } from '../../test/catalogue-rows.ts';

/**
 * Calendar files, read back with an independent parser (node-ical): a booking's, one all-day
 * entry per line, for whoever may read that booking (an admin: their hotel's lines), and an
 * event's, at its time in its hotel's zone.
 */

let t: TestApp;
const cookie = { guest: '', other: '', adminA: '', adminB: '', superAdmin: '' };
let guestId = '';
let hotelA = { id: 0, name: '', address: '' };
let hotelB = { id: 0, name: '', address: '' };
let roomA = 0;
let roomB = 0;
let booking: Booking;

const VISA = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };

async function book(
  lines: { id: number; checkIn: string; checkOut: string; cartQuantity: number }[],
  pay = true,
) {
  const held = await t.app.inject({
    method: 'POST',
    url: '/api/booking',
    headers: { ...withSession(cookie.guest), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    payload: await checkoutPayload(t.app, lines),
  });
  expect(held.statusCode, held.body).toBe(201);
  if (!pay) return held.json<Booking>();
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/payments/card',
    headers: { ...withSession(cookie.guest), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    payload: { booking: held.json().id, card: VISA },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json().booking as Booking;
}

beforeAll(async () => {
  t = await createTestApp({ PAYMENT_RATE_LIMIT: '1000' });
  const a = await roomWithStock(t.db, 5, 10_000);
  const b = await roomWithStock(t.db, 5, 20_000, 'Pacific/Kiritimati');
  hotelA = a.hotel;
  hotelB = b.hotel;
  [roomA, roomB] = [a.room.id, b.room.id];
  await t.db.update(users).set({ hotelId: hotelA.id }).where(eq(users.email, DEMO.admin));
  cookie.adminA = await signIn(t.app, DEMO.admin);
  cookie.superAdmin = await signIn(t.app, DEMO.superAdmin);
  const adminB = await t.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: withSession(cookie.superAdmin),
    payload: { email: 'ics.admin.b@devstay.dev', password: 'admin-b-pass', idHotel: hotelB.id },
  });
  expect(adminB.statusCode, adminB.body).toBe(201);
  cookie.adminB = await signIn(t.app, 'ics.admin.b@devstay.dev', 'admin-b-pass');
  const guest = await signUp(t.app, `guest.${randomUUID()}@devstay.dev`);
  [guestId, cookie.guest] = [guest.id, guest.cookie];
  cookie.other = (await signUp(t.app, `other.${randomUUID()}@devstay.dev`)).cookie;
  booking = await book([
    { id: roomA, checkIn: '2030-05-10', checkOut: '2030-05-12', cartQuantity: 2 },
    { id: roomB, checkIn: '2030-05-11', checkOut: '2030-05-14', cartQuantity: 1 },
  ]);
});
afterAll(() => t.close());

type Who = keyof typeof cookie | 'visitor';
const download = (url: string, who: Who) =>
  t.app.inject({ method: 'GET', url, headers: who === 'visitor' ? {} : withSession(cookie[who]) });

/** The VEVENTs of a file, parsed by node-ical, in the order of their start. */
function eventsOf(text: string): VEvent[] {
  const parsed = nodeIcal.sync.parseICS(text);
  return Object.values(parsed)
    .filter((c): c is VEvent => c?.type === 'VEVENT')
    .sort((x, y) => x.start.getTime() - y.start.getTime());
}

/** A date-only value as node-ical gives it (midnight where the tests run), as yyyy-MM-dd. */
const dayOf = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

const textOf = (value: unknown) =>
  typeof value === 'object' && value !== null && 'val' in value ? String(value.val) : String(value);

describe('GET /api/calendar/booking/{id}.ics', () => {
  const ANSWERS: Record<Who, number> = {
    visitor: 401,
    guest: 200,
    other: 403,
    adminA: 200,
    adminB: 200,
    superAdmin: 200,
  };
  /** The hotels whose lines each reader gets: the guest and the superAdmin all, an admin theirs. */
  const linesFor = (who: Who) =>
    ({ adminA: [hotelA.id], adminB: [hotelB.id] })[who as 'adminA'] ?? [hotelA.id, hotelB.id];

  test.each(Object.keys(ANSWERS) as Who[])('as %s', async (who) => {
    const res = await download(`/api/calendar/booking/${booking.id}.ics`, who);
    expect(res.statusCode, res.body).toBe(ANSWERS[who]);
    if (res.statusCode !== 200) return;
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="devstay-booking-${booking.id}.ics"`,
    );
    const events = eventsOf(res.body);
    const expected = linesFor(who);
    const all = [
      { hotel: hotelA, checkIn: '2030-05-10', checkOut: '2030-05-12', rooms: '2 rooms' },
      { hotel: hotelB, checkIn: '2030-05-11', checkOut: '2030-05-14', rooms: '1 room' },
    ].filter((line) => expected.includes(line.hotel.id));
    expect(events).toHaveLength(all.length);
    const receipt = `http://localhost:3000/bookings/${booking.id}/receipt`;
    events.forEach((event, i) => {
      const line = all[i];
      if (!line) throw new Error('more entries than lines');
      expect(event.datetype).toBe('date');
      expect(dayOf(event.start)).toBe(line.checkIn);
      expect(event.end && dayOf(event.end)).toBe(line.checkOut);
      expect(textOf(event.summary).toLowerCase()).toContain(line.hotel.name);
      expect(textOf(event.summary)).toContain(line.rooms);
      expect(textOf(event.location)).toContain(line.hotel.address);
      expect(textOf(event.url)).toBe(receipt);
      expect(textOf(event.description)).toContain(receipt);
      expect(event.uid).toMatch(new RegExp(`^booking-${booking.id}-line-\\d+@localhost$`));
    });
    // All-day values as RFC 5545 writes them.
    expect(res.body).toContain(`DTSTART;VALUE=DATE:${all[0]?.checkIn.replaceAll('-', '')}`);
    // The same lines keep their UIDs in the next download.
    const again = eventsOf((await download(`/api/calendar/booking/${booking.id}.ics`, who)).body);
    expect(again.map((e) => e.uid)).toEqual(events.map((e) => e.uid));
  });

  test('only a confirmed booking; an unknown one is 404', async () => {
    const pending = await book(
      [{ id: roomA, checkIn: '2030-06-10', checkOut: '2030-06-11', cartQuantity: 1 }],
      false,
    );
    const held = await download(`/api/calendar/booking/${pending.id}.ics`, 'guest');
    expect(held.statusCode).toBe(409);
    expect(held.json()).toMatchObject({ code: 'BOOKING_NOT_CONFIRMED', field: 'id' });
    expect((await download(`/api/calendar/booking/${randomUUID()}.ics`, 'guest')).statusCode).toBe(
      404,
    );
    const bad = await download('/api/calendar/booking/not-a-uuid.ics', 'guest');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('id');
    expect(guestId).not.toBe('');
  });
});

describe('GET /api/calendar/event/{id}.ics', () => {
  test('public; starts at its date and time in its hotel’s zone and lasts two hours', async () => {
    // Buenos Aires is UTC−3 all year: 19:30 there is 22:30 UTC.
    const event = await insertEvent(t.db, {
      hotelId: hotelA.id,
      name: 'NodeConf Buenos Aires',
      date: '2030-06-15',
      time: '19:30',
    });
    const res = await download(`/api/calendar/event/${event.id}.ics`, 'visitor');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="devstay-event-${event.id}.ics"`,
    );
    const [entry, ...rest] = eventsOf(res.body);
    expect(rest).toEqual([]);
    expect(entry?.start.toISOString()).toBe('2030-06-15T22:30:00.000Z');
    expect(entry?.end?.toISOString()).toBe('2030-06-16T00:30:00.000Z');
    // The name as typed; the zone by the place people know it by.
    expect(textOf(entry?.summary)).toBe('NodeConf Buenos Aires');
    expect(textOf(entry?.location)).toContain(hotelA.address);
    expect(textOf(entry?.description)).toContain('2030-06-15 at 19:30 (Buenos Aires time)');
    expect(textOf(entry?.url)).toBe(`http://localhost:3000/hotel/${hotelA.id}`);
    expect(entry?.uid).toBe(`event-${event.id}@localhost`);
  });

  test('the same local time at a hotel in UTC+14 is another instant', async () => {
    const event = await insertEvent(t.db, {
      hotelId: hotelB.id,
      name: 'pacific devs',
      date: '2030-06-15',
      time: '19:30',
    });
    const [entry] = eventsOf(
      (await download(`/api/calendar/event/${event.id}.ics`, 'visitor')).body,
    );
    expect(entry?.start.toISOString()).toBe('2030-06-15T05:30:00.000Z');
  });

  test('an unknown event is 404, a bad id 400', async () => {
    expect((await download('/api/calendar/event/2147483647.ics', 'visitor')).statusCode).toBe(404);
    const bad = await download('/api/calendar/event/abc.ics', 'visitor');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('id');
  });
});
