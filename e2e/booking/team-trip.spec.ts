import { TRAVELLER_STAY_SUBJECT } from '@devstay/shared/constants';
import { BOOKING_MESSAGES } from '@devstay/shared/messages';
import { paths } from '@devstay/shared/paths';
import type { APIRequestContext, Page } from '@playwright/test';
import { signInApi, signUpApi, uniqueEmail } from '../support/accounts.ts';
import { expect, logInThroughForm, test, toast } from '../support/fixtures.ts';
import { firstLink, VERIFY_SUBJECT, waitForMail } from '../support/mail.ts';

// A whole trip walked in two browsers against a real server: more than the default.
test.describe.configure({ timeout: 180_000 });

/** A calendar date `days` from today in UTC, yyyy-MM-dd: weeks ahead, so in any hotel's zone. */
function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The first room of the n-th hotel of the catalogue's first page. */
async function roomOf(request: APIRequestContext, n: number): Promise<number> {
  const hotels = await (await request.get('/api/hotels?pageSize=8')).json();
  const hotel = await (await request.get(`/api/hotels/${hotels[n].id}`)).json();
  return hotel.Rooms[0].id;
}

async function addToCart(page: Page, roomId: number, checkIn: string, checkOut: string) {
  await page.goto(`/hotel/room/${roomId}?checkIn=${checkIn}&checkOut=${checkOut}`);
  const add = page.getByRole('button', { name: 'ADD TO CART' });
  await expect(add).toBeEnabled();
  await add.click();
  await expect(toast(page, 'added to cart')).toBeVisible();
}

/** Names the traveller of the cart's n-th line ('Who is staying?'). */
async function nameTraveller(page: Page, n: number, name: string, email: string) {
  const line = page.getByTestId('cart-line').nth(n);
  await line.getByRole('textbox', { name: /^Traveller’s name/ }).fill(name);
  await line.getByRole('textbox', { name: /^Traveller’s e-mail/ }).fill(email);
}

test('an organiser books a team trip of two travellers; one signs in and sees the stay, without prices', async ({
  page,
  request,
  browser,
}) => {
  const organiser = { email: uniqueEmail('organiser'), password: 'organiser-pw-1' };
  await signUpApi(request, organiser.email, organiser.password);
  await signInApi(page.request, organiser.email, organiser.password);
  const ada = { name: 'Ada Lovelace', email: uniqueEmail('ada'), password: 'ada-pw-123' };
  const alan = { name: 'Alan Turing', email: uniqueEmail('alan') };

  await addToCart(page, await roomOf(request, 5), inDays(75), inDays(77));
  await addToCart(page, await roomOf(request, 6), inDays(75), inDays(76));
  await page.goto('/cart');
  await expect(page.getByText('Who is staying?')).toHaveCount(2);
  // The shared contract's own check, as typed.
  await nameTraveller(page, 0, ada.name, 'not-an-email');
  await expect(page.getByText(BOOKING_MESSAGES.travellerEmail)).toBeVisible();
  await nameTraveller(page, 0, ada.name, ada.email);
  await expect(page.getByText(BOOKING_MESSAGES.travellerEmail)).toHaveCount(0);
  await nameTraveller(page, 1, alan.name, alan.email);

  await page.getByRole('link', { name: 'Book now' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page
    .getByLabel('Expiry (MM/YY)')
    .fill(`12/${String(new Date().getFullYear() + 2).slice(2)}`);
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on the card').fill('Olga Organiser');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(toast(page, 'Successful payment, please check your email')).toBeVisible();

  // Each traveller is e-mailed the stay, with no price in it.
  const adaMail = await waitForMail(request, ada.email, TRAVELLER_STAY_SUBJECT);
  expect(adaMail.text).toContain(`${organiser.email} booked a stay for you`);
  expect(adaMail.text).not.toContain('$');
  await waitForMail(request, alan.email, TRAVELLER_STAY_SUBJECT);

  // The organiser's history and receipt list each line's traveller.
  await page.goto(paths.bookingHistory);
  await expect(page.getByText(`${ada.name} (${ada.email})`)).toBeVisible();
  await expect(page.getByText(`${alan.name} (${alan.email})`)).toBeVisible();
  await page
    .getByRole('link', { name: /^See the receipt of / })
    .first()
    .click();
  await expect(page.getByTestId('receipt-line-traveller')).toHaveText([
    `Traveller: ${ada.name} (${ada.email})`,
    `Traveller: ${alan.name} (${alan.email})`,
  ]);

  // Alan's stay alone is cancelled; the rest of the trip stands.
  await page.goto(paths.bookingHistory);
  await page.getByRole('button', { name: `Cancel the stay of ${alan.name}` }).click();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(toast(page, BOOKING_MESSAGES.travellerCancelled)).toBeVisible();
  await expect(page.getByRole('button', { name: `Cancel the stay of ${alan.name}` })).toHaveCount(
    0,
  );
  await expect(page.getByRole('button', { name: `Cancel the stay of ${ada.name}` })).toBeVisible();

  // Ada makes her account with that e-mail, follows its link and signs in: the stay is hers to see.
  const traveller = await browser.newContext();
  try {
    const adaPage = await traveller.newPage();
    await signUpApi(adaPage.request, ada.email, ada.password);
    const verify = await waitForMail(request, ada.email, VERIFY_SUBJECT);
    await adaPage.goto(firstLink(verify));
    await logInThroughForm(adaPage, ada.email, ada.password);
    await expect(adaPage).not.toHaveURL(/\/login/);
    await adaPage.goto(paths.bookingHistory);
    const booked = adaPage.getByRole('region', { name: 'Booked for you' });
    await expect(booked.getByText(`Booked for you by ${organiser.email}`)).toBeVisible();
    await expect(booked.getByText('confirmed')).toBeVisible();
    await expect(booked).not.toContainText('$');
    await expect(adaPage.getByText('Cancel this traveller’s stay')).toHaveCount(0);
  } finally {
    await traveller.close();
  }
});
