import { DEMO, DEMO_PASSWORD, me, uniqueEmail } from '../support/accounts.ts';
import { accountMenu, expect, logInThroughForm, test, toast } from '../support/fixtures.ts';

test('Login stays disabled until an e-mail and a 6-character password are typed', async ({
  page,
}) => {
  await page.goto('/login');
  const login = page.getByRole('button', { name: 'Login', exact: true });
  const email = page.getByLabel('Email', { exact: true });
  const password = page.getByLabel('Password', { exact: true });

  await expect(login).toBeDisabled();
  await email.fill('user@devstay.dev');
  await expect(login).toBeDisabled();
  await password.fill('12345');
  await expect(login).toBeDisabled();
  await password.fill('123456');
  await expect(login).toBeEnabled();
  await email.fill('   ');
  await expect(login).toBeDisabled();
});

test('the password can be shown and hidden', async ({ page }) => {
  await page.goto('/login');
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('secret-123');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'password');
});

test('a wrong password is told as such', async ({ page }) => {
  await logInThroughForm(page, DEMO.user.email, 'not-the-password');
  await expect(toast(page, 'Wrong password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await me(page.request)).toBeNull();
});

test('an unknown e-mail is told as such', async ({ page }) => {
  await logInThroughForm(page, uniqueEmail('nobody'), 'whatever-123');
  await expect(toast(page, 'User not found')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a user logs in, lands on /home and reaches their profile from the menu', async ({ page }) => {
  await logInThroughForm(page, DEMO.user.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  await accountMenu(page).click();
  await expect(page.getByRole('menu')).toContainText(DEMO.user.name);
  await page.getByRole('menuitem', { name: 'See profile' }).click();
  await expect(page).toHaveURL(/\/profileusers$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Demo!');
});

test('a next address with a tab or a newline still leads on after the login, never off the site', async ({
  page,
}) => {
  const logInFrom = async (url: string) => {
    await page.goto(url);
    await page.getByLabel('Email', { exact: true }).fill(DEMO.user.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
  };
  // The browser drops them from an address: the way back is /profileusers.
  await logInFrom('/login?next=%2Fprofileusers%09');
  await expect(page).toHaveURL(/\/profileusers$/);
  await page.context().clearCookies();
  // Cleaned, this one names another site (//evil.test): the login page stayed; now /home.
  await logInFrom('/login?next=%2F%0A%2Fevil.test');
  await expect(page).toHaveURL(/\/home$/);
});

test('See profile leads each role to its own profile', async ({ page, signInAs }) => {
  await signInAs('admin');
  await page.goto('/home');
  await accountMenu(page).click();
  await page.getByRole('menuitem', { name: 'See profile' }).click();
  await expect(page).toHaveURL(/\/profileAdmin$/);
  await expect(page.getByTestId('profile-Role')).toHaveText('admin');

  await signInAs('superAdmin');
  await page.goto('/home');
  await accountMenu(page).click();
  await expect(page.getByRole('menu')).toContainText(DEMO.superAdmin.name);
  await page.getByRole('menuitem', { name: 'See profile' }).click();
  await expect(page).toHaveURL(/\/profileSuperAdmin$/);
});

test('the login page links to register, password reset, terms and privacy', async ({ page }) => {
  await page.goto('/login');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  await expect(main.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
    'href',
    '/reset',
  );
  await expect(main.getByRole('link', { name: 'terms' })).toHaveAttribute('href', '/terms');
  await expect(main.getByRole('link', { name: 'privacy policy' })).toHaveAttribute(
    'href',
    '/privacy',
  );
});

test('Continue with Google is disabled, with the reason, when the server has no Google', async ({
  page,
}) => {
  await page.goto('/login');
  const google = page.getByRole('button', { name: 'Continue with Google' });
  await expect(google).toBeDisabled();
  await expect(page.getByText('Google sign-in is not set up on this server.')).toBeVisible();
});

test('single sign-on through the OpenID Connect issuer creates a signed-in user', async ({
  page,
  createdAccounts,
}) => {
  const provider = process.env.E2E_OIDC_PROVIDER_NAME ?? 'Company SSO';
  const email = uniqueEmail('oidc');
  createdAccounts.add(email);

  await page.goto('/login');
  // The typed e-mail travels to the issuer as the login hint: it signs this person in.
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: `Continue with ${provider}` }).click();

  await expect(page).toHaveURL(/\/home$/);
  await expect(accountMenu(page)).toBeVisible();
  const account = await me(page.request);
  expect(account).toMatchObject({ email, rol: 'user', hotel: null });

  await accountMenu(page).click();
  await page.getByRole('menuitem', { name: 'See profile' }).click();
  await expect(page).toHaveURL(/\/profileusers$/);
  await expect(page.getByTestId('email-status')).toHaveText('E-mail verified');
});
