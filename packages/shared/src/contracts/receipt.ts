import { z } from 'zod';
import { PAYMENT_STATUSES } from '../constants.ts';
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
 * One booking with its payment: the receipt page (`/bookings/{id}/receipt`) and the payment's
 * confirmation. `freeCancellation`: until when its guest may cancel it for free (product §4, the
 * whole booking's: the earliest deadline of its rooms), `open` while that is ahead.
 */
export const bookingReceipt = booking.extend({
  payment: receiptPayment.nullable(),
  freeCancellation: freeCancellation.extend({ open: z.boolean() }),
});
export type BookingReceipt = z.infer<typeof bookingReceipt>;

export const bookingIdParams = z.object({ id: z.uuid('Booking not found') });
