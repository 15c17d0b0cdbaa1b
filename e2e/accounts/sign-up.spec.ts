import { uniqueEmail } from '../support/accounts.ts';
import { accountMenu, expect, test, toast } from '../support/fixtures.ts';
import { firstLink, VERIFY_SUBJECT, waitForMail } from '../support/mail.ts';

test('a visitor registers, follows the verification e-mail and sees a verified profile', async ({
  page,
  createdAccounts,
}) => {
  test.slow();
  const email = uniqueEmail('signup');
  createdAccounts.add(email);

  await page.goto('/register');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret-123');
  await page.getByRole('button', { name: 'Register', exact: true }).click();

  await expect(toast(page, 'We sent you an email. Check your inbox')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await expect(accountMenu(page)).toBeVisible();

  // Signed in, not verified yet.
  await page.goto('/profileusers');
  await expect(page.getByTestId('email-status')).toHaveText('E-mail not verified');

  const mail = await waitForMail(page.request, email, VERIFY_SUBJECT);
  await page.goto(firstLink(mail));

  await expect(page).toHaveURL(/\/profileusers$/);
  await expect(toast(page, 'Your e-mail is verified')).toBeVisible();
  await expect(page.getByTestId('email-status')).toHaveText('E-mail verified');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
});

test('register refuses an e-mail already in use', async ({ page, throwawayUser }) => {
  await page.goto('/register');
  await page.getByLabel('Email', { exact: true }).fill(throwawayUser.email);
  await page.getByLabel('Password', { exact: true }).fill('another-secret');
  await page.getByRole('button', { name: 'Register', exact: true }).click();

  await expect(toast(page, 'Email already in use')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('register refuses an invalid e-mail', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('secret-123');
  await page.getByRole('button', { name: 'Register', exact: true }).click();

  await expect(toast(page, 'Email invalid')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('the Register button waits for an e-mail and a 6-character password', async ({ page }) => {
  await page.goto('/register');
  const submit = page.getByRole('button', { name: 'Register', exact: true });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Email', { exact: true }).fill('someone@devstay.test');
  await page.getByLabel('Password', { exact: true }).fill('12345');
  await expect(submit).toBeDisabled();
  await page.getByLabel('Password', { exact: true }).fill('123456');
  await expect(submit).toBeEnabled();
  await expect(page.getByRole('link', { name: 'Log in', exact: true }).last()).toHaveAttribute(
    'href',
    '/login',
  );
});
