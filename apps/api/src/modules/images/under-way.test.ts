import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { localDiskStorage } from './storage.ts';
import { UploadsUnderWay } from './under-way.ts';

describe('uploads promised but not written yet', () => {
  const underWay = new UploadsUnderWay();
  let dir: string;
  let server: TestApp;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'devstay-under-way-'));
    server = await createTestApp({ UPLOADS_DIR: dir }, { uploadsUnderWay: underWay });
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Promises `keys`; the first hurry stores them after `ms` (or fails to), then settles them. Returns when each hurry came. */
  function promise(keys: string[], ms: number, store: boolean) {
    const storage = localDiskStorage(dir);
    const hurried: number[] = [];
    let done: Promise<void> | undefined;
    underWay.promise(keys, () => {
      hurried.push(performance.now());
      done ??= (async () => {
        await new Promise((r) => setTimeout(r, ms));
        if (store) for (const k of keys) await storage.put(k, Buffer.from(`bytes of ${k}`), '');
        underWay.settle(keys);
      })();
      return done;
    });
    return hurried;
  }

  test('a request for one waits until it is written, has it stored first, and gets it', async () => {
    const hurried = promise(['seed/aaaa-400.webp', 'seed/aaaa-800.webp'], 300, true);
    const asked = performance.now();
    const answer = await server.app.inject({ url: '/uploads/seed/aaaa-800.webp?v=1' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('bytes of seed/aaaa-800.webp');
    expect(performance.now() - asked).toBeGreaterThanOrEqual(250);
    expect(hurried).toHaveLength(1);
    // Written: served from disk without asking again.
    const again = await server.app.inject({ url: '/uploads/seed/aaaa-400.webp' });
    expect(again.statusCode).toBe(200);
    expect(hurried).toHaveLength(1);
    expect(underWay.size).toBe(0);
  });

  test('one that could not be written is a 404 once its storing ends, not a request left hanging', async () => {
    promise(['seed/bbbb-400.webp'], 100, false);
    const answer = await server.app.inject({ url: '/uploads/seed/bbbb-400.webp' });
    expect(answer.statusCode).toBe(404);
    expect(underWay.size).toBe(0);
  });

  test('hostile addresses are refused or not found, never waited for or a server error', async () => {
    promise(['seed/dddd-400.webp'], 60_000, true);
    for (const url of [
      '/uploads/seed/dddd-400.webp/../../../etc/passwd',
      '/uploads/..%2f..%2fetc%2fpasswd',
      '/uploads/seed/dddd-400.webp%00',
      '/uploads/seed/%E0%A4%A',
      `/uploads/${'a/'.repeat(2000)}x.webp`,
    ]) {
      const answer = await server.app.inject({ url });
      expect([400, 403, 404], url).toContain(answer.statusCode);
    }
    underWay.settle(['seed/dddd-400.webp']);
  });

  test('a file nobody promised is looked up at once', async () => {
    const answer = await server.app.inject({ url: '/uploads/seed/cccc-400.webp' });
    expect(answer.statusCode).toBe(404);
  });
});
