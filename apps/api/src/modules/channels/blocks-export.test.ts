import { randomUUID } from 'node:crypto';
import type { CartQuote } from '@devstay/shared/contracts/booking';
import { CHANNEL_MESSAGES, type RoomBlock } from '@devstay/shared/contracts/channels';
import { addDays } from '@devstay/shared/stay';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import nodeIcal, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createDb, type Db } from '../../db/client.ts';
import type { Announcements } from '../../lib/announcements.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, withSession } from '../../test/auth.ts';
import {
  expectBookingsConsistent,
  guestHold,
  inDays,
  twoHotelsWithStaff,
} from '../../test/booking-fixtures.ts';
import { exportKeyHash } from './export-feed.ts';

/**
 * Staff blocks on the room's ledger, and the room's export feed: blocks count through the
 * ledger's rule (the quote and the checkout see them), a lifted block frees its units through
 * the ledger's release (announced), and the feed — read back by an independent parser (node-ical)
 * — lists every night with no unit left, with no guest data, cheap to poll (ETag, 304), its key
 * secret (404 alike for a wrong key, a rotated one and a room that does not exist), and right
 * in another app instance on the same database at its next answer.
 */

let t: TestApp;
let staff: Awaited<ReturnType<typeof twoHotelsWithStaff>>;
let guest: string;
const freed: Announcements['unitsFreed'][] = [];

beforeAll(async () => {
  t = await createTestApp({}, { workers: true });
  staff = await twoHotelsWithStaff(
    t.app,
    t.db,
    { a: { stock: 2, priceCents: 10_000 }, b: { stock: 2, priceCents: 10_000 } },
    `channels.admin.b.${randomUUID()}@devstay.dev`,
  );
  guest = (await signUp(t.app, `channels.guest.${randomUUID()}@devstay.dev`)).cookie;
  t.app.announcements.subscribe('unitsFreed', 'channels-test', async (_tx, event) => {
    freed.push(event);
  });
});
afterAll(async () => {
  await expectBookingsConsistent(t.db);
  await t.close();
});

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    ...(cookie && { headers: withSession(cookie) }),
    ...(payload && { payload }),
  });

