import { ID_TEXT, WHOLE_TEXT } from '@devstay/shared/row-id';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { DEMO, signIn, withSession } from '../test/auth.ts';
import { inDays } from '../test/booking-fixtures.ts';

/**
 * Every whole number in a path or a query string is read by one rule (shared row-id.ts:
 * `parseWhole`, and `parseRowId` for ids): decimal digits, no sign, no leading zero, one
 * spelling per number. The parameters come from the OpenAPI document, so a route added with a
 * number in its path or query is in this table without being listed here.
 */

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: { type?: string; pattern?: string; format?: string };
}
interface Document {
  paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
}

/** Spellings a loose reading (Number(), z.coerce) takes for a number; each names none here. */
const BAD_SPELLINGS = ['0x10', '1e1', '+18', '0b1', '%201', '017', '02', '1.0', '-1', '1%20'];

/** A good value for a required query parameter other than the one under test (`a`: a text). */
const NEEDED: Record<string, string> = { checkIn: inDays(30), checkOut: inDays(31) };

/** A value for a path parameter other than the one under test. */
const pathValue = (p: Parameter) => (p.schema?.format === 'uuid' ? crypto.randomUUID() : '17');

let t: TestApp;
let cookie: string;
let guestCookie: string;
const numbers: { route: string; method: string; url: (value: string) => string; name: string }[] =
  [];
const loose: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // The superAdmin may call every route: what answers is the number rule, not an access rule.
  cookie = await signIn(t.app, DEMO.superAdmin);
  // A guest's own routes (their reviews) are a guest's only.
  guestCookie = await signIn(t.app, DEMO.user);
  const doc = (await t.app.inject('/api/docs/json')).json<Document>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    // The identity library's own endpoints read no number of ours.
    if (path.startsWith('/api/auth/')) continue;
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      for (const p of params) {
        if (p.in !== 'path' && p.in !== 'query') continue;
        const route = `${method} ${path} ${p.in} ${p.name}`;
        if (p.schema?.type === 'number' || p.schema?.type === 'integer') loose.push(route);
        if (p.schema?.pattern !== WHOLE_TEXT.source && p.schema?.pattern !== ID_TEXT.source) {
          continue;
        }
        const otherPaths = params.filter((o) => o.in === 'path' && o !== p);
        // Another query parameter the route needs (a search text, a stay), so that this one answers.
        const needed = params
          .filter((o) => o.in === 'query' && o.required && o !== p)
          .map((o) => `&${o.name}=${NEEDED[o.name] ?? 'a'}`)
          .join('');
        numbers.push({
          route,
          method,
          name: p.name,
          url: (value) => {
            let url = path;
            for (const o of otherPaths) url = url.replace(`{${o.name}}`, pathValue(o));
            return p.in === 'path'
              ? url.replace(`{${p.name}}`, value)
              : `${url}?${p.name}=${value}${needed}`;
          },
        });
      }
    }
  }
});
afterAll(() => t.close());

test('no parameter is read as a number by a looser rule', () => {
  expect(loose).toEqual([]);
  // The ones the loose readings let through before, among the rest.
  const routes = numbers.map((n) => n.route);
  for (const route of [
    'get /api/events query page',
    'get /api/filtersHotels/location query pageSize',
    'get /api/booking query page',
    'get /api/booking/user/{uid} query pageSize',
    'get /api/content/hotels query limit',
    'get /api/dev/inbox query limit',
    'get /api/dev/inbox/{id}/attachments/{position} path position',
    'get /api/hotels query page',
    'get /api/hotels query guests',
  ]) {
    expect(routes).toContain(route);
  }
});

test('every whole number in a path or query is refused in every other spelling, naming it', async () => {
  for (const { route, method, url, name } of numbers) {
    for (const bad of BAD_SPELLINGS) {
      const as = (session: string) =>
        t.app.inject({
          method: method.toUpperCase() as 'GET',
          url: url(bad),
          headers: withSession(session),
        });
      let res = await as(cookie);
      if (res.statusCode === 403) res = await as(guestCookie);
      expect(res.statusCode, `${route} = ${bad}: ${res.body}`).toBe(400);
      expect(res.json(), `${route} = ${bad}`).toMatchObject({
        code: 'VALIDATION_FAILED',
        field: name,
      });
    }
  }
});
