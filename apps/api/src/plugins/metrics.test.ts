import { randomUUID } from 'node:crypto';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDb } from '../db/client.ts';
import { freePort } from '../lib/free-port.ts';
import { enqueueMail } from '../modules/mail/outbox.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { signUp } from '../test/auth.ts';
import {
  inDays,
  payByCard,
  placeHold,
  roomWithStock,
  TEST_CARD,
} from '../test/booking-fixtures.ts';

let t: TestApp;
let guest: string;
beforeAll(async () => {
  // No mail worker: the outbox's depth is read as written.
  t = await createTestApp({ METRICS_PORT: '0' }, { workers: false });
  guest = (await signUp(t.app, `metrics.${randomUUID()}@devstay.dev`)).cookie;
});
afterAll(() => t.close());

async function scrape(path = '/metrics'): Promise<{ status: number; text: string }> {
  const address = t.app.metrics.address();
  if (!address) throw new Error('metrics not served');
  const res = await fetch(`http://127.0.0.1:${address.port}${path}`);
  return { status: res.status, text: await res.text() };
}

/** The samples of one metric family: `name{labels}` → value. */
function samples(text: string, family: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line.startsWith(family) || line.startsWith('#')) continue;
    const cut = line.lastIndexOf(' ');
    found.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return found;
}

const value = (text: string, sample: string) => samples(text, sample).get(sample) ?? 0;