const unitsFree = async (roomId: number, checkIn: string, checkOut: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/cart/quote',
    payload: { cartRoom: [{ id: roomId, checkIn, checkOut, cartQuantity: 1 }] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CartQuote>().cartRoom[0]?.available;
};

const keyOf = (url: string) => new URL(url).searchParams.get('key') ?? '';
const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

const until = async (ok: () => boolean) => {
  for (let i = 0; i < 400 && !ok(); i += 1) await new Promise((r) => setTimeout(r, 25));
  expect(ok()).toBe(true);
};

describe('staff blocks', () => {
  test('take units on the ledger, are refused where they do not fit, and free them announced', async () => {
    const from = inDays(30);
    const to = inDays(33);
    expect(await unitsFree(staff.roomA, from, to)).toBe(2);
    const made = await call('POST', `/api/rooms/${staff.roomA}/blocks`, staff.cookies.adminA, {
      from,
      to,
      units: 1,
      reason: 'Maintenance: boiler',
    });
    expect(made.statusCode, made.body).toBe(201);
    const block = made.json<RoomBlock>();
    expect(block).toMatchObject({
      from,
      to,
      units: 1,
      reason: 'Maintenance: boiler',
      feedId: null,
    });
    expect(await unitsFree(staff.roomA, from, to)).toBe(1);
    expect(await unitsFree(staff.roomA, to, addDays(to, 1))).toBe(2);

    // A second block of 2 does not fit: 409 naming the first night, nothing taken.
    const over = await call('POST', `/api/rooms/${staff.roomA}/blocks`, staff.cookies.adminA, {
      from: addDays(from, 1),
      to: addDays(to, 2),
      units: 2,
      reason: 'Wedding party',
    });
    expect(over.statusCode, over.body).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'SOLD_OUT',
      message: CHANNEL_MESSAGES.blockSoldOut(addDays(from, 1)),
    });
    expect(await unitsFree(staff.roomA, to, addDays(to, 2))).toBe(2);

    const list = await call('GET', `/api/rooms/${staff.roomA}/blocks`, staff.cookies.adminA);
    expect(list.json<RoomBlock[]>().map((b) => b.id)).toContain(block.id);

    const lifted = await call('DELETE', `/api/blocks/${block.id}`, staff.cookies.adminA);
    expect(lifted.statusCode, lifted.body).toBe(204);
    expect(await unitsFree(staff.roomA, from, to)).toBe(2);
    await until(() => freed.some((e) => e.cause === 'unblocked' && e.blockIds.includes(block.id)));
    const event = freed.find((e) => e.cause === 'unblocked' && e.blockIds.includes(block.id));
    expect(event && 'nights' in event && event.nights).toEqual(
      [0, 1, 2].map((d) => ({ roomId: staff.roomA, night: addDays(from, d), units: 1 })),
    );
    expect((await call('DELETE', `/api/blocks/${block.id}`, staff.cookies.adminA)).statusCode).toBe(
      404,
    );
  });

  test('a block of the last units makes the checkout refuse those nights', async () => {
    const from = inDays(40);
    const made = await call('POST', `/api/rooms/${staff.roomB}/blocks`, staff.cookies.adminB, {
      from,
      to: addDays(from, 2),
      units: 2,
      reason: 'Wedding party by phone',
    });
    expect(made.statusCode, made.body).toBe(201);
    await expect(guestHold(t.db, staff.roomB, from, addDays(from, 1))).rejects.toThrow();
    await guestHold(t.db, staff.roomB, addDays(from, 2), addDays(from, 3));
  });

  test('bad input is a 400 naming the field', async () => {
    const url = `/api/rooms/${staff.roomA}/blocks`;
    const cases: [object, string][] = [
      [{ from: inDays(5), to: inDays(3), units: 1, reason: 'x' }, 'to'],
      [{ from: inDays(5), to: inDays(5), units: 1, reason: 'x' }, 'to'],
      [{ from: '2030-02-30', to: inDays(5), units: 1, reason: 'x' }, 'from'],
      [{ from: inDays(5), to: inDays(6), units: 3, reason: 'x' }, 'units'],
      [{ from: inDays(5), to: inDays(6), units: 0, reason: 'x' }, 'units'],
      [{ from: inDays(5), to: inDays(6), units: 1, reason: '  ' }, 'reason'],
      [{ from: inDays(-2), to: inDays(6), units: 1, reason: 'x' }, 'from'],
      [{ from: inDays(5), to: inDays(600), units: 1, reason: 'x' }, 'to'],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', url, staff.cookies.adminA, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field, JSON.stringify(body)).toBe(field);
    }
  });
});

/** A second app on the same database: another process's answers. */
async function secondApp(): Promise<{ app: FastifyInstance; db: Db }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: t.databaseUrl,
    WEB_DIST_DIR: '/nonexistent',
  });
  const db = createDb(t.databaseUrl, 2);
  const app = await buildApp({ config, db, workers: false });
  await app.ready();
  return { app, db };
}

