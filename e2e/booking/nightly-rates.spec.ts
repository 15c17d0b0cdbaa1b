import type { HotelCard } from '@devstay/shared/contracts/catalogue';
import { CONTENT_MESSAGES, RATE_MESSAGES } from '@devstay/shared/messages';
import { capitalize, formatUsd, priceToCents } from '@devstay/shared/text';
import type { APIRequestContext, Page } from '@playwright/test';
import { signInApi, signUpApi, siteHeaders, uniqueEmail } from '../support/accounts.ts';
import {
  collectConsoleErrors,
  expect,
  expectSoundPage,
  test,
  toast,
  wcagViolations,
} from '../support/fixtures.ts';

// An admin's rule and a guest's whole checkout in one browser against a real server.
test.describe.configure({ timeout: 300_000 });

interface Night {
  date: string;
  price: number;
}

interface EditableRoom {
  id: number;
  name: string;
  category: string;
  price: number;
}

/** A calendar date `days` from today in UTC, yyyy-MM-dd: weeks ahead, so in any hotel's zone. */
function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The room picker's label of a room, as the content forms write it. */
function roomLabel(room: EditableRoom): string {
  return `${capitalize(room.name)} — ${room.category}, ${formatUsd(priceToCents(room.price))}`;
}

/** A room of the signed-in admin's hotel that the room picker names unambiguously. */
async function adminRoom(request: APIRequestContext): Promise<EditableRoom> {
  const me = (await (await request.get('/api/me')).json()) as { hotel: { id: number } | null };
  if (!me.hotel) throw new Error('the demo admin runs a hotel');
  const rooms = (await (
    await request.get(`/api/content/rooms?idHotel=${me.hotel.id}`)
  ).json()) as EditableRoom[];
  const room = rooms.find((r) => rooms.filter((o) => roomLabel(o) === roomLabel(r)).length === 1);
  if (!room) throw new Error('the admin’s hotel has a room');
  return room;
}

