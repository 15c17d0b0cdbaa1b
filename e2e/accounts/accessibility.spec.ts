import { accountMenu, expect, seriousViolations, test } from '../support/fixtures.ts';

for (const path of ['/login', '/register', '/reset']) {
  test(`${path} has no serious or critical accessibility violation`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('the user profile has no serious or critical accessibility violation', async ({
  page,
  signInAs,
}) => {
  await signInAs('user');
  await page.goto('/profileusers');
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // And with the account menu open.
  await accountMenu(page).click();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the admin table and its confirmation have no serious or critical violation', async ({
  page,
  signInAs,
}) => {
  await signInAs('superAdmin');
  await page.goto('/profileSuperAdmin/adminTable');
  await expect(page.getByRole('table', { name: 'Admins' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page
    .getByRole('button', { name: /^Delete / })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
