import { randomUUID } from 'node:crypto';
import { MAX_FAVORITES } from '@devstay/shared/constants';
import type { FavoriteRoom } from '@devstay/shared/contracts/favorites';
import { FAVORITES_MESSAGES, GUARD_MESSAGES } from '@devstay/shared/messages';
import { searchKey } from '@devstay/shared/text';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { favorites, hotels, rooms } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { DEMO, ORIGIN, signIn, signUp, withSession } from '../../test/auth.ts';
import { roomWithStock } from '../../test/booking-fixtures.ts';
import { image } from '../../test/catalogue-rows.ts';
import { userIdByEmail } from '../../test/fixtures.ts';

let t: TestApp;
let guest: { id: string; cookie: string };
let otherGuest: { id: string; cookie: string };
let admin: { id: string; cookie: string };
let superAdmin: { id: string; cookie: string };
let roomA: number;
let roomB: number;
let hotelId: number;
const HOTEL_NAME = `Palermo DevOps Suites de la Costa ${randomUUID().slice(0, 8)}`;
/** Rooms enough to fill an account's favourites past the limit. */
let many: number[];

const account = async (email: string) => ({
  id: await userIdByEmail(t.db, email),
  cookie: await signIn(t.app, email),
});
const newGuest = () => signUp(t.app, `favorites.${randomUUID()}@devstay.dev`);

