import { idParams } from '@devstay/shared/contracts/common';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rooms, users } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { type AccessRule, access } from '../../plugins/authorization.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { DEMO, ORIGIN, signIn, signUp } from '../../test/auth.ts';
import { insertReview } from '../../test/catalogue-rows.ts';
import { hotelIds, userIdByEmail } from '../../test/fixtures.ts';

/**
 * The role matrix of product §6 as the server enforces it, cell by cell, for every route that
 * exists in this module plus representative hotel-scoped and user-only routes registered here.
 */

type Actor = 'visitor' | 'user' | 'adminOfThisHotel' | 'adminOfAnotherHotel' | 'superAdmin';
const ACTORS: Actor[] = [
  'visitor',
  'user',
  'adminOfThisHotel',
  'adminOfAnotherHotel',
  'superAdmin',
];

let t: TestApp;
let hotelA: number;
let hotelB: number;
const cookies: Record<Actor, string> = {
  visitor: '',
  user: '',
  adminOfThisHotel: '',
  adminOfAnotherHotel: '',
  superAdmin: '',
};
const ids: Partial<Record<Actor, string>> = {};
let anotherUser: string;
/** A room to favour. */
let roomId: number;
let counter = 0;

const byId = { params: idParams };

function testRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // Hotel-scoped, like modifying a hotel's room: admins of that hotel and the superAdmin.
  typed.put(
    '/api/test/hotels/:id',
    { config: { access: access.hotel(byId, (r) => r.params.id) }, schema: byId },
    async (request) => ({ ok: true, hotel: request.params.id }),
  );
  // A resolver that finds no hotel refuses admins (fail closed).
  typed.put(
    '/api/test/unresolved',
    { config: { access: access.hotel({}, () => null) } },
    async () => ({ ok: true }),
  );
  // A resolver that looks a resource up answers 404 for an unknown one.
  typed.put(
    '/api/test/rooms/:id',
    {
      config: {
        access: access.hotel(byId, (r) => {
          if (r.params.id !== 1) throw notFound('Room');
          return hotelA;
        }),
      },
      schema: byId,
    },
    async () => ({ ok: true }),
  );
  // Several hotels at once (a booking spanning hotels): an admin must run all of them.
  typed.put(
    '/api/test/bookings',
    { config: { access: access.hotel({}, () => [hotelA, hotelB]) } },
    async () => ({ ok: true }),
  );
  // Own favourites, bookings, reviews, payment: rol user only.
  typed.post('/api/test/favorites', { config: { access: 'user' } }, async () => ({ ok: true }));
}

// Resolvers are typed from the route's schema: a param the schema lacks does not compile.
// @ts-expect-error `idHotel` is not a param of { id }
access.hotel(byId, (r) => r.params.idHotel);
const untyped: AccessRule = {
  roles: ['admin'],
  // @ts-expect-error a resolver written without the schema sees `unknown` params
  hotel: (r) => r.params.id,
};
void untyped;

beforeAll(async () => {
  t = await createTestApp({}, { routes: testRoutes });
  [hotelA, hotelB] = (await hotelIds(t.db, 2)) as [number, number];
  await t.db.update(users).set({ hotelId: hotelA }).where(eq(users.email, DEMO.admin));

  cookies.superAdmin = await signIn(t.app, DEMO.superAdmin);
  cookies.adminOfThisHotel = await signIn(t.app, DEMO.admin);
  cookies.user = await signIn(t.app, DEMO.user);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: { cookie: cookies.superAdmin, origin: ORIGIN },
    payload: { email: 'admin.b@devstay.dev', password: 'admin-b-pass', idHotel: hotelB },
  });
  expect(created.statusCode, created.body).toBe(201);
  cookies.adminOfAnotherHotel = await signIn(t.app, 'admin.b@devstay.dev', 'admin-b-pass');
  ids.user = await userIdByEmail(t.db, DEMO.user);
  ids.adminOfThisHotel = await userIdByEmail(t.db, DEMO.admin);
  ids.adminOfAnotherHotel = created.json().id;
  ids.superAdmin = await userIdByEmail(t.db, DEMO.superAdmin);
  anotherUser = (await signUp(t.app, 'another.user@devstay.dev')).id;
  const [room] = await t.db.select({ id: rooms.id }).from(rooms).limit(1);
  roomId = room?.id ?? 0;
});
afterAll(() => t.close());

async function victim(): Promise<string> {
  counter += 1;
  return (await signUp(t.app, `victim${counter}@devstay.dev`)).id;
}

/** A review of hotel A for a removal to take. */
async function reviewToRemove(): Promise<number> {
  const review = await insertReview(t.db, {
    hotelId: hotelA,
    name: 'someone',
    rating: 2,
    comment: 'spam',
    createdAt: new Date(),
  });
  return review.id;
}

interface Row {
  call: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (actor: Actor) => string | Promise<string>;
  payload?: (actor: Actor) => Record<string, unknown>;
  expected: Record<Actor, number>;
}

