import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { readyBody, sendReady } from '../lib/http.ts';
import { CATALOGUE_TTL_MS } from '../lib/read-cache.ts';
import { keptPart, splicedBody } from '../lib/spliced-body.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { hotelIds } from '../test/fixtures.ts';
import { KeptAnswers } from './kept-answers.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A GET over a real connection, with exactly the headers given (Host included) and, unless
 * they say otherwise, gzip accepted (as browsers do: a long text is kept only compressed).
 */
function get(
  base: string,
  url: string,
  headers: Record<string, string> = {},
  { setHost = true } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = { 'accept-encoding': 'gzip', ...headers };
    const req = httpRequest(base + url, { headers: sent, setHost }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** An answer's headers without those of one sending (the time, the connection, the request's id). */
function answerHeaders(answer: Answer) {
  const {
    date: _date,
    connection: _connection,
    'keep-alive': _keepAlive,
    'x-request-id': requestId,
    ...rest
  } = answer.headers;
  expect(requestId).toMatch(/^req-[0-9a-z]+$/);
  return rest;
}

const decode = (answer: Answer): string => {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'zstd') return zstdDecompressSync(answer.body).toString();
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString();
  if (encoding === 'gzip') return gunzipSync(answer.body).toString();
  return answer.body.toString();
};

