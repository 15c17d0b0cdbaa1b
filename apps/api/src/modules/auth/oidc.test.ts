import { and, eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accounts, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { cookiesOf, freshIp, ORIGIN } from '../../test/auth.ts';

/**
 * Sign-in with an OpenID Connect issuer, end to end against a real local issuer
 * (oauth2-mock-server): discovery, authorize redirect, code exchange with PKCE, ID token
 * verified against the issuer's keys, profile creation.
 */

let issuer: OAuth2Server;
let t: TestApp;
let person = { sub: 'dev-42', email: 'grace@oidc.example', name: 'Grace Hopper' };

beforeAll(async () => {
  issuer = new OAuth2Server();
  await issuer.issuer.keys.generate('RS256');
  await issuer.start(0, '127.0.0.1');
  // The person who "logs in" at the issuer: claims in the ID token and at /userinfo.
  issuer.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, { ...person, email_verified: true });
  });
  issuer.service.on('beforeUserinfo', (response) => {
    response.body = { ...person, email_verified: true };
  });
  t = await createTestApp({
    OIDC_ISSUER_URL: issuer.issuer.url ?? '',
    OIDC_CLIENT_ID: 'devstay-web',
    OIDC_CLIENT_SECRET: 'devstay-secret',
    OIDC_PROVIDER_NAME: 'Company SSO',
  });
});
afterAll(async () => {
  await t.close();
  await issuer.stop();
});

/** Starts a sign-in with the issuer, sending the browser back to `callbackURL`. */
function startSignIn(callbackURL = '/home', ip = freshIp(), errorCallbackURL = '/login') {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: { origin: ORIGIN },
    remoteAddress: ip,
    payload: { provider: 'oidc', callbackURL, errorCallbackURL },
  });
}

