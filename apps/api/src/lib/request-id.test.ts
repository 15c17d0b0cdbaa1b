import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, createTestDatabase, type TestApp } from '../test/app.ts';
import { PROCESS_ORIGIN, type ServerProcess, startServerProcess } from '../test/server-process.ts';

/**
 * A real server process logging at info (JSON lines), behind a load balancer on this machine:
 * TRUST_PROXY believes 127.0.0.1, where these requests come from.
 */
let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess(await createTestDatabase(), { TRUST_PROXY: '127.0.0.1' });
}, 120_000);
afterAll(() => server?.stop());

const host = new URL(PROCESS_ORIGIN).host;
const get = (path: string, requestId?: string) =>
  fetch(`${server.base}${path}`, {
    headers: { host, ...(requestId === undefined ? {} : { 'x-request-id': requestId }) },
  });

/** The log lines (parsed) that mention `reqId`, once the process has written them. */
async function linesOf(reqId: string, atLeast: number): Promise<Record<string, unknown>[]> {
  const read = () =>
    server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.reqId === reqId);
  await expect.poll(() => read().length, { timeout: 5_000 }).toBeGreaterThanOrEqual(atLeast);
  return read();
}

/** Lines about a request (they name its method and address, or its answer). */
const aboutRequest = (url: string) => (line: string) => line.includes(`"url":"${url}"`);

// A route logged at info (the balancer's health checks are logged only from warn): who is signed in.
const LOGGED = '/api/me';

test("the load balancer's request id is echoed and on every log line of the request", async () => {
  const id = 'lb-7f3a9c21:abc_DEF.42';
  const res = await get(`${LOGGED}?probe=1`, id);
  expect(res.status).toBe(200);
  expect(res.headers.get('x-request-id')).toBe(id);
  const lines = await linesOf(id, 2);
  expect(lines.map((l) => l.msg)).toEqual(
    expect.arrayContaining(['incoming request', 'request completed']),
  );
  // No line about this request without the id.
  const about = server
    .output()
    .split('\n')
    .filter(aboutRequest(`${LOGGED}?probe=1`));
  expect(about.length).toBeGreaterThan(0);
  for (const line of about) expect(line).toContain(`"reqId":"${id}"`);
});

test('an answer kept in front of the routing echoes and logs the id too', async () => {
  const path = '/api/hotels?page=1&pageSize=3';
  await get(path, 'warm-1');
  const res = await get(path, 'kept-2');
  expect(res.status).toBe(200);
  expect(res.headers.get('x-request-id')).toBe('kept-2');
  const [line] = await linesOf('kept-2', 1);
  expect(line?.msg).toBe('request completed from a kept answer');
  // The id of the request that filled it is not kept with the answer.
  expect((await get(path)).headers.get('x-request-id')).not.toBe('warm-1');
});

test('an id that is missing or not well-formed is replaced by one of our own', async () => {
  const ours = /^req-[0-9a-z]+$/;
  const missing = (await get(LOGGED)).headers.get('x-request-id');
  expect(missing).toMatch(ours);
  for (const bad of ['x'.repeat(65), 'has space', 'quote"d', '{"json":1}', 'semi;colon']) {
    const res = await get(LOGGED, bad);
    const echoed = res.headers.get('x-request-id') ?? '';
    expect(echoed, bad).toMatch(ours);
    await linesOf(echoed, 2);
    expect(server.output()).not.toContain(bad);
  }
  const longest = 'a'.repeat(64);
  expect((await get(LOGGED, longest)).headers.get('x-request-id')).toBe(longest);
});

describe('from a client no proxy setting believes', () => {
  const ours = /^req-[0-9a-z]+$/;
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    // Real HTTP, so that answers kept in front of the routing are asked too.
    t = await createTestApp({ LOG_LEVEL: 'silent' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t?.close());

  const idOf = async (path: string, requestId: string) =>
    (await fetch(`${base}${path}`, { headers: { 'x-request-id': requestId } })).headers.get(
      'x-request-id',
    );

  test('its X-Request-Id is never taken, not even an id the server made', async () => {
    const made = await idOf(LOGGED, 'chosen-by-client');
    expect(made).toMatch(ours);
    expect(await idOf(LOGGED, made ?? '')).not.toBe(made);
    const list = '/api/hotels?page=1&pageSize=2';
    await idOf(list, 'warm');
    // Answered from what was kept, before the routing: the same rule.
    expect(await idOf(list, 'chosen-by-client')).toMatch(ours);
  });

  test('TRUST_PROXY decides which peers are proxies, as for X-Forwarded-For', async () => {
    const trusting = await createTestApp({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7' });
    try {
      const idFrom = async (remoteAddress: string, requestId: string) =>
        (
          await trusting.app.inject({
            url: LOGGED,
            remoteAddress,
            headers: { 'x-request-id': requestId },
          })
        ).headers['x-request-id'];
      expect(await idFrom('10.1.2.3', 'lb-1')).toBe('lb-1');
      expect(await idFrom('192.0.2.7', 'lb-2')).toBe('lb-2');
      expect(await idFrom('203.0.113.5', 'lb-3')).toMatch(ours);
      // Even from the proxy, only a well-formed id.
      expect(await idFrom('10.1.2.3', 'has space')).toMatch(ours);
      expect(await idFrom('10.1.2.3', 'x'.repeat(65))).toMatch(ours);
    } finally {
      await trusting.close();
    }
  });
});
