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
  // Built as `npm start` builds it (for production, whatever this run's NODE_ENV).
  buildWebIfStale();
  server = await startServerProcess(await createTestDatabase(), {
    WEB_DIST_DIR: path.join(ROOT, 'apps/web/dist'),
  });
}, 300_000);
afterAll(() => server?.stop());

const page = async (url: string) => (await fetch(server.base + url)).text();
/** A page without the instants its data was read at. */
const drawn = async (url: string) =>
  (await page(url)).replace(/"(dehydratedAt|dataUpdatedAt)":\d+/g, '');

test('a fresh server draws its first /home whole, and the next pages as it', async () => {
  const first = await drawn('/home');
  expect(first).toContain('<script type="application/json" id="server-state">');
  // The stay fields and the page links are parts whose code follows the first load.
  expect(first).toMatch(/<label[^>]*>Check-in<\/label>/);
  expect(first).toMatch(/<label[^>]*>Check-out<\/label>/);
  expect(first).toContain('aria-label="Hotel list pages"');
  // No part left to the browser.
  expect(first).not.toContain('<!--$!-->');
  // The next page of the same screen (an address of its own, not kept: a check-in alone is
  // no stay) has the frame the server kept from the first: the very same markup.
  expect(await drawn('/home?checkIn=next')).toBe(first);
  // A parameter the screen does not read is the same page, kept.
  expect(await page('/home?utm_source=mail')).toBe(await page('/home'));
  expect(first).not.toContain('data-kept');
});

test('a hotel page is whole, and the same for every visitor', async () => {
  const first = await drawn('/hotel/1');
  expect(first).toContain('id="server-state"');
  expect(first).toContain('Available rooms');
  expect(first).not.toContain('<!--$!-->');
  expect(await drawn('/hotel/1?checkIn=next')).toBe(first);
  expect(await page('/hotel/1?utm_source=mail')).toBe(await page('/hotel/1'));
});

test('a kept page goes out again byte for byte; a search for a stay is drawn at every visit', async () => {
  const kept = await page('/hotel/2');
  expect(await page('/hotel/2')).toBe(kept);
  // Its data's read instants tell a new render: a live page is never kept, here or in front.
  const day = (ahead: number) =>
    new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
  const stay = `/home?checkIn=${day(30)}&checkOut=${day(32)}`;
  const readAt = async () => /"dataUpdatedAt":(\d+)/.exec(await page(stay))?.[1];
  const first = await readAt();
  expect(first).toBeDefined();
  await new Promise((resolve) => setTimeout(resolve, 5));
  expect(await readAt()).not.toBe(first);
});
