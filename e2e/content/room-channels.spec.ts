import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { HOTEL_TIME_ZONE_DEFAULT } from '@devstay/shared/constants';
import { roomChannelsOf } from '@devstay/shared/paths';
import { addDays, calendarDateIn } from '@devstay/shared/stay';
import { capitalize } from '@devstay/shared/text';
import type { Page } from '@playwright/test';
import { baseUrl, DEMO, signInApi, siteHeaders } from '../support/accounts.ts';
import { paidStay } from '../support/bookings.ts';
import { expect, seriousViolations, test, toast } from '../support/fixtures.ts';

/**
 * A hotel's staff import another channel's calendar into each of their rooms: the admin pastes
 * the address on the room's Channels screen (at 360 px, axe clean) and syncs it; the nights its
 * event holds are then sold out on the public room page and the hotel is gone from the date
 * search for them. An event on nights a guest booked here is a conflict: shown on the staff's
 * dashboard (the admin's hotel's, every hotel's for the superAdmin) with a link to the room's
 * Channels screen, which shows both sides.
 *
 * JOURNEY_SCREENSHOTS=1 also saves how a conflict looks to staff at 412 px into docs/journey/.
 */

const d = (date: string) => date.replaceAll('-', '');

/** A Booking.com-style calendar of one "closed" event for the nights [from, to). */
const closedCalendar = (uid: string, from: string, to: string) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//admin.booking.com//EN',
    'BEGIN:VEVENT',
    `DTSTAMP:${d(calendarDateIn(HOTEL_TIME_ZONE_DEFAULT))}T100000Z`,
    `DTSTART;VALUE=DATE:${d(from)}`,
    `DTEND;VALUE=DATE:${d(to)}`,
    `UID:${uid}`,
    'SUMMARY:CLOSED - Not available',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

/** A channel's server answering `body` to every request, on loopback; its address and close. */
async function channelServer(body: string) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/calendar' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/booking.ics`,
    close: () => server.close(),
  };
}

/** The signed-in admin's hotel and its rooms. */
async function adminHotel(page: Page) {
  const me = (await (await page.request.get('/api/me')).json()) as {
    hotel: { id: number; name: string } | null;
  };
  if (!me.hotel) throw new Error('the demo admin runs a hotel');
  const rooms = (await (
    await page.request.get(`/api/content/rooms?idHotel=${me.hotel.id}`)
  ).json()) as { id: number; name: string; stock: number }[];
  return { hotel: me.hotel, rooms };
}

/** The page fits `width` px: nothing scrolls sideways. */
async function expectFits(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

/** Asked by JOURNEY_SCREENSHOTS=1: where the journey's pictures go (docs/journey). */
const JOURNEY = process.env.JOURNEY_SCREENSHOTS === '1' ? path.resolve('docs/journey') : null;

test('staff paste a channel’s calendar, sync it, and its nights close on the room page and in the date search', async ({
  page,
  signInAs,
}) => {
  const today = calendarDateIn(HOTEL_TIME_ZONE_DEFAULT);
  const checkIn = addDays(today, 340);
  const checkOut = addDays(today, 342);
  const body = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//admin.booking.com//EN',
    'BEGIN:VEVENT',
    `DTSTAMP:${d(today)}T100000Z`,
    `DTSTART;VALUE=DATE:${d(checkIn)}`,
    `DTEND;VALUE=DATE:${d(checkOut)}`,
    'UID:e2e-closed@booking.com',
    'SUMMARY:CLOSED - Not available',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/calendar' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/booking.ics`;
  const feeds: number[] = [];
  try {
    await signInAs('admin');
    const { hotel, rooms } = await adminHotel(page);
    const [room, ...others] = rooms;
    if (!room) throw new Error('the demo hotel has rooms');

    // The other rooms through the API, as the same screen would.
    for (const other of others) {
      const made = await page.request.post(`/api/rooms/${other.id}/feeds`, {
        headers: siteHeaders(),
        data: { url: feedUrl, name: 'Booking.com', unitsPerEvent: other.stock },
      });
      expect(made.status()).toBe(201);
      const id = ((await made.json()) as { id: number }).id;
      feeds.push(id);
      const synced = await page.request.post(`/api/feeds/${id}/sync`, { headers: siteHeaders() });
      expect(synced.status()).toBe(200);
    }

    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`/home/roomChannels?room=${room.id}`);
    await page.getByLabel('Calendar address (.ics)').fill(feedUrl);
    await page.getByLabel('Channel name').fill('Booking.com');
    await page.getByLabel('Units per event').fill(String(room.stock));
    await page.getByRole('button', { name: 'Import calendar' }).click();
    await page.getByRole('button', { name: 'Sync Booking.com now' }).click();
    await expect(toast(page, 'Synced: 2 nights blocked, 0 conflicts')).toBeVisible();
    await expect(page.getByTestId('channel-feed')).toContainText('2 nights blocked');
    expect(await seriousViolations(page)).toEqual([]);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(360);

    // The public room page: those nights cannot be booked.
    await page.goto(`/hotel/room/${room.id}?checkIn=${checkIn}&checkOut=${checkOut}`);
    await expect(page.getByRole('button', { name: 'ADD TO CART' })).toBeDisabled();
    // The date search: the hotel has no room for those nights.
    const search = await page.request.get(
      `/api/hotels?name=${encodeURIComponent(hotel.name)}&checkIn=${checkIn}&checkOut=${checkOut}`,
    );
    const found = (await search.json()) as { id: number }[];
    expect(found.map((h) => h.id)).not.toContain(hotel.id);
    const open = await page.request.get(
      `/api/hotels?name=${encodeURIComponent(hotel.name)}&checkIn=${checkOut}&checkOut=${addDays(checkOut, 1)}`,
    );
    expect(((await open.json()) as { id: number }[]).map((h) => h.id)).toContain(hotel.id);

    const list = (await (await page.request.get(`/api/rooms/${room.id}/feeds`)).json()) as {
      feeds: { id: number }[];
    };
    feeds.push(...list.feeds.map((f) => f.id));
  } finally {
    for (const id of feeds)
      await page.request.delete(`/api/feeds/${id}`, { headers: siteHeaders() });
    server.close();
  }
});

