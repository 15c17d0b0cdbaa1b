import { AUTH_ERRORS } from '@devstay/shared/contracts/auth';
import { NUL_MESSAGE } from '@devstay/shared/contracts/common';
import { USER_MESSAGES } from '@devstay/shared/contracts/users';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../app.ts';
import { accounts, mailOutbox, sessions, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  cookiesOf,
  DEMO,
  DEMO_PASSWORD,
  freshIp,
  ORIGIN,
  sessionTokenOf,
  signIn,
  signInRaw,
  signUp,
  signUpRaw,
  withSession,
} from '../../test/auth.ts';
import { userIdByEmail } from '../../test/fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function setCookies(res: { headers: Record<string, unknown> }): string[] {
  const raw = res.headers['set-cookie'];
  return raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
}

describe('sign-up', () => {
  test('creates a signed-in user with rol user, empty display name, photo and favourites, and sends a verification e-mail', async () => {
    const res = await signUpRaw(t.app, { email: 'Ada@Example.dev', password: 'secret-123' });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = setCookies(res).find((c) => c.startsWith('devstay.session_token='));
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).not.toMatch(/; Secure/);

    const me = await t.app.inject({ url: '/api/me', headers: { cookie: cookiesOf(res) } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'ada@example.dev',
      emailVerified: false,
      rol: 'user',
      displayName: '',
      photoURL: null,
      favorites: [],
      hotel: null,
    });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ada@example.dev'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`${ORIGIN}/api/auth/verify-email?token=`);
  });

  test('the password is stored as a salted scrypt hash, never as typed', async () => {
    const { id } = await signUp(t.app, 'hash@example.dev', 'my-secret-pw');
    const [account] = await t.db.select().from(accounts).where(eq(accounts.userId, id));
    expect(account?.providerId).toBe('credential');
    expect(account?.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(account?.password).not.toContain('my-secret-pw');
  });

  test('a client cannot choose its role or hotel at sign-up', async () => {
    // `rol` is ours: whatever is sent, the account is a user.
    const res = await signUpRaw(t.app, {
      email: 'sneaky@example.dev',
      password: 'secret-123',
      rol: 'superAdmin',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.email, 'sneaky@example.dev'));
    expect(row?.rol).toBe('user');
    expect(row?.hotelId).toBeNull();
    // A hotel is refused outright, and no account is created.
    const hotel = await signUpRaw(t.app, {
      email: 'sneaky2@example.dev',
      password: 'secret-123',
      hotelId: 1,
    });
    expect(hotel.statusCode).toBe(400);
    expect(hotel.json().code).toBe('FIELD_NOT_ALLOWED');
    expect(
      await t.db.select().from(users).where(eq(users.email, 'sneaky2@example.dev')),
    ).toHaveLength(0);
  });

  test.each([
    [
      'an e-mail in use',
      { email: DEMO.user, password: 'secret-123' },
      422,
      'EMAIL_ALREADY_IN_USE',
      'email',
    ],
    [
      'an e-mail in use, typed in capitals',
      { email: 'USER@devstay.dev', password: 'secret-123' },
      422,
      'EMAIL_ALREADY_IN_USE',
      'email',
    ],
    [
      'an invalid e-mail',
      { email: 'not-an-email', password: 'secret-123' },
      400,
      'EMAIL_INVALID',
      'email',
    ],
    ['no e-mail', { password: 'secret-123' }, 400, 'EMAIL_INVALID', 'email'],
    [
      'a password under 6 characters',
      { email: 'short@example.dev', password: '12345' },
      400,
      'WEAK_PASSWORD',
      'password',
    ],
  ] as const)('%s gives the product’s text', async (_label, body, status, code, field) => {
    const res = await signUpRaw(t.app, body);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ code, message: AUTH_ERRORS[code], field });
  });

  test('a 6-character password is enough (product §9)', async () => {
    const res = await signUpRaw(t.app, { email: 'six@example.dev', password: '123456' });
    expect(res.statusCode).toBe(200);
  });
});

