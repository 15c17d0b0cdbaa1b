import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;
let stripe: TestApp;
beforeAll(async () => {
  [t, stripe] = await Promise.all([
    createTestApp(),
    createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_headers',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_headers',
      STRIPE_WEBHOOK_SECRET: 'whsec_headers',
    }),
  ]);
});
afterAll(() => Promise.all([t.close(), stripe.close()]));

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
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
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
      [...Object.keys(SECURITY_HEADERS), 'x-powered-by', 'cross-origin-embedder-policy'].includes(
        name,
      ),
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
