import type { Page } from '@playwright/test';
import { baseUrl, DEMO, signInApi } from '../support/accounts.ts';
import { json, paidStay } from '../support/bookings.ts';
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
  await signInApi(guestApi, DEMO.user.email);
  // A night within the dashboard's 60.
  const { checkIn: night } = await paidStay(guestApi, admin.hotel.id, {
    firstDay: 1,
    days: 58,
    nights: 1,
  });
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