/** Start → issuer's authorize endpoint → back to our callback; returns the final response. */
async function signInThroughIssuer(callbackURL = '/home') {
  const ip = freshIp();
  const start = await startSignIn(callbackURL, ip);
  expect(start.statusCode, start.body).toBe(200);
  const authorize = new URL(start.json().url);
  expect(`${authorize.origin}${authorize.pathname}`).toBe(`${issuer.issuer.url}/authorize`);
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/api/auth/callback/oidc`);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');

  // The browser at the issuer: it authenticates the person and redirects back with a code.
  const atIssuer = await fetch(authorize, { redirect: 'manual' });
  expect(atIssuer.status).toBe(302);
  const back = new URL(atIssuer.headers.get('location') ?? '');
  expect(`${back.origin}${back.pathname}`).toBe(`${ORIGIN}/api/auth/callback/oidc`);
  expect(back.searchParams.get('code')).toBeTruthy();

  return t.app.inject({
    url: `${back.pathname}${back.search}`,
    headers: { cookie: cookiesOf(start) },
    remoteAddress: ip,
  });
}

test('the providers list offers the OpenID Connect issuer', async () => {
  const res = await t.app.inject('/api/auth-providers');
  expect(res.json()).toEqual({
    emailPassword: true,
    providers: [{ id: 'oidc', name: 'Company SSO', kind: 'oidc' }],
  });
});

test('the first sign-in creates the profile with rol user and signs the person in', async () => {
  const callback = await signInThroughIssuer();
  expect(callback.statusCode, callback.body).toBe(302);
  expect(callback.headers.location).toBe('/home');
  const cookie = cookiesOf(callback);
  expect(cookie).toMatch(/devstay\.session_token=/);

  const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
  expect(me.statusCode).toBe(200);
  expect(me.json()).toMatchObject({
    email: 'grace@oidc.example',
    displayName: 'Grace Hopper',
    rol: 'user',
    hotel: null,
    favorites: [],
  });
  const [account] = await t.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.providerId, 'oidc'), eq(accounts.accountId, 'dev-42')));
  expect(account?.userId).toBe(me.json().id);
});

test('signing in again reuses the profile', async () => {
  const callback = await signInThroughIssuer();
  expect(callback.statusCode).toBe(302);
  const rows = await t.db.select().from(users).where(eq(users.email, 'grace@oidc.example'));
  expect(rows).toHaveLength(1);
});

test('another person gets another profile, also with rol user', async () => {
  person = { sub: 'dev-43', email: 'linus@oidc.example', name: 'Linus' };
  const callback = await signInThroughIssuer();
  expect(callback.statusCode).toBe(302);
  const [row] = await t.db.select().from(users).where(eq(users.email, 'linus@oidc.example'));
  expect(row?.rol).toBe('user');
});

test('a callback without the sign-in’s state cookie is refused', async () => {
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: { origin: ORIGIN },
    remoteAddress: freshIp(),
    payload: { provider: 'oidc', callbackURL: '/home', errorCallbackURL: '/login' },
  });
  const atIssuer = await fetch(new URL(start.json().url), { redirect: 'manual' });
  const back = new URL(atIssuer.headers.get('location') ?? '');
  const res = await t.app.inject({ url: `${back.pathname}${back.search}` });
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toMatch(/error=/);
  expect(cookiesOf(res)).not.toMatch(/devstay\.session_token=/);
});

describe('the way back from the issuer', () => {
  test('is the path on this site the return address leads to', async () => {
    const callback = await signInThroughIssuer('/a/../hotel/3?checkIn=2030-01-01');
    expect(callback.statusCode, callback.body).toBe(302);
    expect(callback.headers.location).toBe('/hotel/3?checkIn=2030-01-01');
  });

  test('is refused, naming the field, when it leads to another site once resolved', async () => {
    for (const [callbackURL, errorCallbackURL, field] of [
      ['/..//evil.example', '/login', 'callbackURL'],
      ['/%2e%2e//evil.example', '/login', 'callbackURL'],
      ['/home', '/.//evil.example', 'errorCallbackURL'],
      ['/home', '/a/../..//evil.example', 'errorCallbackURL'],
    ] as const) {
      const start = await startSignIn(callbackURL, freshIp(), errorCallbackURL);
      expect(start.statusCode, `${callbackURL} ${errorCallbackURL}`).toBe(400);
      expect(start.json()).toMatchObject({ code: 'INVALID_INPUT', field });
    }
    // Better Auth's own check refuses these first (403): no way out either.
    for (const callbackURL of ['//evil.example', '/\\\\evil.example', '/%2F%2Fevil.example']) {
      const start = await startSignIn(callbackURL);
      expect(start.statusCode, callbackURL).toBe(403);
      expect(start.json()).toMatchObject({ code: 'INVALID_CALLBACK_URL' });
    }
  });

  test('names an error from the known set only, without its description', async () => {
    const description = 'x'.repeat(100_000);
    for (const [error, shown] of [
      ['access_denied', 'access_denied'],
      ['<b>Your account is locked, call +1 555 0100</b>', 'unknown_error'],
    ] as const) {
      const ip = freshIp();
      const start = await startSignIn('/home', ip);
      const state = new URL(start.json().url).searchParams.get('state') ?? '';
      // A provider posting its answer (response_mode=form_post) is sent on to the GET callback.
      const posted = await t.app.inject({
        method: 'POST',
        url: '/api/auth/callback/oidc',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: ip,
        payload: new URLSearchParams({ state, error, error_description: description }).toString(),
      });
      expect(posted.statusCode, posted.body).toBe(302);
      const location = String(posted.headers.location);
      expect(location.length).toBeLessThan(512);
      expect(location).not.toContain('xxx');
      const back = new URL(location, ORIGIN);
      expect(back.searchParams.get('error')).toBe(shown);

      const res = await t.app.inject({
        url: `/api/auth/callback/oidc?${new URLSearchParams({ state, error, error_description: description })}`,
        headers: { cookie: cookiesOf(start) },
        remoteAddress: ip,
      });
      expect(res.statusCode, res.body).toBe(302);
      expect(res.headers.location).toBe(`/login?error=${shown}`);
    }
  });

  test('refuses a value too long to carry on, naming it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/callback/oidc',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: freshIp(),
      payload: new URLSearchParams({ code: 'c'.repeat(100_000), state: 's' }).toString(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_INPUT', field: 'code' });
    expect(res.headers.location).toBeUndefined();
  });
});
