import { formatUsd, priceToCents } from '@devstay/shared/text';
import type { Locator, Page } from '@playwright/test';
import { collectConsoleErrors, expect, expectSoundPage, test, toast } from '../support/fixtures.ts';
import { pngFile, pngPicture } from '../support/pictures.ts';

interface Me {
  hotel: { id: number; name: string } | null;
}

async function ownHotel(page: Page): Promise<{ id: number; name: string }> {
  const { hotel } = (await (await page.request.get('/api/me')).json()) as Me;
  if (!hotel) throw new Error('the demo admin runs a hotel');
  return hotel;
}

/** Picks an option of a Mantine select by its label. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Drops a picture file on the upload control, as a person dragging it from their desktop. */
async function dropPicture(page: Page, name: string, hue: number) {
  const zone = page.getByText('Drag pictures here, or').locator('..');
  const dataTransfer = await page.evaluateHandle(
    ({ base64, fileName }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], fileName, { type: 'image/png' }));
      return transfer;
    },
    { base64: pngPicture(320, 240, hue).toString('base64'), fileName: name },
  );
  await zone.dispatchEvent('dragover', { dataTransfer });
  await expect(zone).toHaveAttribute('data-dragging', 'true');
  await zone.dispatchEvent('drop', { dataTransfer });
  await expect(zone).not.toHaveAttribute('data-dragging');
}

/** Moves a slider with the keyboard to `value` (from its maximum, one step per key). */
async function slideTo(slider: Locator, page: Page, value: number) {
  await slider.focus();
  await page.keyboard.press('End');
  const max = Number(await slider.getAttribute('aria-valuemax'));
  for (let i = value; i < max; i++) await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuenow', String(value));
}

const unique = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
    '',
  );

// Uploads through the picture pipeline share two cores with the server.
test.describe.configure({ timeout: 120_000 });