describe('answers kept whole in front of the application', () => {
  let t: TestApp;
  let base: string;
  let kept: KeptAnswers;
  let hotelId: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    kept = t.app.keptAnswers;
    [hotelId] = (await hotelIds(t.db, 1)) as [number];
  });
  afterAll(() => t.close());

  test('a page of the hotel list goes out again exactly as the application sent it, in every encoding', async () => {
    const url = '/api/hotels?sort=name_asc&page=1&pageSize=8';
    for (const acceptEncoding of ['zstd, br, gzip', 'br, gzip', 'gzip', 'identity']) {
      const headers = { 'accept-encoding': acceptEncoding };
      const hits = kept.hits;
      // The application's answer (a forwarded name goes on to it, and is judged there).
      const fromApp = await get(base, url, { ...headers, 'x-forwarded-host': '127.0.0.1' });
      const again = await get(base, url, headers);
      // Its text is not kept (a page of cards is long enough to compress): the application
      // sends it, from the read cache.
      expect(kept.hits, acceptEncoding).toBe(acceptEncoding === 'identity' ? hits : hits + 1);
      expect(again.status).toBe(200);
      expect(answerHeaders(again), acceptEncoding).toEqual(answerHeaders(fromApp));
      expect(again.body.equals(fromApp.body), acceptEncoding).toBe(true);
      expect(JSON.parse(decode(again)).length).toBe(8);
    }
    // The security headers and the list's own are among them.
    const again = await get(base, url);
    expect(again.headers['content-security-policy']).toContain("default-src 'self'");
    expect(again.headers['x-total-count']).toMatch(/^\d+$/);
    expect(again.headers['cache-control']).toBe('public, no-cache');
    expect(again.headers.etag).toMatch(/^W\//);
  });

  test('an answer keeps each form it went out in: another is sent by the application once', async () => {
    const url = '/api/hotels?sort=rating_desc&page=2&pageSize=8';
    const zstd = await get(base, url, { 'accept-encoding': 'zstd' });
    expect(zstd.headers['content-encoding']).toBe('zstd');
    const [hits, misses] = [kept.hits, kept.misses];
    const brotli = await get(base, url, { 'accept-encoding': 'br' });
    expect([kept.hits, kept.misses]).toEqual([hits, misses + 1]);
    for (const [acceptEncoding, first] of [
      ['br', brotli],
      ['zstd', zstd],
    ] as const) {
      const again = await get(base, url, { 'accept-encoding': acceptEncoding });
      expect(again.headers['content-encoding']).toBe(acceptEncoding);
      expect(again.body.equals(first.body)).toBe(true);
      expect(decode(again)).toBe(decode(zstd));
    }
    expect([kept.hits, kept.misses]).toEqual([hits + 2, misses + 1]);
  });

  test('a host name the host check refuses gets 421 from the application, even for a kept address', async () => {
    const url = `/api/hotels/${hotelId}`;
    await get(base, url);
    const hits = kept.hits;
    expect((await get(base, url)).status).toBe(200);
    expect(kept.hits).toBe(hits + 1);
    for (const host of ['rebind.attacker.example:3000', 'localhost.attacker.example', 'none']) {
      const refused =
        host === 'none'
          ? await get(base, url, {}, { setHost: false })
          : await get(base, url, { host });
      expect(refused.status, host).toBe(host === 'none' ? 400 : 421);
      if (host !== 'none') {
        expect(JSON.parse(refused.body.toString()).code).toBe('MISDIRECTED_REQUEST');
      }
    }
    // A forwarded name is the application's to judge.
    const forwarded = await get(base, url, { 'x-forwarded-host': 'rebind.attacker.example' });
    expect(forwarded.status).toBe(200);
    expect(kept.hits).toBe(hits + 1);
  });

  test('a client that has the answer gets the 304 the application would send', async () => {
    const url = `/api/hotels/${hotelId}`;
    const first = await get(base, url);
    const etag = String(first.headers.etag);
    // The application's own 304 (a forwarded name goes on to it).
    const fromApp = await get(base, url, {
      'if-none-match': etag,
      'x-forwarded-host': '127.0.0.1',
    });
    const hits = kept.hits;
    const revalidated = await get(base, url, { 'if-none-match': etag });
    expect(kept.hits).toBe(hits + 1);
    expect(fromApp.status).toBe(304);
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(answerHeaders(revalidated)).toEqual(answerHeaders(fromApp));
    // No body, and no length: the 200's would be another (RFC 9110 §8.6).
    expect(revalidated.headers['content-length']).toBeUndefined();
    // Another ETag gets the answer.
    const changed = await get(base, url, { 'if-none-match': 'W/"older"' });
    expect(changed.status).toBe(200);
    expect(changed.body.equals(first.body)).toBe(true);
    expect(kept.hits).toBe(hits + 2);
  });

  test('an answer is kept by the parameters its route reads: invented ones share its entry', async () => {
    const url = '/api/hotels?sort=name_desc&page=1&pageSize=4';
    const first = await get(base, url, { 'accept-encoding': 'gzip' });
    const size = kept.size;
    const hits = kept.hits;
    const invented = [
      'utm_source=mail&sort=name_desc&page=1&pageSize=4',
      'pageSize=4&x&page=1&sort=name_desc',
      'sort=name_desc&fbclid=1&page=1&pageSize=4&y=',
    ];
    for (const query of invented) {
      const again = await get(base, `/api/hotels?${query}`, { 'accept-encoding': 'gzip' });
      expect(again.body.equals(first.body), query).toBe(true);
      expect(answerHeaders(again), query).toEqual(answerHeaders(first));
    }
    expect(kept.hits).toBe(hits + invented.length);
    expect(kept.size).toBe(size);
    // A parameter the route reads has an entry of its own, with its own answer.
    const other = await get(base, '/api/hotels?sort=name_desc&page=2&pageSize=4&x=1');
    expect(kept.size).toBe(size + 1);
    expect(other.headers.etag).not.toBe(first.headers.etag);
    // A name written escaped may be one the route reads: it goes to the application.
    const escaped = await get(base, '/api/hotels?sort=name_desc&page=1&pageSiz%65=4');
    expect(escaped.status).toBe(200);
    expect(kept.hits).toBe(hits + invented.length);
    expect(JSON.parse(decode(escaped))).toHaveLength(4);
    // A path spelled with escapes names a kept row another way: answered, never kept.
    const spelled = `/api/hotels/${[...String(hotelId)].map((d) => `%3${d}`).join('')}`;
    const before = kept.size;
    for (let i = 0; i < 2; i++) expect((await get(base, spelled)).status).toBe(200);
    expect(kept.size).toBe(before);
    expect(kept.hits).toBe(hits + invented.length);
  });

  test('a catalogue change drops the kept answers: the next visit reads the change', async () => {
    const url = `/api/hotels/${hotelId}`;
    await get(base, url);
    const name = `Renamed ${Date.now()}`;
    await t.db.execute(sql`update hotels set name = ${name} where id = ${hotelId}`);
    // Not told: the kept answer stands (the read cache's too).
    expect(JSON.parse(decode(await get(base, url))).name).not.toBe(name);
    await t.app.catalogue.invalidate({ hotel: hotelId });
    const hits = kept.hits;
    expect(JSON.parse(decode(await get(base, url))).name).toBe(name);
    expect(kept.hits).toBe(hits);
    // And is kept again (once the change's notice, which drops it once more, is in).
    await expect
      .poll(async () => {
        const before = kept.hits;
        expect(JSON.parse(decode(await get(base, url))).name).toBe(name);
        return kept.hits - before;
      })
      .toBe(1);
  });

  test('a search with a stay (it moves with bookings) and other methods always reach the application', async () => {
    const day = (offset: number) =>
      new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const url = `/api/hotels?checkIn=${day(30)}&checkOut=${day(32)}`;
    const hits = kept.hits;
    for (let i = 0; i < 3; i++) expect((await get(base, url)).status).toBe(200);
    const head = await new Promise<number>((resolve, reject) =>
      httpRequest(`${base}/api/hotels/${hotelId}`, { method: 'HEAD' }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on('error', reject)
        .end(),
    );
    expect(head).toBe(200);
    expect(kept.hits).toBe(hits);
  });
});

