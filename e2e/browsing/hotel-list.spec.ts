import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

const cards = (page: Page) => page.locator('main article');
const cardTitles = (page: Page) => page.locator('main article h2');
const pageButton = (page: Page, n: number) =>
  page.getByRole('button', { name: `Page ${n}`, exact: true });

/** The star rating of each card, in order. */
async function stars(page: Page): Promise<number[]> {
  const labels = await page
    .locator('main article')
    .getByLabel(/out of 5 stars/)
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  return labels.map((l) => Number.parseInt(l, 10));
}

async function firstTitles(page: Page): Promise<string[]> {
  await expect(cardTitles(page).first()).toBeVisible();
  return cardTitles(page).allInnerTexts();
}

test.describe('hotel list', () => {
  test('shows 8 hotels a page with a pagination bar', async ({ page }) => {
    await page.goto('/home');
    await expect(cardTitles(page)).toHaveCount(8);
    await expect(page.getByRole('button', { name: 'First page' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Next page' })).toBeEnabled();
    await expect(pageButton(page, 1)).toHaveAttribute('aria-current', 'page');
  });

  test('live search ignores case and accents; no match shows a heading', async ({ page }) => {
    await page.goto('/home');
    await expect(cardTitles(page)).toHaveCount(8);
    const box = page.getByRole('searchbox', { name: 'Search hotels by name or destination' });
    await box.fill('CODIGO');
    await expect(cardTitles(page)).toHaveCount(1);
    await expect(cardTitles(page).first()).toHaveText(/Cumbre Del Código/i);

    await box.fill('zzzz-no-such-hotel');
    await expect(page.getByRole('heading', { name: 'No hotels match your search' })).toBeVisible();
  });

  test('the box finds hotels by destination: a city, a province, without its accents', async ({
    page,
  }) => {
    await page.goto('/home');
    await expect(cardTitles(page)).toHaveCount(8);
    const box = page.getByRole('searchbox', { name: 'Search hotels by name or destination' });
    // No demo hotel has Bariloche in its name: these are the hotels of San Carlos de Bariloche.
    await box.fill('bariloche');
    await expect(cardTitles(page).filter({ hasText: 'Nahuel Huapi Remote Lodge' })).toHaveCount(1);
    const titles = await firstTitles(page);
    expect(titles).toEqual(
      expect.arrayContaining(['Hotel Cumbre del Código', 'Cabañas Cerro Otto']),
    );
    await expect(cards(page).filter({ hasNotText: /Bariloche/ })).toHaveCount(0);
    // Córdoba the city and the province, typed without the accent.
    await box.fill('cordoba');
    await expect(cardTitles(page).filter({ hasText: 'Hotel Cañada Async' })).toHaveCount(1);
    await expect(cards(page).filter({ hasNotText: /Córdoba/ })).toHaveCount(0);
  });

  test('the search button searches the trimmed text and clears the box', async ({ page }) => {
    await page.goto('/home');
    const box = page.getByRole('searchbox', { name: 'Search hotels by name or destination' });
    await box.pressSequentially('  lodge  ');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(box).toHaveValue('');
    const titles = await firstTitles(page);
    expect(titles.length).toBeGreaterThan(0);
    for (const t of titles) expect(t.toLowerCase()).toContain('lodge');
  });

  test('filter by star: Apply does nothing without a choice, then filters', async ({ page }) => {
    await page.goto('/home');
    await expect(cardTitles(page)).toHaveCount(8);
    await page.getByRole('button', { name: 'Filter by star' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter by star' });
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('listbox')).toBeHidden();
    await dialog.getByRole('button', { name: 'Apply' }).click({ timeout: 2000 });
    await expect(dialog).toBeVisible(); // nothing chosen: still open

    await dialog.getByRole('combobox', { name: 'Stars' }).click();
    await page.getByRole('option', { name: '5 stars' }).click();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/qualification=5/);
    await expect(page.locator('main').getByLabel('5 out of 5 stars').first()).toBeVisible();
    const ratings = page.locator('main').getByLabel(/out of 5 stars/);
    for (const label of await ratings.evaluateAll((els) =>
      els.map((e) => e.getAttribute('aria-label')),
    )) {
      expect(label).toBe('5 out of 5 stars');
    }
  });

  test('filter by city; the backdrop closes the modal; Clear filters resets', async ({ page }) => {
    await page.goto('/home');
    await expect(cardTitles(page)).toHaveCount(8);

    await page.getByRole('button', { name: 'Filter by city' }).click();
    let dialog = page.getByRole('dialog', { name: 'Filter by city' });
    await expect(dialog).toBeVisible();
    // The city field has the focus, its list stays closed: nothing covers Apply.
    await expect(dialog.getByRole('combobox', { name: 'City' })).toBeFocused();
    await expect(page.getByRole('listbox')).toBeHidden();
    await dialog.getByRole('button', { name: 'Apply' }).click({ trial: true, timeout: 2000 });
    await page.mouse.click(5, 5); // the backdrop
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Filter by city' }).click();
    dialog = page.getByRole('dialog', { name: 'Filter by city' });
    await dialog.getByRole('combobox', { name: 'City' }).fill('Mendoza');
    await page
      .getByRole('option', { name: /^Mendoza/ })
      .first()
      .click();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/city=Mendoza/);
    await expect(
      page
        .locator('main')
        .getByText(/Mendoza, /)
        .first(),
    ).toBeVisible();
    const lines = await page
      .locator('main')
      .getByText(/, .+, /)
      .allInnerTexts();
    for (const line of lines) expect(line).toMatch(/Mendoza/);

    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Name (Z-A)' });
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).not.toHaveURL(/city=|sort=/);
    await expect(cardTitles(page)).toHaveCount(8);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('');
  });

  test('sort by name and by score', async ({ page }) => {
    await page.goto('/home');
    const sort = page.getByRole('combobox', { name: 'Sort by' });

    await sort.selectOption({ label: 'Name (A-Z)' });
    await expect(page).toHaveURL(/sort=name_asc/);
    const az = await firstTitles(page);
    expect(az).toEqual([...az].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));

    await sort.selectOption({ label: 'Name (Z-A)' });
    await expect(page).toHaveURL(/sort=name_desc/);
    await expect(cardTitles(page).first()).not.toHaveText(az[0] ?? '');
    const za = await firstTitles(page);
    expect(za).toEqual([...za].sort((a, b) => b.localeCompare(a, 'en', { sensitivity: 'base' })));

    await sort.selectOption({ label: 'Highest score' });
    await expect(page).toHaveURL(/sort=score_desc/);
    await expect(cardTitles(page).first()).not.toHaveText(za[0] ?? '');
    const high = await stars(page);
    expect(high).toEqual([...high].sort((a, b) => b - a));
    expect(high[0]).toBe(5);

    await sort.selectOption({ label: 'Lowest score' });
    await expect(page).toHaveURL(/sort=score_asc/);
    await expect(
      page
        .locator('main article')
        .first()
        .getByLabel(/out of 5 stars/),
    ).not.toHaveAttribute('aria-label', '5 out of 5 stars');
    const low = await stars(page);
    expect(low).toEqual([...low].sort((a, b) => a - b));
  });

  test('the page window shifts by 4 at its upper bound and back at its lower bound', async ({
    page,
  }) => {
    await page.goto('/home');
    await expect(cardTitles(page)).toHaveCount(8);
    for (const n of [1, 2, 3, 4, 5]) await expect(pageButton(page, n)).toBeVisible();
    const first = await firstTitles(page);

    await pageButton(page, 2).click();
    await expect(pageButton(page, 2)).toHaveAttribute('aria-current', 'page');
    await expect(cardTitles(page).first()).not.toHaveText(first[0] ?? '');

    await pageButton(page, 5).click();
    await expect(pageButton(page, 5)).toHaveAttribute('aria-current', 'page');
    await expect(pageButton(page, 1)).toBeHidden();
    await expect(pageButton(page, 6)).toBeVisible();

    await pageButton(page, 5).click(); // lower bound + 1: shifts back
    await expect(pageButton(page, 1)).toBeVisible();

    await page.getByRole('button', { name: 'Last page' }).click();
    await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Last page' })).toBeDisabled();

    await page.getByRole('button', { name: 'First page' }).click();
    await expect(pageButton(page, 1)).toHaveAttribute('aria-current', 'page');
  });

  test('a hotel card leads to the hotel, its rooms and a room', async ({ page }) => {
    await page.goto('/home');
    const firstCard = cards(page).first();
    const name = ((await firstCard.getByRole('heading', { level: 2 }).textContent()) ?? '').trim();
    await firstCard.getByRole('heading', { level: 2 }).getByRole('link').click();
    await expect(page).toHaveURL(/\/hotel\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Available rooms' })).toBeVisible();
    await page
      .getByRole('link', { name: /Read more/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/hotel\/room\/\d+$/);
    await expect(page.getByRole('button', { name: 'ADD TO CART' })).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/hotel\/\d+$/);
  });
});
