import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
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
    // No replica read from: no lag reported until one is.
    expect(text).not.toContain('devstay_replica_lag_seconds');
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

  test('caches report their hits and misses; the replica lag appears once recorded', async () => {
    const before = (await scrape()).text;
    await t.app.inject({ method: 'GET', url: '/api/hotels/1' });
    await t.app.inject({ method: 'GET', url: '/api/hotels/1' });
    t.app.metrics.recordReplicaLag(0.25);
    const after = (await scrape()).text;
    const hits = 'devstay_cache_hits_total{cache="hotel_details"}';
    expect(value(after, hits)).toBeGreaterThan(value(before, hits));
    expect(after).toContain('devstay_cache_misses_total{cache="sessions"}');
    expect(value(after, 'devstay_replica_lag_seconds')).toBe(0.25);
  });
});

test('without METRICS_PORT nothing is served and recording is harmless', async () => {
  const plain = await createTestApp({}, { workers: false });
  try {
    expect(plain.app.metrics.address()).toBeNull();
    plain.app.metrics.recordReplicaLag(1);
    expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  } finally {
    await plain.close();
  }
});
