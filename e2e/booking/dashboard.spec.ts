import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER } from '@devstay/shared/http';
import { addDays, calendarDateIn } from '@devstay/shared/stay';
import type { APIRequestContext, Page } from '@playwright/test';
import { baseUrl, DEMO, signInApi, siteHeaders } from '../support/accounts.ts';
import { collectConsoleErrors, expect, test, wcagViolations } from '../support/fixtures.ts';

/**
 * The hotel dashboard: the admin's on /profileAdmin, any hotel's on /profileSuperAdmin, charts
 * drawn and their numbers in tables.
 */

const NIGHT_LABEL = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
});

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(
    response.ok(),
    `${response.url()} answered ${response.status()}: ${await response.text()}`,
  ).toBe(true);
  return (await response.json()) as T;
}

/**
 * One unit of a room of `hotelId` booked and paid by the demo guest for one night within the
 * dashboard's 60; the night (another is tried when parallel tests filled one).
 */
async function paidNightAt(request: APIRequestContext, hotelId: number): Promise<string> {
  const hotel = await json<{ Rooms: { id: number; stock: number }[]; timeZone: string }>(
    await request.get(`/api/hotels/${hotelId}`),
  );
  const room = [...hotel.Rooms].sort((a, b) => b.stock - a.stock)[0];
  if (!room) throw new Error(`Hotel ${hotelId} has no room`);
  await signInApi(request, DEMO.user.email);
  for (let attempt = 0; attempt < 8; attempt++) {
    const checkIn = addDays(calendarDateIn(hotel.timeZone), 1 + Math.floor(Math.random() * 58));
    const cartRoom = [{ id: room.id, checkIn, checkOut: addDays(checkIn, 1), cartQuantity: 1 }];
    const quote = await json<{ bookable: boolean; cartTotalCents: number }>(
      await request.post('/api/cart/quote', { headers: siteHeaders(), data: { cartRoom } }),
    );
    if (!quote.bookable) continue;
    const held = await request.post('/api/booking', {
      headers: { ...siteHeaders(), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      data: { cartRoom, cartTotalCents: quote.cartTotalCents },
    });
    if (held.status() === 409) continue;
    const booking = await json<{ id: string }>(held);
    const paid = await json<{ booking: { status: string } }>(
      await request.post('/api/payments/card', {
        headers: { ...siteHeaders(), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
        data: {
          booking: booking.id,
          card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
        },
      }),
    );
    expect(paid.booking.status).toBe('confirmed');
    return checkIn;
  }
  throw new Error(`No night free at hotel ${hotelId} in eight tries`);
}

/** Both charts drawn as SVG: the occupancy's bars, the revenue's axis in dollars. */
async function expectChartsDrawn(page: Page) {
  await expect(
    page.getByTestId('occupancy-chart').locator('svg .recharts-bar-rectangle').first(),
  ).toBeAttached();
  await expect(
    page
      .getByTestId('revenue-chart')
      .locator('svg .recharts-yAxis-tick-labels')
      .getByText('$0', { exact: true }),
  ).toBeAttached();
}

test('the admin’s dashboard on /profileAdmin: the booked night in the chart and its table', async ({
  page,
  playwright,
  signInAs,
}) => {
  test.setTimeout(90_000);
  const errors = collectConsoleErrors(page);
  const adminApi = await playwright.request.newContext({ baseURL: baseUrl() });
  await signInApi(adminApi, DEMO.admin.email);
  const admin = await json<{ hotel: { id: number; name: string } | null }>(
    await adminApi.get('/api/me'),
  );
  if (!admin.hotel) throw new Error('The demo admin runs no hotel');
  const before = await json<{ occupancy: { nights: string[]; rooms: { booked: number[] }[] } }>(
    await adminApi.get(`/api/hotels/${admin.hotel.id}/dashboard`),
  );
  const guestApi = await playwright.request.newContext({ baseURL: baseUrl() });
  const night = await paidNightAt(guestApi, admin.hotel.id);
  await Promise.all([adminApi.dispose(), guestApi.dispose()]);

  await signInAs('admin');
  await page.goto('/profileAdmin');
  await expect(
    page.getByRole('heading', { level: 2, name: `Dashboard of ${admin.hotel.name}` }),
  ).toBeVisible();
  await expectChartsDrawn(page);
  await expect(page.getByRole('heading', { name: 'Occupancy, next 60 nights' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Revenue, last 12 months and next 3' }),
  ).toBeVisible();

  // The tables are read by screen readers before anyone asks to see them.
  const occupancy = page.getByRole('table', { name: /^Occupancy, next 60 nights/ });
  await expect(occupancy.locator('tbody tr')).toHaveCount(60);
  await expect(
    page.getByRole('table', { name: /^Revenue, last 12 months and next 3/ }).locator('tbody tr'),
  ).toHaveCount(15);

  // The booked night counts at least the unit just paid (more if parallel tests booked it too).
  const index = before.occupancy.nights.indexOf(night);
  const bookedBefore = before.occupancy.rooms.reduce((sum, r) => sum + (r.booked[index] ?? 0), 0);
  const row = occupancy.getByRole('row', {
    name: new RegExp(`^${NIGHT_LABEL.format(new Date(`${night}T00:00:00Z`))} `),
  });
  const booked = Number(await row.getByRole('cell').first().textContent());
  expect(booked).toBeGreaterThanOrEqual(bookedBefore + 1);

  // Shown on demand, and each room's own column.
  const occupancyCard = page.getByRole('region', { name: 'Occupancy, next 60 nights' });
  await occupancyCard.getByRole('button', { name: 'Show as table' }).click();
  await expect(occupancyCard.getByRole('button', { name: 'Show as table' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(occupancy).toBeVisible();
  await occupancyCard.getByRole('button', { name: 'Each room' }).click();
  await expect(
    occupancy.getByRole('columnheader', { name: /, booked of \d+$/ }).first(),
  ).toBeVisible();
  await expectChartsDrawn(page);

  expect(await wcagViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('the superAdmin picks a hotel and sees its dashboard', async ({ page, signInAs }) => {
  test.setTimeout(90_000);
  const errors = collectConsoleErrors(page);
  const [hotel] = await json<{ id: number; name: string }[]>(
    await page.request.get('/api/hotels', { params: { pageSize: 1, sort: 'name_desc' } }),
  );
  if (!hotel) throw new Error('The seeded catalogue has no hotel');
  await signInAs('superAdmin');
  await page.goto('/profileSuperAdmin');
  await expect(page.getByText('Choose a hotel to see its occupancy and revenue.')).toBeVisible();

  await page.getByRole('combobox', { name: 'Hotel' }).fill(hotel.name);
  await page.getByRole('option', { name: new RegExp(`^${hotel.name} — `) }).click();
  await expect(page).toHaveURL(new RegExp(`/profileSuperAdmin\\?hotel=${hotel.id}$`));
  await expect(
    page.getByRole('heading', { level: 2, name: `Dashboard of ${hotel.name}` }),
  ).toBeVisible();
  await expectChartsDrawn(page);
  await expect(
    page.getByRole('table', { name: /^Occupancy, next 60 nights/ }).locator('tbody tr'),
  ).toHaveCount(60);

  // The address keeps the choice: a reload shows the same hotel.
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 2, name: `Dashboard of ${hotel.name}` }),
  ).toBeVisible();
  await expectChartsDrawn(page);
  expect(await wcagViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});
