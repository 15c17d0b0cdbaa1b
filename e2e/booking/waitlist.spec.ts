import { randomUUID } from 'node:crypto';
import { dateText } from '@devstay/shared/date-text';
import { IDEMPOTENCY_KEY_HEADER } from '@devstay/shared/http';
import { addDays, calendarDateIn } from '@devstay/shared/stay';
import { capitalize } from '@devstay/shared/text';
import { baseUrl, signInApi, signUpApi, siteHeaders, uniqueEmail } from '../support/accounts.ts';
import { json, payWithTestCard } from '../support/bookings.ts';
import { expect, logInThroughForm, test, toast } from '../support/fixtures.ts';
import { fillRoom } from '../support/ledger.ts';
import { firstLink, waitForMail } from '../support/mail.ts';

// A whole booking, a cancel, an e-mail and a payment in a browser: more than the default.
test.describe.configure({ timeout: 120_000 });

const OFFER_SUBJECT = 'A room is free for you';

test('a guest joins the waitlist of a sold-out stay, is offered the room by e-mail and pays it', async ({
  page,
  playwright,
  superAdminApi,
}) => {
  // A room of the catalogue's seventh hotel, every unit of a stay far ahead booked by another guest.
  const hotels = await json<{ id: number }[]>(await superAdminApi.get('/api/hotels?pageSize=8'));
  const hotel = await json<{
    Rooms: { id: number; name: string; stock: number }[];
    timeZone: string;
  }>(await superAdminApi.get(`/api/hotels/${hotels[6]?.id}`));
  const room = [...hotel.Rooms].sort((a, b) => a.stock - b.stock)[0];
  if (!room) throw new Error('The hotel has no room');
  const checkIn = addDays(calendarDateIn(hotel.timeZone), 300 + Math.floor(Math.random() * 40));
  const checkOut = addDays(checkIn, 2);
  const other = await playwright.request.newContext({ baseURL: baseUrl() });
  const otherEmail = uniqueEmail('booker');
  await signUpApi(other, otherEmail, 'secret-123');
  await signInApi(other, otherEmail, 'secret-123');
  const cartRoom = [{ id: room.id, checkIn, checkOut, cartQuantity: room.stock }];
  const quote = await json<{ cartTotalCents: number }>(
    await other.post('/api/cart/quote', { headers: siteHeaders(), data: { cartRoom } }),
  );
  const booked = await json<{ id: string; user: string }>(
    await other.post('/api/booking', {
      headers: { ...siteHeaders(), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      data: { cartRoom, cartTotalCents: quote.cartTotalCents },
    }),
  );
  await payWithTestCard(other, booked.id);
  await other.dispose();

  // The waiting guest signs in and finds the room sold out for those dates.
  const email = uniqueEmail('waiting');
  const password = `pw-${Math.random().toString(36).slice(2, 10)}`;
  await signUpApi(page.request, email, password);
  await logInThroughForm(page, email, password);
  await expect(page.getByRole('button', { name: /^Account menu of / })).toBeVisible();
  await page.goto(`/hotel/room/${room.id}?checkIn=${checkIn}&checkOut=${checkOut}`);
  await expect(page.getByRole('button', { name: 'ADD TO CART' })).toBeDisabled();
  await page.getByRole('button', { name: /^Join the waitlist/ }).click();
  await expect(toast(page, 'You are on the waitlist')).toBeVisible();

  // Their profile lists the entry, waiting.
  await page.goto('/profileusers');
  await expect(page.getByTestId('waitlist-state')).toHaveText('Waiting');
  await expect(page.getByRole('button', { name: /^Leave the waitlist/ })).toBeVisible();

  // The other guest's booking is cancelled: its units go to the line, the first in it e-mailed.
  await json(
    await superAdminApi.put('/api/booking/status', {
      headers: siteHeaders(),
      data: { id: booked.id, user: booked.user, status: 'cancelled' },
    }),
  );
  const offer = await waitForMail(page.request, email, OFFER_SUBJECT);
  expect(offer.text).toContain('Held for you until');
  await page.reload();
  await expect(page.getByTestId('waitlist-state')).toHaveText(OFFER_SUBJECT);

  // The e-mail's link opens the payment of the held room; paid, the entry is booked.
  const link = new URL(firstLink(offer));
  expect(link.pathname + link.search).toMatch(/^\/home\/stripe\?booking=[0-9a-f-]{36}$/);
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Reservation held for you' })).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page
    .getByLabel('Expiry (MM/YY)')
    .fill(`12/${String(new Date().getFullYear() + 2).slice(2)}`);
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on the card').fill('Ada Lovelace');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(toast(page, 'please check your email')).toBeVisible({ timeout: 20_000 });
  await page.goto('/profileusers');
  await expect(page.getByTestId('waitlist-state')).toHaveText('Booked');
});

test('the hotel page’s sold-out row: a visitor is sent to sign in and back, then joins the line; the profile lists the entry', async ({
  page,
  playwright,
}) => {
  // The last of the catalogue's first eight hotels, its smallest room full on a stay far ahead.
  const hotels = await json<{ id: number }[]>(await page.request.get('/api/hotels?pageSize=8'));
  const hotel = await json<{
    id: number;
    name: string;
    Rooms: { id: number; name: string; stock: number }[];
    timeZone: string;
  }>(await page.request.get(`/api/hotels/${hotels.at(-1)?.id}`));
  const room = [...hotel.Rooms].sort((a, b) => a.stock - b.stock || a.id - b.id)[0];
  if (!room) throw new Error('The hotel has no room');
  const checkIn = addDays(calendarDateIn(hotel.timeZone), 360 + Math.floor(Math.random() * 40));
  const checkOut = addDays(checkIn, 2);
  const giveBack = await fillRoom(room.id, checkIn, checkOut);
  try {
    const stayPage = `/hotel/${hotel.id}?checkIn=${checkIn}&checkOut=${checkOut}`;
    const soldOutRow = page
      .getByRole('region', { name: 'Rooms for your stay' })
      .getByRole('listitem', { name: capitalize(room.name), exact: true });

    // A visitor: the row's button leads to the sign-in, which leads back to this stay.
    await page.goto(stayPage);
    await soldOutRow.getByRole('link', { name: /^Join the waitlist/ }).click();
    await expect(page).toHaveURL(/\/login\?next=/);
    const email = uniqueEmail('row-waiting');
    const password = `pw-${Math.random().toString(36).slice(2, 10)}`;
    const api = await playwright.request.newContext({ baseURL: baseUrl() });
    await signUpApi(api, email, password);
    await api.dispose();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/hotel/${hotel.id}\\?checkIn=${checkIn}`));

    // Signed in: the same row's button puts the guest in the room's line for this stay.
    await soldOutRow.getByRole('button', { name: /^Join the waitlist/ }).click();
    await expect(toast(page, 'You are on the waitlist')).toBeVisible();
    await expect(soldOutRow.getByRole('status')).toHaveText(/^You are on the waitlist/);

    await page.goto('/profileusers');
    const entry = page.getByRole('listitem', { name: `${capitalize(room.name)} at ${hotel.name}` });
    await expect(entry).toContainText(`${dateText(checkIn)} to ${dateText(checkOut)} · 1 room`);
    await expect(entry.getByTestId('waitlist-state')).toHaveText('Waiting');
  } finally {
    await giveBack();
  }
});
