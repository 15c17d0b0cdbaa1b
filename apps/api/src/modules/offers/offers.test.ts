import { OFFER_SIGNUP_MESSAGE } from '@devstay/shared/contracts/catalogue';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { offerSubscribers } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { uniqueToken } from '../../test/catalogue-rows.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/offers', payload });
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
});
