import { afterAll, beforeAll, expect, test } from 'vitest';
import { createDb } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { primaryReachable } from './repository.ts';

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

test('ready answers 200 while the primary answers and the process is not draining', async () => {
  const res = await t.app.inject('/api/ready');
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ ready: true });
  expect(res.headers['cache-control']).toBe('no-store');
});

test('ready answers 503 while draining, and health stays 200', async () => {
  t.app.lifecycle.draining = true;
  try {
    const res = await t.app.inject('/api/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'NOT_READY', message: 'This process is stopping.' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
  } finally {
    t.app.lifecycle.draining = false;
  }
});

test('ready answers 503 when the primary cannot be reached', async () => {
  // A pool on a port nobody listens on: the primary cannot be reached.
  const unreachable = createDb('postgres://devstay:devstay@127.0.0.1:1/devstay', 1);
  try {
    expect(await primaryReachable(unreachable, 1000)).toBe(false);
  } finally {
    await unreachable.$client.end();
  }
  expect(await primaryReachable(t.db, 1000)).toBe(true);
});
