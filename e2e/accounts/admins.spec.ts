import type { APIRequestContext } from '@playwright/test';
import { DEMO, me, signInApi, uniqueEmail } from '../support/accounts.ts';
import { accountMenu, expect, test, toast } from '../support/fixtures.ts';

interface HotelCard {
  id: number;
  name: string;
}

/** Two hotels of the catalogue, by their displayed (capitalised) names. */
async function twoHotels(request: APIRequestContext): Promise<[HotelCard, HotelCard]> {
  const response = await request.get('/api/hotels', { params: { pageSize: 3, sort: 'name_desc' } });
  const hotels = (await response.json()) as HotelCard[];
  if (hotels.length < 2) throw new Error('The seeded catalogue has fewer than two hotels');
  return [hotels[0] as HotelCard, hotels[1] as HotelCard];
}

test('the superAdmin registers an admin, edits their hotel and deletes them', async ({
  page,
  signInAs,
  createdAccounts,
  playwright,
}) => {
  test.slow();
  const [first, second] = await twoHotels(page.request);
  const email = uniqueEmail('admin');
  createdAccounts.add(email);
  await signInAs('superAdmin');

  await page.goto('/profileSuperAdmin');
  await page.getByRole('link', { name: 'Register admin' }).click();
  await expect(page).toHaveURL(/\/profileSuperAdmin\/registerAdmin$/);

  // Submitting empty names every missing field.
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('Hotel name is required')).toBeVisible();

  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByLabel(/^Password/).fill('admin-secret');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('ada');
  await page.getByRole('textbox', { name: 'Lastname', exact: true }).fill('lovelace');
  await page.getByRole('combobox', { name: 'Hotel' }).fill(first.name);
  await page.getByRole('option', { name: new RegExp(`^${first.name} — `) }).click();
  await page.getByLabel('DNI').fill('12-345-678');
  await page.getByLabel('City').fill('córdoba');
  await page.getByRole('button', { name: 'Register', exact: true }).click();

  await expect(toast(page, 'Admin registered successfully')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin registered');
  const profile = page.getByRole('region', { name: 'Ada Lovelace' });
  await expect(profile).toContainText(email);
  await expect(profile).toContainText(first.name);
  await expect(profile).toContainText('Córdoba');
  // The superAdmin is still the one signed in.
  expect(await me(page.request)).toMatchObject({ email: DEMO.superAdmin.email });
  await accountMenu(page).click();
  await expect(page.getByRole('menu')).toContainText(DEMO.superAdmin.name);
  await page.keyboard.press('Escape');

  // The new admin can log in and finds their hotel on their profile.
  const asAdmin = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  await signInApi(asAdmin, email, 'admin-secret');
  expect(await me(asAdmin)).toMatchObject({ rol: 'admin', hotel: { id: first.id } });
  await asAdmin.dispose();

  // In the admin table, sorted by hotel.
  await page.getByRole('link', { name: 'Admin table' }).click();
  await expect(page).toHaveURL(/\/profileSuperAdmin\/adminTable$/);
  const table = page.getByRole('table', { name: 'Admins' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Admin',
    'Email',
    'Hotel',
    'Role',
    'Edit',
    'Delete',
  ]);
  const row = table.getByRole('row', { name: new RegExp(email.replace(/[.]/g, '\\.')) });
  await expect(row).toContainText('Ada Lovelace');
  await expect(row).toContainText(first.name);
  await expect(row).toContainText('admin');
  const hotels = await table.locator('tbody tr td:nth-child(3)').allInnerTexts();
  const named = hotels.filter((h) => h !== 'No hotel');
  expect(named).toEqual([...named].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));

  // Edit: another hotel.
  await row.getByRole('link', { name: `Edit ${email}` }).click();
  await expect(page).toHaveURL(/\/profileSuperAdmin\/editAdmin\//);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('ada');
  const hotel = page.getByRole('combobox', { name: 'Hotel' });
  await expect(hotel).toHaveValue(new RegExp(`^${first.name}`));
  await hotel.fill(second.name);
  await page.getByRole('option', { name: new RegExp(`^${second.name} — `) }).click();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Admin modified successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/profileSuperAdmin\/adminTable$/);
  await expect(row).toContainText(second.name);

  // Delete, after the confirmation.
  await row.getByRole('button', { name: `Delete ${email}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure you want to Delete the admin?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Delete ${email}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Admin deleted')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('the superAdmin deletes a user from the user table, after confirming', async ({
  page,
  signInAs,
  throwawayUser,
}) => {
  await signInAs('superAdmin');
  await page.goto('/userTable');
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('columnheader')).toHaveText(['User', 'Email', 'Role', 'Delete']);
  const emails = await table.locator('tbody tr td:nth-child(2)').allInnerTexts();
  expect(emails).toEqual([...emails].sort());
  // A page at a time: the account is found by its e-mail.
  await page.getByLabel('Search by e-mail or name').fill(throwawayUser.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('user-table-count')).toHaveText(
    `1 account matching “${throwawayUser.email}”, sorted by e-mail.`,
  );

  const row = table.getByRole('row', {
    name: new RegExp(throwawayUser.email.replace(/[.]/g, '\\.')),
  });
  await row.getByRole('button', { name: `Delete ${throwawayUser.email}` }).click();
  await expect(page.getByRole('dialog')).toContainText('Are you sure you want to Delete the user?');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'User deleted')).toBeVisible();
  await expect(row).toHaveCount(0);
  // Nobody can delete a superAdmin or themselves: no button on those rows.
  await expect(
    table.getByRole('row', { name: /superadmin@devstay\.dev/ }).getByRole('button'),
  ).toHaveCount(0);
});

test('the demo admin sees their hotel and tools on their profile', async ({ page, signInAs }) => {
  await signInAs('admin');
  const account = await me(page.request);
  await page.goto('/profileAdmin');
  await expect(page.getByTestId('profile-E-mail')).toHaveText(DEMO.admin.email);
  await expect(page.getByTestId('profile-Hotel')).toHaveText(account?.hotel?.name ?? '');
  await expect(page.getByRole('link', { name: 'Edit Forms' })).toHaveAttribute(
    'href',
    '/profileAdmin/formsAdmin',
  );
  await expect(page.getByRole('link', { name: 'Bookings' })).toHaveAttribute('href', '/stock');
  await page.getByRole('link', { name: 'User Table' }).click();
  await expect(page).toHaveURL(/\/userTable$/);
});

test('an admin without a hotel cannot open the forms', async ({
  page,
  superAdminApi,
  createdAccounts,
}) => {
  const email = uniqueEmail('nohotel');
  createdAccounts.add(email);
  const created = await superAdminApi.post('/api/users', {
    headers: { origin: process.env.E2E_BASE_URL ?? '' },
    data: { email, password: 'admin-secret', rol: 'admin', name: 'grace' },
  });
  expect(created.status()).toBe(201);

  await signInApi(page.request, email, 'admin-secret');
  await page.goto('/profileAdmin');
  await expect(page.getByRole('button', { name: 'Edit Forms' })).toBeDisabled();
  await expect(page.getByTestId('profile-Hotel')).toHaveText('Not given');
});
