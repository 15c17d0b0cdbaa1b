import { expect, test } from '../support/fixtures.ts';

const LOGIN_REQUIRED = [
  '/profileusers',
  '/profileusers/EditUser',
  '/profileAdmin',
  '/profileSuperAdmin',
  '/profileSuperAdmin/adminTable',
  '/profileSuperAdmin/registerAdmin',
  '/profileSuperAdmin/editAdmin/some-id',
  '/userTable',
];

test('every login-required screen sends a visitor to /login', async ({ page }) => {
  for (const path of LOGIN_REQUIRED) {
    await page.goto(path);
    await expect(page, `${path} for a visitor`).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  }
});

test('a heading Loading shows while the session is being checked', async ({ page, signInAs }) => {
  await signInAs('user');
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/me', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/profileusers');
  await expect(page.getByRole('heading', { level: 1, name: 'Loading' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Demo!' })).toBeVisible();
});

test('a user on the superAdmin dashboard gets Unauthorized entry, Back', async ({
  page,
  signInAs,
}) => {
  await signInAs('user');
  await page.goto('/home');
  await page.goto('/profileSuperAdmin');
  const back = page.getByRole('button', { name: 'Unauthorized entry, Back' });
  await expect(back).toBeVisible();
  await expect(page.getByRole('heading', { name: /Welcome/ })).toHaveCount(0);
  await back.click();
  await expect(page).toHaveURL(/\/home$/);
});

test('each role sees only its own screens', async ({ page, signInAs }) => {
  await signInAs('user');
  for (const path of ['/profileAdmin', '/userTable', '/profileSuperAdmin/adminTable']) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Unauthorized entry, Back' })).toBeVisible();
  }

  await signInAs('admin');
  for (const path of [
    '/profileusers',
    '/profileSuperAdmin',
    '/profileSuperAdmin/registerAdmin',
    '/profileSuperAdmin/adminTable',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Unauthorized entry, Back' })).toBeVisible();
  }
  // An admin reads the user table, without the superAdmin's Delete column: the guests who
  // booked at their hotel (the demo guest did), not every account of the site.
  await page.goto('/userTable');
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('columnheader')).toHaveText(['User', 'Email', 'Role']);
  await expect(table.getByRole('row', { name: /user@devstay\.dev/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /superadmin@devstay\.dev/ })).toHaveCount(0);

  await signInAs('superAdmin');
  await page.goto('/profileusers');
  await expect(page.getByRole('button', { name: 'Unauthorized entry, Back' })).toBeVisible();
});
