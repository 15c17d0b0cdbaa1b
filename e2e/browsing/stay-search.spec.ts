import { HOTEL_TIME_ZONE_DEFAULT } from '@devstay/shared/constants';
import type { Event, HotelCard, HotelDetail } from '@devstay/shared/contracts/catalogue';
import { addDays, calendarDateIn } from '@devstay/shared/stay';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { fillHotel } from '../support/ledger.ts';

/** 'Wed, Nov 25, 2026': how the room's date fields show a yyyy-MM-dd date. */
function shown(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** A city with at least two hotels, and its hotels (by name). */
async function cityWithHotels(request: APIRequestContext) {
  const cities: { city: string }[] = await (await request.get('/api/filtersHotels/cities')).json();
  for (const { city } of cities) {
    const res = await request.get(`/api/hotels?city=${encodeURIComponent(city)}&pageSize=8`);
    const hotels: HotelCard[] = await res.json();
    if (hotels.length >= 2) return { city, hotels };
  }
  throw new Error('no city with two hotels');
}

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const cardLink = (page: import('@playwright/test').Page, name: string) =>
  page.getByRole('link', { name: new RegExp(`^${literally(name)}$`, 'i') });

test('searching by dates leaves a full hotel out; the dates ride on to the room pickers', async ({
  page,
  request,
}) => {
  const { city, hotels } = await cityWithHotels(request);
  const full = hotels[0] as HotelCard;
  const open = hotels[1] as HotelCard;
  // Weeks ahead in the hotels' zone: a night no other test books.
  const today = calendarDateIn(HOTEL_TIME_ZONE_DEFAULT);
  const checkIn = addDays(today, 200);
  const checkOut = addDays(today, 202);
  const giveBack = await fillHotel(full.id, addDays(checkIn, 1), checkOut);
  try {
    await page.goto(`/home?city=${encodeURIComponent(city)}`);
    await expect(cardLink(page, full.name)).toBeVisible();

    await page.getByLabel('Check-in').fill(checkIn);
    await page.getByLabel('Check-out').fill(checkOut);
    await page.getByRole('button', { name: 'Check availability' }).click();
    await expect(page).toHaveURL(new RegExp(`checkIn=${checkIn}&checkOut=${checkOut}`));
    await expect(cardLink(page, full.name)).toHaveCount(0);
    await expect(cardLink(page, open.name)).toBeVisible();
    await expect(page.getByRole('group', { name: 'Active filters' })).toContainText(
      `${shown(checkIn)} to ${shown(checkOut)}, 1 room`,
    );

    // The address is the search: opened afresh (rendered by the server), it shows the same.
    await page.reload();
    await expect(cardLink(page, full.name)).toHaveCount(0);
    await expect(cardLink(page, open.name)).toBeVisible();
    await expect(page.getByLabel('Check-in')).toHaveValue(checkIn);

    // The check-out night is free: a stay ending on the full night's eve keeps the hotel.
    await page.getByLabel('Check-out').fill(addDays(checkIn, 1));
    await page.getByRole('button', { name: 'Check availability' }).click();
    await expect(cardLink(page, full.name)).toBeVisible();
    await page.goBack();

    await cardLink(page, open.name).click();
    await expect(page).toHaveURL(
      new RegExp(`/hotel/${open.id}\\?checkIn=${checkIn}&checkOut=${checkOut}`),
    );
    await page
      .getByRole('link', { name: /read more/i })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`checkIn=${checkIn}&checkOut=${checkOut}`));
    await expect(page.locator('#check-in')).toHaveText(shown(checkIn));
    await expect(page.locator('#check-out')).toHaveText(shown(checkOut));
    await expect(page.getByText(/^2 nights: \$/)).toBeVisible();
  } finally {
    await giveBack();
  }
});

test('a past check-in is refused with the stay rule’s words', async ({ page }) => {
  await page.goto('/home');
  await page.getByLabel('Check-in').fill('2020-01-01');
  await page.getByLabel('Check-out').fill('2020-01-03');
  await page.getByRole('button', { name: 'Check availability' }).click();
  await expect(page.getByText('The check-in date cannot be in the past')).toBeVisible();
  await expect(page).not.toHaveURL(/checkIn=/);
});

