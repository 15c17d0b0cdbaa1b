import { randomUUID } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type ChannelConflict,
  type ChannelFeedList,
  FEED_ERRORS,
  type RoomBlock,
  type SyncOutcome,
} from '@devstay/shared/contracts/channels';
import type { ConflictsDashboard } from '@devstay/shared/contracts/dashboard';
import { addDays } from '@devstay/shared/stay';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../app.ts';
import { createDb, type Db } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { DEMO, signIn, withSession } from '../../test/auth.ts';
import {
  expectBookingsConsistent,
  guestHold,
  inDays,
  twoHotelsWithStaff,
} from '../../test/booking-fixtures.ts';
import { fetchFeed } from './fetch-feed.ts';
import { syncSettings } from './routes.ts';
import { syncFeed } from './sync.ts';

/**
 * Imported calendars, served over real HTTP by the test: a Booking.com-style and an
 * Airbnb-style file become blocks of the room's units; a recurring event blocks each
 * occurrence; a moved event moves its block and a cancelled or vanished one gives its units
 * back (announced); a malformed, a 10 MB and a slow feed fail with their reason in plain words;
 * a second fetch is conditional; an event on sold nights is a conflict with both sides, e-mailed
 * once; a sync and a checkout racing for the last unit never both win; two apps syncing one
 * feed sync it once.
 */

// ── The channels' server ─────────────────────────────────────────────────────────────────────

type Answer = (req: http.IncomingMessage, res: http.ServerResponse) => void | Promise<void>;
const served = new Map<string, Answer>();
const hits: { path: string; headers: IncomingHttpHeaders }[] = [];
let server: http.Server;
let base: string;

const ics = (...events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', ...events, 'END:VCALENDAR', ''].join('\r\n');
const d = (date: string) => date.replaceAll('-', '');
const serve = (path: string, body: string, etag?: string) =>
  served.set(path, (req, res) => {
    if (etag && req.headers['if-none-match'] === etag) {
      res.writeHead(304).end();
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/calendar; charset=utf-8',
      ...(etag && { etag }),
    });
    res.end(body);
  });

/** Booking.com's export: "CLOSED - Not available" all-day events. */
const bookingCom = (uid: string, from: string, to: string) =>
  [
    'BEGIN:VEVENT',
    `DTSTAMP:${d(inDays(0))}T100000Z`,
    `DTSTART;VALUE=DATE:${d(from)}`,
    `DTEND;VALUE=DATE:${d(to)}`,
    `UID:${uid}`,
    'SUMMARY:CLOSED - Not available',
    'END:VEVENT',
  ].join('\r\n');

/** Airbnb's export: reservations with a description, blocked nights as "Not available". */
const airbnb = (uid: string, from: string, to: string, summary = 'Reserved') =>
  [
    'BEGIN:VEVENT',
    `DTSTAMP:${d(inDays(0))}T100000Z`,
    `DTSTART;VALUE=DATE:${d(from)}`,
    `DTEND;VALUE=DATE:${d(to)}`,
    `SUMMARY:${summary}`,
    `UID:${uid}`,
    'DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMABC\\nP',
    ' hone Number (Last 4 Digits): 1234',
    'END:VEVENT',
  ].join('\r\n');

