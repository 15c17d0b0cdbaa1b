import type { HotelCard, HotelDetail } from '@devstay/shared/contracts/catalogue';
import { dateText } from '@devstay/shared/date-text';
import { REVIEW_MESSAGES } from '@devstay/shared/messages';
import { addDays, calendarDateIn } from '@devstay/shared/stay';
import type { APIRequestContext, Page } from '@playwright/test';
import { baseUrl, signInApi, siteHeaders } from '../support/accounts.ts';
import { collectConsoleErrors, expect, expectSoundPage, test, toast } from '../support/fixtures.ts';
import { deleteStays, insertConfirmedStay } from '../support/stays.ts';

/**
 * A hotel of the demo catalogue away from the first (the demo admin's, which other tests book);
 * each test of this file its own, so their counts do not meet.
 */
async function reviewedHotel(request: APIRequestContext, index: number): Promise<HotelDetail> {
  const list = (await (
    await request.get('/api/hotels?sort=name_desc&pageSize=8')
  ).json()) as HotelCard[];
  const card = list[index];
  if (!card) throw new Error('the demo catalogue has too few hotels');
  return (await (await request.get(`/api/hotels/${card.id}`)).json()) as HotelDetail;
}

/** The hotel page's count of its reviews, beside its score. */
const counted = (page: Page, n: number) =>
  n === 0
    ? page.getByText('No reviews yet', { exact: true })
    : page.getByText(`· ${n} ${n === 1 ? 'review' : 'reviews'}`);

/** The review of `author` on the hotel page (an article naming them). */
const reviewBy = (page: Page, author: string) =>
  page.getByRole('article').filter({ has: page.getByText(author, { exact: true }) });

test('a guest reviews a hotel after a past stay: verified, on the hotel page, from the history', async ({
  page,
  throwawayUser,
  superAdminApi,
}) => {
  const consoleErrors = collectConsoleErrors(page);
  const hotel = await reviewedHotel(page.request, 3);
  const room = hotel.Rooms[0];
  if (!room) throw new Error(`${hotel.name} has no room`);
  const today = calendarDateIn(hotel.timeZone);
  const past = { checkIn: addDays(today, -5), checkOut: addDays(today, -2) };
  const coming = { checkIn: addDays(today, 30), checkOut: addDays(today, 32) };
  const stays = [
    await insertConfirmedStay({ userId: throwawayUser.id, roomId: room.id, ...past }),
    await insertConfirmedStay({ userId: throwawayUser.id, roomId: room.id, ...coming }),
  ];
  const name = hotel.name;
  // No display name: a review shows the part of the e-mail before the @.
  const author = throwawayUser.email.split('@')[0] ?? '';
  const comment = `Fibre held up through a whole release night (${Date.now()})`;
  try {
    await signInApi(page.request, throwawayUser.email, throwawayUser.password);
    await page.goto('/profileusers/bookingHistory');
    const cards = page.getByRole('article', { name: new RegExp(`^${name},`) });
    await expect(cards).toHaveCount(2);
    // The stay to come: any signed-in guest may review; the mark comes once the stay ends.
    const comingCard = cards.filter({ hasText: dateText(coming.checkOut) });
    await expect(comingCard.getByRole('link', { name: `Write a review of ${name}` })).toBeVisible();
    await expect(comingCard).toContainText(
      `After your stay (check-out ${dateText(coming.checkOut)}) your review is marked as a verified stay`,
    );
    // The stay that has ended opens the hotel's review page.
    const pastCard = cards.filter({ hasText: dateText(past.checkOut) });
    await pastCard.getByRole('link', { name: `Write a review of ${name}` }).click();
    await expect(page).toHaveURL(`/hotel/${hotel.id}/review`);
    await expect(page.getByRole('heading', { level: 1, name: `Review ${name}` })).toBeVisible();

    // The slider starts at 1; the keyboard moves it to 4.
    const rating = page.getByRole('slider', { name: 'Rating' });
    await expect(rating).toHaveAttribute('aria-valuenow', '1');
    await rating.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect(rating).toHaveAttribute('aria-valuenow', '4');
    await page.getByLabel('Your review').fill(comment);

    // 'Loading...' while the review travels.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/reviews', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Submit review' }).click();
    await expect(page.getByRole('button', { name: 'Loading...' })).toBeVisible();
    release();
    await expect(
      page.getByRole('heading', { level: 1, name: REVIEW_MESSAGES.submitted }),
    ).toBeVisible();
    await expectSoundPage(page, consoleErrors);
    await page.getByRole('link', { name: 'Go home' }).click();
    await expect(page).toHaveURL('/home');

    // On the hotel page: the name, four stars, the text and the verified mark; no removal for
    // a guest.
    await page.goto(`/hotel/${hotel.id}`);
    const mine = reviewBy(page, author);
    await expect(mine).toHaveCount(1);
    await expect(mine.getByText('Verified stay')).toBeVisible();
    await expect(mine.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
    await expect(mine.getByText(comment)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Remove the review by / })).toHaveCount(0);
    // Their own: Edit and Delete.
    await expect(mine.getByRole('link', { name: 'Edit your review' })).toBeVisible();
    await expect(mine.getByRole('button', { name: 'Delete your review' })).toBeVisible();
    await expect(counted(page, hotel.reviewCount + 1)).toBeVisible();
  } finally {
    await deleteStays(stays);
    // The review leaves with the test: other tests read this hotel's page too.
    const now = (await (await superAdminApi.get(`/api/hotels/${hotel.id}`)).json()) as HotelDetail;
    for (const review of now.Reviews.filter((r) => r.name === author)) {
      await superAdminApi.delete(`/api/reviews/${review.id}`, { headers: siteHeaders() });
    }
  }
});

