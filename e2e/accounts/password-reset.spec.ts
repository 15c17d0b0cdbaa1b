import { me } from '../support/accounts.ts';
import { accountMenu, expect, logInThroughForm, test, toast } from '../support/fixtures.ts';
import { firstLink, RESET_SUBJECT, waitForMail } from '../support/mail.ts';

test('the reset form asks for an e-mail in a red box', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/reset$/);
  await page.getByRole('button', { name: 'Reset password' }).click();
  const box = page.getByTestId('error-box');
  await expect(box).toHaveText('Write an email to reset password');
  await expect(box).toHaveAttribute('role', 'alert');
  await expect(page).toHaveURL(/\/reset$/);
});

test('a person resets a forgotten password through the e-mailed link', async ({
  page,
  throwawayUser,
}) => {
  test.slow();
  const newPassword = 'brand-new-secret';
  await page.goto('/reset');
  await page.getByLabel('Email', { exact: true }).fill(throwawayUser.email);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, 'Check your inbox')).toBeVisible();

  const mail = await waitForMail(page.request, throwawayUser.email, RESET_SUBJECT);
  const link = firstLink(mail);
  expect(new URL(link).pathname).toBe('/reset-password');
  await page.goto(link);

  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat the new password').fill('something-else');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByTestId('error-box')).toHaveText('The passwords do not match');

  await page.getByLabel('Repeat the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, 'Your password was changed')).toBeVisible();

  // The old password no longer works; the new one does.
  await logInThroughForm(page, throwawayUser.email, throwawayUser.password);
  await expect(toast(page, 'Wrong password')).toBeVisible();
  await logInThroughForm(page, throwawayUser.email, newPassword);
  await expect(page).toHaveURL(/\/home$/);
  await expect(accountMenu(page)).toBeVisible();
  expect(await me(page.request)).toMatchObject({ email: throwawayUser.email });

  // The link served once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('third-secret');
  await page.getByLabel('Repeat the new password').fill('third-secret');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByTestId('error-box')).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password/);
});

test('a reset link without its token sends the person to ask again', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByTestId('error-box')).toContainText('incomplete or has expired');
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(/\/reset$/);
});
