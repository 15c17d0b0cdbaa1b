import { ID_TEXT } from '@devstay/shared/row-id';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { reviews } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { DEMO, signIn, withSession } from '../test/auth.ts';

/**
 * Every id in a path is read by one rule (shared row-id.ts): decimal digits, 1 to 2147483647,
 * one spelling per row. The routes come from the OpenAPI document, so a route added with an id
 * in its path is in this table without being listed here.
 */

interface Parameter {
  name: string;
  in: string;
  schema?: { type?: string; pattern?: string; format?: string };
}
interface Document {
  paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
}

/**
 * Path parameters that name no row: accounts (text ids), the identity service's provider and
 * token, a file's place among its e-mail's (the development inbox), and bookings (uuids, told
 * by their format).
 */
const ACCOUNT_PARAMS = new Set([
  'get /api/auth/callback/{id}',
  'post /api/auth/callback/{id}',
  'get /api/auth/reset-password/{token}',
  'get /api/users/{id}',
  'put /api/users/{id}',
  'delete /api/users/{id}',
  'get /api/booking/user/{uid}',
  'get /api/trips/user/{uid}',
  'get /api/favorites/{uid}',
  'get /api/favorites/list/{uid}',
  'get /api/waitlist/user/{uid}',
  'get /api/dev/inbox/{id}/attachments/{position}',
]);

/**
 * Spellings that convert to a number but are not the row's one spelling (JavaScript's Number()
 * reads the first seven, `%20` being a space), out-of-range and not-a-number ones. `017`: a
 * leading zero is refused too, so that each row keeps one address.
 */
const BAD_SPELLINGS = [
  '0x10',
  '1e1',
  '0b101',
  '0o7',
  '%2017',
  '17.0',
  '+18',
  '017',
  '17%20',
  '%0917',
  '0',
  '-1',
  '2147483648',
  '99999999999',
  '1_0',
  '17n',
  'Infinity',
  'abc',
  '%D9%A1%D9%A7',
];

/** A row of the demo data for each route, and what the route answers it. */
const GOOD: Record<string, { id: number; status: number }> = {
  'get /api/hotels/{id}': { id: 17, status: 200 },
  'get /api/hotels/{id}/dashboard': { id: 1, status: 200 },
  // Without its stay: the id passes, the missing dates do not.
  'get /api/hotels/{id}/stay': { id: 17, status: 400 },
  'get /api/rooms/{id}': { id: 17, status: 200 },
  'get /api/rooms/allRooms/{id}': { id: 17, status: 200 },
  // Without its from and to: the id passes, the missing dates do not.
  'get /api/rooms/{id}/prices': { id: 17, status: 400 },
  'get /api/rooms/{id}/rates': { id: 17, status: 200 },
  'post /api/rooms/{id}/rates': { id: 17, status: 400 },
  'put /api/rates/{id}': { id: 1, status: 400 },
  'delete /api/rates/{id}': { id: 1, status: 400 },
  'get /api/serviceRooms/{id}': { id: 1, status: 200 },
  'get /api/serviceHotels/{id}': { id: 1, status: 200 },
  'get /api/serviceHotels/hotel/{id}': { id: 17, status: 200 },
  'get /api/events/{id}': { id: 1, status: 200 },
  'get /api/events/hotel/{idHotel}': { id: 17, status: 200 },
  'get /api/content/hotels/{id}': { id: 17, status: 200 },
  'get /api/calendar/event/{id}.ics': { id: 1, status: 200 },
  'delete /api/reviews/{id}': { id: 16, status: 204 },
  // Without its key: the id passes, the feed answers 404 as for any wrong key.
  'get /api/rooms/{id}/availability.ics': { id: 17, status: 404 },
  'post /api/rooms/{id}/export-key': { id: 17, status: 200 },
  'get /api/rooms/{id}/feeds': { id: 17, status: 200 },
  'post /api/rooms/{id}/feeds': { id: 17, status: 400 },
  'patch /api/feeds/{id}': { id: 1, status: 400 },
  'delete /api/feeds/{id}': { id: 1, status: 404 },
  'post /api/feeds/{id}/sync': { id: 1, status: 404 },
  'get /api/rooms/{id}/conflicts': { id: 17, status: 200 },
  'get /api/rooms/{id}/blocks': { id: 17, status: 200 },
  'post /api/rooms/{id}/blocks': { id: 17, status: 400 },
  'delete /api/blocks/{id}': { id: 1, status: 404 },
  // No entry in the demo data: the id passes, the row is not found.
  'delete /api/waitlist/{id}': { id: 1, status: 404 },
};

let t: TestApp;
let cookie: string;
let routes: { route: string; method: string; path: string; param: string }[];
let others: string[];

beforeAll(async () => {
  t = await createTestApp();
  // The superAdmin may call every route: what answers is the id rule, not an access rule.
  cookie = await signIn(t.app, DEMO.superAdmin);
  const doc = (await t.app.inject('/api/docs/json')).json<Document>();
  routes = [];
  others = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      for (const p of op.parameters ?? []) {
        if (p.in !== 'path') continue;
        if (p.schema?.pattern === ID_TEXT.source) {
          routes.push({ route: `${method} ${path}`, method, path, param: p.name });
        } else if (p.schema?.format !== 'uuid' && !ACCOUNT_PARAMS.has(`${method} ${path}`)) {
          others.push(`${method} ${path}`);
        }
      }
    }
  }
});
afterAll(() => t.close());

test('every path parameter is a row id, a booking id or an account id', () => {
  expect(others).toEqual([]);
  expect(routes.map((r) => r.route).sort()).toEqual(Object.keys(GOOD).sort());
});

describe('an id in a path', () => {
  test('is refused, naming the field, in every other spelling, by every route', async () => {
    for (const { route, method, path, param } of routes) {
      for (const bad of BAD_SPELLINGS) {
        const res = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url: path.replace(`{${param}}`, bad),
          headers: withSession(cookie),
        });
        expect(res.statusCode, `${route} with ${bad}: ${res.body}`).toBe(400);
        expect(res.json(), `${route} with ${bad}`).toMatchObject({
          code: 'VALIDATION_FAILED',
          field: param,
        });
      }
    }
    // `DELETE /api/reviews/0x10` removed review 16 when ids were read as numbers.
    expect(await t.db.select().from(reviews).where(eq(reviews.id, 16))).toHaveLength(1);
  });

  test('is read in its one spelling as before', async () => {
    for (const { route, method, path, param } of routes) {
      const good = GOOD[route];
      if (!good) throw new Error(`${route}: no row to read`);
      const res = await t.app.inject({
        method: method.toUpperCase() as 'GET',
        url: path.replace(`{${param}}`, String(good.id)),
        headers: withSession(cookie),
      });
      expect(res.statusCode, `${route}: ${res.body}`).toBe(good.status);
    }
    expect(await t.db.select().from(reviews).where(eq(reviews.id, 16))).toHaveLength(0);
  });

  test('up to the largest row id reaches the route, which says whether the row exists', async () => {
    const res = await t.app.inject('/api/hotels/2147483647');
    expect(res.statusCode).toBe(404);
  });
});
