import { formatUsd } from '@devstay/shared/text';
import type { APIRequestContext, Page } from '@playwright/test';
import { signInApi, signUpApi, uniqueEmail } from '../support/accounts.ts';
import { collectConsoleErrors, expect, expectSoundPage, test, toast } from '../support/fixtures.ts';
import { firstLink, waitForMail } from '../support/mail.ts';

// Each test walks the whole checkout in a browser against a real server: more than the default.
test.describe.configure({ timeout: 120_000 });

const RECEIPT_SUBJECT = 'Hotel Receipt';
const VISA = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';

/** A calendar date `days` from today in UTC, yyyy-MM-dd: weeks ahead, so in any hotel's zone. */
function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A guest of its own. Not deleted afterwards: an account with bookings cannot be (it keeps its
 * receipts), and the end-to-end database is thrown away after the run.
 */
async function newGuest(request: APIRequestContext) {
  const email = uniqueEmail('guest');
  const password = `pw-${Math.random().toString(36).slice(2, 10)}`;
  await signUpApi(request, email, password);
  return { email, password };
}

/** A room of the n-th hotel: each test books its own, on its own dates, so they never compete. */
async function roomOf(
  request: APIRequestContext,
  n: number,
): Promise<{ id: number; name: string }> {
  const hotels = await (await request.get('/api/hotels?pageSize=8')).json();
  const hotel = await (await request.get(`/api/hotels/${hotels[n].id}`)).json();
  return hotel.Rooms[0];
}

async function addToCart(page: Page, roomId: number, checkIn: string, checkOut: string) {
  await page.goto(`/hotel/room/${roomId}?checkIn=${checkIn}&checkOut=${checkOut}`);
  const add = page.getByRole('button', { name: 'ADD TO CART' });
  await expect(add).toBeEnabled();
  await add.click();
  await expect(toast(page, 'added to cart')).toBeVisible();
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page
    .getByLabel('Expiry (MM/YY)')
    .fill(`12/${String(new Date().getFullYear() + 2).slice(2)}`);
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on the card').fill('Ada Lovelace');
}

/** The cart count's background, and the grey of an empty cart's (Mantine's gray 2). */
const badgeColour = (page: Page) =>
  page.getByTestId('cart-count').evaluate((badge) => getComputedStyle(badge).backgroundColor);
const EMPTY_BADGE = 'rgb(233, 236, 239)';

test('a visitor fills the cart, logs in on the way, pays once and gets the receipt', async ({
  page,
  request,
}) => {
  const guest = await newGuest(request);
  const room = await roomOf(request, 1);
  const checkIn = inDays(40);
  const checkOut = inDays(42);
  await addToCart(page, room.id, checkIn, checkOut);

  await page.goto('/cart');
  const line = page.getByTestId('cart-line');
  await expect(line).toHaveCount(1);
  await page.getByRole('button', { name: /^Increase quantity of / }).click();
  await expect(toast(page, 'to 2')).toBeVisible();
  // The totals are the server's quote for two units.
  const quote = await (
    await request.post('/api/cart/quote', {
      data: { cartRoom: [{ id: room.id, checkIn, checkOut, cartQuantity: 2 }] },
      headers: { 'x-requested-with': 'fetch' },
    })
  ).json();
  const total = formatUsd(quote.cartTotalCents);
  await expect(page.getByTestId('cart-total')).toHaveText(total);
  await expect(page.getByTestId('cart-total-quantity')).toHaveText('2');

  // Book now as a visitor: log in, then back to the payment with the cart intact.
  await page.getByRole('link', { name: 'Book now' }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel('Email', { exact: true }).fill(guest.email);
  await page.getByLabel('Password', { exact: true }).fill(guest.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/home\/stripe$/);
  await expect(page.getByTestId('payment-total')).toHaveText(total);
  await expect(page.getByTestId('payment-total-quantity')).toHaveText('2');

  // A double click pays once.
  const payCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/payments/card')) payCalls.push(r.url());
  });
  await fillCard(page, VISA);
  await page.getByRole('button', { name: 'Pay' }).dblclick();
  await expect(toast(page, 'Successful payment, please check your email')).toBeVisible();
  await expect(page.getByText('Successful payment, please check your email').first()).toBeVisible();
  expect(payCalls).toHaveLength(1);
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  // The empty cart's count is grey, not the red of a cart with rooms waiting.
  expect(await badgeColour(page)).toBe(EMPTY_BADGE);

  const mail = await waitForMail(request, guest.email, RECEIPT_SUBJECT);
  expect(mail.text).toContain(`Total paid: ${total}`);
  const link = firstLink(mail);
  expect(link).toMatch(/\/bookings\/[0-9a-f-]{36}\/receipt$/);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
  await expect(page.getByTestId('receipt-status')).toHaveText('Confirmed');
  await expect(page.getByTestId('receipt-total')).toHaveText(total);
  await expect(page.getByTestId('receipt-payment')).toContainText('Visa ending in 4242');
});

