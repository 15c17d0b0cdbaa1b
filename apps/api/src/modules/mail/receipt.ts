import { RECEIPT_SUBJECT } from '@devstay/shared/constants';
import type { Booking } from '@devstay/shared/contracts/booking';
import { capitalize, formatUsd } from '@devstay/shared/text';
import type { Executor } from '../../db/client.ts';
import { escapeHtml } from '../../lib/html.ts';
import { enqueueMail, type MailMessage } from './outbox.ts';
import { buttonHtml, layoutHtml } from './templates.ts';

/** The 'Hotel Receipt' e-mail (product §7.4) of a paid booking. */
function receiptMail(input: { to: string; booking: Booking; receiptUrl: string }): MailMessage {
  const { booking, receiptUrl } = input;
  const lines = booking.cartRoom.map(
    (l) =>
      `${capitalize(l.name)} at ${l.hotel}, ${l.checkIn} to ${l.checkOut}, ` +
      `${l.cartQuantity} × ${formatUsd(l.totalCents / l.cartQuantity)} = ${formatUsd(l.totalCents)}`,
  );
  const total = formatUsd(booking.cartTotalCents);
  return {
    to: input.to,
    subject: RECEIPT_SUBJECT,
    text: [
      'Thank you for your booking at DevStay.',
      ...lines,
      `Total paid: ${total}`,
      `Your receipt: ${receiptUrl}`,
    ].join('\n'),
    html: layoutHtml(
      RECEIPT_SUBJECT,
      '<p>Thank you for your booking at DevStay.</p><ul>' +
        lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('') +
        `</ul><p><strong>Total paid: ${escapeHtml(total)}</strong></p>` +
        buttonHtml(receiptUrl, 'See your bill'),
    ),
  };
}

/**
 * The receipt written to the outbox in the transaction that confirms the booking: it leaves
 * only if the booking is confirmed, and only once, since a booking is confirmed once.
 */
export async function enqueueReceiptMail(
  db: Executor,
  input: { to: string; booking: Booking; receiptUrl: string },
): Promise<string> {
  return enqueueMail(db, receiptMail(input));
}
