import { randomUUID } from 'node:crypto';
import { paths } from '@devstay/shared/paths';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, signInApi, signUpApi, siteHeaders, uniqueEmail } from '../support/accounts.ts';
import { json, paidStay, roomInCart, seededHotelId } from '../support/bookings.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * Reflow (WCAG 2.2, 1.4.10): at 360 px wide every page of a booking's journey, and its
 * e-mails, read without sideways scrolling and without a table cell cut off.
 */

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 360, height: 740 } });

/**
 * What does not fit in the width: the page wider than the window, or a table cell outside it or
 * outside the box that scrolls it. Empty when everything reflows.
 */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width) {
      problems.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    }
    for (const cell of document.querySelectorAll<HTMLElement>('td, th')) {
      const box = cell.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      const name = (cell.textContent ?? '').trim().slice(0, 40);
      // Column names kept for screen readers only (a 1 px box), as a phone's stacked table has.
      let hidden = false;
      for (let up = cell.parentElement; up && !hidden; up = up.parentElement) {
        hidden = up.clientWidth <= 1 && getComputedStyle(up).overflow === 'hidden';
      }
      if (hidden) continue;
      if (box.left < -0.5 || box.right > width + 0.5) problems.push(`cell "${name}" is cut off`);
      // A stacked cell lays out its name and its value side by side: a value in several parts
      // would be squeezed into as many narrow columns, its words broken.
      if (cell.dataset.label && getComputedStyle(cell).display === 'flex') {
        // Each element is a part, and so is each run of text between them.
        let parts = 0;
        let inText = false;
        for (const n of cell.childNodes) {
          if (n.nodeType === Node.ELEMENT_NODE) {
            parts++;
            inText = false;
          } else if ((n.textContent ?? '').trim() !== '' && !inText) {
            parts++;
            inText = true;
          }
        }
        if (parts > 1) problems.push(`cell "${name}" is split into ${parts} columns`);
      }
      for (let up = cell.parentElement; up; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX !== 'visible' && up.scrollWidth > up.clientWidth + 1) {
          problems.push(`cell "${name}" is in a box that scrolls sideways`);
          break;
        }
      }
    }
    return [...new Set(problems)];
  });
}

/** The HTML of the newest e-mail with `subject` to `to`, from the development inbox. */
async function mailHtml(request: APIRequestContext, to: string, subject: string) {
  let html = '';
  await expect
    .poll(async () => {
      const inbox = await json<{ subject: string; html: string }[]>(
        await request.get('/api/dev/inbox', { params: { to, limit: 20 } }),
      );
      html = inbox.find((m) => m.subject === subject)?.html ?? '';
      return html !== '';
    })
    .toBe(true);
  return html;
}

test('a guest’s receipt, history, cart, payment and e-mails reflow at 360 px', async ({ page }) => {
  const email = uniqueEmail('reflow');
  const guestId = await signUpApi(page.request, email, `pw-${randomUUID().slice(0, 8)}`);
  const hotelId = await seededHotelId(page.request, 5);
  const { id: bookingId } = await paidStay(page.request, hotelId, {
    firstDay: 30,
    days: 200,
    nights: 2,
  });

  await page.goto(paths.receipt(bookingId));
  await expect(page.getByTestId('receipt-total')).toBeVisible();
  expect(await overflowing(page), 'receipt').toEqual([]);

  await page.goto(paths.bookingHistory);
  await expect(page.getByRole('article').first()).toBeVisible();
  expect(await overflowing(page), 'history').toEqual([]);

  // A room in the cart, then the cart and the payment page.
  await roomInCart(page, await seededHotelId(page.request, 6), 40);
  await page.goto(paths.cart);
  await expect(page.getByTestId('cart-line-total')).not.toHaveText('…');
  expect(await overflowing(page), 'cart').toEqual([]);
  await page.goto('/home/stripe');
  await expect(page.getByTestId('payment-total')).not.toHaveText('…');
  expect(await overflowing(page), 'payment').toEqual([]);

  // The e-mails, as a phone's mail app draws their HTML.
  const receipt = await mailHtml(page.request, email, 'Hotel Receipt');
  const cancelled = await page.request.put('/api/booking/status', {
    headers: siteHeaders(),
    data: { id: bookingId, user: guestId, status: 'cancelled' },
  });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);
  const cancellation = await mailHtml(page.request, email, 'Booking Cancelled');
  for (const [name, html] of [
    ['receipt e-mail', receipt],
    ['cancellation e-mail', cancellation],
  ] as const) {
    await page.setContent(html);
    await expect(page.getByText('Booking reference:')).toBeVisible();
    expect(await overflowing(page), name).toEqual([]);
  }
});