test('an impossible date in an address is no stay on the list, the hotel page and the room page alike', async ({
  page,
  request,
}) => {
  const [card] = (await (await request.get('/api/hotels?pageSize=1')).json()) as HotelCard[];
  const hotel: HotelDetail = await (await request.get(`/api/hotels/${card?.id}`)).json();
  const room = hotel.Rooms[0];
  if (!room) throw new Error('the first hotel has no room');
  const impossible = 'checkIn=2026-02-30&checkOut=2026-03-02';
  const today = calendarDateIn(hotel.timeZone);
  const real = { checkIn: addDays(today, 200), checkOut: addDays(today, 202) };
  const stayNote = page.getByText(/Your stay from/);
  const roomLink = page.getByRole('link', { name: /read more/i }).first();

  // The list searches without it (no stay in force, no refusal from the server).
  await page.goto(`/home?${impossible}`);
  await expect(cardLink(page, hotel.name)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Active filters' })).toHaveCount(0);
  await expect(page.getByLabel('Check-in')).toHaveValue('');

  // The hotel page carries a real stay to its rooms, and this one to none.
  await page.goto(`/hotel/${hotel.id}?checkIn=${real.checkIn}&checkOut=${real.checkOut}`);
  await expect(stayNote).toContainText(`${shown(real.checkIn)} to ${shown(real.checkOut)}`);
  await expect(roomLink).toHaveAttribute('href', new RegExp(`checkIn=${real.checkIn}`));
  await page.goto(`/hotel/${hotel.id}?${impossible}`);
  await expect(roomLink).toBeVisible();
  await expect(stayNote).toHaveCount(0);
  await expect(roomLink).toHaveAttribute('href', `/hotel/room/${room.id}`);

  // The room page starts from the hotel's today, as without dates.
  await page.goto(`/hotel/room/${room.id}?${impossible}`);
  await expect(page.locator('#check-in')).toHaveText(shown(today));
  await expect(page.locator('#check-out')).toHaveText(shown(addDays(today, 1)));
});

async function eventOfHotelInCityWithOthers(request: APIRequestContext) {
  const events: Event[] = await (await request.get('/api/events')).json();
  for (const event of events) {
    if (event.roomFree !== true) continue;
    const city = event.Hotels.Locations[0]?.city ?? '';
    const res = await request.get(`/api/hotels?city=${encodeURIComponent(city)}&pageSize=2`);
    if ((await res.json()).length >= 2) return event;
  }
  throw new Error('no event at a hotel whose city has other hotels');
}

test('"Find a room" lands on the pickers set to the event’s night; a full hotel offers the others of its city', async ({
  page,
  request,
}) => {
  const event = await eventOfHotelInCityWithOthers(request);
  const hotel: HotelDetail = await (await request.get(`/api/hotels/${event.idHotel}`)).json();
  const night = event.date;
  const next = addDays(night, 1);
  const city = event.Hotels.Locations[0]?.city ?? '';
  const card = page.getByRole('article').filter({
    has: page.getByRole('heading', { name: new RegExp(`^${literally(event.name)}$`, 'i') }),
  });

  await page.goto(`/home/Events?from=${night}&to=${night}`);
  await card.getByRole('link', { name: /find a room/i }).click();
  await expect(page).toHaveURL(
    new RegExp(`/hotel/${hotel.id}\\?checkIn=${night}&checkOut=${next}`),
  );
  await page
    .getByRole('link', { name: /read more/i })
    .first()
    .click();
  await expect(page.locator('#check-in')).toHaveText(shown(night));
  await expect(page.locator('#check-out')).toHaveText(shown(next));

  const giveBack = await fillHotel(hotel.id, night, next);
  try {
    await page.goto(`/home/Events?from=${night}&to=${night}`);
    await expect(card.getByText(/has no room free on the night of this event/i)).toBeVisible();
    await card
      .getByRole('link', {
        name: new RegExp(`other hotels in ${literally(city)} with rooms for these dates`, 'i'),
      })
      .click();
    await expect(page).toHaveURL(/\/home\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('city')).toBe(city);
    expect(url.searchParams.get('checkIn')).toBe(night);
    expect(url.searchParams.get('checkOut')).toBe(next);
    await expect(page.locator('main article').first()).toBeVisible();
    await expect(cardLink(page, hotel.name)).toHaveCount(0);
  } finally {
    await giveBack();
  }
});

test('dates typed before the toolbar’s code arrives are kept and searched', async ({ page }) => {
  // The server draws the stay's fields; their code is a chunk of its own, held back here.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/stay-search-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const today = calendarDateIn(HOTEL_TIME_ZONE_DEFAULT);
  const checkIn = addDays(today, 230);
  const checkOut = addDays(today, 231);
  // The server draws the fields on every page, its first /home included (web-render.test.ts).
  await page.goto('/home?sort=score_asc');
  await page.getByLabel('Check-in').fill(checkIn);
  await page.getByLabel('Check-out').fill(checkOut);
  const arrived = page.waitForResponse(/\/assets\/stay-search-[\w-]+\.js$/);
  release();
  await arrived;
  await expect(page.locator('html[data-interactive]')).toBeAttached();
  // Hydrated: the typed dates are the search's.
  await page.waitForTimeout(300);
  await page.getByRole('button', { name: 'Check availability' }).click();
  await expect(page).toHaveURL(new RegExp(`checkIn=${checkIn}&checkOut=${checkOut}`));
});
