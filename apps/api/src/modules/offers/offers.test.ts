import { OFFER_SIGNUP_MESSAGE } from '@devstay/shared/contracts/catalogue';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { offerSubscribers } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { freshIp } from '../../test/auth.ts';
import { uniqueToken } from '../../test/catalogue-rows.ts';
import { OFFER_LIMITS, OFFER_RATE_LIMITED } from './routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (payload: Record<string, unknown>, remoteAddress = freshIp()) =>
  t.app.inject({ method: 'POST', url: '/api/offers', payload, remoteAddress });
const stored = (email: string) =>
  t.db.select().from(offerSubscribers).where(eq(offerSubscribers.email, email));

describe('POST /api/offers', () => {
  test('subscribes the address (trimmed, lower-cased) and answers 201 with a message', async () => {
    const email = `dev.${uniqueToken()}@example.com`;
    const res = await post({ email: `  ${email.toUpperCase()} ` });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: OFFER_SIGNUP_MESSAGE });
    expect(await stored(email)).toHaveLength(1);
  });

  test('signing up twice keeps one subscription and still succeeds', async () => {
    const email = `twice.${uniqueToken()}@example.com`;
    expect((await post({ email })).statusCode).toBe(201);
    expect((await post({ email })).statusCode).toBe(201);
    expect(await stored(email)).toHaveLength(1);
  });

  test.each([
    [{ email: 'not-an-email' }],
    [{ email: '' }],
    [{ email: 42 }],
    [{}],
    [{ email: `${'x'.repeat(250)}@example.com` }],
  ])('rejects %j with a 400 naming email', async (payload) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Bad Request', statusCode: 400, field: 'email' });
  });

  test('a form-encoded or plain-text body (what a cross-site form can send) is refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/offers',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@b.co',
    });
    expect(res.statusCode).toBe(400);
    expect(await stored('a@b.co')).toHaveLength(0);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/offers',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a@b.co',
    });
    expect(form.statusCode).toBe(415);
  });

  test('one client cannot mail a crowd: a burst of 30 sign-ups from one address sends 5 e-mails', async () => {
    const client = freshIp();
    const token = uniqueToken();
    const codes: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      codes.push((await post({ email: `crowd${i}.${token}@example.com` }, client)).statusCode);
    }
    expect(codes.filter((c) => c === 201)).toHaveLength(OFFER_LIMITS.perClient.max);
    expect(codes.filter((c) => c === 429)).toHaveLength(30 - OFFER_LIMITS.perClient.max);
    const refused = await post({ email: `late.${token}@example.com` }, client);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: OFFER_RATE_LIMITED, statusCode: 429 });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const mails = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where "to" like ${`%.${token}@example.com`}`,
    );
    expect(mails.rows[0]?.n).toBe(OFFER_LIMITS.perClient.max);
    // Another client is not held back by this one.
    expect((await post({ email: `other.${token}@example.com` })).statusCode).toBe(201);
  });

  test('one recipient cannot be signed up over and over from many addresses', async () => {
    const email = `target.${uniqueToken()}@example.com`;
    const codes: number[] = [];
    for (let i = 0; i < 6; i += 1) codes.push((await post({ email })).statusCode);
    expect(codes).toEqual([
      ...Array(OFFER_LIMITS.perRecipient.max).fill(201),
      ...Array(6 - OFFER_LIMITS.perRecipient.max).fill(429),
    ]);
  });
});