const row = (
  call: string,
  method: Row['method'],
  url: Row['url'],
  [visitor, user, adminOfThisHotel, adminOfAnotherHotel, superAdmin]: number[],
  payload?: Row['payload'],
): Row => ({
  call,
  method,
  url,
  payload,
  expected: {
    visitor: visitor as number,
    user: user as number,
    adminOfThisHotel: adminOfThisHotel as number,
    adminOfAnotherHotel: adminOfAnotherHotel as number,
    superAdmin: superAdmin as number,
  },
});

//                                                                          visitor user adminA adminB superAdmin
const MATRIX: Row[] = [
  row('GET /api/auth-providers', 'GET', () => '/api/auth-providers', [200, 200, 200, 200, 200]),
  row('GET /api/me', 'GET', () => '/api/me', [200, 200, 200, 200, 200]),
  row('GET /api/users', 'GET', () => '/api/users', [401, 403, 200, 200, 200]),
  row('GET /api/users/admins', 'GET', () => '/api/users/admins', [401, 403, 403, 403, 200]),
  row(
    'GET /api/users/{another user}',
    'GET',
    () => `/api/users/${anotherUser}`,
    [401, 403, 403, 403, 200],
  ),
  row(
    'GET /api/users/{the superAdmin}',
    'GET',
    () => `/api/users/${ids.superAdmin}`,
    [401, 403, 403, 403, 200],
  ),
  row(
    'GET /api/users/{self}',
    'GET',
    (a) => `/api/users/${ids[a] ?? anotherUser}`,
    [401, 200, 200, 200, 200],
  ),
  row(
    'PUT /api/users/{self}',
    'PUT',
    (a) => `/api/users/${ids[a] ?? anotherUser}`,
    [401, 200, 200, 200, 200],
    () => ({ city: 'córdoba' }),
  ),
  row(
    'PUT /api/users/{another user}',
    'PUT',
    () => `/api/users/${anotherUser}`,
    [401, 403, 403, 403, 200],
    () => ({ city: 'rosario' }),
  ),
  row(
    'POST /api/users',
    'POST',
    () => '/api/users',
    [401, 403, 403, 403, 201],
    () => {
      counter += 1;
      return { email: `new.admin${counter}@devstay.dev`, password: 'secret-123', idHotel: hotelA };
    },
  ),
  row(
    'DELETE /api/users/{another user}',
    'DELETE',
    () => victim().then((id) => `/api/users/${id}`),
    [401, 403, 403, 403, 204],
  ),
  row(
    'PUT hotel-scoped route of hotel A',
    'PUT',
    () => `/api/test/hotels/${hotelA}`,
    [401, 403, 200, 403, 200],
  ),
  row(
    'PUT hotel-scoped route of hotels A and B',
    'PUT',
    () => '/api/test/bookings',
    [401, 403, 403, 403, 200],
  ),
  row(
    'PUT hotel-scoped route with no hotel found',
    'PUT',
    () => '/api/test/unresolved',
    [401, 403, 403, 403, 200],
  ),
  row(
    'GET hotel-scoped /api/hotels/{hotel A}/dashboard',
    'GET',
    () => `/api/hotels/${hotelA}/dashboard`,
    [401, 403, 200, 403, 200],
  ),
  // Favourites are a guest's own: staff keep none, and no one reaches another account's.
  row(
    'GET /api/favorites/{self}',
    'GET',
    (a) => `/api/favorites/${ids[a] ?? anotherUser}`,
    [401, 200, 403, 403, 403],
  ),
  row(
    'GET /api/favorites/list/{self}',
    'GET',
    (a) => `/api/favorites/list/${ids[a] ?? anotherUser}`,
    [401, 200, 403, 403, 403],
  ),
  row(
    'GET /api/favorites/{another user}',
    'GET',
    () => `/api/favorites/${anotherUser}`,
    [401, 403, 403, 403, 403],
  ),
  row(
    'POST /api/favorites {self}',
    'POST',
    () => '/api/favorites',
    [401, 200, 403, 403, 403],
    (a) => ({ id: ids[a] ?? anotherUser, favorites: [roomId] }),
  ),
  row(
    'POST /api/favorites {another user}',
    'POST',
    () => '/api/favorites',
    [401, 403, 403, 403, 403],
    () => ({ id: anotherUser, favorites: [roomId] }),
  ),
  row(
    'DELETE /api/favorites {self}',
    'DELETE',
    () => '/api/favorites',
    [401, 200, 403, 403, 403],
    (a) => ({ id: ids[a] ?? anotherUser, favorite: roomId }),
  ),
  row(
    'DELETE /api/favorites {another user}',
    'DELETE',
    () => '/api/favorites',
    [401, 403, 403, 403, 403],
    () => ({ id: anotherUser, favorite: roomId }),
  ),
  // Reviews are written by a guest in their own name; only the superAdmin removes one.
  row(
    'POST /api/reviews {self}',
    'POST',
    () => '/api/reviews',
    [401, 201, 403, 403, 403],
    (a) => ({ idHotel: hotelA, rating: 4, comment: 'Quiet', user: ids[a] ?? anotherUser }),
  ),
  row(
    'POST /api/reviews {another user}',
    'POST',
    () => '/api/reviews',
    [401, 403, 403, 403, 403],
    () => ({ idHotel: hotelA, rating: 1, comment: 'Loud', user: anotherUser }),
  ),
  row(
    'DELETE /api/reviews/{id}',
    'DELETE',
    () => reviewToRemove().then((id) => `/api/reviews/${id}`),
    [401, 403, 403, 403, 204],
  ),
  row(
    'POST user-only route (payment)',
    'POST',
    () => '/api/test/favorites',
    [401, 200, 403, 403, 403],
  ),
];

