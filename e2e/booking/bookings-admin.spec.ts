import { randomUUID } from 'node:crypto';
import { dateText } from '@devstay/shared/date-text';
import { IDEMPOTENCY_KEY_HEADER } from '@devstay/shared/http';
import { BOOKING_MESSAGES } from '@devstay/shared/messages';
import { addDays, calendarDateIn } from '@devstay/shared/stay';
import type { APIRequestContext } from '@playwright/test';
import { baseUrl, DEMO, signInApi, siteHeaders } from '../support/accounts.ts';
import { json, payWithTestCard } from '../support/bookings.ts';
import { expect, test, toast, wcagViolations } from '../support/fixtures.ts';

/**
 * A guest's confirmed booking, end to end: paid through the API as the demo user, seen in their
 * booking history, cancelled by the demo admin (who runs the booked hotel) on /stock.
 */

/** A booking of one room of the admin's hotel, paid by card as the demo user; its check-in. */
async function confirmedBookingAtAdminsHotel(
  adminApi: APIRequestContext,
  request: APIRequestContext,
) {
  await signInApi(adminApi, DEMO.admin.email);
  const admin = await json<{ hotel: { id: number } | null }>(await adminApi.get('/api/me'));
  if (!admin.hotel) throw new Error('The demo admin runs no hotel');
  const hotel = await json<{ Rooms: { id: number }[]; timeZone: string }>(
    await request.get(`/api/hotels/${admin.hotel.id}`),
  );
  const roomId = hotel.Rooms[0]?.id;
  if (roomId === undefined) throw new Error('The demo admin’s hotel has no room');

  await signInApi(request, DEMO.user.email);
  // A night of its own, far ahead, so parallel runs do not meet on it.
  const checkIn = addDays(calendarDateIn(hotel.timeZone), 60 + Math.floor(Math.random() * 600));
  const cartRoom = [{ id: roomId, checkIn, checkOut: addDays(checkIn, 1), cartQuantity: 1 }];
  const quote = await json<{ bookable: boolean; cartTotalAmount: number; cartTotalCents: number }>(
    await request.post('/api/cart/quote', { headers: siteHeaders(), data: { cartRoom } }),
  );
  expect(quote.bookable).toBe(true);
  const booking = await json<{ id: string }>(
    await request.post('/api/booking', {
      headers: { ...siteHeaders(), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      data: { cartRoom, cartTotalCents: quote.cartTotalCents },
    }),
  );
  await payWithTestCard(request, booking.id, {
    amount: quote.cartTotalAmount,
    email: DEMO.user.email,
  });
  return { checkIn };
}

test('a paid booking shows in the guest’s history and its hotel’s admin cancels it', async ({
  page,
  playwright,
  signInAs,
}) => {
  // Two accounts, two screens and two axe runs on a shared machine.
  test.setTimeout(90_000);
  const adminApi = await playwright.request.newContext({ baseURL: baseUrl() });
  const userApi = await playwright.request.newContext({ baseURL: baseUrl() });
  const { checkIn } = await confirmedBookingAtAdminsHotel(adminApi, userApi);
  await Promise.all([adminApi.dispose(), userApi.dispose()]);

  await signInAs('user');
  await page.goto('/profileusers');
  await page.getByRole('link', { name: 'Booking history' }).click();
  await expect(page).toHaveURL(/\/profileusers\/bookingHistory$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Booking history' })).toBeVisible();
  // Dates are shown in the site's one format.
  const card = page.getByRole('article').filter({ hasText: dateText(checkIn) });
  await expect(card).toHaveCount(1);
  await expect(card.getByText('confirmed')).toBeVisible();
  // The stay is to come: a review is welcome, and the card says when it becomes verified.
  await expect(card.getByRole('link', { name: /^Write a review of / })).toBeVisible();
  await expect(card).toContainText('your review is marked as a verified stay');
  await page.waitForLoadState('networkidle');
  expect(await wcagViolations(page)).toEqual([]);

  await page.context().clearCookies();
  await signInAs('admin');
  await page.goto('/profileAdmin');
  await page.getByRole('link', { name: 'Bookings' }).click();
  await expect(page).toHaveURL(/\/stock$/);
  const row = page.getByTestId('booking-row').filter({ hasText: dateText(checkIn) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('confirmed')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await wcagViolations(page)).toEqual([]);

  await row.getByRole('button', { name: /^Cancel the reservation/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(BOOKING_MESSAGES.cancelConfirm)).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(toast(page, BOOKING_MESSAGES.cancelled)).toBeVisible();
  await expect(row.getByText('cancelled')).toBeVisible();
  await expect(row.getByRole('button', { name: /^Cancel the reservation/ })).toHaveCount(0);
});

test('the superAdmin filters the bookings table by status and sorts it, on the server', async ({
  page,
  signInAs,
}) => {
  test.setTimeout(60_000);
  await signInAs('superAdmin');
  await page.goto('/profileSuperAdmin');
  await page.getByRole('link', { name: 'See bookings' }).click();
  await expect(page).toHaveURL(/\/stock$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();

  const listed = page.waitForResponse(
    (r) => r.url().includes('/api/booking?') && r.url().includes('status=confirmed'),
  );
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'confirmed' }).click();
  expect((await listed).ok()).toBe(true);
  await expect(page).toHaveURL(/status=confirmed/);
  const rows = page.getByTestId('booking-row');
  if ((await rows.count()) > 0) {
    await expect(rows.filter({ hasText: 'cancelled' })).toHaveCount(0);
  } else {
    await expect(page.getByText(BOOKING_MESSAGES.noBookings)).toBeVisible();
  }

  const sorted = page.waitForResponse((r) => r.url().includes('sort=checkIn-asc'));
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Check-in (earliest first)' }).click();
  expect((await sorted).ok()).toBe(true);
  await expect(page).toHaveURL(/sort=checkIn-asc/);
  await page.waitForLoadState('networkidle');
  expect(await wcagViolations(page)).toEqual([]);
});
