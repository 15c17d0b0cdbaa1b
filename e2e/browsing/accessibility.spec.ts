import type { APIRequestContext } from '@playwright/test';
import { collectConsoleErrors, expect, expectSoundPage, test } from '../support/fixtures.ts';

type Route = { name: string; path: (request: APIRequestContext) => Promise<string> };

async function firstHotel(request: APIRequestContext) {
  const hotels = await (await request.get('/api/hotels?pageSize=1')).json();
  return (await request.get(`/api/hotels/${hotels[0].id}`)).json();
}

const fixed = (path: string) => async () => path;
const ROUTES: Route[] = [
  { name: 'landing', path: fixed('/') },
  { name: 'hotel list', path: fixed('/home') },
  { name: 'hotel detail', path: async (r) => `/hotel/${(await firstHotel(r)).id}` },
  { name: 'room detail', path: async (r) => `/hotel/room/${(await firstHotel(r)).Rooms[0].id}` },
  { name: 'events', path: fixed('/home/Events') },
  { name: 'about', path: fixed('/about') },
  { name: 'terms', path: fixed('/terms') },
  { name: 'privacy', path: fixed('/privacy') },
  { name: 'cart', path: fixed('/cart') },
  { name: 'login', path: fixed('/login') },
  { name: 'register', path: fixed('/register') },
  { name: 'password reset', path: fixed('/reset') },
];

/**
 * Every public route, checked with axe at phone and desktop widths, as a visitor: no console
 * error either (a failed request logs one).
 */
for (const width of [360, 1280]) {
  for (const route of ROUTES) {
    test(`${route.name} at ${width}px: no serious accessibility violation, no sideways scroll, no console error`, async ({
      page,
      request,
    }) => {
      const consoleErrors = collectConsoleErrors(page);
      const path = await route.path(request);
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectSoundPage(page, consoleErrors);
    });
  }
}