describe('sign-in', () => {
  test('an unknown e-mail gives "User not found", a wrong password "Wrong password"', async () => {
    const unknown = await signInRaw(t.app, 'nobody@example.dev', 'whatever-1');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({
      code: 'USER_NOT_FOUND',
      message: 'User not found',
      field: 'email',
    });
    const wrong = await signInRaw(t.app, DEMO.user, 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      code: 'WRONG_PASSWORD',
      message: 'Wrong password',
      field: 'password',
    });
    const invalid = await signInRaw(t.app, 'nope', 'whatever-1');
    expect(invalid.json()).toMatchObject({ code: 'EMAIL_INVALID', message: 'Email invalid' });
  });

  test('every login gets a new session token, even when the browser already sent one', async () => {
    const first = await signInRaw(t.app, DEMO.user, DEMO_PASSWORD);
    const firstToken = sessionTokenOf(first);
    expect(firstToken).toBeTruthy();
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN, cookie: cookiesOf(first) },
      remoteAddress: freshIp(),
      payload: { email: DEMO.user, password: DEMO_PASSWORD },
    });
    expect(second.statusCode).toBe(200);
    const secondToken = sessionTokenOf(second);
    expect(secondToken).toBeTruthy();
    expect(secondToken).not.toBe(firstToken);
  });

  test('sign-out ends the session', async () => {
    const cookie = await signIn(t.app, DEMO.user);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: withSession(cookie),
    });
    expect(out.statusCode).toBe(200);
    expect(setCookies(out).join()).toMatch(/devstay\.session_token=;/);
    // The session is gone: the server answers as to a visitor.
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).json()).toBeNull();
  });

  test('Better Auth refuses a cookie-carrying call from another origin (CSRF)', async () => {
    const cookie = await signIn(t.app, DEMO.user);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
  });

  test('the session is readable through Better Auth with rol and hotel', async () => {
    const cookie = await signIn(t.app, DEMO.admin);
    const res = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: DEMO.admin, rol: 'admin' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('the role is never the client’s', () => {
  test('update-user refuses rol and hotelId and keeps them; the display name and photo change', async () => {
    const { id, cookie } = await signUp(t.app, 'climber@example.dev');
    const attempt = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: withSession(cookie),
      payload: { rol: 'superAdmin', hotelId: 1 },
    });
    expect(attempt.statusCode).toBe(400);
    const allowed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: withSession(cookie),
      payload: { name: 'Neo', image: 'https://example.dev/neo.png' },
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({
      rol: 'user',
      hotelId: null,
      name: 'Neo',
      image: 'https://example.dev/neo.png',
    });
  });

  test('update-user and sign-up follow the profile rules of the users API', async () => {
    const { id, cookie } = await signUp(t.app, 'long.name@example.dev');
    const update = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: withSession(cookie),
        payload,
      });
    for (const [payload, field, message] of [
      [{ name: 'x'.repeat(900_000) }, 'name', USER_MESSAGES.displayNameTooLong],
      [{ name: 'x'.repeat(101) }, 'name', USER_MESSAGES.displayNameTooLong],
      [{ name: 'Ne\u0000o' }, 'name', NUL_MESSAGE],
      [{ image: 'javascript:alert(document.cookie)' }, 'image', USER_MESSAGES.photoURLInvalid],
      [{ image: '//evil.example/x.png' }, 'image', USER_MESSAGES.photoURLInvalid],
      [{ image: '/\\evil.example/x.png' }, 'image', USER_MESSAGES.photoURLInvalid],
      [
        { image: 'data:image/svg+xml,<svg onload=alert(1)>' },
        'image',
        USER_MESSAGES.photoURLInvalid,
      ],
    ] as const) {
      const res = await update(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json()).toMatchObject({ field, message: expect.stringContaining(message) });
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ name: '', image: null });
    // The same rules trim what passes, as the users API does.
    expect((await update({ name: '  Trinity  ', image: '/uploads/me.webp' })).statusCode).toBe(200);
    const [after] = await t.db.select().from(users).where(eq(users.id, id));
    expect(after).toMatchObject({ name: 'Trinity', image: '/uploads/me.webp' });

    const signUpLong = await signUpRaw(t.app, {
      email: 'longer.name@example.dev',
      password: 'secret-123',
      name: 'y'.repeat(5000),
    });
    expect(signUpLong.statusCode).toBe(400);
    expect(signUpLong.json()).toMatchObject({ field: 'name' });
  });

  test('PUT /api/users/{self} with rol is refused and changes nothing', async () => {
    const { id, cookie } = await signUp(t.app, 'climber2@example.dev');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${id}`,
      headers: withSession(cookie),
      payload: { rol: 'superAdmin', city: 'salta' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'rol' });
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ rol: 'user', city: null });
  });
});

describe('rate limits', () => {
  test('sign-in: 10 a minute per address, counted in PostgreSQL and so shared by every process', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      const res = await signInRaw(t.app, DEMO.user, 'wrong-password', ip);
      expect(res.statusCode).toBe(401);
    }
    const limited = await signInRaw(t.app, DEMO.user, DEMO_PASSWORD, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['x-retry-after'])).toBeGreaterThan(0);

    // A second API process on the same database sees the same count.
    const other = await buildApp({ config: t.app.config, db: t.db });
    await other.ready();
    try {
      expect((await signInRaw(other, DEMO.user, DEMO_PASSWORD, ip)).statusCode).toBe(429);
      expect((await signInRaw(other, DEMO.user, DEMO_PASSWORD, freshIp())).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  test('password reset requests: 3 per 5 minutes per address', async () => {
    const ip = freshIp();
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: { origin: ORIGIN },
        remoteAddress: ip,
        payload: { email: 'nobody@example.dev' },
      });
    for (let i = 0; i < 3; i++) expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(429);
  });

  test('sign-up: 5 a minute per address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const res = await signUpRaw(
        t.app,
        { email: `burst${i}@example.dev`, password: 'secret-123' },
        ip,
      );
      expect(res.statusCode).toBe(200);
    }
    const limited = await signUpRaw(
      t.app,
      { email: 'burst5@example.dev', password: 'secret-123' },
      ip,
    );
    expect(limited.statusCode).toBe(429);
  });
});

describe('sessions over https', () => {
  test('cookies are Secure (and __Secure- prefixed) when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://devstay.example' });
    try {
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: 'https://devstay.example' },
        remoteAddress: freshIp(),
        payload: { email: DEMO.user, password: DEMO_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      const cookie = setCookies(res).find((c) => c.startsWith('__Secure-devstay.session_token='));
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
    } finally {
      await secure.close();
    }
  });
});

describe('providers', () => {
  test('no social provider without configuration', async () => {
    const res = await t.app.inject('/api/auth-providers');
    expect(res.json()).toEqual({ emailPassword: true, providers: [] });
  });

  test('Google is offered when its client id and secret are set', async () => {
    const withGoogle = await createTestApp({
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    try {
      const res = await withGoogle.app.inject('/api/auth-providers');
      expect(res.json().providers).toEqual([{ id: 'google', name: 'Google', kind: 'google' }]);
      const start = await withGoogle.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/social',
        headers: { origin: ORIGIN },
        remoteAddress: freshIp(),
        payload: { provider: 'google', callbackURL: '/home' },
      });
      expect(start.statusCode).toBe(200);
      const url = new URL(start.json().url);
      expect(url.origin).toBe('https://accounts.google.com');
      expect(url.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/api/auth/callback/google`);
    } finally {
      await withGoogle.close();
    }
  });
});

describe('deleting an account', () => {
  test('removes its sessions: the signed-in browser is signed out', async () => {
    const { id, cookie } = await signUp(t.app, 'leaving@example.dev');
    const admin = await signIn(t.app, DEMO.superAdmin);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${id}`,
      headers: withSession(admin),
    });
    expect(res.statusCode).toBe(204);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(0);
    // The session is gone: the server answers as to a visitor.
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).json()).toBeNull();
    expect(await userIdByEmail(t.db, DEMO.user)).toBeTruthy();
  });
});
