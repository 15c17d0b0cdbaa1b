import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadConfig, trustedOrigins } from './config.ts';

const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_live_devstay',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_devstay',
  STRIPE_WEBHOOK_SECRET: 'whsec_devstay',
};

const PRODUCTION = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
  PUBLIC_URL: 'https://devstay.example',
  ...STRIPE,
};

async function secretFile() {
  return path.join(await mkdtemp(path.join(tmpdir(), 'devstay-config-')), 'data', 'auth-secret');
}

describe('the origin the site is served on', () => {
  test('PUBLIC_URL follows PORT when unset', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ NODE_ENV: 'test', PORT: '3999' }).PUBLIC_URL).toBe('http://localhost:3999');
  });

  test('outside production, localhost, 127.0.0.1 and [::1] on the own port are trusted, no other port', () => {
    const origins = trustedOrigins(loadConfig({ NODE_ENV: 'test', PORT: '3999' }));
    expect(origins).toEqual(
      expect.arrayContaining([
        'http://localhost:3999',
        'http://127.0.0.1:3999',
        'http://[::1]:3999',
      ]),
    );
    expect(origins).not.toContain('http://127.0.0.1:3000');
    expect(origins).not.toContain('http://127.0.0.1:4000');
  });

  test('in development no other port is trusted, the Vite dev server’s included', () => {
    // A page at :5173 is trusted only through the dev server, which forwards it as the API's
    // own origin (apps/web/src/dev-server-proxy.ts); any other program listening there is not.
    const origins = trustedOrigins(
      loadConfig({ NODE_ENV: 'development', AUTH_SECRET: PRODUCTION.AUTH_SECRET }),
    );
    expect(origins.sort()).toEqual([
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'http://localhost:3000',
    ]);
    for (const host of ['localhost', '127.0.0.1', '[::1]']) {
      expect(origins).not.toContain(`http://${host}:5173`);
    }
  });

  test('in production only PUBLIC_URL and TRUSTED_ORIGINS are trusted', () => {
    const config = loadConfig({
      ...PRODUCTION,
      PORT: '8080',
      TRUSTED_ORIGINS: 'https://admin.devstay.example',
    });
    expect(trustedOrigins(config).sort()).toEqual([
      'https://admin.devstay.example',
      'https://devstay.example',
    ]);
  });

  test('a production start without PUBLIC_URL is refused, naming it', () => {
    const { PUBLIC_URL: _omitted, ...withoutUrl } = PRODUCTION;
    expect(() => loadConfig(withoutUrl)).toThrow(/PUBLIC_URL: is required in production/);
  });

  test('CRASH_AT is a test-only crash point, refused outside NODE_ENV=test', () => {
    expect(loadConfig({ NODE_ENV: 'test', CRASH_AT: 'after-charge' }).CRASH_AT).toBe(
      'after-charge',
    );
    expect(() => loadConfig({ NODE_ENV: 'development', CRASH_AT: 'after-charge' })).toThrow(
      /CRASH_AT: is for NODE_ENV=test only/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', CRASH_AT: 'somewhere' })).toThrow(/CRASH_AT/);
  });

  test('PUBLIC_URL and TRUSTED_ORIGINS must be http(s) addresses', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'javascript:alert(1)' })).toThrow(
      /PUBLIC_URL/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', TRUSTED_ORIGINS: 'not an origin' })).toThrow(
      /TRUSTED_ORIGINS/,
    );
  });

  test('development listens on loopback only; production on every interface', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).HOST).toBe('localhost');
    expect(loadConfig({ NODE_ENV: 'development', AUTH_SECRET: PRODUCTION.AUTH_SECRET }).HOST).toBe(
      'localhost',
    );
    expect(loadConfig(PRODUCTION).HOST).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'test', HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });
});

