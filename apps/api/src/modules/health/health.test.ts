import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('health answers', async () => {
  const res = await t.app.inject('/api/health');
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ ok: true });
});

test('an unknown API route is a JSON 404', async () => {
  const res = await t.app.inject('/api/nope');
  expect(res.statusCode).toBe(404);
  expect(res.json()).toMatchObject({ error: 'Not Found', code: 'NOT_FOUND', statusCode: 404 });
});
