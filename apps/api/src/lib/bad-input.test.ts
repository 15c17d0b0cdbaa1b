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
  // Beyond the database's 32-bit ids: one past, far past, below.
  2_147_483_648,
  '2147483648',
  2 ** 63,
  -2_147_483_649,
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

/** Whole JSON bodies no route takes: nothing, a bare value, and nesting thousands deep. */
const BAD_BODIES: [string, string][] = [
  ['null', 'null'],
  ['a string', '"x"'],
  ['a number', '2147483648'],
  ['an empty array', '[]'],
  ['arrays 8,000 deep', `${'['.repeat(8000)}${']'.repeat(8000)}`],
  ['objects 20,000 deep', `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`],
  ['a field 10,000 deep', `{"id":${'['.repeat(10_000)}${']'.repeat(10_000)}}`],
];

test('no JSON route answers 5xx to a null, bare or deeply nested body; nesting is a 400 saying so', async () => {
  let requests = 0;
  const failures: string[] = [];
  for (const { method, path } of operations) {
    if (method === 'GET' || method === 'DELETE') continue;
    for (const actor of ['visitor', 'staff'] as const) {
      if (actor === 'staff' && ENDS_SESSION.test(path)) continue;
      const url = path.replace(/\{[^}]+\}/g, '1');
      for (const [what, payload] of BAD_BODIES) {
        const res = await t.app.inject({
          method: method as 'POST',
          url,
          headers: {
            origin: ORIGIN,
            'content-type': 'application/json',
            ...(actor === 'staff' ? { cookie: staff } : {}),
          },
          payload,
        });
        requests += 1;
        const where = `${method} ${url} with ${what} as ${actor}`;
        if (res.statusCode >= 500) failures.push(`${where} → ${res.statusCode} ${res.body}`);
        // Past the guard (a visitor may be refused first), nesting is named as the problem;
        // webhooks refuse an unsigned body before reading it.
        const named = /nested too deeply/.test(res.body) || /\/webhook$/.test(path);
        if (what.includes('deep') && res.statusCode === 400 && !named) {
          failures.push(`${where} → 400 not naming the nesting: ${res.body.slice(0, 200)}`);
        }
      }
    }
  }
  console.info(`bad bodies: ${requests} requests`);
  expect(failures.slice(0, 20)).toEqual([]);
}, 600_000);

test("ids beyond the database's integer range are a 400 naming the field, not a 500", async () => {
  const line = { checkIn: '2030-01-01', checkOut: '2030-01-02', cartQuantity: 1 };
  const quote = await t.app.inject({
    method: 'POST',
    url: '/api/cart/quote',
    headers: { origin: ORIGIN },
    payload: { cartRoom: [{ ...line, id: 2_147_483_648 }] },
  });
  expect(quote.statusCode, quote.body).toBe(400);
  expect(quote.json().field).toBe('cartRoom.0.id');

  const user = await signIn(t.app, DEMO.user);
  const checkout = await t.app.inject({
    method: 'POST',
    url: '/api/booking',
    headers: { cookie: user, origin: ORIGIN, 'idempotency-key': 'bad-input-huge-id' },
    payload: { cartRoom: [{ ...line, id: 2_147_483_648 }] },
  });
  expect(checkout.statusCode, checkout.body).toBe(400);
  expect(checkout.json().field).toBe('cartRoom.0.id');

  const created = await t.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: { cookie: staff, origin: ORIGIN },
    payload: { email: 'huge.hotel@example.dev', password: 'secret-123', idHotel: 2_147_483_648 },
  });
  expect(created.statusCode, created.body).toBe(400);
  expect(created.json().field).toBe('idHotel');

  const me = (await t.app.inject({ url: '/api/me', headers: { cookie: staff } })).json();
  const moved = await t.app.inject({
    method: 'PUT',
    url: `/api/users/${me.id}`,
    headers: { cookie: staff, origin: ORIGIN },
    payload: { idHotel: 2_147_483_648 },
  });
  expect(moved.statusCode, moved.body).toBe(400);
  expect(moved.json().field).toBe('idHotel');
});

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
