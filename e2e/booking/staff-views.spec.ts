import { addDays, calendarDateIn } from '@devstay/shared/stay';
import type { Page } from '@playwright/test';
import { DEMO } from '../support/accounts.ts';
import { collectConsoleErrors, expect, test, toast, wcagViolations } from '../support/fixtures.ts';

/**
 * The demo admin's working screens on a phone, a larger phone and a laptop: /stock (who booked,
 * line totals, the count of its rows, its filters), the dashboard (earned beside what is on the
 * books, on the demo stays the first start seeded), and a content form's save returning to the
 * forms page. No page scrolls sideways.
 */

const VIEWPORTS = [360, 412, 1280];

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

const money = (text: string | null) => Number((text ?? '').replace(/[$,]/g, ''));

test('the admin’s bookings table, dashboard and forms at 360, 412 and 1280 px', async ({
  page,
  signInAs,
}) => {
  test.setTimeout(240_000);
  const errors = collectConsoleErrors(page);
  await signInAs('admin');
  const me = (await (await page.request.get('/api/me')).json()) as {
    hotel: { id: number } | null;
  };
  if (!me.hotel) throw new Error('The demo admin runs no hotel');
  const hotel = (await (await page.request.get(`/api/hotels/${me.hotel.id}`)).json()) as {
    timeZone: string;
  };
  const today = calendarDateIn(hotel.timeZone);

  for (const width of VIEWPORTS) {
    await test.step(`${width} px`, async () => {
      await page.setViewportSize({ width, height: 800 });

      // /stock: who booked, the line's total, what the stock balance is, a count of its rows.
      await page.goto('/stock');
      await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
      const table = page.getByRole('table', { name: 'Reservations' });
      for (const header of ['Guest', 'Price (USD)', 'Total (USD)', 'Stock balance']) {
        await expect(table.getByRole('columnheader', { name: header })).toBeAttached();
      }
      await expect(
        page.getByText(
          'Stock balance: units of the room still free on every night of that stay, as of now.',
        ),
      ).toBeVisible();
      const rows = page.getByTestId('booking-row');
      await expect(rows.first()).toBeVisible();
      const shown = await rows.count();
      const count = await page.getByTestId('stock-count').textContent();
      const [, firstRow, lastRow, total] =
        /^Booked rooms (\d+)–(\d+) of (\d+)$/.exec(count ?? '') ?? [];
      expect([Number(firstRow), Number(lastRow)]).toEqual([1, shown]);
      expect(Number(total)).toBeGreaterThanOrEqual(shown);
      // The demo guest's seeded stays, with the e-mail to reach them.
      await expect(table.getByRole('link', { name: DEMO.user.email }).first()).toHaveAttribute(
        'href',
        `mailto:${DEMO.user.email}`,
      );
      // An admin has no hotel filter (the table is their hotel's), but status and dates.
      await expect(page.getByRole('combobox', { name: 'Filter by hotel' })).toHaveCount(0);
      await expectNoSidewaysScroll(page);

      // Coming stays only: every row's check-in is today or later, counted again.
      const filtered = page.waitForResponse(
        (r) => r.url().includes('/api/booking?') && r.url().includes(`from=${today}`),
      );
      await page.getByLabel('Check-in from').fill(today);
      expect((await filtered).ok()).toBe(true);
      await expect(page).toHaveURL(new RegExp(`from=${today}`));
      await expect(rows.first()).toBeVisible();
      const checkIns = await rows.evaluateAll((trs) =>
        trs.map((tr) => tr.querySelectorAll('td')[7]?.textContent ?? ''),
      );
      expect(checkIns.length).toBeGreaterThan(0);
      for (const checkIn of checkIns) expect(checkIn >= today, checkIn).toBe(true);
      await expect(page.getByTestId('stock-count')).toHaveText(
        new RegExp(`^(1 booked room|Booked rooms 1–${checkIns.length} of \\d+)$`),
      );
      await page.waitForLoadState('networkidle');
      expect(await wcagViolations(page)).toEqual([]);

      // The dashboard: what was earned, and what is on the books for the coming months.
      await page.goto('/profileAdmin');
      const revenue = page.getByRole('region', { name: 'Revenue, last 12 months and next 3' });
      await expect(revenue).toBeVisible();
      await expect(
        page.getByTestId('revenue-chart').locator('svg .recharts-bar-rectangle').first(),
      ).toBeAttached();
      const months = revenue.getByRole('table').locator('tbody tr');
      await expect(months).toHaveCount(15);
      const cells = await months.evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
      );
      // Columns: earned, on the books, paid, refunded, net.
      const earned = cells.reduce((sum, c) => sum + money(c[0] ?? null), 0);
      const onBooks = cells.reduce((sum, c) => sum + money(c[1] ?? null), 0);
      expect(earned).toBeGreaterThan(0);
      expect(onBooks).toBeGreaterThan(0);
      // The three months after this one hold only what is on the books.
      for (const c of cells.slice(-3)) expect(money(c[0] ?? null)).toBe(0);
      // The axis reaches the highest month and no further than one step above it.
      const ticks = (
        await page
          .getByTestId('revenue-chart')
          .locator('svg .recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')
          .allTextContents()
      ).map(money);
      const highest = Math.max(...cells.map((c) => money(c[0] ?? null) + money(c[1] ?? null)));
      const top = Math.max(...ticks);
      const step = (ticks[1] ?? 0) - (ticks[0] ?? 0);
      expect(top).toBeGreaterThanOrEqual(highest);
      expect(top - step).toBeLessThan(highest);
      await expectNoSidewaysScroll(page);

      // A content form's save returns to the forms page it was opened from.
      await page.goto('/profileAdmin/formsAdmin');
      await page.getByRole('link', { name: 'Modify Rooms' }).click();
      await page.getByRole('combobox', { name: 'Room', exact: true }).click();
      await page.getByRole('option').first().click();
      await expect(page.getByRole('combobox', { name: 'Room name' })).not.toHaveValue('');
      await page.getByRole('button', { name: 'Modify' }).click();
      await expect(toast(page, 'Rooms modify successfully')).toBeVisible();
      await expect(page).toHaveURL(/\/profileAdmin\/formsAdmin$/);
      await expectNoSidewaysScroll(page);
    });
  }
  expect(errors).toEqual([]);
});

test('a day’s window on /stock for the superAdmin: its hotel filter, and an empty day says so', async ({
  page,
  signInAs,
}) => {
  test.setTimeout(90_000);
  await signInAs('superAdmin');
  // Far beyond any stay: nothing checks in then.
  const far = addDays(calendarDateIn('America/Argentina/Buenos_Aires'), 400);
  await page.goto(`/stock?from=${far}&to=${far}`);
  await expect(page.getByRole('combobox', { name: 'Filter by hotel' })).toBeVisible();
  await expect(page.getByLabel('Check-in from')).toHaveValue(far);
  await expect(page.getByText('No reservations found')).toBeVisible();
});