test('the admin’s /stock reflows at 360 px', async ({ page }) => {
  await signInApi(page.request, DEMO.admin.email);
  await page.goto(paths.stock);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(
    page.getByTestId('booking-row').first().or(page.getByText('No reservations found')),
  ).toBeVisible();
  expect(await overflowing(page), '/stock').toEqual([]);
});

test('the admin’s dashboard reflows at 360 px, its tables shown too', async ({ page }) => {
  await signInApi(page.request, DEMO.admin.email);
  await page.goto(paths.adminProfile);
  await expect(page.getByTestId('occupancy-chart')).toBeVisible();
  expect(await overflowing(page), 'dashboard').toEqual([]);

  // Each table on the screen: a card per night or month, each value under its column's name.
  for (const name of [/^Occupancy, next/, /^Revenue, last/]) {
    await page.getByRole('region', { name }).getByRole('button', { name: 'Show as table' }).click();
  }
  const occupancy = page.getByTestId('occupancy-table');
  await expect(occupancy).toBeVisible();
  await expect(page.getByTestId('revenue-table')).toBeVisible();
  expect(await overflowing(page), 'dashboard’s tables').toEqual([]);
  await expect(occupancy.locator('tbody td[data-label="Occupancy"]').first()).toBeVisible();
  // A screen reader hears the column's header once: the name shown before a value is not part
  // of the cell's name, and the stacked parts keep their table roles.
  const firstCell = occupancy.locator('tbody td[data-label="Occupancy"]').first();
  await expect(firstCell).toHaveRole('cell');
  const shown = await firstCell.evaluate((cell) => getComputedStyle(cell, '::before').content);
  expect(shown, 'the name shown before the value').toContain('Occupancy');
  await expect(firstCell).toHaveAccessibleName(/^\d/);
  await expect(occupancy.getByRole('columnheader', { name: 'Occupancy' })).toHaveCount(1);
  await expect(occupancy.getByRole('rowheader').first()).toBeAttached();

  // A column per room: as many lines per card, never wider.
  await page.getByRole('button', { name: 'Each room' }).click();
  await expect(occupancy.locator('tbody td').first()).toHaveAttribute(
    'data-label',
    /, booked of \d+$/,
  );
  expect(await overflowing(page), 'dashboard’s table of each room').toEqual([]);
});

test('the card fields line up at 412 px', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 900 });
  const email = uniqueEmail('cardform');
  await signUpApi(page.request, email, `pw-${randomUUID().slice(0, 8)}`);
  await roomInCart(page, await seededHotelId(page.request, 7), 45);
  await page.goto('/home/stripe');
  const fields = ['Card number', 'Expiry (MM/YY)', 'Security code (CVC)', 'Name on the card'];
  const boxes = await Promise.all(fields.map(async (f) => page.getByLabel(f).boundingBox()));
  // One column: every field starts at the same left edge and is as wide as the others.
  for (const box of boxes) {
    expect(box?.x).toBeCloseTo(boxes[0]?.x ?? -1, 0);
    expect(box?.width).toBeCloseTo(boxes[0]?.width ?? -1, 0);
  }
  expect(await overflowing(page)).toEqual([]);
});
