import { EVENTS_PER_PAGE } from '@devstay/shared/constants';
import { expect, test } from '../support/fixtures.ts';

async function firstRoomId(request: import('@playwright/test').APIRequestContext) {
  const hotels = await (await request.get('/api/hotels?pageSize=1')).json();
  const hotel = await (await request.get(`/api/hotels/${hotels[0].id}`)).json();
  return hotel.Rooms[0].id as number;
}

test('room detail: services, price for the stay and the check-out rule', async ({
  page,
  request,
}) => {
  const id = await firstRoomId(request);
  const room = await (await request.get(`/api/rooms/${id}`)).json();
  await page.goto(`/hotel/room/${id}`);
  await expect(page.getByRole('button', { name: 'ADD TO CART' })).toBeEnabled();
  for (const service of room.ServicesRooms) {
    await expect(page.getByText(new RegExp(service.name, 'i')).first()).toBeVisible();
  }
  // Default stay: today → tomorrow, one night at the room's price.
  await expect(page.getByText(new RegExp(`1 night.*\\$${room.price}`)).first()).toBeVisible();

  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(page.getByText(/added to cart/i).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /cart/i }).first()).toContainText('1');
});

test('events can be filtered by date and cleared', async ({ page, request }) => {
  const all = await (await request.get('/api/events?pageSize=100')).json();
  expect(all.length).toBeGreaterThanOrEqual(20);
  await page.goto('/home/Events');
  await expect(
    page.getByRole('heading', { level: 2, name: all[0].name, exact: true }),
  ).toBeVisible();
  // One page at a time.
  await expect(page.locator('main h2')).toHaveCount(EVENTS_PER_PAGE);

  // A window covering only the first event's date.
  const day = all[0].date as string;
  const [y, m, d] = day.split('-').map(Number);
  await page.getByRole('button', { name: 'Filter by date' }).click();
  const monthLabel = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d)).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const next = page.getByRole('button', { name: /next month/i });
  for (let i = 0; i < 12 && !(await page.getByText(monthLabel).isVisible()); i++)
    await next.click();
  const dayButton = page.getByRole('button', {
    name: new RegExp(`^${d} ${monthLabel.split(' ')[0]} ${y}$`),
  });
  await dayButton.click();
  await dayButton.click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`from=${day}`));
  // The filtered list arrives after the address changes; other tests may add events meanwhile,
  // so the expected count is the API's at the time of each try.
  await expect(async () => {
    const now: { date: string }[] = await (
      await request.get(`/api/events?from=${day}&to=${day}&pageSize=100`)
    ).json();
    await expect(page.locator('main h2')).toHaveCount(Math.min(EVENTS_PER_PAGE, now.length), {
      timeout: 1_000,
    });
    await expect(page.getByRole('status').filter({ hasText: /events? from/ })).toContainText(
      `${now.length} ${now.length === 1 ? 'event' : 'events'} from ${day} to ${day}`,
      { timeout: 1_000 },
    );
  }).toPass();

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/from=/);
  await expect(page.locator('main h2')).toHaveCount(EVENTS_PER_PAGE);
});

test('an unknown route shows the application error screen', async ({ page }) => {
  await page.goto('/this/route/does-not-exist');
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
});

test('landing, about and legal pages', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome to DevStay' })).toBeVisible();
  await page.getByRole('link', { name: 'See hotels' }).click();
  await expect(page).toHaveURL(/\/home$/);
  for (const path of ['/terms', '/privacy']) {
    await page.goto(path);
    await page
      .getByRole('link', { name: 'Go Login' })
      .or(page.getByRole('button', { name: 'Go Login' }))
      .click();
    await expect(page).toHaveURL(/\/login$/);
  }
});