describe('the secret that signs sessions and tokens', () => {
  test('production needs its own AUTH_SECRET', () => {
    const { AUTH_SECRET: _omitted, ...withoutSecret } = PRODUCTION;
    expect(() => loadConfig(withoutSecret)).toThrow(/AUTH_SECRET/);
    expect(() => loadConfig({ ...PRODUCTION, AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/);
  });

  test('without AUTH_SECRET, development makes a random one on the first start and keeps it', async () => {
    const file = await secretFile();
    const first = loadConfig({ NODE_ENV: 'development', AUTH_SECRET_FILE: file }).AUTH_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect((await readFile(file, 'utf8')).trim()).toBe(first);
    // Readable by its owner only.
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    // The next start reads it back: sessions survive a restart.
    expect(loadConfig({ NODE_ENV: 'development', AUTH_SECRET_FILE: file }).AUTH_SECRET).toBe(first);
    // Another machine's data folder gets another secret.
    const other = loadConfig({ NODE_ENV: 'development', AUTH_SECRET_FILE: await secretFile() });
    expect(other.AUTH_SECRET).not.toBe(first);
  });

  test('tests get a random secret per process, never a fixed one', () => {
    const a = loadConfig({ NODE_ENV: 'test' }).AUTH_SECRET;
    const b = loadConfig({ NODE_ENV: 'test' }).AUTH_SECRET;
    expect(a).not.toBe(b);
  });
});

test('SUPERADMIN_EMAIL and SUPERADMIN_PASSWORD go together', () => {
  expect(() => loadConfig({ NODE_ENV: 'test', SUPERADMIN_EMAIL: 'root@devstay.dev' })).toThrow(
    /SUPERADMIN_PASSWORD/,
  );
});

test('the Stripe keys go together and must look like Stripe keys, each named', () => {
  expect(() => loadConfig({ NODE_ENV: 'test', STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
    /STRIPE_PUBLISHABLE_KEY[\s\S]*STRIPE_WEBHOOK_SECRET/,
  );
  expect(() =>
    loadConfig({
      NODE_ENV: 'test',
      STRIPE_SECRET_KEY: 'pk_test_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    }),
  ).toThrow(/STRIPE_SECRET_KEY: must be a Stripe secret key/);
  const config = loadConfig({
    NODE_ENV: 'test',
    STRIPE_SECRET_KEY: 'sk_test_abc',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    STRIPE_API_BASE: 'http://127.0.0.1:12111',
  });
  expect(config.STRIPE_API_BASE).toBe('http://127.0.0.1:12111');
  expect(loadConfig({ NODE_ENV: 'test' }).STRIPE_SECRET_KEY).toBeUndefined();
});

describe('the card processor in production', () => {
  const {
    STRIPE_SECRET_KEY: _secret,
    STRIPE_PUBLISHABLE_KEY: _publishable,
    STRIPE_WEBHOOK_SECRET: _webhook,
    ...withoutStripe
  } = PRODUCTION;

  test('without Stripe’s keys the start is refused, naming each of them', () => {
    const refusal = (() => {
      try {
        loadConfig(withoutStripe);
      } catch (error) {
        return (error as Error).message;
      }
      return 'started';
    })();
    for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']) {
      expect(refusal).toContain(`${key}: is required in production`);
    }
    expect(refusal).toContain('PAYMENTS_TEST_PROCESSOR=true');
    // Outside production the test provider is the default, unasked.
    expect(loadConfig({ NODE_ENV: 'test' }).PAYMENTS_TEST_PROCESSOR).toBe(false);
  });

  test('with Stripe’s keys it starts; the test processor only when asked for explicitly', () => {
    expect(loadConfig(PRODUCTION).STRIPE_SECRET_KEY).toBe(STRIPE.STRIPE_SECRET_KEY);
    const testCards = loadConfig({ ...withoutStripe, PAYMENTS_TEST_PROCESSOR: 'true' });
    expect(testCards.PAYMENTS_TEST_PROCESSOR).toBe(true);
    expect(testCards.STRIPE_SECRET_KEY).toBeUndefined();
    expect(() => loadConfig({ ...withoutStripe, PAYMENTS_TEST_PROCESSOR: 'false' })).toThrow(
      /STRIPE_SECRET_KEY: is required in production/,
    );
    expect(() => loadConfig({ ...withoutStripe, PAYMENTS_TEST_PROCESSOR: 'maybe' })).toThrow(
      /PAYMENTS_TEST_PROCESSOR/,
    );
  });

  test('the test processor and Stripe’s keys exclude each other', () => {
    expect(() => loadConfig({ ...PRODUCTION, PAYMENTS_TEST_PROCESSOR: 'true' })).toThrow(
      /PAYMENTS_TEST_PROCESSOR: takes test cards instead of Stripe/,
    );
  });
});
