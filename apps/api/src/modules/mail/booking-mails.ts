import { subscribe } from '../../lib/announcements.ts';
import { enqueueCancellationMail } from './cancellation.ts';
import { enqueueReceiptMail } from './receipt.ts';

/**
 * The guest's e-mails about a booking, written to the outbox by the transaction that confirms
 * or cancels it (bookingConfirmed, bookingCancelled): each leaves only if that commits, and once,
 * since a booking is confirmed once and cancelled once.
 */
export function subscribeBookingMails(): void {
  subscribe('bookingConfirmed', 'receipt e-mail', async (tx, e) => {
    await enqueueReceiptMail(tx, { to: e.email, booking: e.booking, receiptUrl: e.receiptUrl });
  });
  subscribe('bookingCancelled', 'cancellation e-mail', async (tx, e) => {
    await enqueueCancellationMail(tx, { ...e, to: e.email });
  });
}
