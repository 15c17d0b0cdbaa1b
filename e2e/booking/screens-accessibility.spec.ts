import { randomUUID } from 'node:crypto';
import { paths, type StayDates } from '@devstay/shared/paths';
import { addDays, calendarDateIn } from '@devstay/shared/stay';
import type { Page } from '@playwright/test';
import { DEMO, signInApi, signUpApi, siteHeaders, uniqueEmail } from '../support/accounts.ts';
import { json, paidStay, roomInCart, seededHotelId } from '../support/bookings.ts';
import { expect, seriousViolations, test } from '../support/fixtures.ts';

/**
 * The screens of a booking's journey and of the hotel staff, at a phone's 412 px, each as the
 * account that uses it: axe finds no serious or critical violation on any of them.
 */

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 412, height: 900 } });

/** A fresh guest account, signed in in the page's browser; answers its id. */
async function newGuest(page: Page): Promise<string> {
  return signUpApi(page.request, uniqueEmail('axe'), `pw-${randomUUID().slice(0, 8)}`);
}

/** A night two weeks ahead at a seeded hotel, with the hotel's id and city. */
async function nightAt(page: Page, index: number) {
  const id = await seededHotelId(page.request, index);
  const hotel = await json<{ timeZone: string; Locations: { city: string }[] }>(
    await page.request.get(`/api/hotels/${id}`),
  );
  const checkIn = addDays(calendarDateIn(hotel.timeZone), 14);
  const stay: StayDates = { checkIn, checkOut: addDays(checkIn, 1) };
  return { id, city: hotel.Locations[0]?.city ?? '', stay };
}

interface Screen {
  name: string;
  /** Signs in as the screen's user, opens it and waits until it shows what it is for. */
  open: (page: Page) => Promise<void>;
}

const SCREENS: Screen[] = [
  {
    name: 'receipt',
    async open(page) {
      await newGuest(page);
      const hotelId = await seededHotelId(page.request, 4);
      const booking = await paidStay(page.request, hotelId, { firstDay: 30, days: 200, nights: 2 });
      await page.goto(paths.receipt(booking.id));
      await expect(page.getByTestId('receipt-total')).toBeVisible();
    },
  },
  {
    name: 'booking history',
    async open(page) {
      await newGuest(page);
      const hotelId = await seededHotelId(page.request, 4);
      await paidStay(page.request, hotelId, { firstDay: 30, days: 200, nights: 1 });
      await page.goto(paths.bookingHistory);
      await expect(page.getByRole('article').first()).toBeVisible();
    },
  },
  {
    name: 'cart',
    async open(page) {
      await newGuest(page);
      await roomInCart(page, await seededHotelId(page.request, 3), 50);
      await page.goto(paths.cart);
      await expect(page.getByTestId('cart-line-total')).not.toHaveText('…');
    },
  },
  {
    name: 'payment',
    async open(page) {
      await newGuest(page);
      await roomInCart(page, await seededHotelId(page.request, 3), 55);
      await page.goto(paths.payment);
      await expect(page.getByTestId('payment-total')).not.toHaveText('…');
    },
  },
  {
    name: 'favourites',
    async open(page) {
      const id = await newGuest(page);
      const hotel = await json<{ Rooms: { id: number }[] }>(
        await page.request.get(`/api/hotels/${await seededHotelId(page.request, 2)}`),
      );
      await json(
        await page.request.post('/api/favorites', {
          headers: siteHeaders(),
          data: { id, favorites: hotel.Rooms.slice(0, 2).map((r) => r.id) },
        }),
      );
      await page.goto(paths.favorites);
      await expect(page.getByRole('article')).toHaveCount(2);
    },
  },
  {
    name: 'events',
    async open(page) {
      await newGuest(page);
      await page.goto(paths.events);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
    },
  },
  {
    name: 'hotel page with dates',
    async open(page) {
      await newGuest(page);
      const night = await nightAt(page, 1);
      await page.goto(paths.hotel(night.id, night.stay));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
    },
  },
  {
    name: '/home with dates',
    async open(page) {
      await newGuest(page);
      const night = await nightAt(page, 0);
      await page.goto(paths.hotelsWithRooms(night.city, night.stay));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
    },
  },
  {
    name: '/stock',
    async open(page) {
      await signInApi(page.request, DEMO.admin.email);
      await page.goto(paths.stock);
      await expect(
        page.getByTestId('booking-row').first().or(page.getByText('No reservations found')),
      ).toBeVisible();
    },
  },
  {
    name: 'admin dashboard, its tables shown',
    async open(page) {
      await signInApi(page.request, DEMO.admin.email);
      await page.goto(paths.adminProfile);
      // The charts' code comes when first needed: slow on a busy machine.
      await expect(page.getByTestId('occupancy-chart')).toBeVisible({ timeout: 30_000 });
      for (const name of [/^Occupancy, next/, /^Revenue, last/]) {
        await page
          .getByRole('region', { name })
          .getByRole('button', { name: 'Show as table' })
          .click();
      }
      await expect(page.getByTestId('revenue-table')).toBeVisible();
    },
  },
  {
    name: 'room rates',
    async open(page) {
      await signInApi(page.request, DEMO.admin.email);
      await page.goto(paths.content.roomRates);
      await expect(page.getByRole('heading', { level: 1, name: 'Room rates' })).toBeVisible();
      await page.getByRole('combobox', { name: 'Room', exact: true }).click();
      await page.getByRole('option').first().click();
      await expect(page.getByRole('heading', { name: 'Nightly prices' })).toBeVisible();
    },
  },
];

for (const screen of SCREENS) {
  test(`${screen.name} at 412 px: no serious or critical accessibility violation`, async ({
    page,
  }) => {
    await screen.open(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
