import { CONTENT_MESSAGES } from '@devstay/shared/messages';
import type { Page } from '@playwright/test';
import { signInApi, siteHeaders } from '../support/accounts.ts';
import {
  collectConsoleErrors,
  expect,
  expectSoundPage,
  test,
  toast,
  wcagViolations,
} from '../support/fixtures.ts';
import { pngFile } from '../support/pictures.ts';

interface Me {
  rol: string;
  hotel: { id: number; name: string } | null;
}

async function me(page: Page): Promise<Me> {
  return (await (await page.request.get('/api/me')).json()) as Me;
}

/** Picks an option of a Mantine select by its label. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

const unique = () => Math.random().toString(36).slice(2, 8);

// Uploads through the picture pipeline and axe runs share two cores with the server.
test.describe.configure({ timeout: 120_000 });

test('an admin creates a room with an uploaded picture and finds it on the hotel page', async ({
  page,
  signInAs,
}) => {
  const errors = collectConsoleErrors(page);
  await signInAs('admin');
  const { hotel } = await me(page);
  if (!hotel) throw new Error('the demo admin runs a hotel');

  await page.goto('/profileAdmin/formsAdmin');
  // Buttons an admin cannot use stay visible, disabled (product §2.12).
  await expect(page.getByRole('button', { name: 'Create Hotels' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Create Services Rooms' })).toBeDisabled();
  await page.getByRole('link', { name: 'Create Rooms' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Rooms' })).toBeVisible();
  const create = page.getByRole('button', { name: 'Create' });
  await expect(create).toBeDisabled();
  // Pressed while incomplete: every message and the product's toast.
  await create.click({ force: true });
  await expect(toast(page, CONTENT_MESSAGES.checkFields)).toBeVisible();
  await expect(page.getByText(CONTENT_MESSAGES.roomNameRequired)).toBeVisible();
  await expect(page.getByText(CONTENT_MESSAGES.imageRequired)).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);

  await choose(page, 'Room name', 'Suite');
  await choose(page, 'Category', 'Presidential');
  await page.getByTestId('image-upload-input').setInputFiles([pngFile('desk.png', 40)]);
  await expect(page.getByRole('img', { name: 'Image 1' })).toBeVisible();
  const price = page.getByRole('slider', { name: 'Price' });
  await price.focus();
  await page.keyboard.press('End');
  for (let i = 0; i < 13; i++) await page.keyboard.press('ArrowLeft');
  await expect(price).toHaveAttribute('aria-valuenow', '987');
  const stock = page.getByRole('slider', { name: 'Stock' });
  await stock.focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await expect(stock).toHaveAttribute('aria-valuenow', '5');
  await page.getByRole('combobox', { name: 'Services' }).click();
  await page.getByRole('option').first().click();
  await page.keyboard.press('Escape');
  const description = `Standing desks and a quiet fibre line ${unique()}`;
  await page.getByRole('textbox', { name: 'Description' }).fill(description);

  await expect(create).toBeEnabled();
  await expectSoundPage(page, errors);
  await create.click();
  await expect(toast(page, 'Rooms created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/profileAdmin\/formsAdmin$/);

  await page.goto(`/hotel/${hotel.id}`);
  const card = page.getByRole('article').filter({ hasText: description });
  await expect(card).toBeVisible();
  await expect(card.getByText('$987')).toBeVisible();
  const picture = card.getByRole('img', { name: 'Suite room' });
  await expect(picture).toHaveAttribute('src', /\/uploads\//);
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test('a refused upload shows the server reason and can be dismissed', async ({
  page,
  signInAs,
}) => {
  await signInAs('admin');
  await page.goto('/home/createServHotels');
  await expect(page.getByRole('heading', { level: 1, name: 'Services Hotels' })).toBeVisible();
  await page
    .getByTestId('image-upload-input')
    .setInputFiles([
      { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') },
    ]);
  const reason = page.getByRole('alert').filter({ hasText: 'notes.png' });
  await expect(reason).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss notes.png' }).click();
  await expect(reason).toHaveCount(0);
});

test('a superAdmin creates a hotel through states, departments and cities', async ({
  page,
  signInAs,
  request,
}) => {
  const errors = collectConsoleErrors(page);
  await signInAs('superAdmin');
  await page.goto('/profileSuperAdmin/formsSuperAdmin');
  await page.getByRole('link', { name: 'Create Hotels' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hotel' })).toBeVisible();

  const states = (await (await request.get('/api/locations')).json()) as string[];
  const state = states[0] as string;
  const departments = (await (
    await request.get(`/api/locations?name=${encodeURIComponent(state)}`)
  ).json()) as string[];
  const department = departments[0] as string;
  const cities = (await (
    await request.get(
      `/api/locations/city?name=${encodeURIComponent(department)}&state=${encodeURIComponent(state)}`,
    )
  ).json()) as { id: number; city: string }[];
  const city = cities[0]?.city as string;

  const name = `DevOps Compiler Lodge de la Costa ${unique()}`;
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Name' }).blur();
  // Names are kept as typed.
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await page
    .getByTestId('image-upload-input')
    .setInputFiles([pngFile('front.png', 10), pngFile('lobby.png', 90), pngFile('room.png', 170)]);
  await expect(page.getByRole('img', { name: 'Image 3' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove image 2' }).click();
  await expect(page.getByRole('img', { name: 'Image 3' })).toHaveCount(0);
  const stars = page.getByRole('slider', { name: 'Qualification' });
  await stars.focus();
  await page.keyboard.press('End');
  await page.getByRole('textbox', { name: 'Description' }).fill('A quiet place to ship code.');
  await page.getByRole('textbox', { name: 'Address' }).fill('Calle 1 234');

  await expect(page.getByRole('combobox', { name: 'Department' })).toBeDisabled();
  await choose(page, 'State', state);
  await choose(page, 'Department', department);
  await choose(page, 'City', city);
  // Its time zone: Buenos Aires unless another is picked.
  const zone = page.getByRole('combobox', { name: 'Time zone', exact: true });
  await expect(zone).toHaveValue('America/Argentina/Buenos_Aires');
  await zone.fill('Kiritimati');
  await page.getByRole('option', { name: 'Pacific/Kiritimati' }).click();
  // Guests cancel for free until 2 days before check-in unless the form says otherwise.
  const freeCancellation = page.getByRole('slider', { name: 'Free cancellation' });
  await expect(freeCancellation).toHaveAttribute('aria-valuenow', '2');
  await freeCancellation.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect(freeCancellation).toHaveAttribute('aria-valuenow', '5');
  await expectSoundPage(page, errors);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Hotel created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/profileSuperAdmin\/formsSuperAdmin$/);

  // The server-side hotel picker finds it by name and by its city.
  await page.goto('/home/ModifyHotel');
  const picker = page.getByRole('combobox', { name: 'Hotel' });
  await picker.fill(`${name.split(' ').at(-1)} ${city}`);
  await page
    .getByRole('option', { name: new RegExp(`${name.split(' ').at(-1)}.*${city}`, 'i') })
    .click();
  await expect(page.getByRole('textbox', { name: 'Address' })).toHaveValue('Calle 1 234');
  await expect(page.getByRole('combobox', { name: 'City' })).toHaveValue(city);
  await expect(page.getByRole('slider', { name: 'Qualification' })).toHaveAttribute(
    'aria-valuenow',
    '5',
  );
  await expect(page.getByRole('combobox', { name: 'Time zone', exact: true })).toHaveValue(
    'Pacific/Kiritimati',
  );
  await expect(page.getByRole('slider', { name: 'Free cancellation' })).toHaveAttribute(
    'aria-valuenow',
    '5',
  );
});

test('an admin modifies an event and sees it on /home/Events', async ({ page, signInAs }) => {
  const errors = collectConsoleErrors(page);
  await signInAs('admin');
  // The events list is in the cache before the change: it must show the new data after it.
  await page.goto('/home/Events');
  await expect(page.locator('main h2').first()).toBeVisible();
  await page.goto('/profileAdmin/formsAdmin');
  await page.getByRole('link', { name: 'Modify Events' }).click();

  await page.getByRole('combobox', { name: 'Event', exact: true }).click();
  const first = page.getByRole('option').first();
  await expect(first).toHaveText(/ — \d{4}-\d{2}-\d{2} \d{2}:\d{2} hrs$/);
  await first.click();
  const nameBox = page.getByRole('textbox', { name: 'Name' });
  await expect(nameBox).not.toHaveValue('');
  const renamed = `Typescript Night ${unique()}`;
  await nameBox.fill(renamed);
  await page.getByRole('textbox', { name: 'Time' }).fill('19:45');
  await expectSoundPage(page, errors);
  await page.getByRole('button', { name: 'Modify' }).click();
  await expect(toast(page, 'Event modified successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/profileAdmin\/formsAdmin$/);
  await page.goto('/home/Events');
  await expect(
    page.getByRole('heading', { level: 2, name: new RegExp(renamed, 'i') }),
  ).toBeVisible();
});

test('a stale modify says someone else saved in between and keeps the draft', async ({
  page,
  signInAs,
}) => {
  await signInAs('admin');
  const { hotel } = await me(page);
  await page.goto('/home/modifyServHotels');
  await page.getByRole('combobox', { name: 'Service', exact: true }).click();
  await page.getByRole('option').first().click();
  const nameBox = page.getByRole('textbox', { name: 'Service name' });
  await expect(nameBox).not.toHaveValue('');

  // Someone else saves the same service meanwhile.
  const services = (await (
    await page.request.get(`/api/content/serviceHotels?idHotel=${hotel?.id}`)
  ).json()) as {
    id: number;
    name: string;
    version: number;
    image: { url: string; public_id: string }[];
    description: string;
    idHotel: number;
  }[];
  const loaded = await nameBox.inputValue();
  const theirs = services.find((s) => s.name.toLowerCase() === loaded.toLowerCase());
  if (!theirs) throw new Error('the loaded service is listed');
  const saved = await page.request.put('/api/serviceHotels', {
    headers: siteHeaders(),
    data: {
      id: theirs.id,
      idHotel: theirs.idHotel,
      name: theirs.name,
      image: theirs.image.map(({ url, public_id }) => ({ url, public_id })),
      description: `${theirs.description} (updated)`,
      version: theirs.version,
    },
  });
  expect(saved.status()).toBe(200);

  const mine = `${loaded} plus`;
  await nameBox.fill(mine);
  await page.getByRole('button', { name: 'Modify' }).click();
  await expect(toast(page, CONTENT_MESSAGES.staleVersion('hotel service'))).toBeVisible();
  await expect(page).toHaveURL(/modifyServHotels$/);
  // The draft is kept (shown capitalised).
  await expect(nameBox).toHaveValue(new RegExp(`^${mine}$`, 'i'));
  await page.getByRole('button', { name: 'Load the saved version' }).click();
  await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue(/\(updated\)$/);
});

test('an admin cannot pick another hotel nor open the superAdmin forms', async ({
  page,
  signInAs,
}) => {
  await signInAs('admin');
  const { hotel } = await me(page);
  if (!hotel) throw new Error('the demo admin runs a hotel');
  await page.goto('/home/createEvents');
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  const field = page.getByRole('combobox', { name: 'Hotel' });
  await expect(field).toBeDisabled();
  await expect(field).toHaveValue(new RegExp(hotel.name, 'i'));

  // The server's hotel search answers only their own hotel.
  const found = (await (await page.request.get('/api/content/hotels?q=a')).json()) as {
    id: number;
  }[];
  expect(found.map((h) => h.id)).toEqual([hotel.id]);
  // Nor can they write to another hotel.
  const other = (await (await page.request.get('/api/hotels?pageSize=5')).json()) as {
    id: number;
  }[];
  const otherId = other.find((h) => h.id !== hotel.id)?.id;
  const refused = await page.request.post('/api/serviceHotels', {
    headers: siteHeaders(),
    data: {
      idHotel: otherId,
      name: 'sauna',
      image: [{ url: '/x', public_id: 'x' }],
      description: 'x',
    },
  });
  expect(refused.status()).toBe(403);

  for (const path of [
    '/home/createHotels',
    '/home/createServRooms',
    '/profileSuperAdmin/formsSuperAdmin',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Unauthorized entry, Back' })).toBeVisible();
  }
});

test('a visitor is sent to log in; a user sees Unauthorized entry', async ({
  page,
  throwawayUser,
}) => {
  await page.goto('/home/createRooms');
  await expect(page).toHaveURL(/\/login/);
  await signInApi(page.request, throwawayUser.email, throwawayUser.password);
  await page.goto('/home/createRooms');
  await expect(page.getByRole('button', { name: 'Unauthorized entry, Back' })).toBeVisible();
});
