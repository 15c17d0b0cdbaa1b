import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

async function hotelWithPictures(request: APIRequestContext): Promise<number> {
  const hotels: { id: number }[] = await (await request.get('/api/hotels?pageSize=20')).json();
  for (const { id } of hotels) {
    const hotel = await (await request.get(`/api/hotels/${id}`)).json();
    if (hotel.pictures.length >= 3) return id;
  }
  throw new Error('No demo hotel has three pictures');
}

const shown = (page: Page) =>
  page.getByRole('button', { name: /^Show image \d$/ }).and(page.locator('[aria-current="true"]'));

test('the hotel carousel moves with its buttons, advances every 3 s and can be paused', async ({
  page,
  request,
}) => {
  await page.goto(`/hotel/${await hotelWithPictures(request)}`);
  const carousel = page.getByRole('region', { name: /^Pictures of / });
  await expect(carousel.getByRole('group')).toHaveCount(3);
  await expect(shown(page)).toHaveAccessibleName('Show image 1');

  await page.getByRole('button', { name: 'Next image' }).click();
  await expect(shown(page)).toHaveAccessibleName('Show image 2');
  await page.getByRole('button', { name: 'Previous image' }).click();
  await expect(shown(page)).toHaveAccessibleName('Show image 1');
  await page.getByRole('button', { name: 'Previous image' }).click();
  await expect(shown(page)).toHaveAccessibleName('Show image 3');
  await page.getByRole('button', { name: 'Show image 2' }).click();
  await expect(shown(page)).toHaveAccessibleName('Show image 2');

  // Left alone (pointer and focus elsewhere), it advances by itself.
  await page.getByRole('heading', { level: 1 }).click();
  await page.mouse.move(0, 0);
  await expect(shown(page)).toHaveAccessibleName('Show image 3', { timeout: 4_500 });

  await page.getByRole('button', { name: 'Pause slideshow' }).click();
  await page.getByRole('heading', { level: 1 }).click();
  await page.mouse.move(0, 0);
  const paused = await shown(page).getAttribute('aria-label');
  await page.waitForTimeout(3_500);
  await expect(shown(page)).toHaveAccessibleName(paused ?? '');
  await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
});

test.describe('for people who asked for reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the carousel does not advance by itself', async ({ page, request }) => {
    await page.goto(`/hotel/${await hotelWithPictures(request)}`);
    await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await page.mouse.move(0, 0);
    await page.waitForTimeout(3_500);
    await expect(shown(page)).toHaveAccessibleName('Show image 1');
  });
});
