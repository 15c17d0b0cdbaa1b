import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { compressedForms, encodedBody, type ReadyBody, readyBody, sendReady } from '../lib/http.ts';
import type { CacheUse } from '../lib/read-cache.ts';
import { SessionCache } from '../lib/session-cache.ts';
import { keptPart, splicedBody } from '../lib/spliced-body.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { KeptAnswers } from './kept-answers.ts';

/** JSON-like text of about `bytes`, a new one each time, that compresses as pages do. */
let made = 0;
function body(bytes: number): string {
  const words = randomBytes(Math.ceil(bytes / 2)).toString('base64');
  return `{"n":${++made},"text":"${words.replace(/(.{12})/g, '$1 hotel ').slice(0, bytes)}"}`;
}

const within = (name: string, use: CacheUse) => {
  expect(use.weight, name).toBeLessThanOrEqual(use.budget);
  expect(use.weight, name).toBeGreaterThan(0);
};

describe('every cache holds at most its budget in bytes, every copy counted', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  test('the catalogue caches, filled past their budgets, count their keys and bodies', () => {
    const { hotelPages, hotelDetails, hotelServices, renderedPages, hotelCounts } = t.app.catalogue;
    const fill = (
      cache: { budget: number; set(k: string, v: never, g: number): void; generation: number },
      value: () => unknown,
      each: number,
    ) => {
      for (let i = 0; i * each < cache.budget * 1.3; i++) {
        cache.set(`/key/${i}?${'x'.repeat(200)}`, value() as never, cache.generation);
      }
    };
    const page = 50_000;
    fill(
      hotelPages,
      () => ({ total: 1, totalIsLowerBound: false, page: readyBody(body(page)) }),
      page,
    );
    fill(hotelDetails, () => readyBody(body(page)), page);
    fill(hotelServices, () => readyBody(body(page)), page);
    fill(hotelCounts, () => 7, 400);
    for (const [name, cache] of Object.entries({ hotelPages, hotelDetails, hotelServices })) {
      within(name, cache);
      // At least the text of every body kept and its key: nothing held goes uncounted.
      expect(cache.weight, name).toBeGreaterThan(cache.size * (page + 200));
    }
    within('hotelCounts', hotelCounts);
    expect(hotelCounts.weight).toBeGreaterThan(hotelCounts.size * 200);

    // A rendered page holds its own parts zipped (the screen's styles are kept once).
    const styles = keptPart('.a{color:red}'.repeat(1000));
    const pages: ReadyBody[] = [];
    for (let i = 0; i * 20_000 < renderedPages.budget * 1.3; i++) {
      const rendered = splicedBody([`<head>${i}`, styles, body(40_000)]);
      pages.push(rendered);
      renderedPages.set(`/hotel/${i}`, rendered, renderedPages.generation);
    }
    within('renderedPages', renderedPages);
    const own = (pages.at(-1) as ReadyBody).weight;
    expect(own).toBeGreaterThan(20_000);
    expect(renderedPages.weight).toBeGreaterThan(renderedPages.size * own * 0.9);
  });

  test('compressed forms are counted, each in its own bytes, past the budget too', () => {
    const ready = readyBody(body(30_000));
    const before = compressedForms.weight;
    let forms = 0;
    for (const encoding of ['zstd', 'br', 'gzip']) {
      const { payload } = encodedBody(ready, encoding);
      expect(Buffer.isBuffer(payload)).toBe(true);
      const form = payload as Buffer;
      // Not a slice of zlib's output chunk: the buffer is its own, of its length.
      expect(form.buffer.byteLength, encoding).toBe(form.byteLength);
      forms += form.byteLength;
      // Sent again: the kept form, no new copy.
      expect(encodedBody(ready, encoding).payload).toBe(form);
    }
    expect(compressedForms.weight - before).toBeGreaterThan(forms);
    for (let added = 0; added < compressedForms.budget * 1.3; ) {
      added += (encodedBody(readyBody(body(200_000)), 'zstd').payload as Buffer).byteLength;
    }
    within('compressedForms', compressedForms);
  });

  test('kept sessions count their hashes and accounts', async () => {
    const sessions = new SessionCache<{ id: string; email: string }>({
      ttlMs: 60_000,
      max: 1_000_000,
      maxBytes: 100_000,
    });
    for (let i = 0; i < 1000; i++) {
      const token = `token-${i}`;
      await sessions.get(`${token}.signature`, async () => ({
        user: { id: `user-${i}`, email: `guest-${i}@example.com` },
        token,
        expiresAt: new Date(Date.now() + 3_600_000),
      }));
    }
    within('sessions', sessions);
    expect(sessions.weight).toBeGreaterThan(sessions.size * (64 + 64 + 40));
  });
});

describe('answers kept whole count their addresses, headers and bodies', () => {
  let app: FastifyInstance;
  let base: string;
  const kept = new KeptAnswers(new Set());
  const size = 200_000;

  beforeAll(async () => {
    app = Fastify({ serverFactory: (handler, options) => kept.server(handler, options) });
    await app.register(kept.plugin);
    const query = { type: 'object', properties: { n: { type: 'string' } } } as const;
    app.get('/big', { schema: { querystring: query } }, async (request, reply) =>
      sendReady(request, reply, readyBody(body(size)), { shared: true }),
    );
    const same = readyBody(body(size));
    app.get('/same', async (request, reply) => sendReady(request, reply, same, { shared: true }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => app.close());

  const sent = async (url: string, acceptEncoding: string) => {
    const response = await fetch(`${base}${url}`, {
      headers: { 'accept-encoding': acceptEncoding },
    });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    // What went out (fetch decodes the body).
    return Number(response.headers.get('content-length'));
  };

  test('filled past the budget, they hold at most it', async () => {
    const { answers, params } = kept.caches;
    let sentBytes = 0;
    let smallest = Number.POSITIVE_INFINITY;
    for (let n = 0; sentBytes < answers.budget * 1.3; n++) {
      // Kept in the form it went out in.
      const bytes = await sent(`/big?n=${n}&utm_source=${n}`, 'zstd');
      sentBytes += bytes;
      smallest = Math.min(smallest, bytes);
    }
    within('keptAnswers', answers);
    within('keptParams', params);
    expect(answers.weight).toBeGreaterThan(answers.size * smallest);
    expect(params.size).toBe(1);
  });

  test('each form an answer went out in is counted', async () => {
    const { answers } = kept.caches;
    kept.clear();
    const zstd = await sent('/same', 'zstd');
    const once = answers.weight;
    expect(once).toBeGreaterThan(zstd);
    // Its Brotli form besides, when a client asked for that: the same answer, both counted.
    const brotli = await sent('/same', 'br');
    expect(answers.size).toBe(1);
    expect(answers.weight - once).toBeGreaterThanOrEqual(brotli);
  });
});
