import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_PASSWORD } from '@devstay/demo-data/demo-accounts';
import { CHANNEL_MESSAGES, type ChannelFeed } from '@devstay/shared/contracts/channels';
import { CSRF_HEADER } from '@devstay/shared/http';
import { addDays } from '@devstay/shared/stay';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEMO } from '../../test/auth.ts';
import { expectLedgerReconciled, inDays, roomWithStock } from '../../test/booking-fixtures.ts';
import { type HttpGuest, signInOverHttp } from '../../test/http-guest.ts';
import { type Deployment, PROCESS_ORIGIN, startDeployment } from '../../test/server-process.ts';

/**
 * Two real server processes (as `npm run cluster` runs them) on one database, syncing the same
 * imported calendar at the same moment: "Sync now" on both at once, and one's scheduled sync
 * against "Sync now" on either. The feed's lease lets one process sync it: the calendar is
 * fetched once, its blocks written once, no unit taken twice; the other is told the sync is
 * under way (409) or skips it. The channel's server holds its answer until the test lets it go,
 * so the two syncs overlap whatever the machine's speed.
 */

let deployment: Deployment;
let staff: HttpGuest;
let channel: http.Server;
let channelBase: string;
const bodies = new Map<string, string>();
const held = new Map<string, Promise<void>>();
const hits: string[] = [];

beforeAll(async () => {
  channel = http.createServer(async (req, res) => {
    const path = req.url ?? '/';
    hits.push(path);
    await held.get(path);
    res.writeHead(200, { 'content-type': 'text/calendar' }).end(bodies.get(path) ?? '');
  });
  await new Promise<void>((resolve) => channel.listen(0, '127.0.0.1', resolve));
  channelBase = `http://127.0.0.1:${(channel.address() as AddressInfo).port}`;
  // The shortest schedule: each process's worker looks for due feeds every minute.
  deployment = await startDeployment(2, { DEMO_ACCOUNTS: 'true', CHANNEL_SYNC_MINUTES: '1' }, 4);
  staff = await signInOverHttp(deployment.base(0), PROCESS_ORIGIN, DEMO.superAdmin, DEMO_PASSWORD);
}, 180_000);

afterAll(async () => {
  await deployment?.stop();
  channel?.closeAllConnections();
  await new Promise((resolve) => channel?.close(resolve));
});

