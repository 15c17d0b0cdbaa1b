import { randomUUID } from 'node:crypto';
import type { HotelCard, HotelDetail } from '@devstay/shared/contracts/catalogue';
import { IDEMPOTENCY_KEY_HEADER } from '@devstay/shared/http';
import { BOOKING_MESSAGES, REVIEW_MESSAGES } from '@devstay/shared/messages';
import { addDays, calendarDateIn } from '@devstay/shared/stay';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, signInApi, siteHeaders } from '../support/accounts.ts';
import { collectConsoleErrors, expect, expectSoundPage, test, toast } from '../support/fixtures.ts';

/**
 * A guest's booking journey at phone and desktop widths: the cancellation terms stated before
 * paying (hotel, room, cart, payment), a booking of two rooms shown as one group in the history
 * with its receipt, and their own review found again to edit and delete.
 */

const WIDTHS = [360, 412, 1280] as const;

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/** Two rooms of the demo admin's hotel, booked and paid in one booking by the demo guest. */
async function bookTwoRooms(request: APIRequestContext, hotel: HotelDetail, checkIn: string) {
  const [first, second] = hotel.Rooms;
  if (!first || !second) throw new Error(`${hotel.name} has fewer than two rooms`);
  const cartRoom = [
    { id: first.id, checkIn, checkOut: addDays(checkIn, 2), cartQuantity: 1 },
    { id: second.id, checkIn, checkOut: addDays(checkIn, 3), cartQuantity: 1 },
  ];
  const quote = await ok<{ cartTotalCents: number }>(
    await request.post('/api/cart/quote', { headers: siteHeaders(), data: { cartRoom } }),
  );
  const booking = await ok<{ id: string }>(
    await request.post('/api/booking', {
      headers: { ...siteHeaders(), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      data: { cartRoom, cartTotalCents: quote.cartTotalCents },
    }),
  );
  await ok(
    await request.post('/api/payments/card', {
      headers: { ...siteHeaders(), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      data: {
        booking: booking.id,
        card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
      },
    }),
  );
  return booking.id;
}

/** No sideways scroll at this width. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

test('terms before paying, the booking as one group with its receipt, at 360, 412 and 1280 px', async ({
  page,
  signInAs,
}) => {
  test.setTimeout(420_000);
  const consoleErrors = collectConsoleErrors(page);
  await signInAs('user');
  await signInApi(page.request, DEMO.admin.email);
  const admin = await ok<{ hotel: { id: number } | null }>(await page.request.get('/api/me'));
  if (!admin.hotel) throw new Error('The demo admin runs no hotel');
  const hotel = await ok<HotelDetail>(await page.request.get(`/api/hotels/${admin.hotel.id}`));
  await signInAs('user');
  const today = calendarDateIn(hotel.timeZone);
  const checkIn = addDays(today, 45);
  const bookingId = await bookTwoRooms(page.request, hotel, checkIn);
  const room = hotel.Rooms[0]?.id ?? 0;
  const stay = `checkIn=${checkIn}&checkOut=${addDays(checkIn, 2)}`;
  const freeUntil = BOOKING_MESSAGES.freeCancellationUntil(
    addDays(checkIn, -hotel.freeCancellationDays),
    hotel.timeZone,
  );
  // Read as a place, never as the IANA id.
  expect(freeUntil).not.toContain(hotel.timeZone);

  for (const width of WIDTHS) {
    await test.step(`${width} px`, async () => {
      await page.setViewportSize({ width, height: 800 });
      // The hotel page, for the stay handed over.
      await page.goto(`/hotel/${hotel.id}?${stay}`);
      await page.evaluate(() => window.localStorage.clear());
      await expect(page.getByTestId('free-cancellation')).toHaveText(freeUntil);
      // The room page, for the stay picked; a stay too close is said to be past its window.
      const tooClose = addDays(today, hotel.freeCancellationDays - 1);
      await page.goto(`/hotel/room/${room}?checkIn=${tooClose}&checkOut=${addDays(tooClose, 3)}`);
      await expect(page.getByTestId('free-cancellation')).toHaveText(
        BOOKING_MESSAGES.noFreeCancellation,
      );
      await page.goto(`/hotel/room/${room}?${stay}`);
      await expect(page.getByTestId('free-cancellation')).toHaveText(freeUntil);
      await expectNoSidewaysScroll(page);
      await page.getByRole('button', { name: 'ADD TO CART' }).click();
      // The cart and the payment page, before the guest commits.
      await page.goto('/cart');
      await expect(page.getByTestId('cart-line').getByTestId('free-cancellation')).toHaveText(
        freeUntil,
      );
      await expectNoSidewaysScroll(page);
      await page.goto('/home/stripe');
      // Once, for the booking: the deadline the server will apply to it.
      await expect(
        page.getByTestId('booking-cancellation').getByTestId('free-cancellation'),
      ).toHaveText(freeUntil);
      if (width === 412) await expectSoundPage(page, consoleErrors);

      // The history: one group for the booking of two rooms, with what acts on all of it.
      await page.goto('/profileusers/bookingHistory');
      const entry = page.locator(
        `[data-testid="booking-history-entry"][data-booking-id="${bookingId}"]`,
      );
      await expect(entry.getByRole('article')).toHaveCount(2);
      await expect(entry.getByTestId('booking-total')).toContainText('2 units');
      await expect(entry.getByRole('button', { name: /^Cancel the reservation at / })).toHaveCount(
        1,
      );
      await expect(entry.getByText(freeUntil)).toBeVisible();
      await expect(entry.getByRole('link', { name: /to your calendar$/ })).toHaveCount(1);
      const receipt = entry.getByRole('link', { name: /^See the receipt of / });
      await expect(receipt).toHaveAttribute('href', `/bookings/${bookingId}/receipt`);
      if (width === 412) await expectSoundPage(page, consoleErrors);
      else await expectNoSidewaysScroll(page);
      await receipt.click();
      await expect(page).toHaveURL(`/bookings/${bookingId}/receipt`);
      await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
    });
  }
});

test('a guest finds their review again to edit it, then deletes it, at 360, 412 and 1280 px', async ({
  page,
  throwawayUser,
}) => {
  test.setTimeout(300_000);
  const consoleErrors = collectConsoleErrors(page);
  const list = await ok<HotelCard[]>(
    await page.request.get('/api/hotels?sort=name_asc&pageSize=8'),
  );
  // Away from the hotels the reviews file counts on (the other end of the catalogue).
  const hotel = list[6] ?? list.at(-1);
  if (!hotel) throw new Error('the demo catalogue has no hotel');
  await signInApi(page.request, throwawayUser.email, throwawayUser.password);
  const author = throwawayUser.email.split('@')[0] ?? '';

  for (const [i, width] of WIDTHS.entries()) {
    await test.step(`${width} px`, async () => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/hotel/${hotel.id}/review`);
      await expect(page.getByText(REVIEW_MESSAGES.whoReviews)).toBeVisible();
      const comment = `Edited at ${width} px`;
      if (i > 0) {
        // The review written before is there to edit.
        await expect(page.getByRole('textbox', { name: 'Your review' })).toHaveValue(
          `Edited at ${WIDTHS[i - 1]} px`,
        );
        await expect(page.getByRole('slider', { name: 'Rating' })).toHaveAttribute(
          'aria-valuenow',
          String(i + 1),
        );
      }
      await page.getByRole('slider', { name: 'Rating' }).focus();
      await page.keyboard.press('ArrowRight');
      await page.getByRole('textbox', { name: 'Your review' }).fill(comment);
      if (width === 412) await expectSoundPage(page, consoleErrors);
      await page.getByRole('button', { name: 'Submit review' }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: REVIEW_MESSAGES.submitted }),
      ).toBeVisible();

      // On the hotel page: theirs, with Edit and Delete; one review, not one per edit.
      await page.goto(`/hotel/${hotel.id}`);
      const mine = page
        .getByRole('article')
        .filter({ has: page.getByText(author, { exact: true }) });
      await expect(mine).toHaveCount(1);
      await expect(mine.getByText(comment)).toBeVisible();
      await expect(mine.getByRole('link', { name: 'Edit your review' })).toHaveAttribute(
        'href',
        `/hotel/${hotel.id}/review`,
      );
      await expectNoSidewaysScroll(page);
    });
  }

  // Deleted from the hotel page, after confirming.
  await page.goto(`/hotel/${hotel.id}`);
  const mine = page.getByRole('article').filter({ has: page.getByText(author, { exact: true }) });
  await mine.getByRole('button', { name: 'Delete your review' }).click();
  await page
    .getByRole('dialog', { name: 'Delete your review' })
    .getByRole('button', { name: 'Yes, delete it' })
    .click();
  await expect(toast(page, REVIEW_MESSAGES.removed)).toBeVisible();
  await expect(mine).toHaveCount(0);
  const after = await ok<HotelDetail>(await page.request.get(`/api/hotels/${hotel.id}`));
  expect(after.Reviews.map((r) => r.name)).not.toContain(author);
});
