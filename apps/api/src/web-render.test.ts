import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildWebIfStale, ROOT } from '../../../scripts/web-build.ts';
import { createTestDatabase } from './test/app.ts';
import { type ServerProcess, startServerProcess } from './test/server-process.ts';

/**
 * The web build's own server render (apps/web/src/entry-server.tsx, built when missing or
 * stale) in a server process started for this file, as `npm start` runs it: the first pages a
 * fresh server draws.
 */
let server: ServerProcess;
beforeAll(async () => {
  // Built as `npm start` builds it: for production, not in this run's NODE_ENV (test), which
  // would bundle React's development builds.
  const mode = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    buildWebIfStale();
  } finally {
    process.env.NODE_ENV = mode;
  }
  server = await startServerProcess(await createTestDatabase(), {
    WEB_DIST_DIR: path.join(ROOT, 'apps/web/dist'),
  });
}, 300_000);
afterAll(() => server?.stop());

const page = async (url: string) => (await fetch(server.base + url)).text();

test('a fresh server draws its first /home whole: the stay fields and the page links with it', async () => {
  const home = await page('/home');
  expect(home).toContain('<script type="application/json" id="server-state">');
  // The stay fields and the page links are parts whose code follows the first load.
  expect(home).toMatch(/<label[^>]*>Check-in<\/label>/);
  expect(home).toMatch(/<label[^>]*>Check-out<\/label>/);
  expect(home).toContain('aria-label="Hotel list pages"');
  // No part left to the browser.
  expect(home).not.toContain('<!--$!-->');
});

test('its first hotel page is whole, and the same for every visitor', async () => {
  const first = await page('/hotel/1');
  expect(first).toContain('id="server-state"');
  expect(first).toContain('Available rooms');
  expect(first).not.toContain('<!--$!-->');
  const drop = (html: string) => html.replace(/"(dehydratedAt|dataUpdatedAt)":\d+/g, '');
  expect(drop(await page('/hotel/1'))).toBe(drop(first));
});
