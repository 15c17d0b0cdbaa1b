import { HOTEL_TIME_ZONE_DEFAULT } from '@devstay/shared/constants';
import { calendarDateIn } from '@devstay/shared/stay';
import { expect, test } from '../support/fixtures.ts';

/**
 * A browser on another date than the hotel (the demo hotels are in Buenos Aires): UTC+14 from
 * 07:00 there, UTC−12 before 09:00, so one of them always is.
 */
const BROWSER_ZONE =
  ['Pacific/Kiritimati', 'Etc/GMT+12'].find(
    (zone) => calendarDateIn(zone) !== calendarDateIn(HOTEL_TIME_ZONE_DEFAULT),
  ) ?? 'Pacific/Kiritimati';

test.use({ timezoneId: BROWSER_ZONE });

/** 'Wed, Nov 25, 2026': how the stay's date fields show a yyyy-MM-dd date. */
function shown(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

test("a room's default stay starts on its hotel's today, not the browser's", async ({
  page,
  request,
}) => {
  const hotels = await (await request.get('/api/hotels?pageSize=1')).json();
  const hotel = await (await request.get(`/api/hotels/${hotels[0].id}`)).json();
  expect(hotel.timeZone).toBe(HOTEL_TIME_ZONE_DEFAULT);
  const hotelToday = calendarDateIn(hotel.timeZone);
  await page.goto(`/hotel/room/${hotel.Rooms[0].id}`);
  const browserToday = await page.evaluate(() => {
    const d = new Date();
    const two = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
  });
  expect(browserToday).not.toBe(hotelToday);

  await expect(page.locator('#check-in')).toHaveText(shown(hotelToday));
  await expect(page.getByText(/^1 night: \$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'ADD TO CART' })).toBeEnabled();
});
