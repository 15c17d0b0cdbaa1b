import { describe, expect, test } from 'vitest';
import { createTestApp, createTestDatabase } from '../../test/app.ts';
import { startServerProcess } from '../../test/server-process.ts';

/** What a production start needs besides its card processor. */
const PRODUCTION = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
  PUBLIC_URL: 'https://devstay.example',
  DEMO_ACCOUNTS: 'false',
};

describe('production with Stripe', () => {
  test('offers no test card and no test processor’s webhook', async () => {
    const t = await createTestApp({
      ...PRODUCTION,
      STRIPE_SECRET_KEY: 'sk_live_devstay',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_devstay',
      STRIPE_WEBHOOK_SECRET: 'whsec_devstay',
      // Never called: nothing here pays.
      STRIPE_API_BASE: 'http://127.0.0.1:9',
    });
    try {
      const config = await t.app.inject('/api/payments/config');
      expect(config.statusCode).toBe(200);
      expect(config.json()).toEqual({
        provider: 'stripe',
        publishableKey: 'pk_live_devstay',
        testCards: [],
      });
      const webhook = await t.app.inject({
        method: 'POST',
        url: '/api/payments/test/webhook',
        payload: { id: 'evt_1', type: 'payment.succeeded' },
      });
      expect(webhook.statusCode).toBe(404);
      const paths = Object.keys((await t.app.inject('/api/docs/json')).json().paths);
      expect(paths).toContain('/api/payments/stripe/webhook');
      expect(paths).not.toContain('/api/payments/test/webhook');
    } finally {
      await t.close();
    }
  });
});

describe('production without Stripe', () => {
  test('refuses to start, naming the keys it needs', async () => {
    const refusal = await startServerProcess(await createTestDatabase(), PRODUCTION).then(
      async (server) => {
        await server.stop();
        return 'started';
      },
      (error: Error) => error.message,
    );
    expect(refusal).toMatch(/^exited \(1\) before serving/);
    for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']) {
      expect(refusal).toContain(`${key}: is required in production`);
    }
  }, 120_000);

  test('starts on the test processor only when told to, and says so in its log', async () => {
    const server = await startServerProcess(await createTestDatabase(), {
      ...PRODUCTION,
      PAYMENTS_TEST_PROCESSOR: 'true',
    });
    try {
      const warning = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .find((line) => line.msg.startsWith('PAYMENTS TAKE TEST CARDS ONLY'));
      // Pino's warn level.
      expect(warning?.level).toBe(40);
      const host = new URL(PRODUCTION.PUBLIC_URL).host;
      const config = await fetch(`${server.base}/api/payments/config`, { headers: { host } });
      expect((await config.json()).provider).toBe('test');
    } finally {
      await server.stop();
    }
  }, 120_000);
});