async function call(i: number, method: string, path: string, body?: unknown) {
  const res = await fetch(`${deployment.base(i)}${path}`, {
    method,
    headers: {
      cookie: staff.cookie,
      origin: PROCESS_ORIGIN,
      [CSRF_HEADER]: 'fetch',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A calendar of Booking.com-style events, each [from, to). */
const calendar = (events: [uid: string, from: string, to: string][]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//admin.booking.com//EN',
    ...events.flatMap(([uid, from, to]) => [
      'BEGIN:VEVENT',
      `DTSTAMP:${inDays(0).replaceAll('-', '')}T100000Z`,
      `DTSTART;VALUE=DATE:${from.replaceAll('-', '')}`,
      `DTEND;VALUE=DATE:${to.replaceAll('-', '')}`,
      `UID:${uid}`,
      'SUMMARY:CLOSED - Not available',
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');

/** The channel's answer at `path` held until `release` is called. */
function hold(path: string) {
  let release: () => void = () => {};
  held.set(
    path,
    new Promise<void>((resolve) => {
      release = resolve;
    }),
  );
  return () => release();
}

async function until(done: () => boolean | Promise<boolean>, what: string, ms = 120_000) {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const hitsOf = (path: string) => hits.filter((h) => h === path).length;

/**
 * A room of 1 unit and a feed of two events on it (3 nights), made on process 0 — or paused
 * from the start (written in the database: made through the API, a worker could sync it before
 * the pause), which no scheduled sync takes while "Sync now" still syncs it.
 */
async function feedOnRoom(path: string, firstNight: string, paused = false) {
  const { room } = await roomWithStock(deployment.db, 1, 10_000);
  bodies.set(
    path,
    calendar([
      [`${path}-1@booking.com`, firstNight, addDays(firstNight, 2)],
      [`${path}-2@booking.com`, addDays(firstNight, 5), addDays(firstNight, 6)],
    ]),
  );
  if (paused) {
    const made = await deployment.db.execute<{ id: number }>(sql`
      insert into channel_feeds (room_id, name, url, paused)
      values (${room.id}, 'Booking.com', ${`${channelBase}${path}`}, true) returning id`);
    return { roomId: room.id, feedId: made.rows[0]?.id ?? 0 };
  }
  const made = await call(0, 'POST', `/api/rooms/${room.id}/feeds`, {
    url: `${channelBase}${path}`,
    name: 'Booking.com',
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { roomId: room.id, feedId: (made.body as ChannelFeed).id };
}

/** The feed's blocks written once, each of its nights taken once: 3 nights of the 1 unit. */
async function expectSyncedOnce(roomId: number, feedId: number, firstNight: string) {
  const blocks = await deployment.db.execute<{ first_night: string; units: number }>(sql`
    select first_night::text, units from room_blocks where feed_id = ${feedId}
    order by first_night`);
  expect(blocks.rows).toEqual([
    { first_night: firstNight, units: 1 },
    { first_night: addDays(firstNight, 5), units: 1 },
  ]);
  const nights = await deployment.db.execute<{ night: string; taken: number }>(sql`
    select night::text, taken from room_nights where room_id = ${roomId} and taken > 0
    order by night`);
  expect(nights.rows).toEqual(
    [firstNight, addDays(firstNight, 1), addDays(firstNight, 5)].map((night) => ({
      night,
      taken: 1,
    })),
  );
  await expectLedgerReconciled(deployment.db, [roomId]);
}

test('"Sync now" on both processes at once: one fetches and applies the calendar, the other is told it is under way', async () => {
  const path = '/both-now.ics';
  const firstNight = inDays(40);
  const { roomId, feedId } = await feedOnRoom(path, firstNight, true);
  const release = hold(path);
  const answers: { server: number; status: number; body: Record<string, unknown> }[] = [];
  const syncs = [0, 1].map(async (server) => {
    const answer = await call(server, 'POST', `/api/feeds/${feedId}/sync`);
    answers.push({ server, ...answer });
  });
  try {
    // The one holding the lease waits for the channel; the other answers at once — unless it
    // fetches too, which the channel's second hit shows. That answer may come before the
    // holder's fetch reaches the channel: both are waited for.
    await until(
      () => (answers.length > 0 && hitsOf(path) > 0) || hitsOf(path) > 1,
      'a first answer and the first fetch, or a second fetch',
    );
    expect(hitsOf(path)).toBe(1);
    expect(answers).toEqual([
      expect.objectContaining({ status: 409, body: expect.objectContaining({ field: 'id' }) }),
    ]);
    expect(answers[0]?.body.message).toBe(CHANNEL_MESSAGES.syncUnderWay);
  } finally {
    release();
    await Promise.all(syncs);
  }
  const synced = answers.find((a) => a.status !== 409);
  expect(synced?.server).not.toBe(answers[0]?.server);
  expect(synced).toMatchObject({
    status: 200,
    body: { status: 'synced', eventsRead: 2, nightsBlocked: 3, conflicts: 0 },
  });
  expect(hitsOf(path)).toBe(1);
  await expectSyncedOnce(roomId, feedId, firstNight);
}, 60_000);

test('a scheduled sync on one process and "Sync now" on both: the schedule’s sync alone fetches and applies it', async () => {
  const path = '/scheduled.ics';
  const firstNight = inDays(60);
  const release = hold(path);
  try {
    const { roomId, feedId } = await feedOnRoom(path, firstNight);
    // Never synced, so due: the first worker to look claims it and waits for the channel.
    await until(() => hitsOf(path) > 0, 'a scheduled fetch of the new feed');
    for (const server of [0, 1]) {
      const busy = await call(server, 'POST', `/api/feeds/${feedId}/sync`);
      expect(busy.status, `server ${server}`).toBe(409);
    }
    expect(hitsOf(path)).toBe(1);
    release();
    const synced = async () => {
      const feeds = await call(0, 'GET', `/api/rooms/${roomId}/feeds`);
      const feed = (feeds.body.feeds as ChannelFeed[]).find((f) => f.id === feedId);
      return feed?.lastSuccessAt !== null && feed?.lastSuccessAt !== undefined;
    };
    await until(synced, 'the scheduled sync to finish', 30_000);
    expect(hitsOf(path)).toBe(1);
    await expectSyncedOnce(roomId, feedId, firstNight);
  } finally {
    release();
  }
}, 150_000);
