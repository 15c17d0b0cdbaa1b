import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { IDEMPOTENCY_KEY_HEADER } from '@devstay/shared/http';
import { BOOKING_MESSAGES } from '@devstay/shared/messages';
import { addDays, calendarDateIn } from '@devstay/shared/stay';
import type { Locator, Page, PlaywrightWorkerArgs } from '@playwright/test';
import nodeIcal, { type VEvent } from 'node-ical';
import { baseUrl, DEMO, signInApi, siteHeaders } from '../support/accounts.ts';
import { json } from '../support/bookings.ts';
import { expect, test, toast } from '../support/fixtures.ts';

/**
 * Calendar files downloaded as a browser downloads them, then read back with node-ical; and a
 * guest cancelling their own booking from the history, within its free-cancellation window
 * (and not after it).
 */

interface Booked {
  id: string;
  checkIn: string;
  checkOut: string;
  hotel: string;
}

/** A room of the demo admin's hotel booked and paid as the demo user, `daysAhead` from today. */
async function bookAsDemoUser(
  playwright: PlaywrightWorkerArgs['playwright'],
  daysAhead: number,
): Promise<Booked> {
  const request = await playwright.request.newContext({ baseURL: baseUrl() });
  try {
    await signInApi(request, DEMO.admin.email);
    const admin = await json<{ hotel: { id: number } | null }>(await request.get('/api/me'));
    if (!admin.hotel) throw new Error('The demo admin runs no hotel');
    const hotel = await json<{ name: string; Rooms: { id: number }[]; timeZone: string }>(
      await request.get(`/api/hotels/${admin.hotel.id}`),
    );
    const roomId = hotel.Rooms.at(-1)?.id;
    if (roomId === undefined) throw new Error('The demo admin’s hotel has no room');
    await signInApi(request, DEMO.user.email);
    const checkIn = addDays(calendarDateIn(hotel.timeZone), daysAhead);
    const checkOut = addDays(checkIn, 2);
    const cartRoom = [{ id: roomId, checkIn, checkOut, cartQuantity: 1 }];
    const quote = await json<{ cartTotalCents: number }>(
      await request.post('/api/cart/quote', { headers: siteHeaders(), data: { cartRoom } }),
    );
    const booking = await json<{ id: string }>(
      await request.post('/api/booking', {
        headers: { ...siteHeaders(), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
        data: { cartRoom, cartTotalCents: quote.cartTotalCents },
      }),
    );
    await json(
      await request.post('/api/payments/card', {
        headers: { ...siteHeaders(), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
        data: {
          booking: booking.id,
          card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
        },
      }),
    );
    return { id: booking.id, checkIn, checkOut, hotel: hotel.name };
  } finally {
    await request.dispose();
  }
}

/** Clicks the link and reads the file the browser saved, parsed: its VEVENTs and its name. */
async function downloaded(page: Page, link: Locator): Promise<{ name: string; events: VEvent[] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const file = await download.path();
  const text = await readFile(file, 'utf8');
  const events = Object.values(nodeIcal.sync.parseICS(text)).filter(
    (c): c is VEvent => c?.type === 'VEVENT',
  );
  return { name: download.suggestedFilename(), events };
}

/** The demo hotels' time zone. */
const ZONE = 'America/Argentina/Buenos_Aires';

/** A date-only value as node-ical gives it (local midnight), as yyyy-MM-dd. */
const dayOf = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/**
 * The history's entry of a booking: its rooms, calendar file and cancel. Found by its id: its
 * dates may stand in other entries too (a reservation made today, a stay ending that day).
 */
const entryOf = (page: Page, booked: Booked) =>
  page.locator(`[data-testid="booking-history-entry"][data-booking-id="${booked.id}"]`);

test('a guest downloads the booking’s calendar file from the history and the receipt, then cancels it', async ({
  page,
  playwright,
  signInAs,
}) => {
  test.setTimeout(90_000);
  // Far ahead, a night of its own: the window (2 days by default) is wide open.
  const booked = await bookAsDemoUser(playwright, 120 + Math.floor(Math.random() * 500));
  await signInAs('user');
  await page.goto('/profileusers/bookingHistory');
  const entry = entryOf(page, booked);
  await expect(entry).toHaveCount(1);

  const fromHistory = await downloaded(
    page,
    entry.getByRole('link', { name: /^Add the reservation at .* to your calendar$/ }),
  );
  expect(fromHistory.name).toBe(`devstay-booking-${booked.id}.ics`);
  expect(fromHistory.events).toHaveLength(1);
  const [stay] = fromHistory.events;
  expect(stay?.datetype).toBe('date');
  expect(stay && dayOf(stay.start)).toBe(booked.checkIn);
  expect(stay?.end && dayOf(stay.end)).toBe(booked.checkOut);
  expect(String(stay?.summary).toLowerCase()).toContain(booked.hotel.toLowerCase());
  expect(String(stay?.description)).toContain(`/bookings/${booked.id}/receipt`);

  await page.goto(`/bookings/${booked.id}/receipt`);
  const fromReceipt = await downloaded(
    page,
    page.getByRole('link', { name: 'Add this booking to your calendar' }),
  );
  expect(fromReceipt.events.map((e) => e.uid)).toEqual(fromHistory.events.map((e) => e.uid));

  await page.goto('/profileusers/bookingHistory');
  await expect(
    entry.getByText(BOOKING_MESSAGES.freeCancellationUntil(addDays(booked.checkIn, -2), ZONE)),
  ).toBeVisible();
  await entry.getByRole('button', { name: /^Cancel the reservation at / }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(BOOKING_MESSAGES.cancelConfirm)).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(toast(page, BOOKING_MESSAGES.cancelled)).toBeVisible();
  // The booking's status, and each room card's.
  await expect(entry.getByText('cancelled', { exact: true }).first()).toBeVisible();
  await expect(entry.getByRole('link', { name: /^Write a review of / })).toHaveCount(0);
  await expect(entry.getByRole('button', { name: /^Cancel the reservation at / })).toHaveCount(0);
  await expect(entry.getByRole('link', { name: /to your calendar$/ })).toHaveCount(0);
});

test('after the window the guest’s Cancel is disabled and says until when it was possible', async ({
  page,
  playwright,
  signInAs,
}) => {
  test.setTimeout(60_000);
  // Check-in tomorrow: the 2-day window closed at the start of yesterday, hotel time.
  const booked = await bookAsDemoUser(playwright, 1);
  await signInAs('user');
  await page.goto('/profileusers/bookingHistory');
  const entry = entryOf(page, booked);
  const closed = entry.getByRole('button', {
    name: BOOKING_MESSAGES.freeCancellationEnded(addDays(booked.checkIn, -2), ZONE),
  });
  await expect(closed).toBeVisible();
  await expect(closed).toBeDisabled();
  await expect(entry.getByRole('button', { name: /^Cancel the reservation at / })).toHaveCount(0);
});

test('an event’s calendar file starts at its time in its hotel’s zone', async ({ page }) => {
  await page.goto('/home/Events');
  const card = page.getByRole('article').first();
  const name = (await card.getByRole('heading', { level: 2 }).textContent()) ?? '';
  const events = await json<{ id: number; name: string; date: string; time: string }[]>(
    await page.request.get('/api/events?pageSize=100'),
  );
  const event = events.find((e) => e.name.toLowerCase() === name.toLowerCase());
  if (!event) throw new Error(`No event named ${name}`);
  const file = await downloaded(
    page,
    card.getByRole('link', { name: `Add ${name} to your calendar` }),
  );
  expect(file.name).toBe(`devstay-event-${event.id}.ics`);
  const [entry] = file.events;
  // The demo hotels are in Buenos Aires, UTC−3 all year.
  const start = new Date(`${event.date.slice(0, 10)}T${event.time.slice(0, 5)}:00-03:00`);
  expect(entry?.start.toISOString()).toBe(start.toISOString());
  expect(entry?.end?.toISOString()).toBe(new Date(start.getTime() + 2 * 3_600_000).toISOString());
  expect(String(entry?.summary)).toBe(name);
});
