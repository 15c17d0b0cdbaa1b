import { HOTEL_TIME_ZONE_DEFAULT } from '@devstay/shared/constants';
import type { HotelCard, HotelDetail } from '@devstay/shared/contracts/catalogue';
import { dateText } from '@devstay/shared/date-text';
import { addDays, calendarDateIn } from '@devstay/shared/stay';
import { formatUsd, priceToCents } from '@devstay/shared/text';
import { collectConsoleErrors, expect, expectSoundPage, test, toast } from '../support/fixtures.ts';
import { fillRoom } from '../support/ledger.ts';

test('from a stay search, the hotel page lists its rooms for that stay: the card’s price, a sold-out room’s next free dates, a room count into the cart', async ({
  page,
  request,
}) => {
  // A hotel with at least two rooms; months ahead, on nights no other test books.
  const hotels: HotelCard[] = await (await request.get('/api/hotels?pageSize=40')).json();
  let hotel: HotelDetail | undefined;
  for (const card of hotels) {
    const detail: HotelDetail = await (await request.get(`/api/hotels/${card.id}`)).json();
    if (detail.Rooms.filter((r) => r.stock >= 2).length >= 2) {
      hotel = detail;
      break;
    }
  }
  if (!hotel) throw new Error('no hotel with two rooms of two units or more');
  const today = calendarDateIn(HOTEL_TIME_ZONE_DEFAULT);
  const checkIn = addDays(today, 290);
  const checkOut = addDays(today, 293);
  // The priciest room sold out on the stay's middle night and the two after it.
  const soldOut = [...hotel.Rooms].sort((a, b) => b.price - a.price || b.id - a.id)[0];
  if (!soldOut) throw new Error('no room');
  const giveBack = await fillRoom(soldOut.id, addDays(checkIn, 1), addDays(checkIn, 4));
  const consoleErrors = collectConsoleErrors(page);
  try {
    const card: HotelCard | undefined = (
      await (
        await request.get(
          `/api/hotels?name=${encodeURIComponent(hotel.name)}&checkIn=${checkIn}&checkOut=${checkOut}`,
        )
      ).json()
    ).find((c: HotelCard) => c.id === hotel.id);
    if (!card?.stay) throw new Error('the card has no price for the stay');

    for (const width of [412, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/hotel/${hotel.id}?checkIn=${checkIn}&checkOut=${checkOut}`);
      const section = page.getByRole('region', { name: 'Rooms for your stay' });
      await expect(section).toContainText(
        `${dateText(checkIn)} to ${dateText(checkOut)} · 3 nights`,
      );
      const rows = section.getByRole('listitem');
      await expect(rows).toHaveCount(hotel.Rooms.length);
      // The card's price is the first room's, written the same way.
      await expect(rows.first()).toContainText(
        `${formatUsd(priceToCents(card.stay.total))} for 3 nights`,
      );
      // The sold-out room comes last, says so, and offers the first three free nights after.
      const last = rows.last();
      await expect(last).toHaveAccessibleName(new RegExp(soldOut.name, 'i'));
      await expect(last.getByRole('button', { name: /Add .* to cart/ })).toHaveCount(0);
      await expect(last).toContainText(
        `Next free: ${dateText(addDays(checkIn, 4))} to ${dateText(addDays(checkIn, 7))}`,
      );
      await expectSoundPage(page, consoleErrors);
    }

    // Two units of the first room into the cart.
    const first = page
      .getByRole('region', { name: 'Rooms for your stay' })
      .getByRole('listitem')
      .first();
    await first.getByRole('combobox', { name: /Rooms of .* to add/ }).selectOption('2');
    await first.getByRole('button', { name: /Add 2 .* to cart/ }).click();
    await expect(toast(page, 'added to cart')).toBeVisible();
    await page.goto('/cart');
    await expect(page.getByLabel('Quantity 2')).toBeVisible();

    // The next free dates lead to the same page for those dates, where the room fits.
    await page.goto(`/hotel/${hotel.id}?checkIn=${checkIn}&checkOut=${checkOut}`);
    await page
      .getByRole('link', { name: new RegExp(`^Next free for ${soldOut.name}`, 'i') })
      .click();
    await expect(page).toHaveURL(
      new RegExp(`checkIn=${addDays(checkIn, 4)}&checkOut=${addDays(checkIn, 7)}`),
    );
    const again = page.getByRole('region', { name: 'Rooms for your stay' }).getByRole('listitem');
    await expect(again.filter({ hasText: 'Next free' })).toHaveCount(0);
  } finally {
    await giveBack();
  }
});
