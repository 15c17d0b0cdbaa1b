import { signInApi } from '../support/accounts.ts';
import { expect, test, toast } from '../support/fixtures.ts';

test('a user edits their profile and sees it capitalised', async ({ page, throwawayUser }) => {
  await signInApi(page.request, throwawayUser.email, throwawayUser.password);
  await page.goto('/profileusers');
  await expect(page.getByRole('link', { name: 'Booking history' })).toHaveAttribute(
    'href',
    '/profileusers/bookingHistory',
  );
  await expect(page.getByRole('link', { name: 'Favorites' })).toHaveAttribute('href', '/favorite');

  await page.getByRole('link', { name: 'Edit profile' }).click();
  await expect(page).toHaveURL(/\/profileusers\/EditUser$/);
  await page.getByLabel('Name', { exact: true }).fill('josé maría');
  await page.getByLabel('Lastname').fill('pérez');
  await page.getByLabel('Address').fill('calle falsa 123');
  await page.getByLabel('City').fill('san miguel de tucumán');
  await page.getByLabel('Country').fill('argentina');
  await page.getByRole('button', { name: 'Update' }).click();

  await expect(toast(page, 'Profile updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/profileusers$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, José María!');
  await expect(page.getByTestId('profile-Last name')).toHaveText('Pérez');
  await expect(page.getByTestId('profile-Address')).toHaveText('Calle Falsa 123');
  await expect(page.getByTestId('profile-City')).toHaveText('San Miguel De Tucumán');
  await expect(page.getByTestId('profile-Country')).toHaveText('Argentina');

  // Kept by the server: a fresh load shows the same.
  await page.reload();
  await expect(page.getByTestId('profile-Name')).toHaveText('José María');
});

test('a refused update shows the server’s error and no success', async ({
  page,
  throwawayUser,
  superAdminApi,
}) => {
  await signInApi(page.request, throwawayUser.email, throwawayUser.password);
  await page.goto('/profileusers/EditUser');
  await page.getByLabel('City').fill('rosario');

  // Meanwhile the account is deleted: its session ends with it.
  const deleted = await superAdminApi.delete(`/api/users/${throwawayUser.id}`, {
    headers: { origin: process.env.E2E_BASE_URL ?? '' },
  });
  expect(deleted.status()).toBe(204);

  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'You must log in')).toBeVisible();
  await expect(toast(page, 'Profile updated successfully')).toHaveCount(0);
  await expect(page).toHaveURL(/\/profileusers\/EditUser$/);
});