describe('metrics', () => {
  test('served on their own port, on loopback, and not by the public site', async () => {
    const address = t.app.metrics.address();
    expect(address?.address).toBe('127.0.0.1');
    expect(address?.port).not.toBe(0);
    const site = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(site.statusCode).toBe(404);
    expect(site.body).not.toContain('devstay_');
    expect((await scrape('/other')).status).toBe(404);
    const { status, text } = await scrape();
    expect(status).toBe(200);
    for (const family of [
      'devstay_http_request_duration_seconds',
      'devstay_db_pool_connections',
      'devstay_cache_hits_total',
      'devstay_cache_misses_total',
      'devstay_outbox_depth',
      'devstay_outbox_oldest_age_seconds',
      'devstay_holds_total',
      'devstay_payments_total',
      'devstay_bookings_total',
      'devstay_refunds_refused',
      'process_resident_memory_bytes',
    ]) {
      expect(text, family).toContain(`# TYPE ${family} `);
    }
    // No replica: no lag reported.
    expect(text).not.toContain('devstay_replica_lag');
  });

  test('a booking and its payment move the counters, and each request is counted by route', async () => {
    const before = (await scrape()).text;
    const { room } = await roomWithStock(t.db, 2, 10_000);
    const held = await placeHold(t.app, guest, [
      { id: room.id, checkIn: inDays(2), checkOut: inDays(4), cartQuantity: 1 },
    ]);
    const paid = await payByCard(t.app, guest, held.id, TEST_CARD);
    expect(paid.statusCode, paid.body).toBe(200);
    const after = (await scrape()).text;
    const moved = (sample: string) => value(after, sample) - value(before, sample);
    expect(moved('devstay_holds_total{outcome="held"}')).toBe(1);
    expect(moved('devstay_payments_total{outcome="confirmed"}')).toBe(1);
    expect(moved('devstay_bookings_total{outcome="confirmed"}')).toBe(1);
    expect(
      moved(
        'devstay_http_request_duration_seconds_count{method="POST",route="/api/booking",status="201"}',
      ),
    ).toBe(1);
    expect(
      moved(
        'devstay_http_request_duration_seconds_count{method="POST",route="/api/payments/card",status="200"}',
      ),
    ).toBe(1);
    // The receipt waits in the outbox (no worker here).
    expect(value(after, 'devstay_outbox_depth')).toBeGreaterThanOrEqual(1);
  });

  test('the outbox gauges read its depth and its oldest waiting message', async () => {
    await enqueueMail(t.db, { to: 'depth@example.dev', subject: 's', text: 't', html: '<p>h</p>' });
    const before = value((await scrape()).text, 'devstay_outbox_depth');
    await enqueueMail(t.db, { to: 'depth@example.dev', subject: 's', text: 't', html: '<p>h</p>' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { text } = await scrape();
    expect(value(text, 'devstay_outbox_depth')).toBe(before + 1);
    expect(value(text, 'devstay_outbox_oldest_age_seconds')).toBeGreaterThan(0);
  });

  test('invented addresses add no series: routes are counted by their pattern', async () => {
    await t.app.inject({ method: 'GET', url: '/api/hotels/1' });
    await t.app.inject({ method: 'GET', url: '/nowhere/0' });
    const before = samples((await scrape()).text, 'devstay_http_request_duration_seconds_count');
    for (let i = 0; i < 100; i++) {
      await t.app.inject({ method: 'GET', url: `/api/hotels/${1000000 + i}?utm=${randomUUID()}` });
      await t.app.inject({ method: 'GET', url: `/nowhere/${randomUUID()}` });
    }
    const { text } = await scrape();
    const after = samples(text, 'devstay_http_request_duration_seconds_count');
    expect([...after.keys()].filter((k) => !before.has(k)).length).toBeLessThanOrEqual(2);
    expect(text).not.toContain('/nowhere/');
    expect(text).not.toContain('utm=');
    expect(text).toContain('route="/api/hotels/:id"');
    expect(text).toContain('route="unmatched"');
  });

  test('caches report their hits and misses', async () => {
    const before = (await scrape()).text;
    await t.app.inject({ method: 'GET', url: '/api/hotels/1' });
    await t.app.inject({ method: 'GET', url: '/api/hotels/1' });
    const after = (await scrape()).text;
    const hits = 'devstay_cache_hits_total{cache="hotel_details"}';
    expect(value(after, hits)).toBeGreaterThan(value(before, hits));
    expect(after).toContain('devstay_cache_misses_total{cache="sessions"}');
    expect(value(after, 'devstay_database_gauges_up{database="primary"}')).toBe(1);
  });
});

test("each finished run of the process's hold sweeper is stamped", async () => {
  const swept = await createTestApp({ METRICS_PORT: '0', BOOKING_SWEEP_MS: '20' });
  try {
    const address = swept.app.metrics.address();
    const sample = 'devstay_hold_sweep_last_success_timestamp_seconds';
    const stamped = async () => {
      const res = await fetch(`http://127.0.0.1:${address?.port}/metrics`);
      return value(await res.text(), sample);
    };
    const first = await poll(stamped, (v) => v > 0);
    expect(first).toBeLessThanOrEqual(Date.now() / 1000);
    // Runs go on: the stamp moves.
    await poll(stamped, (v) => v > first);
  } finally {
    await swept.close();
  }
});

/** Calls `read` until `done` holds for its answer; that answer. */
async function poll<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  const until = Date.now() + 20_000;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    expect(Date.now(), 'condition not met in 20 s').toBeLessThan(until);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a scrape while the database is away', () => {
  /** The application on `databaseUrl`, its metrics served; stopped after `use`. */
  async function withApp(
    databaseUrl: string,
    use: (scrape: () => Promise<{ status: number; text: string }>) => Promise<void>,
  ) {
    const db = createDb(databaseUrl, 2);
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: databaseUrl,
        UPLOADS_DIR: inject('uploadsDir'),
        WEB_DIST_DIR: '/nonexistent',
        METRICS_PORT: '0',
      }),
      db,
      workers: false,
    });
    const scrapeOf = async () => {
      await app.inject({ method: 'GET', url: '/api/health' });
      const res = await fetch(`http://127.0.0.1:${app.metrics.address()?.port}/metrics`);
      return { status: res.status, text: await res.text() };
    };
    try {
      await app.ready();
      await use(scrapeOf);
    } finally {
      await app.close();
      await db.$client.end().catch(() => {});
    }
  }

  /** The process's own metrics are there; the database's gauges are left out, and say so. */
  function expectProcessMetricsOnly({ status, text }: { status: number; text: string }) {
    expect(status).toBe(200);
    expect(value(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(
      value(
        text,
        'devstay_http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toContain('devstay_db_pool_connections{state="total"}');
    expect(value(text, 'devstay_database_gauges_up{database="primary"}')).toBe(0);
    expect(samples(text, 'devstay_outbox_depth').size).toBe(0);
    expect(samples(text, 'devstay_refunds_refused').size).toBe(0);
  }

  test('a database that refuses connections: 200 with the process metrics', async () => {
    const closed = `postgres://devstay@127.0.0.1:${await freePort()}/devstay`;
    await withApp(closed, async (scrapeNow) => expectProcessMetricsOnly(await scrapeNow()));
  });

  test('a database cut off under a running process (its connections go silent): 200 once the gauges time out', async () => {
    // The test database behind a relay this test can cut, as a partition cuts a network.
    const upstream = new URL(t.databaseUrl);
    let cut = false;
    const pairs: Socket[] = [];
    const relay = createServer((client) => {
      pairs.push(client);
      if (cut) return;
      const server = connect(Number(upstream.port), upstream.hostname);
      pairs.push(server);
      client.pipe(server);
      server.pipe(client);
      for (const socket of [client, server]) socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const { port } = relay.address() as AddressInfo;
    const through = new URL(t.databaseUrl);
    through.port = String(port);
    try {
      await withApp(through.toString(), async (scrapeNow) => {
        const before = await scrapeNow();
        expect(before.status).toBe(200);
        expect(value(before.text, 'devstay_database_gauges_up{database="primary"}')).toBe(1);
        expect(samples(before.text, 'devstay_outbox_depth').size).toBe(1);
        // Nothing goes through any more, and new connections are taken and left unanswered.
        cut = true;
        for (const socket of pairs) {
          socket.unpipe();
          socket.pause();
        }
        expectProcessMetricsOnly(await scrapeNow());
        // A second scrape while the first reading still hangs answers the same way.
        expectProcessMetricsOnly(await scrapeNow());
        // Connections reset, as a node's end resets them: the process can close.
        for (const socket of pairs) socket.destroy();
      });
    } finally {
      for (const socket of pairs) socket.destroy();
      relay.close();
    }
  });
});

test('without METRICS_PORT nothing is served and recording is harmless', async () => {
  const plain = await createTestApp({}, { workers: false });
  try {
    expect(plain.app.metrics.address()).toBeNull();
    plain.app.metrics.recordHoldSweep(1);
    expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  } finally {
    await plain.close();
  }
});