describe('what is kept, on an application of its own', () => {
  let app: FastifyInstance;
  let base: string;
  let kept: KeptAnswers;
  let calls = 0;
  let hold: Promise<void> | undefined;

  beforeAll(async () => {
    kept = new KeptAnswers(new Set());
    app = Fastify({ serverFactory: (handler, options) => kept.server(handler, options) });
    await app.register(kept.plugin);
    const query = { type: 'object', properties: { a: { type: 'string' } } } as const;
    app.get('/shared', { schema: { querystring: query } }, async (request, reply) => {
      calls += 1;
      await hold;
      return sendReady(request, reply, readyBody(`{"calls":${calls}}`), { shared: true });
    });
    app.get('/with-cookie', async (request, reply) => {
      calls += 1;
      reply.header('set-cookie', 'session=abc; HttpOnly');
      return sendReady(request, reply, readyBody('{}'), { shared: true });
    });
    app.get('/not-shared', async (request, reply) => {
      calls += 1;
      return sendReady(request, reply, readyBody('{}'));
    });
    app.get('/missing', async (request, reply) => {
      calls += 1;
      return sendReady(request, reply.code(404), readyBody('{}'), { shared: true });
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => app.close());

  const callsFor = async (url: string) => {
    const before = calls;
    await get(base, url);
    await get(base, url);
    return calls - before;
  };

  test('an answer the route calls shared is answered once by it, then from what was kept', async () => {
    expect(await callsFor('/shared?a=1')).toBe(1);
  });

  test('one that sets a cookie, is not shared or is no 200 is never kept', async () => {
    expect(await callsFor('/with-cookie')).toBe(2);
    expect(await callsFor('/not-shared')).toBe(2);
    expect(await callsFor('/missing')).toBe(2);
  });

  test('an answer worked out while the kept answers were dropped is not kept', async () => {
    let release = () => {};
    hold = new Promise((resolve) => {
      release = resolve;
    });
    const before = calls;
    const pending = get(base, '/shared?a=2');
    await new Promise((resolve) => setTimeout(resolve, 50));
    // A change arrives while the answer is being worked out from what was read before it.
    kept.clear();
    release();
    hold = undefined;
    await pending;
    await get(base, '/shared?a=2');
    expect(calls - before).toBe(2);
  });

  test('a page spliced from zipped parts goes out again as the application sent it', async () => {
    const own = new KeptAnswers(new Set());
    const pages = Fastify({ serverFactory: (handler, options) => own.server(handler, options) });
    await pages.register(own.plugin);
    const styles = keptPart(`<style>${'.card{margin:0}'.repeat(200)}</style>`);
    const page = splicedBody([
      '<!doctype html>',
      styles,
      `<main>${'<p>hotel</p>'.repeat(300)}</main>`,
    ]);
    pages.get('/home', (request, reply) =>
      sendReady(request, reply, page, { type: 'text/html; charset=utf-8', shared: true }),
    );
    await pages.listen({ host: '127.0.0.1', port: 0 });
    const at = `http://127.0.0.1:${(pages.server.address() as AddressInfo).port}`;
    try {
      const fromApp = await get(at, '/home', { 'accept-encoding': 'gzip' });
      expect(fromApp.headers['content-encoding']).toBe('gzip');
      for (const acceptEncoding of ['gzip', 'zstd, gzip', 'identity']) {
        const hits = own.hits;
        const again = await get(at, '/home', { 'accept-encoding': acceptEncoding });
        expect(own.hits, acceptEncoding).toBe(hits + 1);
        expect(decode(again)).toBe(page.body);
        if (acceptEncoding !== 'identity') expect(again.body.equals(fromApp.body)).toBe(true);
      }
    } finally {
      await pages.close();
    }
  });

  test('an answer lives as long as the read caches keep its body, and no longer', async () => {
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now);
    try {
      await get(base, '/shared?a=ttl');
      const before = calls;
      clock.mockReturnValue(now + CATALOGUE_TTL_MS - 1_000);
      await get(base, '/shared?a=ttl');
      expect(calls).toBe(before);
      clock.mockReturnValue(now + CATALOGUE_TTL_MS + 1_000);
      await get(base, '/shared?a=ttl');
      expect(calls).toBe(before + 1);
    } finally {
      clock.mockRestore();
    }
  });

  test("its server keeps Fastify's timeouts, the defaults and those asked for", async () => {
    expect(app.server.keepAliveTimeout).toBe(72_000);
    const own = new KeptAnswers(new Set());
    const timed = Fastify({
      keepAliveTimeout: 4_321,
      requestTimeout: 9_876,
      connectionTimeout: 12_345,
      maxRequestsPerSocket: 50,
      serverFactory: (handler, options) => own.server(handler, options),
    });
    expect(timed.server.keepAliveTimeout).toBe(4_321);
    expect(timed.server.requestTimeout).toBe(9_876);
    expect(timed.server.timeout).toBe(12_345);
    expect(timed.server.maxRequestsPerSocket).toBe(50);
    await timed.close();
  });

  test('an answer sent from here is logged as the application logs its requests', async () => {
    const lines: string[] = [];
    const own = new KeptAnswers(new Set());
    const logged = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
      serverFactory: (handler, options) => own.server(handler, options),
    });
    await logged.register(own.plugin);
    logged.get('/page', (request, reply) =>
      sendReady(request, reply, readyBody('{}'), { shared: true }),
    );
    await logged.listen({ host: '127.0.0.1', port: 0 });
    const at = `http://127.0.0.1:${(logged.server.address() as AddressInfo).port}`;
    await get(at, '/page');
    await get(at, '/page?x');
    await get(at, '/page?x');
    await logged.close();
    const kept = lines.map((line) => JSON.parse(line)).filter((l) => l.msg?.includes('kept'));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      level: 30,
      msg: 'request completed from a kept answer',
      req: { method: 'GET', url: '/page?x' },
      res: { statusCode: 200 },
    });
  });

  test('a closing server answers nothing more from what it kept', async () => {
    const own = new KeptAnswers(new Set());
    const closing = Fastify({ serverFactory: (handler, options) => own.server(handler, options) });
    await closing.register(own.plugin);
    closing.get('/page', (request, reply) =>
      sendReady(request, reply, readyBody('{}'), { shared: true }),
    );
    await closing.listen({ host: '127.0.0.1', port: 0 });
    const at = `http://127.0.0.1:${(closing.server.address() as AddressInfo).port}`;
    await get(at, '/page');
    expect(own.size).toBe(1);
    await closing.close();
    expect(own.size).toBe(0);
  });
});
