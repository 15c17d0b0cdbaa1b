import { readFile } from 'node:fs/promises';
import { INVOICE_MESSAGES } from '@devstay/shared/messages';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { signInApi, signUpApi, uniqueEmail } from '../support/accounts.ts';
import { roomInCart, seededHotelId } from '../support/bookings.ts';
import { expect, test, toast } from '../support/fixtures.ts';
import { waitForMail } from '../support/mail.ts';

// The whole checkout in a browser against a real server, then a download.
test.describe.configure({ timeout: 120_000 });

/** The text of a PDF, read by pdf.js (not by the library that wrote it). */
async function pdfText(path: string): Promise<string> {
  const task = getDocument({ data: new Uint8Array(await readFile(path)) });
  const pdf = await task.promise;
  const page = await pdf.getPage(1);
  const content = await page.getTextContent();
  const text = content.items.map((item) => ('str' in item ? item.str : '')).join('\n');
  await task.destroy();
  return text;
}

test('a guest pays with a company’s billing and downloads the invoice naming it', async ({
  page,
}) => {
  const email = uniqueEmail('invoiced');
  const password = `pw-${Math.random().toString(36).slice(2, 10)}`;
  await signUpApi(page.request, email, password);
  await signInApi(page.request, email, password);
  await roomInCart(page, await seededHotelId(page.request, 2), 45);

  await page.goto('/home/stripe');
  await page.getByLabel('Invoice to a company').check();
  await page.getByRole('textbox', { name: 'Company', exact: true }).fill('Acme Devs S.A.');
  await page.getByLabel('CUIT').fill('30-71234567-2');
  await page.getByLabel('Company address').fill('Av. Corrientes 1234, CABA');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page
    .getByLabel('Expiry (MM/YY)')
    .fill(`12/${String(new Date().getFullYear() + 2).slice(2)}`);
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on the card').fill('Ada Lovelace');

  // A wrong check digit: said under the field, and nothing is booked.
  const bookings: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/booking') && r.method() === 'POST') bookings.push(r.url());
  });
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText(INVOICE_MESSAGES.taxIdInvalid)).toBeVisible();
  expect(bookings).toHaveLength(0);

  await page.getByLabel('CUIT').fill('30-71234567-1');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(toast(page, 'Successful payment, please check your email')).toBeVisible();
  expect(bookings).toHaveLength(1);

  const mail = await waitForMail(page.request, email, 'Hotel Receipt');
  const invoiceLink = /https?:\/\/\S+\/api\/invoices\/booking\/[0-9a-f-]{36}\.pdf\?hotel=\d+/.exec(
    mail.text,
  );
  expect(invoiceLink, mail.text).not.toBeNull();
  const receiptLink = /https?:\/\/\S+\/bookings\/[0-9a-f-]{36}\/receipt/.exec(mail.text);
  await page.goto(receiptLink?.[0] ?? '');
  const link = page.getByRole('link', { name: /^Invoice No\. \d{8} · .+ \(PDF\)$/ });
  await expect(link).toBeVisible();
  // The receipt page's link is the e-mail's.
  expect(new URL(invoiceLink?.[0] ?? '').pathname).toBe(
    new URL((await link.getAttribute('href')) ?? '', page.url()).pathname,
  );

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^devstay-invoice-\d{8}\.pdf$/);
  const text = await pdfText(await download.path());
  const number = /Invoice No\. (\d{8})/.exec((await link.textContent()) ?? '')?.[1];
  expect(text).toContain(`Invoice No. ${number}`);
  expect(text).toContain('Acme Devs S.A.');
  expect(text).toContain('CUIT 30-71234567-1');
  expect(text).toContain('Av. Corrientes 1234, CABA');
  const total = (await page.getByTestId('receipt-total').textContent()) ?? '';
  expect(text).toContain(`Total: ${total}`);
  expect(text).toContain('Currency: USD');
});
