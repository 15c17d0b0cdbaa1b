import { HOTEL_TIME_ZONE_DEFAULT } from '@devstay/shared/constants';
import type { HotelCard, HotelDetail } from '@devstay/shared/contracts/catalogue';
import { dateText } from '@devstay/shared/date-text';
import { addDays, calendarDateIn } from '@devstay/shared/stay';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { setHotelCapacity } from '../support/ledger.ts';

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The toolbar's guests field (the active filter's remove button names guests too). */
const guestsField = (page: Page) => page.getByRole('spinbutton', { name: 'Guests' });
const cardLink = (page: Page, name: string) =>
  page.getByRole('link', { name: new RegExp(`^${literally(name)}$`, 'i') });

test('a search for 3 guests hides a hotel whose rooms sleep 2, on a phone and a desktop; the guests ride on to the room', async ({
  page,
  request,
}) => {
  // A city with two hotels: one whose rooms sleep 2, one whose rooms sleep 3.
  const cities: { city: string }[] = await (await request.get('/api/filtersHotels/cities')).json();
  let found: { city: string; hotels: HotelCard[] } | undefined;
  for (const { city } of cities) {
    const res = await request.get(`/api/hotels?city=${encodeURIComponent(city)}&pageSize=8`);
    const hotels: HotelCard[] = await res.json();
    if (hotels.length >= 2) {
      found = { city, hotels };
      break;
    }
  }
  if (!found) throw new Error('no city with two hotels');
  const [small, large] = found.hotels as [HotelCard, HotelCard];
  const restoreSmall = await setHotelCapacity(small.id, 2);
  const restoreLarge = await setHotelCapacity(large.id, 3);
  try {
    // Months ahead in the hotels' zone: nights no other test books.
    const today = calendarDateIn(HOTEL_TIME_ZONE_DEFAULT);
    const checkIn = addDays(today, 230);
    const checkOut = addDays(today, 232);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/home?city=${encodeURIComponent(found.city)}`);
    await expect(cardLink(page, small.name)).toBeVisible();
    await page.getByLabel('Check-in').fill(checkIn);
    await page.getByLabel('Check-out').fill(checkOut);
    await guestsField(page).fill('3');
    await page.getByRole('button', { name: 'Check availability' }).click();
    await expect(page).toHaveURL(new RegExp(`checkIn=${checkIn}&checkOut=${checkOut}&guests=3`));
    await expect(cardLink(page, small.name)).toHaveCount(0);
    await expect(cardLink(page, large.name)).toBeVisible();
    await expect(page.getByRole('group', { name: 'Active filters' })).toContainText(
      `${dateText(checkIn)} to ${dateText(checkOut)}, 1 room, 3 guests`,
    );
    // Two guests fit the smaller hotel's rooms again.
    await guestsField(page).fill('2');
    await page.getByRole('button', { name: 'Check availability' }).click();
    await expect(cardLink(page, small.name)).toBeVisible();
    await page.goBack();
    await expect(cardLink(page, small.name)).toHaveCount(0);

    // On a phone, the same address (drawn by the server) shows the same search.
    await page.setViewportSize({ width: 412, height: 915 });
    await page.reload();
    await expect(guestsField(page)).toHaveValue('3');
    await expect(cardLink(page, small.name)).toHaveCount(0);
    await expect(cardLink(page, large.name)).toBeVisible();

    // The guests ride on to the hotel's rooms and the room's picker.
    await cardLink(page, large.name).click();
    await expect(page).toHaveURL(
      new RegExp(`/hotel/${large.id}\\?checkIn=${checkIn}&checkOut=${checkOut}&guests=3`),
    );
    const hotel: HotelDetail = await (await request.get(`/api/hotels/${large.id}`)).json();
    expect(hotel.Rooms.length).toBeGreaterThan(0);
    await page
      .getByRole('link', { name: /read more/i })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`checkIn=${checkIn}&checkOut=${checkOut}&guests=3`));
    await expect(page.getByRole('textbox', { name: 'Guests' })).toHaveValue('3');
    await expect(page.getByText(/sleeps 3 guests/)).toBeVisible();
  } finally {
    await restoreSmall();
    await restoreLarge();
  }
});
