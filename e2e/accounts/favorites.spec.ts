import { FAVORITES_MESSAGES } from '@devstay/shared/messages';
import { capitalize } from '@devstay/shared/text';
import type { APIRequestContext } from '@playwright/test';
import { signInApi } from '../support/accounts.ts';
import { expect, test, toast, wcagViolations } from '../support/fixtures.ts';

/** A room of the catalogue: its name as the room screen shows it, and as the heart names it. */
async function someRoom(request: APIRequestContext) {
  const hotels = await (await request.get('/api/hotels?pageSize=1')).json();
  const hotel = await (await request.get(`/api/hotels/${hotels[0].id}`)).json();
  const room = hotel.Rooms[0];
  const name = capitalize(room.name);
  return {
    id: room.id as number,
    name,
    hotel: hotel.name as string,
    hearted: `${name} at ${hotel.name}`,
  };
}

test('a guest hearts a room, finds it on /favorite from the profile, and takes it off', async ({
  page,
  request,
  throwawayUser,
}) => {
  const room = await someRoom(request);
  await signInApi(page.request, throwawayUser.email, throwawayUser.password);
  await page.goto(`/hotel/room/${room.id}`);
  const heart = page.getByRole('button', { name: `Add ${room.hearted} to favorites` });
  const hearted = page.getByRole('button', { name: `Remove ${room.hearted} from favorites` });
  await expect(heart).toHaveAttribute('aria-busy', 'false');

  await heart.click();
  await expect(toast(page, FAVORITES_MESSAGES.added(room.hearted))).toBeVisible();
  await expect(hearted).toBeVisible();

  // Reached from the profile; the list waits for the server, saying so.
  let release = () => {};
  const answered = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**/api/favorites/${throwawayUser.id}`, async (route) => {
    await answered;
    await route.continue();
  });
  await page.goto('/profileusers');
  await page.getByRole('link', { name: 'Favorites' }).click();
  await expect(page).toHaveURL(/\/favorite$/);
  await expect(page.getByRole('status')).toHaveText(FAVORITES_MESSAGES.loading);
  release();
  const card = page.getByRole('article');
  await expect(card).toHaveCount(1);
  await expect(card).not.toContainText(`#${room.id}`);
  await expect(card.getByRole('heading', { name: `${room.name} room` })).toBeVisible();
  await expect(card).toContainText(`At ${room.hotel}`);
  await expect(card).toContainText(/\$\d[\d,.]* per night/);
  expect(await wcagViolations(page)).toEqual([]);
  await page.unroute(`**/api/favorites/${throwawayUser.id}`);

  // The card leads to the room, whose heart is on (the server's list, after a fresh load).
  await card.getByRole('link', { name: `See the ${room.name} room at ${room.hotel}` }).click();
  await expect(page).toHaveURL(new RegExp(`/hotel/room/${room.id}$`));
  await page.reload();
  await expect(hearted).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  await hearted.click();
  await expect(toast(page, FAVORITES_MESSAGES.removed(room.hearted))).toBeVisible();
  await expect(heart).toBeVisible();

  await page.goto('/favorite');
  await expect(page.getByText(FAVORITES_MESSAGES.none)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
  // Opened directly, Back leads to the profile it is reached from.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/profileusers$/);
});

test('signed out, the heart says to log in and stays off', async ({ page, request }) => {
  const room = await someRoom(request);
  await page.goto(`/hotel/room/${room.id}`);
  const heart = page.getByRole('button', { name: `Add ${room.hearted} to favorites` });
  await expect(heart).toHaveAttribute('aria-busy', 'false');
  await heart.click();
  await expect(toast(page, FAVORITES_MESSAGES.logIn)).toBeVisible();
  await expect(heart).toBeVisible();
});

test('/favorite is a guest’s: a visitor is sent to log in, staff are refused', async ({
  page,
  signInAs,
}) => {
  await page.goto('/favorite');
  await expect(page).toHaveURL(/\/login$/);
  await signInAs('admin');
  await page.goto('/favorite');
  await expect(page.getByRole('button', { name: 'Unauthorized entry, Back' })).toBeVisible();
});