test('a superAdmin creates a room service with a dropped picture, then renames it', async ({
  page,
  signInAs,
}) => {
  const errors = collectConsoleErrors(page);
  await signInAs('superAdmin');
  await page.goto('/profileSuperAdmin/formsSuperAdmin');
  await page.getByRole('link', { name: 'Create Services Rooms' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Services Rooms' })).toBeVisible();

  const name = `Ergonomic Chair ${unique()}`;
  await page.getByRole('textbox', { name: 'Service name' }).fill(name);
  await dropPicture(page, 'chair.png', 60);
  await expect(page.getByRole('img', { name: 'Image 1' })).toBeVisible();
  await expect(page.getByText('1 image uploaded')).toBeVisible();
  await expectSoundPage(page, errors);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Service created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/profileSuperAdmin\/formsSuperAdmin$/);

  // Every hotel's room form offers it at once.
  await page.goto('/home/createRooms');
  const services = page.getByRole('combobox', { name: 'Services' });
  // Loaded: the placeholder says 'Loading...' until the list is there.
  await expect(services).toHaveAttribute('placeholder', 'Choose the room services');
  await services.fill(name.split(' ').at(-1) as string);
  await expect(page.getByRole('option', { name })).toBeVisible();

  await page.goto('/home/modifyServRooms');
  await expect(page.getByRole('heading', { level: 1, name: 'Modify room service' })).toBeVisible();
  await choose(page, 'Service', name);
  const nameBox = page.getByRole('textbox', { name: 'Service name' });
  // Names are kept as typed.
  await expect(nameBox).toHaveValue(name);
  await expect(page.getByRole('img', { name: 'Image 1' })).toBeVisible();
  const renamed = `Standing Desk ${unique()}`;
  await nameBox.fill(renamed);
  // A second picture, chosen through the file dialog this time.
  await page.getByTestId('image-upload-input').setInputFiles([pngFile('desk.png', 120)]);
  await expect(page.getByRole('img', { name: 'Image 2' })).toBeVisible();
  await page.getByRole('button', { name: 'Modify' }).click();
  await expect(toast(page, 'Service modified successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/profileSuperAdmin\/formsSuperAdmin$/);

  await page.goto('/home/modifyServRooms');
  await page.getByRole('combobox', { name: 'Service', exact: true }).click();
  await expect(page.getByRole('option', { name: renamed })).toBeVisible();
  await expect(page.getByRole('option', { name, exact: true })).toHaveCount(0);
  await page.getByRole('option', { name: renamed }).click();
  await expect(page.getByRole('img', { name: 'Image 2' })).toBeVisible();
});

test('an admin creates an event shown on /home/Events and changes a room price shown on its page', async ({
  page,
  signInAs,
}) => {
  const errors = collectConsoleErrors(page);
  await signInAs('admin');
  const hotel = await ownHotel(page);
  await page.goto('/profileAdmin/formsAdmin');
  await page.getByRole('link', { name: 'Create Events' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();

  const name = `Rust Meetup ${unique()}`;
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await expect(page.getByRole('combobox', { name: 'Hotel' })).toHaveValue(
    new RegExp(hotel.name, 'i'),
  );
  const date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await page.getByRole('textbox', { name: 'Date', exact: true }).fill(date);
  await page.getByRole('textbox', { name: 'Time', exact: true }).fill('18:30');
  await page.getByTestId('image-upload-input').setInputFiles([pngFile('talk.png', 200)]);
  await expect(page.getByRole('img', { name: 'Image 1' })).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Description' })
    .fill('Lightning talks on ownership and lifetimes.');
  await expectSoundPage(page, errors);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Event created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/profileAdmin\/formsAdmin$/);
  await page.goto('/home/Events');
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(name, 'i') })).toBeVisible();

  // A room's price, then the room page.
  await page.goto('/home/ModifyRooms');
  await page.getByRole('combobox', { name: 'Room', exact: true }).click();
  const option = page.getByRole('option').first();
  const label = (await option.textContent()) ?? '';
  await option.click();
  const price = page.getByRole('slider', { name: 'Price' });
  const before = Number(await price.getAttribute('aria-valuenow'));
  expect(label).toContain(formatUsd(priceToCents(before)));
  // Near the top of the range: a few key presses from End.
  const after = before === 996 ? 997 : 996;
  await slideTo(price, page, after);
  await page.getByRole('button', { name: 'Modify' }).click();
  await expect(toast(page, 'Rooms modify successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/profileAdmin\/formsAdmin$/);

  const rooms = (await (
    await page.request.get(`/api/content/rooms?idHotel=${hotel.id}`)
  ).json()) as { id: number; name: string; category: string; price: number }[];
  const [roomName, category] = label.split(/ — |, /);
  const room = rooms.find(
    (r) =>
      r.price === after &&
      r.name.toLowerCase() === roomName?.toLowerCase() &&
      r.category === category,
  );
  if (!room) throw new Error(`the modified room is listed at $${after}`);
  await page.goto(`/hotel/room/${room.id}`);
  // The new base price, or the room's lowest rule where one is now below it (rules keep their
  // own prices).
  const shown = (await (await page.request.get(`/api/rooms/${room.id}`)).json()) as {
    price: number;
    fromPrice: number;
  };
  expect(shown.price).toBe(after);
  await expect(page.getByTestId('room-nightly-price')).toHaveText(
    shown.fromPrice < after ? `from $${shown.fromPrice} per night` : `$${after} per night`,
  );
});

test('an admin creates a hotel service and modifies it; the hotel page shows each', async ({
  page,
  signInAs,
}) => {
  const errors = collectConsoleErrors(page);
  await signInAs('admin');
  const hotel = await ownHotel(page);
  await page.goto('/profileAdmin/formsAdmin');
  await page.getByRole('link', { name: 'Create Services Hotels' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Services Hotels' })).toBeVisible();

  const name = `Podcast Studio ${unique()}`;
  await page.getByRole('textbox', { name: 'Service name' }).fill(name);
  await dropPicture(page, 'studio.png', 30);
  await expect(page.getByRole('img', { name: 'Image 1' })).toBeVisible();
  const description = 'Two microphones, acoustic panels, booked by the hour.';
  await page.getByRole('textbox', { name: 'Description' }).fill(description);
  await expectSoundPage(page, errors);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Service created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/profileAdmin\/formsAdmin$/);

  await page.goto(`/hotel/${hotel.id}`);
  const services = page.getByRole('region', { name: 'Hotel services' });
  await expect(services.getByRole('heading', { name })).toBeVisible();
  await expect(services.getByText(description)).toBeVisible();

  await page.goto('/home/modifyServHotels');
  await choose(page, 'Service', name);
  const descriptionBox = page.getByRole('textbox', { name: 'Description' });
  await expect(descriptionBox).toHaveValue(description);
  const changed = 'Now with a video light and a green screen.';
  await descriptionBox.fill(changed);
  await page.getByRole('button', { name: 'Remove image 1' }).click();
  const modify = page.getByRole('button', { name: 'Modify' });
  await expect(modify).toHaveAttribute('aria-disabled', 'true');
  // Pressed anyway (it stays focusable): every message and the product's toast.
  await modify.click({ force: true });
  // No picture left: the form says so and keeps the draft.
  await expect(toast(page, 'Check the fields')).toBeVisible();
  await expect(page.getByText('Upload at least one image')).toBeVisible();
  // The focus lands on the field to fix, which names its message.
  const chooseImages = page.getByRole('button', { name: 'Choose images' });
  await expect(chooseImages).toBeFocused();
  await expect(chooseImages).toHaveAccessibleDescription(/Upload at least one image/);
  await page.getByTestId('image-upload-input').setInputFiles([pngFile('green.png', 90)]);
  await expect(page.getByRole('img', { name: 'Image 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Modify' }).click();
  await expect(toast(page, 'Service modified successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/profileAdmin\/formsAdmin$/);

  await page.goto(`/hotel/${hotel.id}`);
  await expect(services.getByText(changed)).toBeVisible();
  await expect(services.getByText(description)).toHaveCount(0);
});

test("a superAdmin's modify room: the hotel to list apart from the room's own, and a new search offers only matches", async ({
  page,
  signInAs,
}) => {
  await signInAs('superAdmin');
  const hotels = (await (await page.request.get('/api/content/hotels?limit=2')).json()) as {
    name: string;
    city: string;
  }[];
  const [first, second] = hotels;
  if (!first || !second) throw new Error('the demo has hotels');
  await page.goto('/home/ModifyRooms');
  const scope = page.getByRole('combobox', { name: 'Rooms of hotel' });
  await scope.fill(first.name);
  await page.getByRole('option', { name: new RegExp(`^${first.name} — `, 'i') }).click();
  await choose(page, 'Room', /.+/);
  // The loaded room's own hotel field is the form's only "Hotel".
  await expect(page.getByRole('combobox', { name: 'Hotel', exact: true })).toHaveValue(
    new RegExp(`^${first.name} — `, 'i'),
  );

  await scope.fill(second.name);
  const offered = page.getByRole('option');
  await expect(offered.first()).toHaveText(new RegExp(`^${second.name} — `, 'i'));
  await expect(offered.filter({ hasText: new RegExp(`^${first.name} — `, 'i') })).toHaveCount(0);
  await offered.first().click();
  // Another hotel's rooms: nothing picked, no form.
  await expect(page.getByRole('combobox', { name: 'Room', exact: true })).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Modify' })).toHaveCount(0);
});
