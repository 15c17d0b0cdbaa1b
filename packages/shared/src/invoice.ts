/**
 * Business invoices: the Argentine CUIT a company is invoiced under, how a document's number is
 * written, and where a booking's invoice and credit notes are downloaded (decision 0017).
 */
import type { InvoiceKind } from './constants.ts';

/** The CUIT's check-digit weights, for its first ten digits (AFIP's modulo 11). */
const CUIT_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/** A CUIT as typed: 11 digits, or XX-XXXXXXXX-X. */
const CUIT_SHAPE = /^(\d{2})-?(\d{8})-?(\d)$/;

/** The 11 digits of a CUIT written in either shape, or null when it has neither. */
export function cuitDigits(text: string): string | null {
  const match = CUIT_SHAPE.exec(text.trim());
  if (!match) return null;
  // Both dashes or none: "20-12345678" followed by a digit without its dash is a typo.
  const dashes = (text.match(/-/g) ?? []).length;
  if (dashes !== 0 && dashes !== 2) return null;
  return `${match[1]}${match[2]}${match[3]}`;
}

/**
 * True when `text` is a CUIT whose last digit is its check digit: 11 − (Σ digit × weight mod
 * 11), where 11 stands for 0 and 10 is never issued.
 */
export function isValidCuit(text: string): boolean {
  const digits = cuitDigits(text);
  if (!digits) return false;
  const sum = CUIT_WEIGHTS.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  const check = 11 - (sum % 11);
  const expected = check === 11 ? 0 : check;
  return expected !== 10 && expected === Number(digits[10]);
}

/** A CUIT's 11 digits as Argentines write them: XX-XXXXXXXX-X. */
export const formatCuit = (digits: string): string =>
  `${digits.slice(0, 2)}-${digits.slice(2, 10)}-${digits.slice(10)}`;

/** What each kind of document is called on it. */
export const INVOICE_TITLES: Record<InvoiceKind, string> = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
};

/** A document's number as printed: eight digits ("00000042"), the hotel's series implied. */
export const invoiceNumberText = (number: number): string => String(number).padStart(8, '0');

/**
 * Where a booking's invoice from one hotel is downloaded, under the site; or one of its credit
 * notes, named by its number (a hotel issues one per cancel that refunded its rooms).
 */
export function invoicePath(
  bookingId: string,
  hotelId: number,
  kind: InvoiceKind,
  number?: number,
): string {
  const folder = kind === 'invoice' ? 'invoices' : 'credit-notes';
  const which = kind === 'credit_note' && number !== undefined ? `&number=${number}` : '';
  return `/api/${folder}/booking/${encodeURIComponent(bookingId)}.pdf?hotel=${hotelId}${which}`;
}
