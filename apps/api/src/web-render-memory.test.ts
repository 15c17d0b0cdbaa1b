import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { HOTEL_SORT_VALUES } from '@devstay/shared/constants';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildWebIfStale, ROOT } from '../../../scripts/web-build.ts';
import { compressedForms } from './lib/http.ts';
import { createTestApp, type TestApp } from './test/app.ts';

/**
 * The web build's own server render (apps/web/src/entry-server.tsx, built when missing or
 * stale) in this process, its heap collected on demand: what a render leaves behind once its
 * page is sent and kept.
 */
let t: TestApp;
beforeAll(async () => {
  buildWebIfStale();
  t = await createTestApp({ WEB_DIST_DIR: path.join(ROOT, 'apps/web/dist') });
}, 300_000);
afterAll(() => t?.close());

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** The heap in use after a full collection, less what the caches count they hold. */
function uncounted(): number {
  gc();
  const { app } = t;
  const caches = [
    ...Object.values(app.keptAnswers.caches),
    ...[
      'hotelPages',
      'hotelCounts',
      'cities',
      'hotelDetails',
      'hotelServices',
      'renderedPages',
    ].map((name) => app.catalogue[name as 'hotelPages']),
    compressedForms,
    app.sessions.kept,
  ];
  return process.memoryUsage().heapUsed - caches.reduce((sum, c) => sum + c.weight, 0);
}

const day = (ahead: number) => new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);

test('a page rendered and sent leaves no more than the caches count', async () => {
  const home = async (query: string) => {
    const answer = await t.app.inject({ method: 'GET', url: `/home?${query}` });
    expect(answer.body).toContain('id="server-state"');
  };
  // Every kind of part drawn once: the code and what every page shares are loaded.
  for (const sort of HOTEL_SORT_VALUES) await home(`sort=${sort}`);
  const before = uncounted();
  // Searches of their own, each a page of its own: a stay, a sort, a page of the list.
  const renders = 200;
  for (let n = 0; n < renders; n++) {
    const sort = HOTEL_SORT_VALUES[n % HOTEL_SORT_VALUES.length];
    await home(`checkIn=${day(10 + n)}&checkOut=${day(12 + n)}&sort=${sort}&page=${1 + (n % 3)}`);
  }
  const grown = uncounted() - before;
  // What the render keeps besides the caches: its kept markup, new cards and page links of each
  // search (bounded, entry-server.tsx); a page kept alive by what was cut from it adds more than
  // this bound a render (docs/scaling.md, Memory).
  expect(grown).toBeLessThan(renders * 42_000);
}, 120_000);
