import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { mailOutbox, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { cookiesOf, freshIp, ORIGIN, signInRaw, signUp } from '../../test/auth.ts';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import { type MailWorker, startConfiguredMailWorker } from '../mail/worker.ts';
import { RESET_SUBJECT, VERIFY_SUBJECT } from './mails.ts';

/** Verification and reset e-mails, end to end: outbox → worker → a real SMTP server → the link. */

let t: TestApp;
let smtp: TestSmtpServer;
let worker: MailWorker | null;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_POLL_MS: '25', MAIL_RETRY_BASE_MS: '100' });
  worker = startConfiguredMailWorker(t.db, t.app.config);
});
afterAll(async () => {
  await worker?.stop();
  await smtp.close();
  await t.close();
});

const forgot = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    headers: { origin: ORIGIN },
    remoteAddress: freshIp(),
    payload: { email },
  });

test('the verification e-mail’s link verifies the address and sends the browser to the site', async () => {
  const { id } = await signUp(t.app, 'verify.me@example.dev');
  const mail = await smtp.waitFor((m) => m.envelopeTo.includes('verify.me@example.dev'));
  expect(mail.parsed.subject).toBe(VERIFY_SUBJECT);
  const link = linkIn(mail, '/api/auth/verify-email');
  expect(link.origin).toBe(ORIGIN);
  expect(mail.parsed.html).toContain('/api/auth/verify-email?token=');

  const [before] = await t.db.select().from(users).where(eq(users.id, id));
  expect(before?.emailVerified).toBe(false);
  const res = await t.app.inject({ url: `${link.pathname}${link.search}` });
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toBe('/');
  const [after] = await t.db.select().from(users).where(eq(users.id, id));
  expect(after?.emailVerified).toBe(true);
});

test('a tampered verification link verifies nothing', async () => {
  const { id } = await signUp(t.app, 'tamper@example.dev');
  const mail = await smtp.waitFor((m) => m.envelopeTo.includes('tamper@example.dev'));
  const link = linkIn(mail, '/api/auth/verify-email');
  const token = link.searchParams.get('token') ?? '';
  link.searchParams.set('token', `${token.slice(0, -4)}AAAA`);
  const res = await t.app.inject({ url: `${link.pathname}${link.search}` });
  expect(res.headers.location ?? '').toMatch(/error=/);
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  expect(row?.emailVerified).toBe(false);
});

test('the reset e-mail links to /reset-password?token=…; the token sets a new password once', async () => {
  await signUp(t.app, 'forgetful@example.dev', 'old-password');
  expect((await forgot('forgetful@example.dev')).statusCode).toBe(200);
  const mail = await smtp.waitFor(
    (m) => m.envelopeTo.includes('forgetful@example.dev') && m.parsed.subject === RESET_SUBJECT,
  );
  const link = linkIn(mail, '/reset-password?token=');
  expect(`${link.origin}${link.pathname}`).toBe(`${ORIGIN}/reset-password`);
  const token = link.searchParams.get('token');
  expect(token).toBeTruthy();

  const reset = (newPassword: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: ORIGIN },
      remoteAddress: freshIp(),
      payload: { token, newPassword },
    });
  const weak = await reset('123');
  expect(weak.statusCode).toBe(400);
  expect(weak.json()).toMatchObject({ code: 'WEAK_PASSWORD', message: 'Weak password' });

  expect((await reset('brand-new-password')).statusCode).toBe(200);
  const signedIn = await signInRaw(t.app, 'forgetful@example.dev', 'brand-new-password');
  expect(signedIn.statusCode).toBe(200);
  expect(cookiesOf(signedIn)).toMatch(/devstay\.session_token=/);
  const old = await signInRaw(t.app, 'forgetful@example.dev', 'old-password');
  expect(old.json()).toMatchObject({ message: 'Wrong password' });

  // Used once: the same token does not work again.
  expect((await reset('another-password')).statusCode).toBe(400);
});

test('a reset for an unknown address answers the same and sends nothing', async () => {
  const res = await forgot('ghost@example.dev');
  expect(res.statusCode).toBe(200);
  await new Promise((r) => setTimeout(r, 200));
  const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ghost@example.dev'));
  expect(rows).toHaveLength(0);
});

test('a reset revokes the sessions signed in with the old password', async () => {
  const { cookie } = await signUp(t.app, 'stolen@example.dev', 'old-password');
  expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
  await forgot('stolen@example.dev');
  const mail = await smtp.waitFor(
    (m) => m.envelopeTo.includes('stolen@example.dev') && m.parsed.subject === RESET_SUBJECT,
  );
  const token = linkIn(mail, '/reset-password?token=').searchParams.get('token');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    headers: { origin: ORIGIN },
    remoteAddress: freshIp(),
    payload: { token, newPassword: 'fresh-password' },
  });
  expect(res.statusCode).toBe(200);
  // The session is gone: the server answers as to a visitor.
  expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).json()).toBeNull();
});
