import { EVENTS_PER_PAGE } from '@devstay/shared/constants';
import type { Event, HotelCard, HotelDetail } from '@devstay/shared/contracts/catalogue';
import { FAVORITES_MESSAGES } from '@devstay/shared/messages';
import { capitalize } from '@devstay/shared/text';
import type { APIRequestContext, Page } from '@playwright/test';
import { signInApi, siteHeaders } from '../support/accounts.ts';
import { collectConsoleErrors, expect, expectSoundPage, test, toast } from '../support/fixtures.ts';

/** A phone, a large phone and a laptop. */
const WIDTHS = [360, 412, 1280];

/** The room of a hotel's page the favourites use, named as its heart names it. */
async function roomOf(request: APIRequestContext, hotel: HotelCard) {
  const detail: HotelDetail = await (await request.get(`/api/hotels/${hotel.id}`)).json();
  const room = detail.Rooms[0];
  if (!room) throw new Error(`${hotel.name} has no room`);
  return { id: room.id, hotel: detail.name, hearted: `${capitalize(room.name)} at ${detail.name}` };
}

async function pageHeight(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollHeight);
}

test('names as typed, events a page at a time with their zone, favourites taken off in place', async ({
  page,
  request,
  throwawayUser,
}) => {
  test.setTimeout(180_000);
  const events: Event[] = await (await request.get('/api/events?pageSize=100')).json();
  // The demo's names as typed, never re-capitalised.
  const names = events.map((e) => e.name);
  for (const name of [
    'CTF Mar del Plata',
    'TypeScript Avanzado Workshop',
    'DevOps Fin del Mundo',
  ]) {
    expect(names).toContain(name);
  }
  const ctf = names.indexOf('CTF Mar del Plata');
  const ctfPage = Math.floor(ctf / EVENTS_PER_PAGE) + 1;

  const hotels: HotelCard[] = await (await request.get('/api/hotels?pageSize=2')).json();
  const rooms = [
    await roomOf(request, hotels[0] as HotelCard),
    await roomOf(request, hotels[1] as HotelCard),
  ];
  await signInApi(page.request, throwawayUser.email, throwawayUser.password);

  for (const width of WIDTHS) {
    await test.step(`${width} px`, async () => {
      await page.setViewportSize({ width, height: 800 });
      const consoleErrors = collectConsoleErrors(page);

      // ── Events: one page at a time, the page in the address.
      await page.goto('/home/Events');
      const cards = page.getByRole('article');
      await expect(cards).toHaveCount(EVENTS_PER_PAGE);
      // Other tests may add an event meanwhile: the count is read, then checked against the pages.
      const status = page.getByRole('status').filter({ hasText: 'events' });
      await expect(status).toHaveText(/^\d+ events, page 1 of \d+$/);
      const counts = ((await status.textContent()) ?? '').match(/\d+/g)?.map(Number) ?? [];
      const total = counts[0];
      const shownPages = counts.at(-1);
      expect(shownPages).toBe(Math.ceil((total ?? 0) / EVENTS_PER_PAGE));
      expect(total).toBeGreaterThanOrEqual(events.length);
      if (total === events.length) {
        await expect(cards.first().getByRole('heading', { level: 2 })).toHaveText(
          names[0] as string,
        );
      }
      // Short enough to reach the pages at the bottom of a phone's screen.
      expect(await pageHeight(page)).toBeLessThan(width < 600 ? 6000 : 2500);
      await page
        .getByRole('navigation', { name: 'Event pages' })
        .getByRole('button', { name: 'Page 2' })
        .click();
      await expect(page).toHaveURL(/[?&]page=2/);
      if (total === events.length) {
        await expect(cards.first().getByRole('heading', { level: 2 })).toHaveText(
          names[EVENTS_PER_PAGE] as string,
        );
      }
      await expect(
        page
          .getByRole('navigation', { name: 'Event pages' })
          .getByRole('button', { name: 'Page 2' }),
      ).toHaveAttribute('aria-current', 'page');

      // Names as typed; the time in the hotel's zone, named for people.
      await page.goto(`/home/Events?page=${ctfPage}`);
      const card = cards.filter({
        has: page.getByRole('heading', { level: 2, name: 'CTF Mar del Plata', exact: true }),
      });
      await expect(card).toHaveCount(1);
      await expect(card).toContainText(`${events[ctf]?.time} hrs (Buenos Aires time)`);
      await expect(card).not.toContainText('America/');
      await expectSoundPage(page, consoleErrors);

      // ── Favourites: names of the room and the hotel; a heart takes a card off in place.
      const added = await page.request.post('/api/favorites', {
        headers: siteHeaders(),
        data: { id: throwawayUser.id, favorites: rooms.map((r) => r.id) },
      });
      expect(added.ok(), await added.text()).toBe(true);
      await page.goto('/favorite');
      const favorites = page.getByRole('article');
      await expect(favorites).toHaveCount(2);
      const [first, second] = rooms as [(typeof rooms)[0], (typeof rooms)[0]];
      const firstCard = favorites.filter({ hasText: first.hotel });
      await expect(firstCard.getByRole('link', { name: first.hotel, exact: true })).toBeVisible();
      await expect(page.getByText(/Room #\d/)).toHaveCount(0);
      await expectSoundPage(page, consoleErrors);
      // The same document throughout: a mark set now is still there after the removal.
      await page.evaluate(() => {
        (window as unknown as { kept: boolean }).kept = true;
      });
      await firstCard
        .getByRole('button', { name: `Remove ${first.hearted} from favorites` })
        .click();
      await expect(toast(page, FAVORITES_MESSAGES.removed(first.hearted))).toBeVisible();
      await expect(favorites).toHaveCount(1);
      await expect(favorites).toContainText(second.hotel);
      expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);

      // The room's heart is named for what it does next.
      await page.goto(`/hotel/room/${first.id}`);
      const add = page.getByRole('button', { name: `Add ${first.hearted} to favorites` });
      await expect(add).toHaveAttribute('aria-busy', 'false');
      await add.click();
      await expect(
        page.getByRole('button', { name: `Remove ${first.hearted} from favorites` }),
      ).toBeVisible();
      await expectSoundPage(page, consoleErrors);

      // Clean slate for the next width.
      for (const room of rooms) {
        await page.request.delete('/api/favorites', {
          headers: siteHeaders(),
          data: { id: throwawayUser.id, favorite: room.id },
        });
      }
    });
  }
});

test('the hotel list sorts by guest rating, best average first', async ({ page, request }) => {
  const byRating: HotelCard[] = await (
    await request.get('/api/hotels?sort=rating_desc&pageSize=8')
  ).json();
  const averages = byRating.map((h) => h.reviewAverage ?? 0);
  expect(averages).toEqual([...averages].sort((a, b) => b - a));
  await page.goto('/home');
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Guest rating' });
  await expect(page).toHaveURL(/sort=rating_desc/);
  await expect(page.locator('main article h2').first()).toHaveText(byRating[0]?.name as string);
});