test('a visitor opening the payment signs in with the company SSO and comes back to pay', async ({
  page,
  request,
}) => {
  const provider = process.env.E2E_OIDC_PROVIDER_NAME ?? 'Company SSO';
  const room = await roomOf(request, 3);
  await addToCart(page, room.id, inDays(60), inDays(62));

  await page.goto('/home/stripe');
  await expect(page).toHaveURL(/\/login\?next=%2Fhome%2Fstripe$/);
  // The way back travels to the provider as the sign-in's callbackURL.
  const started = page.waitForRequest('**/api/auth/sign-in/social');
  // The typed e-mail goes to the issuer as the login hint: a new person signs in.
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('sso-guest'));
  await page.getByRole('button', { name: `Continue with ${provider}` }).click();
  expect((await started).postDataJSON()).toMatchObject({
    callbackURL: '/home/stripe',
    newUserCallbackURL: '/home/stripe',
    errorCallbackURL: '/login?next=%2Fhome%2Fstripe',
  });

  await expect(page).toHaveURL(/\/home\/stripe$/);
  await expect(page.getByTestId('payment-total-quantity')).toHaveText('1');
  await fillCard(page, VISA);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(toast(page, 'Successful payment, please check your email')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('0');
});

test('a declined card shows Unprocessed Payment and keeps the cart', async ({ page, request }) => {
  const guest = await newGuest(request);
  await signInApi(page.request, guest.email, guest.password);
  const room = await roomOf(request, 2);
  await addToCart(page, room.id, inDays(50), inDays(51));
  await page.goto('/home/stripe');
  // The server's provider is in test mode: the page lists the numbers to try.
  const testCards = page.getByRole('alert').filter({ hasText: 'Test mode: no card is charged' });
  await expect(testCards).toContainText(`${DECLINED} Declined: Your card was declined.`);
  await expect(testCards).toContainText(`${VISA} Succeeds`);
  // Pay says what it charges: the total the server priced.
  const total = await page.getByTestId('payment-total').textContent();
  await expect(page.getByRole('button', { name: `Pay ${total}`, exact: true })).toBeVisible();
  await fillCard(page, DECLINED);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(toast(page, 'Unprocessed Payment')).toBeVisible();
  // The title once, then the processor's reason.
  const alert = page.locator('.mantine-Alert-root').filter({ hasText: 'Unprocessed Payment' });
  await expect(alert).toHaveText('Unprocessed PaymentYour card was declined.');
  await expect(page.getByText('Unprocessed Payment: ')).toHaveCount(0);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  expect(await badgeColour(page)).not.toBe(EMPTY_BADGE);
  // A new attempt (new keys) with a good card goes through.
  await fillCard(page, VISA);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(toast(page, 'Successful payment, please check your email')).toBeVisible();
});

test('a total that changed after the payment page showed it: told, shown the new one, asked again', async ({
  page,
  request,
}) => {
  const guest = await newGuest(request);
  await signInApi(page.request, guest.email, guest.password);
  const room = await roomOf(request, 3);
  await addToCart(page, room.id, inDays(70), inDays(72));
  // The page's first quote is from before a price change: $10 less than the server's now.
  let stale = true;
  await page.route('**/api/cart/quote', async (route) => {
    const response = await route.fetch();
    const quote = await response.json();
    if (stale) {
      stale = false;
      quote.cartTotalCents -= 1000;
      quote.cartTotalAmount -= 10;
    }
    await route.fulfill({ response, json: quote });
  });
  await page.goto('/home/stripe');
  const total = page.getByTestId('payment-total');
  await expect(total).not.toHaveText('…');
  const shown = await total.textContent();
  await fillCard(page, VISA);
  await page.getByRole('button', { name: 'Pay' }).click();
  // Nothing charged: the change is said, and the server's total is on the screen now.
  await expect(page.getByRole('alert').filter({ hasText: 'The total changed from' })).toBeVisible();
  await expect(total).not.toHaveText(shown ?? '');
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(toast(page, 'Successful payment, please check your email')).toBeVisible();
});

for (const width of [360, 1280]) {
  test(`payment page at ${width}px: no serious accessibility violation, no console error`, async ({
    page,
    request,
    throwawayUser,
  }) => {
    const consoleErrors = collectConsoleErrors(page);
    await signInApi(page.request, throwawayUser.email, throwawayUser.password);
    const room = await roomOf(request, 3);
    await page.setViewportSize({ width, height: 800 });
    await addToCart(page, room.id, inDays(60), inDays(61));
    await page.goto('/home/stripe');
    await expect(page.getByTestId('payment-total')).not.toHaveText('…');
    // The checks of the card form, shown on Pay, are part of what is checked.
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByText('Your card number is invalid.')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectSoundPage(page, consoleErrors);
  });
}
