import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { DEMO, ORIGIN, signIn } from '../test/auth.ts';

/**
 * Every route of the OpenAPI document, fed the catalogue of hostile input as a visitor and as
 * the superAdmin (who passes every role check, so the input reaches validation and the
 * database): never a 5xx, and a 400 always says which field.
 */

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: {
    content?: Record<string, { schema?: { properties?: Record<string, unknown> } }>;
  };
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

const MEGABYTE_TEXT = 'x'.repeat(1024 * 1024);

/** What a fuzzer, a careless client or an attacker sends. */
const BAD_VALUES: unknown[] = [
  'a\u0000b',
  '\u0000',
  MEGABYTE_TEXT,
  '🚀🏨\u200b\u200d\u2060\ufeff',
  '\u202etxt.exe',
  '0000-01-01',
  '9999-12-31',
  '2026-02-30',
  -1,
  1.5,
  '-1',
  '0.5',
  '1e309',
  'NaN',
  2 ** 53,
  '',
  null,
  [],
  { nested: '\u0000' },
  true,
];

/** Calls that end the caller's own session: run as a visitor only. */
const ENDS_SESSION = /sign-out|revoke|delete-user/;

let t: TestApp;
let staff: string;
let operations: { method: string; path: string; op: Operation }[];

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: 'false' });
  staff = await signIn(t.app, DEMO.superAdmin);
  const doc = (await t.app.inject('/api/docs/json')).json<OpenApi>();
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
});
afterAll(() => t.close());

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The requests of one operation: every field at once, then each field alone, per bad value. */
function* requestsOf(path: string, op: Operation) {
  const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
  const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  const bodyFields = Object.keys(
    op.requestBody?.content?.['application/json']?.schema?.properties ?? {},
  );
  const fields = [...queryParams.map((q) => `query:${q}`), ...bodyFields.map((b) => `body:${b}`)];
  for (const value of BAD_VALUES) {
    const url = (only?: string) => {
      let filled = path;
      for (const p of pathParams) {
        filled = filled.replace(`{${p}}`, encodeURIComponent(asText(value).slice(0, 2000)));
      }
      const query = new URLSearchParams();
      for (const q of queryParams) {
        if (!only || only === `query:${q}`) query.set(q, asText(value));
      }
      const search = query.toString();
      return search ? `${filled}?${search}` : filled;
    };
    const body = (only?: string) =>
      Object.fromEntries(
        bodyFields.filter((b) => !only || only === `body:${b}`).map((b) => [b, value]),
      );
    yield { url: url(), body: body() };
    for (const field of fields) yield { url: url(field), body: body(field) };
  }
}

test('no route answers 5xx to hostile input, and every 400 names its field', async () => {
  let requests = 0;
  const failures: string[] = [];
  for (const { method, path, op } of operations) {
    for (const actor of ['visitor', 'staff'] as const) {
      if (actor === 'staff' && ENDS_SESSION.test(path)) continue;
      for (const request of requestsOf(path, op)) {
        const withBody = method !== 'GET' && method !== 'DELETE';
        const res = await t.app.inject({
          method: method as 'GET',
          url: request.url,
          headers: {
            origin: ORIGIN,
            ...(actor === 'staff' ? { cookie: staff } : {}),
            ...(withBody ? { 'content-type': 'application/json' } : {}),
          },
          ...(withBody ? { payload: JSON.stringify(request.body) } : {}),
        });
        requests += 1;
        const where = `${method} ${request.url.slice(0, 120)} as ${actor}`;
        if (res.statusCode >= 500) failures.push(`${where} → ${res.statusCode} ${res.body}`);
        if (res.statusCode === 400) {
          const reply = res.json<{ field?: unknown; message?: unknown }>();
          if (typeof reply.message !== 'string' || !reply.message) {
            failures.push(`${where} → 400 without a message: ${res.body.slice(0, 200)}`);
          }
          // Our routes name the field; the identity library's own checks name it where they can.
          if (!path.startsWith('/api/auth/') && typeof reply.field !== 'string') {
            failures.push(`${where} → 400 naming no field: ${res.body.slice(0, 200)}`);
          }
        }
      }
    }
  }
  console.info(`bad input: ${requests} requests over ${operations.length} routes`);
  expect(operations.length).toBeGreaterThan(40);
  expect(failures.slice(0, 20)).toEqual([]);
}, 600_000);

test('NUL in a search, a location, a profile or a display name is a 400 naming the field', async () => {
  const cases: [string, string, Record<string, unknown> | undefined, string][] = [
    ['GET', '/api/hotels?name=a%00b', undefined, 'name'],
    ['GET', '/api/locations?name=%00', undefined, 'name'],
    ['GET', '/api/locations/city?name=%00', undefined, 'name'],
    ['GET', '/api/filtersHotels/location?filter=%00', undefined, 'filter'],
    ['GET', '/api/events?from=0000-01-01', undefined, 'from'],
    ['POST', '/api/offers', { email: 'a\u0000@b.co' }, 'email'],
  ];
  for (const [method, url, payload, field] of cases) {
    const res = await t.app.inject({ method: method as 'GET', url, payload });
    expect(res.statusCode, `${method} ${url}`).toBe(400);
    expect(res.json().field, `${method} ${url}`).toBe(field);
  }
  const me = (await t.app.inject({ url: '/api/me', headers: { cookie: staff } })).json();
  for (const [payload, field] of [
    [{ city: 'a\u0000b' }, 'city'],
    [{ name: '\u0000' }, 'name'],
    [{ dateOfBirth: '0000-01-01' }, 'dateOfBirth'],
    [{ photoURL: '//evil.example/x.png' }, 'photoURL'],
    [{ photoURL: 'javascript:alert(1)' }, 'photoURL'],
  ] as const) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${me.id}`,
      headers: { cookie: staff, origin: ORIGIN },
      payload,
    });
    expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    expect(res.json().field).toBe(field);
  }
});
