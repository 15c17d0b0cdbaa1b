import type { Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';

/** Signs the demo guest in on `/login?next=…`; the sign-in's hashing is slow on a busy machine. */
async function signInWithNext(page: Page, next: string) {
  test.setTimeout(120_000);
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email', { exact: true }).fill(DEMO.user.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

for (const next of ['/..//evil.example', '/%2e%2e//evil.example']) {
  test(`a way back to another site once resolved (${next}) lands on /home of this site`, async ({
    page,
    baseURL,
  }) => {
    await signInWithNext(page, next);
    await expect(page).toHaveURL(`${new URL(baseURL ?? '').origin}/home`, { timeout: 30_000 });
  });
}

test('a way back on this site is kept, as the browser resolves it', async ({ page }) => {
  await signInWithNext(page, '/a/../favorite');
  await expect(page).toHaveURL(/\/favorite$/, { timeout: 30_000 });
});

test('a screen whose address holds another spelling of an id says not found, asking nothing', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/api\/(hotels|rooms|serviceHotels)\//.test(pathname)) asked.push(pathname);
  });
  for (const [address, title] of [
    ['/hotel/0x10', 'Hotel not found'],
    ['/hotel/1e1', 'Hotel not found'],
    ['/hotel/017', 'Hotel not found'],
    ['/hotel/room/+18', 'Room not found'],
    ['/hotel/room/17.0', 'Room not found'],
  ] as const) {
    await page.goto(address);
    await expect(page.getByRole('heading', { name: title }), address).toBeVisible();
  }
  expect(asked).toEqual([]);
});
