import { randomUUID } from 'node:crypto';
import { HOTEL_TIME_ZONE_DEFAULT } from '@devstay/shared/constants';
import { BOOKING_MESSAGES } from '@devstay/shared/messages';
import { addDays, calendarDateIn } from '@devstay/shared/stay';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createDb, type Db } from '../../db/client.ts';
import { createTestDatabase } from '../../test/app.ts';
import { roomWithStock } from '../../test/booking-fixtures.ts';
import { postAs, signUpOverHttp } from '../../test/http-guest.ts';
import {
  PROCESS_ORIGIN,
  type ServerProcess,
  startServerProcess,
} from '../../test/server-process.ts';

/**
 * A hotel's "today" is its calendar date in its own time zone, whatever zone the server runs in
 * (Node reads TZ once, at start: so real server processes, each started with its TZ). The test
 * hotel is in Buenos Aires; the servers in UTC, Kiritimati (UTC+14), Los Angeles, and whichever
 * of UTC+14 and UTC−12 is on another date than Buenos Aires right now (one always is), so the
 * server's own date differs from the hotel's in at least one run, at any hour.
 */

const BUENOS_AIRES = HOTEL_TIME_ZONE_DEFAULT;

/** A zone whose date differs from Buenos Aires's now: UTC+14 from 07:00 there, UTC−12 before 09:00. */
function zoneOnAnotherDate(): string {
  const zone = ['Pacific/Kiritimati', 'Etc/GMT+12'].find(
    (z) => calendarDateIn(z) !== calendarDateIn(BUENOS_AIRES),
  );
  if (!zone) throw new Error('UTC+14 and UTC−12 both on the date of Buenos Aires');
  return zone;
}

const SERVER_ZONES = [
  ...new Set(['UTC', 'Pacific/Kiritimati', 'America/Los_Angeles', zoneOnAnotherDate()]),
];

let databaseUrl: string;
let db: Db;
let server: ServerProcess | undefined;

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  db = createDb(databaseUrl, 2);
});
afterEach(async () => {
  await server?.stop();
  server = undefined;
});
afterAll(async () => {
  await db?.$client.end();
});

async function quote(base: string, cartRoom: unknown[]) {
  const res = await fetch(`${base}/api/cart/quote`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cartRoom }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe.each(SERVER_ZONES)('a server running with TZ=%s', (zone) => {
  test('refuses yesterday in Buenos Aires and accepts its today, in the quote and the checkout', {
    timeout: 120_000,
  }, async () => {
    const { room } = await roomWithStock(db, 5, 10_000);
    server = await startServerProcess(databaseUrl, { TZ: zone });
    const base = server.base;
    const today = calendarDateIn(BUENOS_AIRES);
    const line = (checkIn: string) => ({
      id: room.id,
      checkIn,
      checkOut: addDays(checkIn, 1),
      cartQuantity: 1,
    });

    const yesterday = await quote(base, [line(addDays(today, -1))]);
    expect(yesterday.status, JSON.stringify(yesterday.body)).toBe(400);
    expect(yesterday.body).toMatchObject({
      field: 'cartRoom.0.checkIn',
      message: BOOKING_MESSAGES.checkInPast,
    });
    const accepted = await quote(base, [line(today)]);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.bookable).toBe(true);

    const guest = await signUpOverHttp(base, PROCESS_ORIGIN, `tz.${randomUUID()}@devstay.dev`);
    const book = (checkIn: string) =>
      postAs(base, PROCESS_ORIGIN, guest, '/api/booking', randomUUID(), {
        cartRoom: [line(checkIn)],
        cartTotalCents: 10_000,
      });
    const refused = await book(addDays(today, -1));
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body).toMatchObject({
      field: 'cartRoom.0.checkIn',
      message: BOOKING_MESSAGES.checkInPast,
    });
    const held = await book(today);
    expect(held.status, JSON.stringify(held.body)).toBe(201);
  });
});

test('one of the servers above ran on another date than the hotel', () => {
  const other = zoneOnAnotherDate();
  expect(SERVER_ZONES).toContain(other);
  expect(calendarDateIn(other)).not.toBe(calendarDateIn(BUENOS_AIRES));
});
