import { z } from 'zod';
import { INVOICE_KINDS, PAYMENT_STATUSES } from '../constants.ts';
import { booking, freeCancellation } from './booking.ts';

/** The payment of a booking as a receipt shows it: brand and last four, never the number. */
const receiptPayment = z.object({
  status: z.enum(PAYMENT_STATUSES),
  amountCents: z.number().int(),
  refundedCents: z.number().int(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
});

/**
 * A document a hotel issued for its part of the booking: an invoice once confirmed, a credit
 * note for each cancel that refunded its rooms (one traveller's, the whole booking's), with
 * its total; `url` downloads its PDF (under the site's origin).
 */
const receiptInvoice = z.object({
  kind: z.enum(INVOICE_KINDS),
  hotelId: z.number().int(),
  hotel: z.string(),
  number: z.number().int(),
  totalCents: z.number().int(),
  url: z.string(),
});

/**
 * One booking with its payment: the receipt page (`/bookings/{id}/receipt`) and the payment's
 * confirmation. `freeCancellation`: until when its guest may cancel it for free (product §4, the
 * whole booking's: the earliest deadline of its rooms), `open` while that is ahead.
 */
export const bookingReceipt = booking.extend({
  payment: receiptPayment.nullable(),
  freeCancellation: freeCancellation.extend({ open: z.boolean() }),
  /** Its invoices and credit notes, by hotel then kind (an admin: their hotel's alone). */
  invoices: z.array(receiptInvoice),
});
export type BookingReceipt = z.infer<typeof bookingReceipt>;

export const bookingIdParams = z.object({ id: z.uuid('Booking not found') });
