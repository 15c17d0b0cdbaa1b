import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;
let stripe: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  [t, stripe, proxied] = await Promise.all([
    createTestApp(),
    createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_headers',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_headers',
      STRIPE_WEBHOOK_SECRET: 'whsec_headers',
    }),
    createTestApp({ TRUST_PROXY: 'true' }),
  ]);
});
afterAll(() => Promise.all([t.close(), stripe.close(), proxied.close()]));

/** What every answer carries, whatever the route and status (helmet's, as configured in app.ts). */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';" +
    "frame-ancestors 'self';img-src 'self' data: blob: https:;object-src 'none';script-src 'self';" +
    "script-src-attr 'none';style-src 'self' 'unsafe-inline';frame-src 'self';connect-src 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

const securityHeadersOf = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers).filter(([name]) =>
      [
        ...Object.keys(SECURITY_HEADERS),
        'x-powered-by',
        'cross-origin-embedder-policy',
        'strict-transport-security',
      ].includes(name),
    ),
  );

test('every answer carries the same security headers, request after request', async () => {
  for (const url of [
    '/api/health',
    '/api/hotels?pageSize=2',
    '/api/hotels?pageSize=2',
    '/api/hotels?page=0',
    '/api/nowhere',
    '/api/health',
  ]) {
    const res = await t.app.inject(url);
    expect(securityHeadersOf(res.headers), `${url} (${res.statusCode})`).toEqual(SECURITY_HEADERS);
  }
});

test('with Stripe taking payments, its script, frames and API are allowed', async () => {
  for (let i = 0; i < 2; i++) {
    const res = await stripe.app.inject('/api/health');
    expect(securityHeadersOf(res.headers)).toEqual({
      ...SECURITY_HEADERS,
      'content-security-policy':
        "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';" +
        "frame-ancestors 'self';img-src 'self' data: blob: https:;object-src 'none';" +
        "script-src 'self' https://js.stripe.com;script-src-attr 'none';" +
        "style-src 'self' 'unsafe-inline';frame-src 'self' https://js.stripe.com " +
        "https://hooks.stripe.com;connect-src 'self' https://api.stripe.com",
    });
  }
});

describe('Strict-Transport-Security', () => {
  const HSTS = 'max-age=31536000; includeSubDomains';

  test('goes out over https only: as a proxy TRUST_PROXY believes says, never over plain http', async () => {
    for (const url of ['/api/health', '/api/hotels?pageSize=2', '/api/nowhere']) {
      const plain = await proxied.app.inject(url);
      expect(plain.headers['strict-transport-security'], url).toBeUndefined();
      const overHttps = await proxied.app.inject({
        url,
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(overHttps.headers['strict-transport-security'], url).toBe(HSTS);
      const overHttp = await proxied.app.inject({ url, headers: { 'x-forwarded-proto': 'http' } });
      expect(overHttp.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  test('a proxy the server does not believe cannot ask for it', async () => {
    const res = await t.app.inject({
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  test('an answer kept whole goes out with it over https and without it over http', async () => {
    await proxied.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(proxied.app.server.address() as AddressInfo).port}`;
    const url = `${base}/api/hotels?pageSize=3`;
    for (const order of [
      ['https', 'http', 'https', 'http'],
      ['http', 'https', 'http', 'https'],
    ]) {
      proxied.app.keptAnswers.clear();
      for (const protocol of order) {
        const headers: Record<string, string> =
          protocol === 'https' ? { 'x-forwarded-proto': 'https' } : {};
        const res = await fetch(url, { headers });
        expect(res.status).toBe(200);
        expect(res.headers.get('strict-transport-security'), order.join()).toBe(
          protocol === 'https' ? HSTS : null,
        );
      }
    }
    // The plain requests were answered from the front: what it sends leaves the header out.
    expect(proxied.app.keptAnswers.hits).toBeGreaterThan(0);
  });
});
