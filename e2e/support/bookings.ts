import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER } from '@devstay/shared/http';
import { paths } from '@devstay/shared/paths';
import { addDays, calendarDateIn } from '@devstay/shared/stay';
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { siteHeaders } from './accounts.ts';
import { expect, toast } from './fixtures.ts';

/** An API answer's JSON body, after checking it succeeded (its status and text otherwise). */
export async function json<T>(response: APIResponse): Promise<T> {
  expect(
    response.ok(),
    `${response.url()} answered ${response.status()}: ${await response.text()}`,
  ).toBe(true);
  return (await response.json()) as T;
}

/** The id of the catalogue's hotel at `index` of its first page (seeded, so always there). */
/** Pays a held booking with the test processor's accepting card; expects it confirmed. */
export async function payWithTestCard(
  request: APIRequestContext,
  bookingId: string,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const paid = await json<{ booking: { status: string } }>(
    await request.post('/api/payments/card', {
      headers: { ...siteHeaders(), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      data: {
        booking: bookingId,
        card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
        ...extra,
      },
    }),
  );
  expect(paid.booking.status).toBe('confirmed');
}

export async function seededHotelId(request: APIRequestContext, index: number): Promise<number> {
  const hotels = await json<{ id: number }[]>(await request.get('/api/hotels?pageSize=8'));
  const id = hotels[index]?.id;
  if (id === undefined) throw new Error(`The seeded catalogue has no hotel at ${index}`);
  return id;
}

/**
 * One unit of the hotel's roomiest room (or of room `roomId`) booked and paid (test card) by
 * whoever `request` is signed in as, for `nights` nights from a check-in drawn among `days` days
 * from `firstDay` days after the hotel's today; another is drawn when parallel tests filled one.
 * Answers the booking and its check-in.
 */
export async function paidStay(
  request: APIRequestContext,
  hotelId: number,
  stay: { firstDay: number; days: number; nights: number; roomId?: number },
): Promise<{ id: string; checkIn: string }> {
  const hotel = await json<{ Rooms: { id: number; stock: number }[]; timeZone: string }>(
    await request.get(`/api/hotels/${hotelId}`),
  );
  const room =
    stay.roomId === undefined
      ? [...hotel.Rooms].sort((a, b) => b.stock - a.stock)[0]
      : hotel.Rooms.find((r) => r.id === stay.roomId);
  if (!room) throw new Error(`Hotel ${hotelId} has no room`);
  for (let attempt = 0; attempt < 8; attempt++) {
    const day = stay.firstDay + Math.floor(Math.random() * stay.days);
    const checkIn = addDays(calendarDateIn(hotel.timeZone), day);
    const cartRoom = [
      { id: room.id, checkIn, checkOut: addDays(checkIn, stay.nights), cartQuantity: 1 },
    ];
    const quote = await json<{ bookable: boolean; cartTotalCents: number }>(
      await request.post('/api/cart/quote', { headers: siteHeaders(), data: { cartRoom } }),
    );
    if (!quote.bookable) continue;
    const held = await request.post('/api/booking', {
      headers: { ...siteHeaders(), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      data: { cartRoom, cartTotalCents: quote.cartTotalCents },
    });
    if (held.status() === 409) continue;
    const booking = await json<{ id: string }>(held);
    await payWithTestCard(request, booking.id);
    return { id: booking.id, checkIn };
  }
  throw new Error(`No free night at hotel ${hotelId} in eight tries`);
}

/**
 * One night of the first room of the hotel, `daysAhead` days after its today, put in the cart
 * from the room's page (the cart lives in the browser).
 */
export async function roomInCart(page: Page, hotelId: number, daysAhead: number): Promise<void> {
  const hotel = await json<{ Rooms: { id: number }[]; timeZone: string }>(
    await page.request.get(`/api/hotels/${hotelId}`),
  );
  const checkIn = addDays(calendarDateIn(hotel.timeZone), daysAhead);
  await page.goto(
    `${paths.room(hotel.Rooms[0]?.id ?? 0)}?checkIn=${checkIn}&checkOut=${addDays(checkIn, 1)}`,
  );
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(toast(page, 'added to cart')).toBeVisible();
}