test('a channel’s event on nights booked here is a conflict: on the dashboard, linked to the room’s Channels screen with both sides', async ({
  page,
  playwright,
  signInAs,
}) => {
  test.setTimeout(120_000);
  await signInAs('admin');
  const { hotel, rooms } = await adminHotel(page);
  // Not the first room: the test above gives it back by removing every feed it has.
  const room = rooms[1];
  if (!room) throw new Error('the demo hotel has two rooms');

  // A guest books a unit for two nights; the channel wants every unit of the room on them.
  const guestApi = await playwright.request.newContext({ baseURL: baseUrl() });
  await signInApi(guestApi, DEMO.user.email);
  const booking = await paidStay(guestApi, hotel.id, {
    firstDay: 250,
    days: 80,
    nights: 2,
    roomId: room.id,
  });
  await guestApi.dispose();
  const checkOut = addDays(booking.checkIn, 2);
  const channel = await channelServer(
    closedCalendar(`e2e-conflict-${booking.id}@booking.com`, booking.checkIn, checkOut),
  );
  let feed: number | null = null;
  try {
    const made = await page.request.post(`/api/rooms/${room.id}/feeds`, {
      headers: siteHeaders(),
      data: { url: channel.url, name: 'Booking.com', unitsPerEvent: room.stock },
    });
    expect(made.status()).toBe(201);
    feed = ((await made.json()) as { id: number }).id;
    const synced = await page.request.post(`/api/feeds/${feed}/sync`, { headers: siteHeaders() });
    expect(await synced.json()).toMatchObject({ status: 'synced', conflicts: 1 });

    // The admin's dashboard, at 360 px: the room among the hotel's conflicts, linked.
    const screen = roomChannelsOf(room.id, hotel.id);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/profileAdmin');
    const conflicts = page.getByRole('region', { name: /^Calendar conflicts \(\d+\)$/ });
    const link = conflicts.locator(`a[href="${screen}"]`);
    await expect(link).toHaveText(`${capitalize(room.name)} room`);
    await expect(
      conflicts.getByRole('listitem').filter({ has: page.locator(`a[href="${screen}"]`) }),
    ).toContainText(/: \d+ conflicts?, from /);
    expect(await seriousViolations(page)).toEqual([]);
    await expectFits(page, 360);
    if (JOURNEY) {
      await page.setViewportSize({ width: 412, height: 900 });
      await conflicts.screenshot({ path: path.join(JOURNEY, 'dashboard-conflicts-412.png') });
      await page.setViewportSize({ width: 360, height: 800 });
    }

    // Its link opens the room's Channels screen: the channel's event and the booking here.
    await link.click();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === screen);
    const conflict = page
      .getByTestId('channel-conflict')
      .filter({ hasText: `Nights ${booking.checkIn} to ${checkOut}` });
    await expect(conflict).toContainText('Booking.com: CLOSED - Not available');
    await expect(conflict).toContainText(`sold out here on ${booking.checkIn}`);
    await expect(conflict).toContainText(
      `Booking ${booking.id}: ${booking.checkIn} to ${checkOut}`,
    );
    await expect(
      page.getByTestId('channel-feed').filter({ hasText: '1 in conflict' }),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await expectFits(page, 360);
    if (JOURNEY) {
      await page.setViewportSize({ width: 412, height: 900 });
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.screenshot({
        path: path.join(JOURNEY, 'channels-conflict-412.png'),
        fullPage: true,
        clip: { x: 0, y: 0, width: 412, height: Math.min(height, 3200) },
      });
    }

    // The superAdmin sees it among every hotel's, its hotel named; the link opens that hotel.
    await signInAs('superAdmin');
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/profileSuperAdmin');
    const all = page.getByRole('region', { name: /^Calendar conflicts \(\d+\)$/ });
    await expect(all.locator(`a[href="${screen}"]`)).toHaveText(
      `${capitalize(room.name)} room at ${hotel.name}`,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await all.locator(`a[href="${screen}"]`).click();
    await expect(page.getByRole('combobox', { name: 'Rooms of hotel' })).toHaveValue(hotel.name);
    await expect(
      page.getByTestId('channel-conflict').filter({ hasText: `Booking ${booking.id}` }),
    ).toBeVisible();

    // The event gone from the channel: no conflict left for that room.
    await page.request.delete(`/api/feeds/${feed}`, { headers: siteHeaders() });
    feed = null;
    await page.goto('/profileSuperAdmin');
    await expect(page.getByTestId('channel-conflicts')).toBeVisible();
    await expect(page.locator(`a[href="${screen}"]`)).toHaveCount(0);
  } finally {
    if (feed !== null) await page.request.delete(`/api/feeds/${feed}`, { headers: siteHeaders() });
    channel.close();
  }
});