let t: TestApp;
let staff: Awaited<ReturnType<typeof twoHotelsWithStaff>>;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    hits.push({ path, headers: req.headers });
    const answer = served.get(path);
    if (!answer) res.writeHead(404).end();
    else void answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({ CHANNEL_FEED_TIMEOUT_MS: '5000' }, { workers: false });
  staff = await twoHotelsWithStaff(
    t.app,
    t.db,
    { a: { stock: 3, priceCents: 10_000 }, b: { stock: 1, priceCents: 10_000 } },
    `sync.admin.b.${randomUUID()}@devstay.dev`,
  );
});
afterAll(async () => {
  await expectBookingsConsistent(t.db);
  await t.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie: string,
  payload?: object,
) => t.app.inject({ method, url, headers: withSession(cookie), ...(payload && { payload }) });

async function addFeed(
  roomId: number,
  path: string,
  extra: object = {},
  cookie = staff.cookies.superAdmin,
) {
  const res = await call('POST', `/api/rooms/${roomId}/feeds`, cookie, {
    url: `${base}${path}`,
    name: path,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

async function syncNow(feedId: number, app: FastifyInstance = t.app) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/feeds/${feedId}/sync`,
    headers: withSession(staff.cookies.superAdmin),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SyncOutcome>();
}

const blocksOf = async (roomId: number) =>
  (await call('GET', `/api/rooms/${roomId}/blocks`, staff.cookies.superAdmin)).json<RoomBlock[]>();
const feedOf = async (roomId: number, feedId: number) =>
  (await call('GET', `/api/rooms/${roomId}/feeds`, staff.cookies.superAdmin))
    .json<ChannelFeedList>()
    .feeds.find((f) => f.id === feedId);
const takenOn = async (roomId: number, night: string) => {
  const r = await t.db.execute<{ taken: number }>(
    sql`select taken from room_nights where room_id = ${roomId} and night = ${night}::date`,
  );
  return r.rows[0]?.taken ?? 0;
};

describe('a feed’s events become blocks of the room', () => {
  test('Booking.com and Airbnb files: each event its nights, the same again changes nothing', async () => {
    const a = inDays(20);
    serve(
      '/booking.ics',
      ics(
        'PRODID:-//admin.booking.com//EN',
        'CALSCALE:GREGORIAN',
        bookingCom('b1@booking.com', a, addDays(a, 3)),
        bookingCom('b2@booking.com', addDays(a, 10), addDays(a, 11)),
        // Over before today: nothing to block.
        bookingCom('b0@booking.com', inDays(-10), inDays(-8)),
      ),
    );
    serve(
      '/airbnb.ics',
      ics(
        'PRODID:-//Airbnb Inc//Hosting Calendar 0.8.8//EN',
        'CALSCALE:GREGORIAN',
        airbnb('1418fb94e984-a1@airbnb.com', addDays(a, 1), addDays(a, 2)),
        airbnb(
          '1418fb94e984-a2@airbnb.com',
          addDays(a, 5),
          addDays(a, 8),
          'Airbnb (Not available)',
        ),
      ),
    );
    const booking = await addFeed(staff.roomA, '/booking.ics');
    const air = await addFeed(staff.roomA, '/airbnb.ics', { unitsPerEvent: 2 });
    expect(await syncNow(booking)).toEqual({
      status: 'synced',
      error: null,
      eventsRead: 2,
      nightsBlocked: 4,
      conflicts: 0,
    });
    expect(await syncNow(air)).toMatchObject({ status: 'synced', eventsRead: 2, nightsBlocked: 4 });
    expect(await takenOn(staff.roomA, a)).toBe(1);
    expect(await takenOn(staff.roomA, addDays(a, 1))).toBe(3);
    expect(await takenOn(staff.roomA, addDays(a, 5))).toBe(2);
    const blocks = (await blocksOf(staff.roomA)).filter(
      (b) => b.feedId === booking || b.feedId === air,
    );
    expect(blocks.map((b) => [b.from, b.to, b.units, b.reason])).toEqual([
      [a, addDays(a, 3), 1, 'CLOSED - Not available'],
      [addDays(a, 1), addDays(a, 2), 2, 'Reserved'],
      [addDays(a, 5), addDays(a, 8), 2, 'Airbnb (Not available)'],
      [addDays(a, 10), addDays(a, 11), 1, 'CLOSED - Not available'],
    ]);
    // Idempotent: the same file again keeps every block as it was.
    await syncNow(booking);
    await syncNow(air);
    expect(
      (await blocksOf(staff.roomA)).filter((b) => b.feedId === booking || b.feedId === air),
    ).toEqual(blocks);
    expect(await takenOn(staff.roomA, addDays(a, 1))).toBe(3);
    const status = await feedOf(staff.roomA, booking);
    expect(status).toMatchObject({
      lastError: null,
      eventsRead: 2,
      nightsBlocked: 4,
      urlHint: `${base}/…`,
    });
    expect(status?.lastSuccessAt).not.toBeNull();
    // Removing the feed gives its units back.
    expect((await call('DELETE', `/api/feeds/${air}`, staff.cookies.adminA)).statusCode).toBe(204);
    expect(await takenOn(staff.roomA, addDays(a, 1))).toBe(1);
    expect(await takenOn(staff.roomA, addDays(a, 5))).toBe(0);
    expect((await call('DELETE', `/api/feeds/${booking}`, staff.cookies.adminA)).statusCode).toBe(
      204,
    );
    expect(await takenOn(staff.roomA, a)).toBe(0);
  });

  test('a recurring event blocks each occurrence, its exceptions and exclusions included', async () => {
    const first = inDays(30);
    serve(
      '/recurring.ics',
      ics(
        [
          'BEGIN:VEVENT',
          'UID:weekly-desk@frontdesk',
          `DTSTAMP:${d(inDays(0))}T100000Z`,
          `DTSTART;VALUE=DATE:${d(first)}`,
          `DTEND;VALUE=DATE:${d(addDays(first, 1))}`,
          'RRULE:FREQ=WEEKLY;COUNT=4',
          `EXDATE;VALUE=DATE:${d(addDays(first, 7))}`,
          'SUMMARY:Weekly group',
          'END:VEVENT',
          // The third occurrence moved a day later, for two nights.
          'BEGIN:VEVENT',
          'UID:weekly-desk@frontdesk',
          `DTSTAMP:${d(inDays(0))}T100000Z`,
          `RECURRENCE-ID;VALUE=DATE:${d(addDays(first, 14))}`,
          `DTSTART;VALUE=DATE:${d(addDays(first, 15))}`,
          `DTEND;VALUE=DATE:${d(addDays(first, 17))}`,
          'SUMMARY:Weekly group (moved)',
          'END:VEVENT',
        ].join('\r\n'),
        // Every day for ever: only what falls within 18 months is read.
        [
          'BEGIN:VEVENT',
          'UID:daily@frontdesk',
          `DTSTAMP:${d(inDays(0))}T100000Z`,
          `DTSTART;VALUE=DATE:${d(inDays(-100))}`,
          'RRULE:FREQ=YEARLY',
          'SUMMARY:Yearly',
          'END:VEVENT',
        ].join('\r\n'),
      ),
    );
    const feed = await addFeed(staff.roomA, '/recurring.ics');
    const outcome = await syncNow(feed);
    expect(outcome.status).toBe('synced');
    const mine = (await blocksOf(staff.roomA)).filter((b) => b.feedId === feed);
    const weekly = mine.filter((b) => b.reason.startsWith('Weekly'));
    expect(weekly.map((b) => [b.from, b.to, b.reason])).toEqual([
      [first, addDays(first, 1), 'Weekly group'],
      [addDays(first, 15), addDays(first, 17), 'Weekly group (moved)'],
      [addDays(first, 21), addDays(first, 22), 'Weekly group'],
    ]);
    // A yearly one-night event: this year's occurrence if still ahead, and next year's.
    const yearly = mine.filter((b) => b.reason === 'Yearly');
    expect(yearly.length).toBeGreaterThanOrEqual(1);
    expect(yearly.length).toBeLessThanOrEqual(2);
    for (const b of yearly) expect(b.from.slice(5)).toBe(inDays(-100).slice(5));
    expect((await call('DELETE', `/api/feeds/${feed}`, staff.cookies.adminA)).statusCode).toBe(204);
  });

  test('a moved event moves its block, a cancelled or vanished one gives its units back, announced', async () => {
    const a = inDays(60);
    const v1 = ics(
      bookingCom('move@booking.com', a, addDays(a, 2)),
      bookingCom('cancel@booking.com', addDays(a, 5), addDays(a, 6)),
      bookingCom('vanish@booking.com', addDays(a, 8), addDays(a, 9)),
    );
    serve('/changing.ics', v1);
    const feed = await addFeed(staff.roomA, '/changing.ics');
    await syncNow(feed);
    const before = (await blocksOf(staff.roomA)).filter((b) => b.feedId === feed);
    expect(before).toHaveLength(3);
    const cancelled = bookingCom('cancel@booking.com', addDays(a, 5), addDays(a, 6)).replace(
      'END:VEVENT',
      'STATUS:CANCELLED\r\nEND:VEVENT',
    );
    serve(
      '/changing.ics',
      ics(bookingCom('move@booking.com', addDays(a, 1), addDays(a, 4)), cancelled),
    );
    const outcome = await syncNow(feed);
    expect(outcome).toMatchObject({ status: 'synced', eventsRead: 1, nightsBlocked: 3 });
    const after = (await blocksOf(staff.roomA)).filter((b) => b.feedId === feed);
    expect(after.map((b) => [b.from, b.to])).toEqual([[addDays(a, 1), addDays(a, 4)]]);
    expect(await takenOn(staff.roomA, a)).toBe(0);
    expect(await takenOn(staff.roomA, addDays(a, 3))).toBe(1);
    expect(await takenOn(staff.roomA, addDays(a, 5))).toBe(0);
    expect(await takenOn(staff.roomA, addDays(a, 8))).toBe(0);
    // Every block given back was announced as units freed, through the ledger's release.
    const announced = await t.db.execute<{ event: { cause: string; blockIds: number[] } }>(
      sql`select event from announcements where kind = 'unitsFreed' and event->>'cause' = 'unblocked'`,
    );
    const freedIds = announced.rows.flatMap((r) => r.event.blockIds);
    for (const b of before) expect(freedIds).toContain(b.id);
    expect((await call('DELETE', `/api/feeds/${feed}`, staff.cookies.adminA)).statusCode).toBe(204);
  });

  test('a second fetch is conditional: 304 changes nothing', async () => {
    serve('/etag.ics', ics(bookingCom('e1@booking.com', inDays(90), inDays(91))), '"v1"');
    const feed = await addFeed(staff.roomA, '/etag.ics');
    expect((await syncNow(feed)).status).toBe('synced');
    const second = await syncNow(feed);
    expect(second).toMatchObject({ status: 'unchanged', nightsBlocked: 1 });
    expect(hits.filter((h) => h.path === '/etag.ics').at(-1)?.headers['if-none-match']).toBe(
      '"v1"',
    );
    expect((await call('DELETE', `/api/feeds/${feed}`, staff.cookies.adminA)).statusCode).toBe(204);
  });
});

describe('a feed that cannot be read says why, in plain words', () => {
  test('malformed, not a calendar, too large, slow, missing, unreachable', async () => {
    serve('/malformed.ics', 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:2027\r\n');
    serve('/html.ics', '<!doctype html><title>Login</title>');
    const tenMb = ics(
      ...Array.from({ length: 40_000 }, (_, i) =>
        bookingCom(`big-${i}-${'x'.repeat(150)}@booking.com`, inDays(100), inDays(101)),
      ),
    );
    expect(tenMb.length).toBeGreaterThan(10_000_000);
    serve('/huge.ics', tenMb);
    // Never answers: the sync gives up at its timeout.
    served.set('/slow.ics', () => {});
    const cases: [string, string][] = [
      ['/malformed.ics', FEED_ERRORS.notCalendar],
      ['/html.ics', FEED_ERRORS.notCalendar],
      ['/huge.ics', FEED_ERRORS.tooLarge],
      ['/slow.ics', FEED_ERRORS.timedOut],
      ['/missing.ics', FEED_ERRORS.httpStatus(404)],
    ];
    for (const [path, error] of cases) {
      const feed = await addFeed(staff.roomA, path);
      expect(await syncNow(feed), path).toMatchObject({ status: 'failed', error });
      expect((await feedOf(staff.roomA, feed))?.lastError, path).toBe(error);
    }
    const closed = await call('POST', `/api/rooms/${staff.roomA}/feeds`, staff.cookies.adminA, {
      url: 'http://127.0.0.1:9/closed.ics',
      name: 'Closed',
    });
    expect(await syncNow(closed.json<{ id: number }>().id)).toMatchObject({
      status: 'failed',
      error: FEED_ERRORS.unreachable,
    });
    // A failed feed that recovers says so.
    serve('/malformed.ics', ics(bookingCom('ok@booking.com', inDays(110), inDays(111))));
    const list = (
      await call('GET', `/api/rooms/${staff.roomA}/feeds`, staff.cookies.adminA)
    ).json<ChannelFeedList>();
    const malformed = list.feeds.find(
      (f) => f.urlHint === `${base}/…` && f.name === '/malformed.ics',
    );
    expect(await syncNow(malformed?.id ?? 0)).toMatchObject({ status: 'synced', error: null });
    expect((await feedOf(staff.roomA, malformed?.id ?? 0))?.lastError).toBeNull();
  });
});

describe('conflicts', () => {
  test('an event on nights sold here is recorded with both sides, e-mailed once, never overbooked', async () => {
    const a = inDays(120);
    const bookingId = await guestHold(t.db, staff.roomB, addDays(a, 1), addDays(a, 2));
    serve(
      '/conflict.ics',
      ics(
        bookingCom('clash@booking.com', a, addDays(a, 3)),
        bookingCom('fits@booking.com', addDays(a, 4), addDays(a, 5)),
      ),
    );
    const feed = await addFeed(staff.roomB, '/conflict.ics', {}, staff.cookies.adminB);
    expect(await syncNow(feed)).toMatchObject({
      status: 'synced',
      eventsRead: 2,
      nightsBlocked: 1,
      conflicts: 1,
    });
    expect(await takenOn(staff.roomB, a)).toBe(0);
    expect(await takenOn(staff.roomB, addDays(a, 1))).toBe(1);
    const conflicts = (
      await call('GET', `/api/rooms/${staff.roomB}/conflicts`, staff.cookies.adminB)
    ).json<ChannelConflict[]>();
    expect(conflicts).toEqual([
      expect.objectContaining({
        feedId: feed,
        feedName: '/conflict.ics',
        summary: 'CLOSED - Not available',
        from: a,
        to: addDays(a, 3),
        units: 1,
        soldNight: addDays(a, 1),
        bookings: [{ bookingId, checkIn: addDays(a, 1), checkOut: addDays(a, 2), quantity: 1 }],
      }),
    ]);
    // Synced again: the same conflict, not e-mailed again.
    served.delete('/conflict.ics');
    serve(
      '/conflict.ics',
      ics(
        bookingCom('clash@booking.com', a, addDays(a, 3)),
        bookingCom('fits@booking.com', addDays(a, 4), addDays(a, 5)),
      ),
    );
    expect((await syncNow(feed)).conflicts).toBe(1);
    const mails = await t.db.execute<{ to: string; subject: string; text: string }>(
      sql`select "to", subject, text from mail_outbox where subject like 'Calendar conflict:%'`,
    );
    expect(mails.rows).toHaveLength(1);
    expect(mails.rows[0]?.to).toMatch(/^sync\.admin\.b\./);
    expect(mails.rows[0]?.text).toContain(
      `Booking ${bookingId}: ${addDays(a, 1)} to ${addDays(a, 2)}`,
    );
    expect(mails.rows[0]?.text).not.toContain(base);
    // Another hotel's staff never see it.
    expect(
      (await call('GET', `/api/rooms/${staff.roomB}/conflicts`, staff.cookies.adminA)).statusCode,
    ).toBe(403);
    // The channel's event moves off the sold night: the conflict is over, the block stands.
    serve('/conflict.ics', ics(bookingCom('clash@booking.com', addDays(a, 2), addDays(a, 3))));
    expect(await syncNow(feed)).toMatchObject({ conflicts: 0, nightsBlocked: 1 });
    expect(await takenOn(staff.roomB, addDays(a, 2))).toBe(1);
    expect(await takenOn(staff.roomB, addDays(a, 4))).toBe(0);
    expect((await call('DELETE', `/api/feeds/${feed}`, staff.cookies.adminB)).statusCode).toBe(204);
  });

  test('the staff dashboard counts open conflicts by room: an admin their hotel’s, the superAdmin every hotel’s', async () => {
    const a = inDays(150);
    // Room A's 3 units and room B's 1 sold on the first night; each hotel's channel wants it.
    await guestHold(t.db, staff.roomA, a, addDays(a, 1), 3);
    await guestHold(t.db, staff.roomB, a, addDays(a, 1));
    serve('/dash-a.ics', ics(bookingCom('dash-a@booking.com', a, addDays(a, 2))));
    serve('/dash-b.ics', ics(bookingCom('dash-b@booking.com', addDays(a, -1), addDays(a, 1))));
    const feedA = await addFeed(staff.roomA, '/dash-a.ics', {}, staff.cookies.adminA);
    const feedB = await addFeed(staff.roomB, '/dash-b.ics', {}, staff.cookies.adminB);
    expect((await syncNow(feedA)).conflicts).toBe(1);
    expect((await syncNow(feedB)).conflicts).toBe(1);
    const dashboard = async (cookie: string) => {
      const res = await call('GET', '/api/dashboard/conflicts', cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      return res.json<ConflictsDashboard>();
    };
    const roomA = {
      roomId: staff.roomA,
      roomName: 'suite',
      hotelId: staff.hotelA,
      hotelName: expect.any(String),
      conflicts: 1,
      firstNight: a,
    };
    const roomB = {
      ...roomA,
      roomId: staff.roomB,
      hotelId: staff.hotelB,
      firstNight: addDays(a, -1),
    };
    // Each admin their own hotel's room alone, never the other's.
    expect(await dashboard(staff.cookies.adminA)).toEqual({ total: 1, rooms: [roomA] });
    expect(await dashboard(staff.cookies.adminB)).toEqual({ total: 1, rooms: [roomB] });
    // The superAdmin both, the earliest first night first.
    const all = await dashboard(staff.cookies.superAdmin);
    expect(all.rooms.filter((r) => r.roomId === staff.roomA || r.roomId === staff.roomB)).toEqual([
      roomB,
      roomA,
    ]);
    expect(all.total).toBe(all.rooms.reduce((sum, r) => sum + r.conflicts, 0));
    // A guest is no staff; a visitor is asked to sign in.
    const guest = await signIn(t.app, DEMO.user);
    expect((await call('GET', '/api/dashboard/conflicts', guest)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/dashboard/conflicts' })).statusCode,
    ).toBe(401);
    // The channel's event moves off the sold night: hotel A has no conflict left.
    serve('/dash-a.ics', ics(bookingCom('dash-a@booking.com', addDays(a, 1), addDays(a, 2))));
    expect((await syncNow(feedA)).conflicts).toBe(0);
    expect(await dashboard(staff.cookies.adminA)).toEqual({ total: 0, rooms: [] });
    for (const [feed, cookie] of [
      [feedA, staff.cookies.adminA],
      [feedB, staff.cookies.adminB],
    ] as const) {
      expect((await call('DELETE', `/api/feeds/${feed}`, cookie)).statusCode).toBe(204);
    }
    expect(await dashboard(staff.cookies.adminB)).toEqual({ total: 0, rooms: [] });
  });

  test('a sync and a checkout racing for the last unit: exactly one wins, the other is a conflict or a refusal', async () => {
    for (let round = 0; round < 6; round += 1) {
      const night = inDays(200 + round * 3);
      const path = `/race-${round}.ics`;
      serve(path, ics(bookingCom(`race-${round}@booking.com`, night, addDays(night, 1))));
      const feed = await addFeed(staff.roomB, path);
      const [synced, held] = await Promise.allSettled([
        syncNow(feed),
        guestHold(t.db, staff.roomB, night, addDays(night, 1)),
      ]);
      expect(synced.status).toBe('fulfilled');
      const outcome = (synced as PromiseFulfilledResult<SyncOutcome>).value;
      expect(await takenOn(staff.roomB, night)).toBe(1);
      if (held.status === 'fulfilled') {
        expect(outcome).toMatchObject({ nightsBlocked: 0, conflicts: 1 });
      } else {
        expect(outcome).toMatchObject({ nightsBlocked: 1, conflicts: 0 });
      }
      expect((await call('DELETE', `/api/feeds/${feed}`, staff.cookies.adminB)).statusCode).toBe(
        204,
      );
    }
  });
});

/** A second app on the same database: another process. */
async function secondApp(): Promise<{ app: FastifyInstance; db: Db }> {
  // The same configuration: the same secret, so the test's sessions are good there too.
  const db = createDb(t.databaseUrl, 2);
  const app = await buildApp({ config: t.app.config, db, workers: false });
  await app.ready();
  return { app, db };
}

describe('one sync of a feed at a time, across processes', () => {
  test('two apps syncing the same feed: one fetches and applies it, the other is told it is under way', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const body = ics(bookingCom('lease@booking.com', inDays(300), inDays(302)));
    served.set('/gated.ics', async (_req, res) => {
      await gate;
      res.writeHead(200, { 'content-type': 'text/calendar' }).end(body);
    });
    const feed = await addFeed(staff.roomA, '/gated.ics');
    const other = await secondApp();
    try {
      const first = syncNow(feed);
      while (!hits.some((h) => h.path === '/gated.ics'))
        await new Promise((r) => setTimeout(r, 10));
      // The scheduled sync of the other process skips it, and its "Sync now" is a 409.
      const deps = {
        db: other.db,
        log: other.app.log,
        clock: () => new Date(),
        settings: syncSettings(other.app),
      };
      expect(await syncFeed(deps, feed, { demand: false })).toBe('busy');
      const busy = await other.app.inject({
        method: 'POST',
        url: `/api/feeds/${feed}/sync`,
        headers: withSession(staff.cookies.superAdmin),
      });
      expect(busy.statusCode, busy.body).toBe(409);
      release();
      expect(await first).toMatchObject({ status: 'synced', nightsBlocked: 2 });
      expect(hits.filter((h) => h.path === '/gated.ics')).toHaveLength(1);
      // The lease is free again: the other process syncs it now.
      expect(await syncNow(feed, other.app)).toMatchObject({ status: 'synced', nightsBlocked: 2 });
      expect(await takenOn(staff.roomA, inDays(300))).toBe(1);
    } finally {
      release();
      await other.app.close();
      await other.db.$client.end();
    }
  });
});

describe('safe fetching', () => {
  const policy = (production: boolean, allowed: string[] = []) => ({
    policy: { production, allowed },
    timeoutMs: 5000,
    maxBytes: 1_000_000,
  });

  test('in production a redirect to 127.0.0.1 is refused; outside production loopback works', async () => {
    // The first hop is allowed by the deployment's own list; its redirect is to loopback.
    const redirector = http.createServer((_req, res) => {
      res.writeHead(302, { location: `${base}/booking.ics` }).end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.2', resolve));
    const from = `http://127.0.0.2:${(redirector.address() as AddressInfo).port}/feed.ics`;
    try {
      serve('/booking.ics', ics(bookingCom('r@booking.com', inDays(5), inDays(6))));
      const before = hits.length;
      expect(await fetchFeed(from, policy(true, ['127.0.0.2']))).toEqual({
        kind: 'failed',
        error: FEED_ERRORS.refused,
      });
      expect(hits.length).toBe(before);
      expect((await fetchFeed(from, policy(false))).kind).toBe('body');
      // A name resolving to loopback is refused too, after resolution, as is every spelling.
      for (const url of [
        `${base}/booking.ics`,
        `http://localhost:${new URL(base).port}/booking.ics`,
        `http://[::ffff:127.0.0.1]:${new URL(base).port}/booking.ics`,
        'http://169.254.169.254/latest/meta-data/',
        'http://10.0.0.1/feed.ics',
        'http://[fd00:ec2::254]/latest/meta-data/',
      ]) {
        expect(await fetchFeed(url, policy(true)), url).toEqual({
          kind: 'failed',
          error: FEED_ERRORS.refused,
        });
      }
      // Metadata and private addresses are refused outside production too.
      expect(await fetchFeed('http://169.254.169.254/latest/', policy(false))).toEqual({
        kind: 'failed',
        error: FEED_ERRORS.refused,
      });
      expect(await fetchFeed('file:///etc/passwd', policy(false))).toEqual({
        kind: 'failed',
        error: FEED_ERRORS.refused,
      });
    } finally {
      await new Promise((resolve) => redirector.close(resolve));
    }
  });

  test('the connection goes to the address checked: a name resolved once, never again', async () => {
    const there = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/calendar' }).end(ics());
    });
    await new Promise<void>((resolve) => there.listen(0, '127.0.0.2', resolve));
    const port = (there.address() as AddressInfo).port;
    let lookups = 0;
    // A rebinding name: allowed the first time, loopback after.
    const resolve = async () => {
      lookups += 1;
      return [{ address: lookups === 1 ? '127.0.0.2' : '127.0.0.1', family: 4 }];
    };
    try {
      const before = hits.length;
      const result = await fetchFeed(`http://calendar.example:${port}/a.ics`, {
        ...policy(true, ['127.0.0.2']),
        resolve,
      });
      expect(result.kind).toBe('body');
      expect(lookups).toBe(1);
      expect(hits.length).toBe(before);
    } finally {
      await new Promise((r) => there.close(r));
    }
  });
});
