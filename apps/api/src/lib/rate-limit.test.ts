import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { countCall } from './rate-limit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('the first calls of a new key, all at once, are each counted (no unique violation)', async () => {
  for (let round = 0; round < 5; round++) {
    const limit = { key: `race:${randomUUID()}`, max: 10, windowMs: 60_000 };
    const waits = await Promise.all(Array.from({ length: 20 }, () => countCall(t.db, limit)));
    expect(waits.filter((w) => w === 0)).toHaveLength(10);
    expect(waits.filter((w) => w > 0)).toHaveLength(10);
  }
});