async function nightsOf(request: APIRequestContext, roomId: number, from: string, to: string) {
  const response = await request.get(`/api/rooms/${roomId}/prices?from=${from}&to=${to}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { nights: Night[] }).nights;
}

/** '3 nights: $80 + $80 + $120' for a stay of up to four nights (each listed). */
function nightsLine(nights: readonly Night[]): string {
  const terms = nights.map((n) => formatUsd(priceToCents(n.price)));
  return `${nights.length} ${nights.length === 1 ? 'night' : 'nights'}: ${terms.join(' + ')}`;
}

async function fillCard(page: Page) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page
    .getByLabel('Expiry (MM/YY)')
    .fill(`12/${String(new Date().getFullYear() + 2).slice(2)}`);
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on the card').fill('Ada Lovelace');
}

test('an admin prices a season; a guest booking across its first night sees and pays each night', async ({
  page,
  request,
  signInAs,
}) => {
  const errors = collectConsoleErrors(page);
  await signInAs('admin');
  const room = await adminRoom(page.request);

  // A stay of three nights whose third night is the season's first.
  const checkIn = inDays(45 + Math.floor(Math.random() * 5));
  const checkOut = addDays(checkIn, 3);
  const seasonFrom = addDays(checkIn, 2);
  const seasonTo = addDays(checkIn, 9);
  const before = await nightsOf(page.request, room.id, checkIn, checkOut);
  // Dearer than any night of the stay before the season.
  const seasonPrice = Math.min(1000, Math.max(...before.map((n) => Math.ceil(n.price))) + 37);

  await page.goto('/profileAdmin/formsAdmin');
  await page.getByRole('link', { name: 'Room rates' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Room rates' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Room', exact: true }).click();
  await page.getByRole('option', { name: roomLabel(room), exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Nightly prices' })).toBeVisible();
  // The calendar shows the night before the change at its price (a season the room may already
  // have would be refused below as an overlap: this room has none on those nights).
  const firstNight = page.locator(`td[data-date="${checkIn}"]`);
  await expect(firstNight).toContainText(formatUsd(priceToCents(before[0]?.price ?? 0)));

  // The form says what is wrong, field by field, before anything is sent.
  const create = page.getByRole('button', { name: 'Create', exact: true });
  await page.getByLabel('First night').fill(seasonTo);
  await page.getByLabel('Last night').fill(seasonFrom);
  await expect(page.getByText(RATE_MESSAGES.toBeforeFrom)).toBeVisible();
  await expect(create).toHaveAttribute('aria-disabled', 'true');
  expect(await wcagViolations(page)).toEqual([]);

  await page.getByLabel('First night').fill(seasonFrom);
  await page.getByLabel('Last night').fill(seasonTo);
  await page.getByRole('textbox', { name: 'Price' }).fill(String(seasonPrice));
  await expect(page.getByText(RATE_MESSAGES.toBeforeFrom)).toHaveCount(0);
  await create.click();
  await expect(toast(page, 'Rate created successfully')).toBeVisible();
  const rule = page.getByTestId('rate-rule').filter({ hasText: formatUsd(seasonPrice * 100) });
  await expect(rule).toHaveCount(1);
  await expectSoundPage(page, errors);

  // The same season again overlaps it: the server's message under the field, the draft kept.
  await page.getByLabel('First night').fill(seasonFrom);
  await page.getByLabel('Last night').fill(seasonFrom);
  await page.getByRole('textbox', { name: 'Price' }).fill(String(seasonPrice));
  await create.click();
  await expect(toast(page, 'An error occurred while creating the rate.')).toBeVisible();
  await expect(page.getByLabel('First night')).toHaveValue(seasonFrom);
  await expect(page.getByText(/overlaps the room's season/).first()).toBeVisible();

  const after = await nightsOf(page.request, room.id, checkIn, checkOut);
  // The nights before the season keep their price; the season's first night changed.
  expect(after.slice(0, 2)).toEqual(before.slice(0, 2));
  expect(after[2]?.price).toBeGreaterThanOrEqual(seasonPrice);
  await expect(page.locator(`td[data-date="${seasonFrom}"]`)).toContainText(
    formatUsd(priceToCents(after[2]?.price ?? 0)),
  );

  const line = nightsLine(after);
  const totalCents = after.reduce((sum, n) => sum + priceToCents(n.price), 0);
  const total = formatUsd(totalCents);

  try {
    // The guest: another session in the same browser. Not deleted afterwards: an account with
    // bookings cannot be (it keeps its receipts), and the database is thrown away after the run.
    const guest = {
      email: uniqueEmail('guest'),
      password: `pw-${Math.random().toString(36).slice(2, 10)}`,
    };
    await signUpApi(request, guest.email, guest.password);
    await page.context().clearCookies();
    await signInApi(page.request, guest.email, guest.password);

    await page.goto(`/hotel/room/${room.id}?checkIn=${checkIn}&checkOut=${checkOut}`);
    await expect(page.getByTestId('stay-price')).toHaveText(`${line} = ${total}`);
    const add = page.getByRole('button', { name: 'ADD TO CART' });
    await expect(add).toBeEnabled();
    await add.click();
    await expect(toast(page, 'added to cart')).toBeVisible();

    await page.goto('/cart');
    await expect(page.getByTestId('cart-line-nights')).toHaveText(line);
    await expect(page.getByTestId('cart-line-total')).toHaveText(total);
    await expect(page.getByTestId('cart-total')).toHaveText(total);

    await page.getByRole('link', { name: 'Book now' }).click();
    await expect(page).toHaveURL(/\/home\/stripe$/);
    await expect(page.getByTestId('payment-line-nights')).toHaveText(line);
    await expect(page.getByTestId('payment-total')).toHaveText(total);
    await fillCard(page);
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(toast(page, 'Successful payment, please check your email')).toBeVisible();

    const receiptLink = page.getByRole('link', { name: 'See your receipt' });
    const receiptPath = await receiptLink.getAttribute('href');
    await receiptLink.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
    await expect(page.getByTestId('receipt-line-nights')).toHaveText(line);
    await expect(page.getByTestId('receipt-total')).toHaveText(total);
    // What the card was charged: the nights' sum, not three base nights.
    const bookingId = receiptPath?.match(/\/bookings\/([0-9a-f-]{36})\/receipt/)?.[1];
    const receipt = (await (await page.request.get(`/api/booking/${bookingId}`)).json()) as {
      payment: { amountCents: number } | null;
    };
    expect(receipt.payment?.amountCents).toBe(totalCents);
    // The history shows the nights as charged, as the receipt words them.
    await page.goto('/profileusers/bookingHistory');
    await expect(
      page.getByRole('article').filter({ hasText: line }).getByText(total, { exact: true }),
    ).toBeVisible();
  } finally {
    // The season goes, so that no other test meets it on this room.
    await page.context().clearCookies();
    await signInAs('admin');
    const rules = (await (await page.request.get(`/api/rooms/${room.id}/rates`)).json()) as {
      id: number;
      version: number;
      from?: string;
    }[];
    for (const r of rules.filter((x) => x.from === seasonFrom)) {
      await page.request.delete(`/api/rates/${r.id}?version=${r.version}`, {
        headers: siteHeaders(),
      });
    }
  }
});

test('a rule saved by someone else since the list was read: Remove says so, and shows the rule as saved', async ({
  page,
  signInAs,
}) => {
  await signInAs('admin');
  const room = await adminRoom(page.request);
  // One night far ahead, a price no other rule of the room is likely to have.
  const night = inDays(600 + Math.floor(Math.random() * 100));
  const created = await page.request.post(`/api/rooms/${room.id}/rates`, {
    headers: siteHeaders(),
    data: { kind: 'season', from: night, to: night, price: 987 },
  });
  expect(created.status()).toBe(201);
  const rule = (await created.json()) as { id: number; version: number };

  await page.goto('/profileAdmin/formsAdmin');
  await page.getByRole('link', { name: 'Room rates' }).click();
  await page.getByRole('combobox', { name: 'Room', exact: true }).click();
  await page.getByRole('option', { name: roomLabel(room), exact: true }).click();
  const shown = page.getByTestId('rate-rule').filter({ hasText: '$987' });
  await expect(shown).toHaveCount(1);

  // Someone else changes it meanwhile.
  const changed = await page.request.put(`/api/rates/${rule.id}`, {
    headers: siteHeaders(),
    data: { kind: 'season', from: night, to: night, price: 986, version: rule.version },
  });
  expect(changed.status()).toBe(200);

  const remove = async (row: typeof shown) => {
    await row.getByRole('button', { name: /^Remove the rule for / }).click();
    await page
      .getByRole('dialog', { name: 'Remove rule' })
      .getByRole('button', { name: 'Yes, remove it' })
      .click();
  };
  await remove(shown);
  await expect(toast(page, CONTENT_MESSAGES.staleVersion('rate'))).toBeVisible();
  const saved = page.getByTestId('rate-rule').filter({ hasText: '$986' });
  await expect(saved).toHaveCount(1);
  await expect(shown).toHaveCount(0);

  // Read again, at its new version: removed.
  await remove(saved);
  await expect(toast(page, 'Rate removed successfully')).toBeVisible();
  await expect(saved).toHaveCount(0);
});

test('a hotel card prices the cheapest stay that fits as the cart then charges it, at 360, 412 and 1280 px and without script', async ({
  page,
  request,
}) => {
  const errors = collectConsoleErrors(page);
  // Months ahead, three nights, two rooms: nights no other test books, maybe across a weekend.
  const checkIn = inDays(300 + Math.floor(Math.random() * 30));
  const checkOut = addDays(checkIn, 3);
  const stayQuery = `checkIn=${checkIn}&checkOut=${checkOut}&rooms=2`;
  const [hotel] = (await (
    await request.get(`/api/hotels?${stayQuery}&pageSize=1`)
  ).json()) as HotelCard[];
  if (!hotel?.stay || hotel.fromPrice === null) throw new Error('a hotel has two rooms free');
  const { stay } = hotel;
  // The card's price is the priced room's nights, summed, for two units.
  const nights = await nightsOf(request, stay.roomId, checkIn, checkOut);
  const unitCents = nights.reduce((sum, n) => sum + priceToCents(n.price), 0);
  expect(stay).toMatchObject({ nights: 3, rooms: 2 });
  expect(priceToCents(stay.total)).toBe(2 * unitCents);
  const totalCents = 2 * unitCents;
  const total = formatUsd(totalCents);
  const cardText = `${total} for 3 nights, 2 rooms`;
  const fromText = `from ${formatUsd(priceToCents(hotel.fromPrice))} per night`;
  const byName = `name=${encodeURIComponent(hotel.name)}`;

  // Without script: the server's page already carries both prices.
  const plain = await (await request.get(`/home?${byName}`)).text();
  expect(plain).toContain(fromText);
  const searched = await (await request.get(`/home?${byName}&${stayQuery}`)).text();
  expect(searched).toContain(cardText);

  const guest = {
    email: uniqueEmail('guest'),
    password: `pw-${Math.random().toString(36).slice(2, 10)}`,
  };
  await signUpApi(request, guest.email, guest.password);
  await signInApi(page.request, guest.email, guest.password);

  const card = page.getByRole('article').filter({
    has: page.getByRole('link', { name: hotel.name, exact: true }),
  });
  for (const width of [360, 1280, 412]) {
    await test.step(`the card at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 915 });
      await page.goto(`/home?${byName}`);
      await expect(card).toContainText(fromText);
      await page.goto(`/home?${byName}&${stayQuery}`);
      await expect(card).toContainText(cardText);
      // Readable at each width: no WCAG violation, nothing wider than the screen.
      await expectSoundPage(page, errors);
    });
  }
  await card.getByRole('link', { name: hotel.name, exact: true }).click();
  await expect(page).toHaveURL(
    new RegExp(`/hotel/${hotel.id}\\?checkIn=${checkIn}&checkOut=${checkOut}`),
  );

  // The room the card priced, for the same nights: one unit, then two in the cart.
  await page.goto(`/hotel/room/${stay.roomId}?checkIn=${checkIn}&checkOut=${checkOut}`);
  await expect(page.getByTestId('stay-price')).toHaveText(
    `${nightsLine(nights)} = ${formatUsd(unitCents)}`,
  );
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(toast(page, 'added to cart')).toBeVisible();
  await page.goto('/cart');
  await page.getByRole('button', { name: /^Increase quantity of / }).click();
  await expect(page.getByLabel('Quantity 2')).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText(total);

  await page.getByRole('link', { name: 'Book now' }).click();
  await expect(page).toHaveURL(/\/home\/stripe$/);
  await expect(page.getByTestId('payment-total')).toHaveText(total);
  await fillCard(page);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(toast(page, 'Successful payment, please check your email')).toBeVisible();
  const receiptPath = await page
    .getByRole('link', { name: 'See your receipt' })
    .getAttribute('href');
  const bookingId = receiptPath?.match(/\/bookings\/([0-9a-f-]{36})\/receipt/)?.[1];
  const receipt = (await (await page.request.get(`/api/booking/${bookingId}`)).json()) as {
    payment: { amountCents: number } | null;
  };
  // Charged what the card said.
  expect(receipt.payment?.amountCents).toBe(totalCents);
});
