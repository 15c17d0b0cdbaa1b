import { BOOKING_MESSAGES } from '@devstay/shared/messages';
import { paths } from '@devstay/shared/paths';
import type { APIRequestContext, Page } from '@playwright/test';
import { signInApi, signUpApi, uniqueEmail } from '../support/accounts.ts';
import {
  collectConsoleErrors,
  expect,
  expectSoundPage,
  test,
  toast,
  wcagViolations,
} from '../support/fixtures.ts';

// After paying, the confirmation comes into view and stays (no move to /home): the booking's
// short reference, what was booked, the amount, the cancellation terms and the links.
test.describe.configure({ timeout: 120_000 });

/** A calendar date `days` from today in UTC, yyyy-MM-dd: weeks ahead, so in any hotel's zone. */
function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The first room of the n-th hotel of the list: each width books its own. */
async function roomOf(request: APIRequestContext, n: number) {
  const hotels = (await (await request.get('/api/hotels?pageSize=8')).json()) as { id: number }[];
  const hotel = (await (await request.get(`/api/hotels/${hotels[n]?.id}`)).json()) as {
    name: string;
    Rooms: { id: number }[];
  };
  const room = hotel.Rooms[0];
  if (!room) throw new Error(`hotel ${n} has a room`);
  return { id: room.id, hotel: hotel.name };
}

async function fillCard(page: Page) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page
    .getByLabel('Expiry (MM/YY)')
    .fill(`12/${String(new Date().getFullYear() + 2).slice(2)}`);
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on the card').fill('Ada Lovelace');
}

for (const [width, height, hotelIndex, firstDay] of [
  [412, 915, 4, 70],
  [1280, 800, 5, 75],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('the confirmation is in view after paying, says what was booked, and stays', async ({
      page,
      request,
    }) => {
      const errors = collectConsoleErrors(page);
      const email = uniqueEmail('confirmed');
      const password = `pw-${Math.random().toString(36).slice(2, 10)}`;
      await signUpApi(request, email, password);
      await signInApi(page.request, email, password);
      const room = await roomOf(request, hotelIndex);
      const [checkIn, checkOut] = [inDays(firstDay), inDays(firstDay + 2)];
      await page.goto(`/hotel/room/${room.id}?checkIn=${checkIn}&checkOut=${checkOut}`);
      await page.getByRole('button', { name: 'ADD TO CART' }).click();
      await expect(toast(page, 'added to cart')).toBeVisible();

      await page.goto(paths.payment);
      const total = page.getByTestId('payment-total');
      await expect(total).toHaveText(/^\$/);
      const amount = (await total.textContent()) ?? '';
      await fillCard(page);
      // Pay is pressed where the guest finds it: at the foot of the form, scrolled down.
      const pay = page.getByRole('button', { name: `Pay ${amount}`, exact: true });
      await pay.scrollIntoViewIfNeeded();
      await pay.click();

      const panel = page.getByTestId('booking-confirmation');
      await expect(panel).toBeInViewport();
      const heading = panel.getByRole('heading', { name: 'Thank you!' });
      await expect(heading).toBeInViewport();
      await expect(heading).toBeFocused();
      await expect(panel).toContainText('Successful payment, please check your email');

      const receipt = panel.getByRole('link', { name: 'See your receipt' });
      const href = (await receipt.getAttribute('href')) ?? '';
      const bookingId = /\/bookings\/([0-9a-f-]{36})\/receipt$/.exec(href)?.[1] ?? '';
      expect(bookingId).not.toBe('');
      await expect(panel.getByTestId('booking-reference')).toHaveText(
        bookingId.slice(0, 8).toUpperCase(),
      );
      await expect(panel.getByTestId('booked-line')).toHaveCount(1);
      await expect(panel.getByTestId('booked-line')).toContainText(room.hotel);
      await expect(panel.getByTestId('booking-amount')).toHaveText(amount);
      // The booking's terms as the server applies them: the same as its record in the history.
      const history = (await (
        await page.request.get(`/api/booking/user/${await myId(page)}`)
      ).json()) as { id: string; freeCancellation: { date: string; timeZone: string } }[];
      const terms = history.find((b) => b.id === bookingId)?.freeCancellation;
      if (!terms) throw new Error('the booking is in the history');
      await expect(panel.getByTestId('free-cancellation')).toHaveText(
        BOOKING_MESSAGES.freeCancellationUntil(terms.date, terms.timeZone),
      );
      await expect(
        panel.getByRole('link', { name: 'Add this booking to your calendar' }),
      ).toHaveAttribute('href', `/api/calendar/booking/${bookingId}.ics`);
      await expect(panel.getByRole('link', { name: 'Your bookings' })).toHaveAttribute(
        'href',
        paths.bookingHistory,
      );
      expect(await wcagViolations(page)).toEqual([]);

      // Past the product's 8 s move to /home: still here, still in view.
      await page.waitForTimeout(9_000);
      await expect(page).toHaveURL(new RegExp(`${paths.payment}$`));
      await expect(panel).toBeInViewport();
      await expectSoundPage(page, errors);

      // The receipt names the booking and states its terms as the confirmation did.
      const reference = (await panel.getByTestId('booking-reference').textContent()) ?? '';
      const shownTerms = (await panel.getByTestId('free-cancellation').textContent()) ?? '';
      await receipt.click();
      await expect(page).toHaveURL(new RegExp(`/bookings/${bookingId}/receipt$`));
      await expect(page.getByTestId('booking-reference')).toHaveText(reference);
      await expect(page.getByTestId('free-cancellation')).toHaveText(shownTerms);
      await expect(page.getByText('Cancellation', { exact: true })).toBeVisible();
      expect(await wcagViolations(page)).toEqual([]);
    });
  });
}

async function myId(page: Page): Promise<string> {
  const me = (await (await page.request.get('/api/me')).json()) as { id: string };
  return me.id;
}
