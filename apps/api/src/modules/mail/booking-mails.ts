import type { AnnouncementDelivery } from '../../lib/announcements.ts';
import { receiptUrl } from '../../lib/site-links.ts';
import { findBookingAndGuest } from '../bookings/repository.ts';
import { creditNotesOf } from '../invoices/repository.ts';
import { receiptPaymentOf } from '../payments/repository.ts';
import { enqueueCancellationMail, enqueueLineCancellationMail } from './cancellation.ts';

/**
 * The guest's cancellation e-mails, written to the outbox when the cancel's announcement
 * (bookingCancelled, or lineCancelled for one line cancelled alone) is delivered, after the
 * cancel committed: in the delivery's transaction, with its record, so each is written once; a
 * failure here is retried and never refuses the cancel. Each links the credit notes its cancel
 * issued. (The receipt is written by the statement that confirms the booking, the payment's
 * own: see receipt.ts.)
 */
export function subscribeBookingMails(
  announcements: AnnouncementDelivery,
  options: { publicUrl: string },
): void {
  announcements.subscribe('bookingCancelled', 'cancellation e-mail', async (tx, e) => {
    const found = await findBookingAndGuest(tx, e.bookingId);
    // A guest account deleted since has no one to write to.
    if (!found?.email) return;
    const card = await receiptPaymentOf(tx, e.bookingId);
    await enqueueCancellationMail(tx, {
      to: found.email,
      booking: found.booking,
      by: e.by,
      refundCents: e.refundCents,
      card: card ? { brand: card.cardBrand, last4: card.cardLast4 } : null,
      creditNotes: await creditNotesOf(tx, e.bookingId, 'live'),
      receiptUrl: receiptUrl(options.publicUrl, e.bookingId),
    });
  });
  announcements.subscribe('lineCancelled', 'line cancellation e-mail', async (tx, e) => {
    const found = await findBookingAndGuest(tx, e.bookingId);
    if (!found?.email) return;
    const card = await receiptPaymentOf(tx, e.bookingId);
    await enqueueLineCancellationMail(tx, {
      to: found.email,
      booking: found.booking,
      lineId: e.lineId,
      by: e.by,
      refundCents: e.refundCents,
      card: card ? { brand: card.cardBrand, last4: card.cardLast4 } : null,
      creditNotes: await creditNotesOf(tx, e.bookingId, { lineId: e.lineId }),
      receiptUrl: receiptUrl(options.publicUrl, e.bookingId),
    });
  });
}