test('signed out, the review page asks to log in on submit; refused, it shows the server’s text', async ({
  page,
  signInAs,
}) => {
  const hotel = await reviewedHotel(page.request, 4);
  await page.goto(`/hotel/${hotel.id}/review`);
  await page.getByLabel('Your review').fill('Great coffee');
  await page.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByRole('alert')).toContainText(REVIEW_MESSAGES.logIn);
  await expect(page.getByRole('alert').getByRole('link', { name: 'Log in' })).toHaveAttribute(
    'href',
    `/login?next=${encodeURIComponent(`/hotel/${hotel.id}/review`)}`,
  );

  // Staff do not review (product §6): the server says so, after 'Error'.
  await signInAs('admin');
  await page.reload();
  await page.getByLabel('Your review').fill('My own hotel is the best');
  await page.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByRole('alert')).toHaveText(`${REVIEW_MESSAGES.failed} Unauthorized entry`);
  await expect(page.getByRole('heading', { name: REVIEW_MESSAGES.submitted })).toHaveCount(0);
});

test('the superAdmin removes an abusive review after confirming; the count follows', async ({
  page,
  signInAs,
  throwawayUser,
  playwright,
}) => {
  const hotel = await reviewedHotel(page.request, 5);
  const author = await playwright.request.newContext({ baseURL: baseUrl() });
  await signInApi(author, throwawayUser.email, throwawayUser.password);
  const posted = await author.post('/api/reviews', {
    headers: siteHeaders(),
    data: { idHotel: hotel.id, rating: 1, comment: 'Spam spam spam', user: throwawayUser.id },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  await author.dispose();
  const name = throwawayUser.email.split('@')[0] ?? '';

  await signInAs('superAdmin');
  await page.goto(`/hotel/${hotel.id}`);
  const abusive = reviewBy(page, name);
  await expect(abusive).toHaveCount(1);
  await expect(counted(page, hotel.reviewCount + 1)).toBeVisible();
  const remove = abusive.getByRole('button', { name: `Remove the review by ${name}` });
  // Asked first: No keeps it.
  await remove.click();
  const dialog = page.getByRole('dialog', { name: 'Remove review' });
  await expect(dialog).toContainText(REVIEW_MESSAGES.removeConfirm);
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(abusive).toHaveCount(1);

  await remove.click();
  await dialog.getByRole('button', { name: 'Yes, remove it' }).click();
  await expect(toast(page, REVIEW_MESSAGES.removed)).toBeVisible();
  await expect(abusive).toHaveCount(0);
  await expect(counted(page, hotel.reviewCount)).toBeVisible();
  const after = (await (await page.request.get(`/api/hotels/${hotel.id}`)).json()) as HotelDetail;
  expect(after.Reviews.map((r) => r.name)).not.toContain(name);
});
