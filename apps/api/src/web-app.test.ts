import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { announceCatalogueChange } from './plugins/catalogue-cache.ts';
import { createTestApp, type TestApp } from './test/app.ts';
import { DEMO, signIn, withSession } from './test/auth.ts';

/** The built web app as the server sends it: the build's compressed copies, index.html for routes. */

const script = `console.log(${JSON.stringify('DevStay '.repeat(400))});`;
const gzipped = gzipSync(script, { level: 9 });
const brotli = brotliCompressSync(script);
/**
 * A stand-in for the web build's server render (apps/web/src/entry-server.tsx): it renders
 * `/signed-in-as` with the answer of `/api/me` it gets through the server's transport, fails on
 * `/broken`, fails on `/flaky` the first time only, counts its renders of `/counted` and of
 * `/counted?live` (an address whose page moves with bookings), draws at `/forgotten` (live) how
 * many times it was told to forget its kept markup, and leaves every other address
 * to the browser. It fails every render until it has been prepared (its code loaded). The page
 * at `/counted` reads the query parameters `live` and `n`; no other reads any.
 */
const renderer = `
let transport;
let prepared = false;
let renders = 0;
let flaky = 0;
let forgotten = 0;
export const SERVER_STATE_ID = 'server-state';
export function forgetKeptMarkup() { forgotten += 1; }
export function setApiTransport(next) { transport = next; }
export function pageParams(pathname) { return pathname === '/counted' ? ['n', 'live'] : []; }
export async function prepare() {
  await new Promise((resolve) => setTimeout(resolve, 50));
  prepared = true;
}
export async function render(url) {
  if (!prepared) throw new Error('rendered before its code was loaded');
  if (url === '/broken') throw new Error('the render failed');
  if (url === '/forgotten') return { html: '<p>forgotten ' + forgotten + '</p>', state: '{}', modules: [], live: true };
  if (url === '/flaky' && ++flaky === 1) throw new Error('the render failed once');
  if (url === '/flaky' || url.startsWith('/counted')) {
    renders += url === '/flaky' ? 0 : 1;
    const list = '<li>DevStay</li>'.repeat(100);
    return {
      html: '<p>' + url + ' render ' + renders + '</p>' + list,
      state: '{}',
      modules: ['src/screen.tsx'],
      live: /[?&]live(&|$)/.test(url),
    };
  }
  if (url !== '/signed-in-as') return null;
  const me = await transport('/api/me', { method: 'GET' });
  const hotels = await transport('/api/hotels?pageSize=1', { method: 'GET' });
  return {
    html: '<link rel="preload" as="image" href="/uploads/first.webp"/><h1>' + me.status + ' '
      + (await me.text()) + ' ' + hotels.headers.get('x-total-count') + '</h1><p>Save $' + "' and $& now</p>",
    state: '{"queries":[]}',
    modules: ['src/screen.tsx'],
    title: 'Inn <b>&</b> Suites | DevStay',
    live: false,
  };
}`;
const manifest = {
  'index.html': { file: 'assets/index-abc123.js', css: ['assets/index-abc123.css'] },
  'src/screen.tsx': {
    file: 'assets/screen.js',
    imports: ['index.html', '_shared.js'],
    css: ['assets/screen.css'],
  },
  '_shared.js': { file: 'assets/shared.js', css: ['assets/shared.css', 'assets/escapes.css'] },
};
/** The build's stylesheets; `missing.css`, linked by the shell, is not there. */
const styles: Record<string, string> = {
  'assets/index-abc123.css': 'body{margin:0}',
  'assets/screen.css': '.screen{color:red}',
  'assets/shared.css': '.shared{content:"$& and $\'"}',
  // Would close a <style> element early.
  'assets/escapes.css': '.x::after{content:"</style><script>alert(1)</script>"}',
};
const shell =
  '<!doctype html><html><head><title>DevStay</title><link rel="stylesheet" href="/assets/index-abc123.css"><link rel="stylesheet" crossorigin href="/assets/missing.css"></head><body><div id="root"></div></body></html>';