beforeAll(async () => {
  t = await createTestApp();
  guest = await newGuest();
  otherGuest = await newGuest();
  admin = await account(DEMO.admin);
  superAdmin = await account(DEMO.superAdmin);
  const first = await roomWithStock(t.db, 3, 9_900);
  hotelId = first.hotel.id;
  // A name as an admin types it: the cards carry it as typed.
  await t.db
    .update(hotels)
    .set({ name: HOTEL_NAME, nameKey: searchKey(HOTEL_NAME) })
    .where(eq(hotels.id, hotelId));
  roomA = first.room.id;
  roomB = (await roomWithStock(t.db, 2, 15_000)).room.id;
  const inserted = await t.db
    .insert(rooms)
    .values(
      Array.from({ length: MAX_FAVORITES + 10 }, () => ({
        hotelId,
        name: 'single',
        priceCents: 5_000,
        category: 'standard',
        stock: 1,
        description: 'a room to be liked',
        image: [image('liked')],
      })),
    )
    .returning({ id: rooms.id });
  many = inserted.map((r) => r.id);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'DELETE';
function call(method: Method, url: string, cookie?: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: cookie ? withSession(cookie) : { origin: ORIGIN },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
const cards = (uid: string, cookie?: string) => call('GET', `/favorites/${uid}`, cookie);
const ids = (uid: string, cookie?: string) => call('GET', `/favorites/list/${uid}`, cookie);
const add = (uid: string, list: unknown, cookie?: string) =>
  call('POST', '/favorites', cookie, { id: uid, favorites: list });
const remove = (uid: string, room: unknown, cookie?: string) =>
  call('DELETE', '/favorites', cookie, { id: uid, favorite: room });

async function storedCount(userId: string): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(favorites)
    .where(eq(favorites.userId, userId));
  return row?.n ?? 0;
}

/** Gives an account `count` favourites from `many`, written directly. */
async function fillFavorites(userId: string, count: number) {
  await t.db.insert(favorites).values(many.slice(0, count).map((roomId) => ({ userId, roomId })));
}

describe('who may call', () => {
  /** Every favourites call, naming the account `uid`. */
  const calls = (uid: string) => [
    (cookie?: string) => cards(uid, cookie),
    (cookie?: string) => ids(uid, cookie),
    (cookie?: string) => add(uid, [roomA], cookie),
    (cookie?: string) => remove(uid, roomA, cookie),
  ];

  test('a visitor is told to log in', async () => {
    for (const send of calls(guest.id)) {
      const res = await send();
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: 'You must log in' });
    }
  });

  test('the guest reaches their own favourites through each call', async () => {
    const owner = await newGuest();
    for (const send of calls(owner.id)) {
      const res = await send(owner.cookie);
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  test('another guest is refused: another account’s favourites are neither read nor changed', async () => {
    await add(guest.id, [roomB], guest.cookie);
    for (const send of calls(guest.id)) {
      const res = await send(otherGuest.cookie);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'FORBIDDEN',
        message: GUARD_MESSAGES.otherAccount,
      });
    }
    // An account that does not exist is not the caller either.
    expect((await cards('no-such-account', guest.cookie)).statusCode).toBe(403);
    expect((await ids(guest.id, guest.cookie)).json()).toEqual([roomB]);
    await remove(guest.id, roomB, guest.cookie);
  });

  test('staff keep no favourites and read no guest’s: admin and superAdmin are refused', async () => {
    for (const staff of [admin, superAdmin]) {
      for (const uid of [staff.id, guest.id]) {
        for (const send of calls(uid)) {
          const res = await send(staff.cookie);
          expect(res.statusCode, res.body).toBe(403);
          expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
        }
      }
    }
  });

  test('staff are refused before the body is read: garbage is a 403, not a 400', async () => {
    const res = await call('POST', '/favorites', admin.cookie, { nonsense: true });
    expect(res.statusCode).toBe(403);
  });
});

describe('the guest’s own favourites', () => {
  test('added rooms are listed by id and as cards with the room’s and hotel’s fields', async () => {
    const me = await newGuest();
    expect((await cards(me.id, me.cookie)).json()).toEqual([]);
    const added = await add(me.id, [roomA, roomB], me.cookie);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual([roomA, roomB]);
    expect((await ids(me.id, me.cookie)).json()).toEqual([roomA, roomB]);
    const list = await cards(me.id, me.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toContain('no-store');
    const [first] = list.json<FavoriteRoom[]>();
    expect(first).toMatchObject({
      id: roomA,
      name: 'suite',
      price: 99,
      description: expect.any(String),
      hotel: { id: hotelId, name: HOTEL_NAME },
    });
    expect(first?.image[0]?.url).toMatch(/^\/uploads\//);
    // The profile lists the same favourites.
    const me2 = await call('GET', '/me', me.cookie);
    expect(me2.json().favorites).toEqual([roomA, roomB]);
  });

  test('adding twice keeps one; a repeated id in one request counts once', async () => {
    const me = await newGuest();
    expect((await add(me.id, [roomA, roomA], me.cookie)).json()).toEqual([roomA]);
    const again = await add(me.id, [roomA], me.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual([roomA]);
    expect(await storedCount(me.id)).toBe(1);
  });

  test('removing takes the room off; removing one not there is no error', async () => {
    const me = await newGuest();
    await add(me.id, [roomA, roomB], me.cookie);
    const removed = await remove(me.id, roomA, me.cookie);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual([roomB]);
    const again = await remove(me.id, roomA, me.cookie);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual([roomB]);
    expect((await cards(me.id, me.cookie)).json<FavoriteRoom[]>().map((r) => r.id)).toEqual([
      roomB,
    ]);
  });

  test('a room that does not exist is a 404 naming it, and nothing of the request is added', async () => {
    const me = await newGuest();
    const missing = 2_147_483_647;
    const res = await add(me.id, [roomA, missing], me.cookie);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: FAVORITES_MESSAGES.roomMissing(missing),
      field: 'favorites',
    });
    expect(await storedCount(me.id)).toBe(0);
    const off = await remove(me.id, missing, me.cookie);
    expect(off.statusCode).toBe(404);
    expect(off.json()).toMatchObject({ message: `Room ${missing} not found`, field: 'favorite' });
  });
});

describe('bad input is a 400 naming the field', () => {
  const cases: [string, () => ReturnType<typeof call>, string][] = [
    ['favorites as a number', () => add(guest.id, roomA, guest.cookie), 'favorites'],
    ['a room id as text', () => add(guest.id, [String(roomA)], guest.cookie), 'favorites.0'],
    ['a fractional room id', () => add(guest.id, [1.5], guest.cookie), 'favorites.0'],
    ['a room id beyond int32', () => add(guest.id, [2_147_483_648], guest.cookie), 'favorites.0'],
    ['a negative room id', () => add(guest.id, [-1], guest.cookie), 'favorites.0'],
    ['no room at all', () => add(guest.id, [], guest.cookie), 'favorites'],
    [
      'more rooms than the limit in one call',
      () => add(guest.id, many.slice(0, MAX_FAVORITES + 1), guest.cookie),
      'favorites',
    ],
    [
      'favorites missing',
      () => call('POST', '/favorites', guest.cookie, { id: guest.id }),
      'favorites',
    ],
    ['the account as a number', () => add(42 as unknown as string, [roomA], guest.cookie), 'id'],
    ['the account with NUL', () => add(`${guest.id}\u0000`, [roomA], guest.cookie), 'id'],
    ['the account empty', () => add('', [roomA], guest.cookie), 'id'],
    ['favorite beyond int32', () => remove(guest.id, 2_147_483_648, guest.cookie), 'favorite'],
    ['favorite as a list', () => remove(guest.id, [roomA], guest.cookie), 'favorite'],
    ['favorite as text', () => remove(guest.id, 'abc', guest.cookie), 'favorite'],
    ['favorite null', () => remove(guest.id, null, guest.cookie), 'favorite'],
    ['the path’s account with NUL', () => cards('a%00b', guest.cookie), 'uid'],
    ['the path’s account too long', () => ids('x'.repeat(65), guest.cookie), 'uid'],
  ];
  test.each(cases)('%s', async (_what, send, field) => {
    const res = await send();
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field).toBe(field);
  });
  test('nothing was added by any of them', async () => {
    expect(await storedCount(guest.id)).toBe(0);
  });
});

describe(`at most ${MAX_FAVORITES} favourites`, () => {
  test('past the limit is a 409 saying so, with nothing added; up to it is fine', async () => {
    const me = await newGuest();
    await fillFavorites(me.id, MAX_FAVORITES - 2);
    const next = many.slice(MAX_FAVORITES - 2, MAX_FAVORITES + 1);
    const over = await add(me.id, next, me.cookie);
    expect(over.statusCode, over.body).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'CONFLICT',
      message: FAVORITES_MESSAGES.tooMany(MAX_FAVORITES),
      field: 'favorites',
    });
    expect(await storedCount(me.id)).toBe(MAX_FAVORITES - 2);
    expect((await add(me.id, next.slice(0, 2), me.cookie)).statusCode).toBe(200);
    expect(await storedCount(me.id)).toBe(MAX_FAVORITES);
    // At the limit, a room already there is still no error; a new one is.
    expect((await add(me.id, [many[0]], me.cookie)).statusCode).toBe(200);
    expect((await add(me.id, [roomA], me.cookie)).statusCode).toBe(409);
    // Room for one again once one is removed.
    expect((await remove(me.id, many[0], me.cookie)).statusCode).toBe(200);
    expect((await add(me.id, [roomA], me.cookie)).statusCode).toBe(200);
    expect(await storedCount(me.id)).toBe(MAX_FAVORITES);
  });

  test('racing additions never pass the limit: exactly the free places are taken', async () => {
    const me = await newGuest();
    const free = 3;
    await fillFavorites(me.id, MAX_FAVORITES - free);
    const contenders = many.slice(MAX_FAVORITES, MAX_FAVORITES + 10);
    const answers = await Promise.all(contenders.map((room) => add(me.id, [room], me.cookie)));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(free);
    expect(statuses.filter((s) => s === 409)).toHaveLength(contenders.length - free);
    expect(await storedCount(me.id)).toBe(MAX_FAVORITES);
  });
});
