import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HOTEL_TIME_ZONE_DEFAULT } from '@devstay/shared/constants';
import { addDays, calendarDateIn } from '@devstay/shared/stay';
import { siteHeaders } from '../support/accounts.ts';
import { expect, seriousViolations, test, toast } from '../support/fixtures.ts';

/**
 * A hotel's staff import another channel's calendar into each of their rooms: the admin pastes
 * the address on the room's Channels screen (at 360 px, axe clean) and syncs it; the nights its
 * event holds are then sold out on the public room page and the hotel is gone from the date
 * search for them.
 */

const d = (date: string) => date.replaceAll('-', '');

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
    const me = (await (await page.request.get('/api/me')).json()) as {
      hotel: { id: number; name: string } | null;
    };
    if (!me.hotel) throw new Error('the demo admin runs a hotel');
    const hotel = me.hotel;
    const rooms = (await (
      await page.request.get(`/api/content/rooms?idHotel=${hotel.id}`)
    ).json()) as { id: number; stock: number }[];
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
