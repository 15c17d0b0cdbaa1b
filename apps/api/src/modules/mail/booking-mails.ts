import { subscribe } from '../../lib/announcements.ts';
import { enqueueCancellationMail } from './cancellation.ts';

/**
 * The guest's cancellation e-mail, written to the outbox by the transaction that cancels the
 * booking (bookingCancelled): it leaves only if that commits, and once, since a booking is
 * cancelled once. (The receipt is written by the statement that confirms the booking, the
 * payment's own: see receipt.ts.)
 */
export function subscribeBookingMails(): void {
  subscribe('bookingCancelled', 'cancellation e-mail', async (tx, e) => {
    await enqueueCancellationMail(tx, { ...e, to: e.email });
  });
}
