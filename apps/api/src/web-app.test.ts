import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './test/app.ts';

/** The built web app as the server sends it: the build's compressed copies, index.html for routes. */

const script = `console.log(${JSON.stringify('DevStay '.repeat(400))});`;
const gzipped = gzipSync(script, { level: 9 });
const brotli = brotliCompressSync(script);
let t: TestApp;
beforeAll(async () => {
  const dist = await mkdtemp(path.join(tmpdir(), 'devstay-web-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  const file = path.join(dist, 'assets', 'index-abc123.js');
  await writeFile(file, script);
  await writeFile(`${file}.gz`, gzipped);
  await writeFile(`${file}.br`, brotli);
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(() => t.close());

const get = (url: string, encoding?: string) =>
  t.app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });

test('an asset goes out as its Brotli copy, else its gzip copy, else as it is', async () => {
  const br = await get('/assets/index-abc123.js', 'gzip, deflate, br');
  expect(br.headers['content-encoding']).toBe('br');
  // The copy itself, not a compression made for this request.
  expect(br.rawPayload.equals(brotli)).toBe(true);
  expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
  expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

  const gz = await get('/assets/index-abc123.js', 'gzip, deflate');
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(gz.rawPayload.equals(gzipped)).toBe(true);
  expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

  const plain = await get('/assets/index-abc123.js', 'identity');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe(script);
});

test('a screen address answers index.html, never cached; /api stays the API', async () => {
  const home = await get('/home');
  expect(home.statusCode).toBe(200);
  expect(home.body).toContain('<div id="root">');
  expect(home.headers['cache-control']).toBe('no-cache');
  expect((await get('/api/nothing-here')).statusCode).toBe(404);
});