describe('the export feed', () => {
  test('lists the nights with no unit left, read back by node-ical, with no guest data', async () => {
    const made = await call('POST', `/api/rooms/${staff.roomA}/export-key`, staff.cookies.adminA);
    expect(made.statusCode, made.body).toBe(200);
    const url = made.json<{ url: string }>().url;
    expect(keyOf(url)).toMatch(/^[\w-]{43}$/); // 256 bits
    const stored = await t.db.execute<{ key_hash: string }>(
      sql`select key_hash from room_export_keys where room_id = ${staff.roomA}`,
    );
    expect(stored.rows).toEqual([{ key_hash: exportKeyHash(keyOf(url)) }]);
    expect(stored.rows[0]?.key_hash).not.toContain(keyOf(url));

    // Two guests take both units of two nights; a staff block takes the rest of a third.
    const first = inDays(50);
    await guestHold(t.db, staff.roomA, first, addDays(first, 2));
    await guestHold(t.db, staff.roomA, first, addDays(first, 3));
    const blocked = await call('POST', `/api/rooms/${staff.roomA}/blocks`, staff.cookies.adminA, {
      from: addDays(first, 2),
      to: addDays(first, 3),
      units: 1,
      reason: 'Maintenance',
    });
    expect(blocked.statusCode, blocked.body).toBe(201);
    // One unit taken on a fourth night: still one to sell, not in the feed.
    await guestHold(t.db, staff.roomA, addDays(first, 5), addDays(first, 6));

    const res = await t.app.inject({ method: 'GET', url: pathOf(url) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const events = Object.values(nodeIcal.sync.parseICS(res.body)).filter(
      (c): c is VEvent => c?.type === 'VEVENT',
    );
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event?.datetype).toBe('date');
    expect(event?.uid).toBe(`room-${staff.roomA}-closed-${first}@localhost`);
    expect(event?.summary).toBe('Not available');
    expect(event?.dtstamp).toBeInstanceOf(Date);
    const day = (d: Date | undefined) =>
      d &&
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    expect(day(event?.start)).toBe(first);
    expect(day(event?.end)).toBe(addDays(first, 3));
    expect(res.body).toContain('DTSTART;VALUE=DATE:');
    expect(res.body).not.toMatch(/@devstay\.dev|\$|Maintenance|DESCRIPTION|ATTENDEE|ORGANIZER/);

    // The same nights: the same bytes (DTSTAMP included), 304 on the ETag or the date.
    // A later second: a stamp of the answer's time would differ.
    await new Promise((r) => setTimeout(r, 1100));
    const again = await t.app.inject({ method: 'GET', url: pathOf(url) });
    expect(again.body).toBe(res.body);
    const etag = String(res.headers.etag);
    const notModified = await t.app.inject({
      method: 'GET',
      url: pathOf(url),
      headers: { 'if-none-match': etag },
    });
    expect(notModified.statusCode).toBe(304);
    const sinceDate = await t.app.inject({
      method: 'GET',
      url: pathOf(url),
      headers: { 'if-modified-since': String(res.headers['last-modified']) },
    });
    expect(sinceDate.statusCode).toBe(304);

    // A booking made through another app on the same database shows in this one's next answer,
    // and that app answers the same bytes.
    const other = await secondApp();
    try {
      await guestHold(other.db, staff.roomA, addDays(first, 5), addDays(first, 6));
      const changed = await t.app.inject({
        method: 'GET',
        url: pathOf(url),
        headers: { 'if-none-match': etag },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(changed.body).toContain(
        `UID:room-${staff.roomA}-closed-${addDays(first, 5)}@localhost`,
      );
      const there = await other.app.inject({ method: 'GET', url: pathOf(url) });
      expect(there.body).toBe(changed.body);
    } finally {
      await other.app.close();
      await other.db.$client.end();
    }
  });

  test('a wrong, missing or rotated key is a 404 like a room that does not exist', async () => {
    const url = (
      await call('POST', `/api/rooms/${staff.roomB}/export-key`, staff.cookies.adminB)
    ).json<{ url: string }>().url;
    expect((await t.app.inject({ method: 'GET', url: pathOf(url) })).statusCode).toBe(200);
    const rotated = (
      await call('POST', `/api/rooms/${staff.roomB}/export-key`, staff.cookies.superAdmin)
    ).json<{ url: string }>().url;
    expect(keyOf(rotated)).not.toBe(keyOf(url));
    const answers = await Promise.all(
      [
        pathOf(url),
        `/api/rooms/${staff.roomB}/availability.ics`,
        `/api/rooms/${staff.roomB}/availability.ics?key=${keyOf(url).slice(1)}x`,
        `/api/rooms/${staff.roomA}/availability.ics?key=${keyOf(rotated)}`,
        `/api/rooms/999999/availability.ics?key=${keyOf(rotated)}`,
      ].map((u) => t.app.inject({ method: 'GET', url: u })),
    );
    for (const a of answers) {
      expect(a.statusCode).toBe(404);
      expect(a.body).toBe(answers[4]?.body);
    }
    expect((await t.app.inject({ method: 'GET', url: pathOf(rotated) })).statusCode).toBe(200);
  });
});

describe('who may call the channel routes', () => {
  test('staff of the room’s hotel and the superAdmin; another hotel’s admin and a guest 403; a visitor 401', async () => {
    const feed = await call('POST', `/api/rooms/${staff.roomA}/feeds`, staff.cookies.adminA, {
      url: 'http://127.0.0.1:9/none.ics',
      name: 'Closed port',
    });
    expect(feed.statusCode, feed.body).toBe(201);
    const feedId = feed.json<{ id: number }>().id;
    const block = await call('POST', `/api/rooms/${staff.roomA}/blocks`, staff.cookies.adminA, {
      from: inDays(80),
      to: inDays(81),
      units: 1,
      reason: 'Painting',
    });
    const blockId = block.json<{ id: number }>().id;
    const routes: [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: object][] = [
      ['POST', `/api/rooms/${staff.roomA}/export-key`],
      ['GET', `/api/rooms/${staff.roomA}/feeds`],
      ['POST', `/api/rooms/${staff.roomA}/feeds`, { url: 'https://example.org/a.ics', name: 'A' }],
      ['PATCH', `/api/feeds/${feedId}`, { paused: true }],
      ['POST', `/api/feeds/${feedId}/sync`],
      ['GET', `/api/rooms/${staff.roomA}/conflicts`],
      ['GET', `/api/rooms/${staff.roomA}/blocks`],
      [
        'POST',
        `/api/rooms/${staff.roomA}/blocks`,
        { from: inDays(90), to: inDays(91), units: 1, reason: 'x' },
      ],
      ['DELETE', `/api/blocks/${blockId}`],
      ['DELETE', `/api/feeds/${feedId}`],
    ];
    for (const [method, url, body] of routes) {
      const as = async (cookie?: string) => (await call(method, url, cookie, body)).statusCode;
      expect(await as(), `${method} ${url} visitor`).toBe(401);
      expect(await as(guest), `${method} ${url} guest`).toBe(403);
      const other = await call(method, url, staff.cookies.adminB, body);
      expect(other.statusCode, `${method} ${url} other hotel`).toBe(403);
      expect(other.json().code).toBe('OTHER_HOTEL');
    }
    // The hotel's admin and the superAdmin pass (each route once, in an order that works).
    for (const [i, [method, url, body]] of routes.entries()) {
      const cookie = i % 2 === 0 ? staff.cookies.adminA : staff.cookies.superAdmin;
      const res = await call(method, url, cookie, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    }
  });

  test('a feed’s bad input is a 400 naming the field', async () => {
    const url = `/api/rooms/${staff.roomA}/feeds`;
    const cases: [object, string][] = [
      [{ url: 'ftp://example.org/a.ics', name: 'A' }, 'url'],
      [{ url: 'file:///etc/passwd', name: 'A' }, 'url'],
      [{ url: 'not a url', name: 'A' }, 'url'],
      [{ url: 'https://example.org/a.ics', name: '' }, 'name'],
      [{ url: 'https://example.org/a.ics', name: 'A', unitsPerEvent: 3 }, 'unitsPerEvent'],
      [{ url: 'https://example.org/a.ics', name: 'A', unitsPerEvent: 1.5 }, 'unitsPerEvent'],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', url, staff.cookies.adminA, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field, JSON.stringify(body)).toBe(field);
    }
    const paused = await call('PATCH', '/api/feeds/1', staff.cookies.superAdmin, { paused: 'yes' });
    expect(paused.statusCode).toBe(400);
    expect(paused.json().field).toBe('paused');
  });
});