describe.each(MATRIX)('$call', (r) => {
  test.each(ACTORS)('%s', async (actor) => {
    const res = await t.app.inject({
      method: r.method,
      url: await r.url(actor),
      headers:
        actor === 'visitor' ? { origin: ORIGIN } : { cookie: cookies[actor], origin: ORIGIN },
      ...(r.payload ? { payload: r.payload(actor) } : {}),
    });
    expect(res.statusCode, res.body).toBe(r.expected[actor]);
    if (res.statusCode === 401) {
      expect(res.json()).toMatchObject({
        code: 'UNAUTHENTICATED',
        message: 'You must log in',
        statusCode: 401,
      });
    }
    if (res.statusCode === 403) {
      expect(res.json().message).toMatch(/^Unauthorized entry/);
      // An admin refused another hotel's data is told apart from a missing role by its code.
      const otherHotel = actor.startsWith('admin') && r.call.includes(' hotel-scoped ');
      expect(res.json().code).toBe(otherHotel ? 'OTHER_HOTEL' : 'FORBIDDEN');
    }
  });
});

describe('the guard', () => {
  test('checks the role before reading the body: a visitor posting garbage gets 401, a user 403', async () => {
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { origin: ORIGIN },
      payload: { nonsense: true },
    });
    expect(visitor.statusCode).toBe(401);
    const user = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: cookies.user, origin: ORIGIN },
      payload: { nonsense: true },
    });
    expect(user.statusCode).toBe(403);
  });

  test('a hotel resolver that finds nothing answers 404 for admins', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/test/rooms/999',
      headers: { cookie: cookies.adminOfThisHotel, origin: ORIGIN },
    });
    expect(res.statusCode).toBe(404);
    const own = await t.app.inject({
      method: 'PUT',
      url: '/api/test/rooms/1',
      headers: { cookie: cookies.adminOfThisHotel, origin: ORIGIN },
    });
    expect(own.statusCode).toBe(200);
  });

  test('an admin without a hotel is refused on hotel-scoped routes', async () => {
    const superAdmin = { cookie: cookies.superAdmin, origin: ORIGIN };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: superAdmin,
      payload: { email: 'no.hotel@devstay.dev', password: 'secret-123' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().hotel).toBeNull();
    const cookie = await signIn(t.app, 'no.hotel@devstay.dev', 'secret-123');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/test/hotels/${hotelA}`,
      headers: { cookie, origin: ORIGIN },
    });
    expect(res.statusCode).toBe(403);
  });

  test('a forged or expired session cookie is no session', async () => {
    const headers = { cookie: 'devstay.session_token=forged.value' };
    const me = await t.app.inject({ url: '/api/me', headers });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toBeNull();
    expect((await t.app.inject({ url: '/api/users', headers })).statusCode).toBe(401);
  });
});

describe('CSRF: mutating calls carrying cookies must come from the site', () => {
  const put = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/users/${ids.user}`,
      headers: { cookie: cookies.user, ...headers },
      payload: { city: 'mendoza' },
    });

  test('another origin is refused', async () => {
    const res = await put({ origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'CROSS_SITE', message: 'Cross-site request refused' });
  });

  test('a null origin is refused', async () => {
    expect((await put({ origin: 'null' })).statusCode).toBe(403);
  });

  test('no Origin, no Referer and no x-requested-with is refused', async () => {
    expect((await put({})).statusCode).toBe(403);
  });

  test('a Referer from another site is refused, one from the site passes', async () => {
    expect((await put({ referer: 'https://evil.example/page' })).statusCode).toBe(403);
    expect((await put({ referer: `${ORIGIN}/profileusers/EditUser` })).statusCode).toBe(200);
  });

  test('the site origin passes, and so does x-requested-with from a non-browser client', async () => {
    expect((await put({ origin: ORIGIN })).statusCode).toBe(200);
    expect((await put({ 'x-requested-with': 'fetch' })).statusCode).toBe(200);
  });

  test('reads need no origin', async () => {
    const res = await t.app.inject({ url: '/api/me', headers: { cookie: cookies.user } });
    expect(res.statusCode).toBe(200);
  });
});
