import { me } from '../support/accounts.ts';
import { accountMenu, expect, test } from '../support/fixtures.ts';

test('Log out ends the session, forgets the cart and returns to /', async ({ page, signInAs }) => {
  await signInAs('user');
  await page.goto('/profileusers');
  await page.evaluate(() =>
    window.localStorage.setItem(
      'cartRooms',
      JSON.stringify([
        {
          id: 1,
          name: 'double',
          image: [],
          price: 100,
          Hotels: { id: 1, name: 'hotel', address: 'street 1' },
          checkIn: '2030-01-01',
          checkOut: '2030-01-02',
          totalPrice: 100,
          cartQuantity: 2,
        },
      ]),
    ),
  );
  await page.reload();
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  // By keyboard: opening the menu focuses its first item; down to Log out, press it.
  await accountMenu(page).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'See profile' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(accountMenu(page)).toHaveCount(0);
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  expect(await page.evaluate(() => window.localStorage.getItem('cartRooms'))).toBeNull();
  expect(await me(page.request)).toBeNull();

  await page.goto('/profileusers');
  await expect(page).toHaveURL(/\/login$/);
});
