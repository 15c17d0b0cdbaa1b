import { bookingReference } from '@devstay/shared/booking-reference';
import { CANCELLATION_SUBJECT } from '@devstay/shared/constants';
import type { Booking } from '@devstay/shared/contracts/booking';
import { capitalize, formatUsd } from '@devstay/shared/text';
import type { Executor } from '../../db/client.ts';
import { bookingDetailsOf, bookingLinks, lineBlock } from './booking-details.ts';
import { enqueueMail } from './outbox.ts';
import { type MailBlock, mailHtml, mailText } from './templates.ts';

export interface CancellationMail {
  to: string;
  /** The whole booking, as its guest booked it. */
  booking: Booking;
  /** Who cancelled it: the guest themselves, or the hotel's staff. */
  by: 'guest' | 'staff';
  /** What the payment gives back: the captured amount not yet refunded (0: nothing left). */
  refundCents: number;
  /** The card it goes back to, as the receipt names it. */
  card: { brand: string | null; last4: string | null } | null;
  receiptUrl: string;
}

/** What the e-mail says of the money: the amount and the card, or that nothing is left to refund. */
function refundSentence(input: Pick<CancellationMail, 'refundCents' | 'card'>): string {
  if (input.refundCents <= 0) return 'Nothing is left to refund on this booking.';
  const card = input.card?.last4
    ? `your ${capitalize(input.card.brand ?? 'card')} card ending in ${input.card.last4}`
    : 'your card';
  return (
    `Refund: ${formatUsd(input.refundCents)} to ${card}. ` +
    'The refund follows: it reaches your card within a few business days.'
  );
}

/**
 * The guest's 'Booking Cancelled' e-mail, written to the outbox in the transaction that
 * cancels the booking (bookings/cancel.ts announces it; mail/booking-mails.ts writes it): it
 * leaves only if the cancel commits, and once, since a booking is cancelled once. The refund itself runs after that commit, so the e-mail
 * gives the amount that goes back and says it follows.
 */
export async function enqueueCancellationMail(
  db: Executor,
  input: CancellationMail,
): Promise<string> {
  const { booking } = input;
  const details = await bookingDetailsOf(db, booking.id);
  const opening =
    input.by === 'guest'
      ? 'You cancelled your booking at DevStay.'
      : 'Your booking at DevStay was cancelled by the hotel.';
  const blocks: MailBlock[] = [
    { kind: 'paragraph', text: opening },
    { kind: 'facts', rows: [['Booking reference', bookingReference(booking.id)]] },
    { kind: 'paragraph', text: refundSentence(input), strong: true },
    { kind: 'heading', text: booking.cartRoom.length === 1 ? 'The room' : 'The rooms' },
    ...booking.cartRoom.map((line) => lineBlock(line, details)),
    { kind: 'facts', rows: [['Total of the booking', formatUsd(booking.cartTotalCents)]] },
    bookingLinks(booking, input.receiptUrl, false),
  ];
  return enqueueMail(db, {
    to: input.to,
    subject: CANCELLATION_SUBJECT,
    text: mailText(blocks),
    html: mailHtml(CANCELLATION_SUBJECT, blocks),
  });
}