/**
 * A GET's status and header names and values, without those of one sending (time, connection,
 * the request's id).
 */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: string[] }>((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      res.resume();
      res.on('end', () => {
        const kept: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = (res.rawHeaders[i] as string).toLowerCase();
          if (!['date', 'connection', 'keep-alive', 'x-request-id'].includes(name)) {
            kept.push(name, res.rawHeaders[i + 1] as string);
          }
        }
        resolve({ status: res.statusCode ?? 0, headers: kept });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

let t: TestApp;
beforeAll(async () => {
  const build = await mkdtemp(path.join(tmpdir(), 'devstay-web-'));
  const dist = path.join(build, 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await mkdir(path.join(dist, '.vite'));
  await mkdir(path.join(build, 'dist-server'));
  await writeFile(path.join(dist, 'index.html'), shell);
  await writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  await writeFile(path.join(build, 'dist-server', 'entry-server.js'), renderer);
  for (const [file, css] of Object.entries(styles)) await writeFile(path.join(dist, file), css);
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
  expect(home.body).toBe(shell);
  expect(home.headers['cache-control']).toBe('no-cache');
  expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
  expect((await get('/api/nothing-here')).statusCode).toBe(404);
});

test('a server-rendered screen comes drawn, read as a visitor, with its styles and its data', async () => {
  // The app was ready only once the render had loaded its code: the first page is drawn too.
  // Signed in, the page is still rendered with public data only: it is the same for everyone.
  const cookie = await signIn(t.app, DEMO.user);
  const page = await t.app.inject({ url: '/signed-in-as', headers: withSession(cookie) });
  expect(page.statusCode).toBe(200);
  expect(page.headers['cache-control']).toBe('no-cache');
  const hotels = await t.app.inject({ url: '/api/hotels?pageSize=1' });
  const count = hotels.headers['x-total-count'];
  // The text goes in as it is (no `$'` expansion); the title is escaped.
  expect(page.body).toContain(
    `<div id="root"><h1>200 null ${count}</h1><p>Save $' and $& now</p></div><script type="application/json" id="server-state">{"queries":[]}</script>`,
  );
  expect(page.body).toContain('<title>Inn &lt;b&gt;&amp;&lt;/b&gt; Suites | DevStay</title>');
  expect(page.body.match(/<title>/g)).toHaveLength(1);
  // React's preload of the first picture goes to the head, then the page's styles, in their
  // order and each once: the shell's, the screen's own, its imports'. They are written in, not
  // linked; a file that is not there, or that would close its element, stays linked.
  const head = page.body.slice(0, page.body.indexOf('</head>'));
  expect(page.body).toContain(
    '<link rel="preload" as="image" href="/uploads/first.webp"/>' +
      '<style data-href="/assets/index-abc123.css">body{margin:0}</style>' +
      '<link rel="stylesheet" crossorigin href="/assets/missing.css">' +
      '<style data-href="/assets/screen.css">.screen{color:red}</style>' +
      `<style data-href="/assets/shared.css">.shared{content:"$& and $'"}</style>` +
      '<link rel="stylesheet" crossorigin href="/assets/escapes.css"></head>',
  );
  expect(head.match(/index-abc123\.css/g)).toHaveLength(1);
  expect(page.body).not.toContain('<script>alert(1)');
});

test('a screen the render leaves to the browser, or a failed render, gets the app shell', async () => {
  for (const url of ['/cart', '/broken']) {
    const page = await get(url);
    expect(page.statusCode, url).toBe(200);
    expect(page.body, url).toBe(shell);
  }
});

test('a rendered page is kept until the catalogue changes, here or in another process', async () => {
  const body = async () => (await get('/counted')).body;
  expect(await body()).toContain('<p>/counted render 1</p>');
  expect(await body()).toContain('<p>/counted render 1</p>');
  // Changes that no read cache holds still reach the pages (a hotel page shows its services).
  await t.app.catalogue.invalidate({ hotelService: 1, hotel: 1 });
  expect(await body()).toContain('<p>/counted render 2</p>');
  expect(await body()).toContain('<p>/counted render 2</p>');
  // A change announced by another process (here, as the seed command announces its load).
  await announceCatalogueChange(t.db, { event: 1, hotel: 1 });
  await expect.poll(body, { timeout: 2000, interval: 10 }).toContain('<p>/counted render 3</p>');
});

test("the render's kept markup is forgotten at each catalogue change, here or in another process", async () => {
  const forgotten = async () => Number(/forgotten (\d+)/.exec((await get('/forgotten')).body)?.[1]);
  const before = await forgotten();
  // Dropped here at once, and again when this process hears its own notice. A notice of an
  // earlier test may still be on its way on a busy machine: the count only has to grow.
  await t.app.catalogue.invalidate({ event: 1, hotel: 1 });
  expect(await forgotten()).toBeGreaterThanOrEqual(before + 1);
  await expect
    .poll(forgotten, { timeout: 10_000, interval: 10 })
    .toBeGreaterThanOrEqual(before + 2);
  const heard = await forgotten();
  // A change another process announces, heard through the database.
  await announceCatalogueChange(t.db, { service: 1 });
  await expect.poll(forgotten, { timeout: 10_000, interval: 10 }).toBeGreaterThanOrEqual(heard + 1);
});

test('a page that moves with bookings is rendered at every visit, never kept', async () => {
  const before = t.app.catalogue.renderedPages.size;
  const first = (await get('/counted?live')).body;
  const second = (await get('/counted?live')).body;
  const renderOf = (body: string) => Number(/render (\d+)/.exec(body)?.[1]);
  expect(renderOf(second)).toBe(renderOf(first) + 1);
  expect(t.app.catalogue.renderedPages.size).toBe(before);
});

test('a page the client already has answers 304', async () => {
  for (const url of ['/counted', '/cart']) {
    const etag = (await get(url)).headers.etag as string;
    expect(etag, url).toMatch(/^W\/"/);
    const again = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(again.statusCode, url).toBe(304);
    expect(again.body, url).toBe('');
    const other = await t.app.inject({ url, headers: { 'if-none-match': 'W/"other"' } });
    expect(other.statusCode, url).toBe(200);
  }
});

test('a page is kept by the parameters its screen reads: invented ones share its entry', async () => {
  const page = (await get('/counted?n=kept')).body;
  expect(page).toContain('<p>/counted?n=kept render');
  const size = t.app.catalogue.renderedPages.size;
  for (const invented of [
    'utm_source=mail&n=kept',
    'x=1&n=kept',
    'n=kept&fbclid=abc&y',
    'z=&n=kept',
  ]) {
    const url = `/counted?${invented}`;
    expect((await get(url)).body, url).toBe(page);
  }
  expect(t.app.catalogue.renderedPages.size).toBe(size);
  // A parameter the screen reads is a page of its own, rendered for it.
  const other = (await get('/counted?n=other&x=1')).body;
  expect(other).toContain('<p>/counted?n=other render');
  expect(t.app.catalogue.renderedPages.size).toBe(size + 1);
  // A screen left to the browser reads none: the shell whatever the query.
  const shell = (await get('/cart')).body;
  const shells = t.app.catalogue.renderedPages.size;
  for (let i = 0; i < 5; i++) expect((await get(`/cart?x=${i}`)).body).toBe(shell);
  expect(t.app.catalogue.renderedPages.size).toBe(shells);
  // A name that could mean a read one once unescaped is never rendered for nor kept.
  expect((await get('/counted?%6E=kept')).body).toBe(shell);
  expect(t.app.catalogue.renderedPages.size).toBe(shells);
});

test('a kept page revalidated in front of the routing gets the 304 the application sends', async () => {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  for (const url of ['/counted', '/cart']) {
    const first = await fetch(base + url);
    const etag = first.headers.get('etag') as string;
    const hits = t.app.keptAnswers.hits;
    // The application's own 304 (a forwarded name goes on to it).
    const fromApp = await rawGet(base + url, {
      'if-none-match': etag,
      'x-forwarded-host': '127.0.0.1',
    });
    const kept = await rawGet(base + url, { 'if-none-match': etag });
    expect(t.app.keptAnswers.hits, url).toBe(hits + 1);
    expect(kept.status, url).toBe(304);
    expect(kept.headers, url).toEqual(fromApp.headers);
    expect(kept.headers, url).not.toContain('content-length');
  }
});

test('a rendered page goes out gzipped, its styles compressed once for every page', async () => {
  const plain = await get('/counted', 'identity');
  expect(plain.headers['content-encoding']).toBeUndefined();
  for (const accepted of ['gzip, deflate, br, zstd', 'gzip', '*']) {
    const gz = await get('/counted', accepted);
    expect(gz.headers['content-encoding'], accepted).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString(), accepted).toBe(plain.body);
    expect(gz.headers.etag, accepted).toBe(plain.headers.etag);
  }
  // Another page of the same screen carries the very same compressed styles.
  const other = await get('/counted?live', 'gzip');
  expect(gunzipSync(other.rawPayload).toString()).toContain('<p>/counted?live render');
});

test('a failed render is not kept: the next visit renders again', async () => {
  expect((await get('/flaky')).body).toBe(shell);
  expect((await get('/flaky')).body).toContain('<p>/flaky render');
});
