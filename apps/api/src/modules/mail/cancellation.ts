import { bookingReference } from '@devstay/shared/booking-reference';
import { CANCELLATION_SUBJECT, LINE_CANCELLED_SUBJECT } from '@devstay/shared/constants';
import type { Booking } from '@devstay/shared/contracts/booking';
import { invoiceNumberText, invoicePath } from '@devstay/shared/invoice';
import { capitalize, formatUsd } from '@devstay/shared/text';
import type { Executor } from '../../db/client.ts';
import { siteUrl } from '../../lib/site-links.ts';
import type { CreditNoteRef } from '../invoices/repository.ts';
import { bookingDetailsOf, bookingLinks, lineBlock, siteOf } from './booking-details.ts';
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
  /** The credit notes the cancel issued for what it refunds (one per hotel). */
  creditNotes: readonly CreditNoteRef[];
  receiptUrl: string;
}

/**
 * The credit notes a cancel issued (in its transaction, so they exist when the e-mail is
 * written), each linked by its hotel and number.
 */
function creditNoteLinks(input: Pick<CancellationMail, 'booking' | 'creditNotes' | 'receiptUrl'>) {
  const site = siteOf(input.receiptUrl, input.booking);
  const links = input.creditNotes.map((note) => ({
    label: `Credit note No. ${invoiceNumberText(note.number)} of ${note.hotel}: ${formatUsd(note.totalCents)}`,
    url: siteUrl(site, invoicePath(input.booking.id, note.hotelId, 'credit_note', note.number)),
  }));
  return links.length > 0 ? [{ kind: 'links', links } satisfies MailBlock] : [];
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
    ...creditNoteLinks(input),
    bookingLinks(booking, input.receiptUrl, false),
  ];
  return enqueueMail(db, {
    to: input.to,
    subject: CANCELLATION_SUBJECT,
    text: mailText(blocks),
    html: mailHtml(CANCELLATION_SUBJECT, blocks),
  });
}

/**
 * The organiser's e-mail when one line of their booking was cancelled alone (a traveller's
 * stay), written when the cancel's announcement (lineCancelled) is delivered: which room, what
 * goes back to the card, the line's credit note, and that the rest of the booking stands.
 */
export async function enqueueLineCancellationMail(
  db: Executor,
  input: CancellationMail & { lineId: number },
): Promise<string | null> {
  const { booking } = input;
  const line = booking.cartRoom.find((l) => l.line === input.lineId);
  if (!line) return null;
  const details = await bookingDetailsOf(db, booking.id);
  const opening =
    input.by === 'guest'
      ? 'You cancelled one room of your booking at DevStay.'
      : 'One room of your booking at DevStay was cancelled by the hotel.';
  const blocks: MailBlock[] = [
    { kind: 'paragraph', text: `${opening} The rest of the booking stands.` },
    { kind: 'facts', rows: [['Booking reference', bookingReference(booking.id)]] },
    { kind: 'paragraph', text: refundSentence(input), strong: true },
    { kind: 'heading', text: 'The room cancelled' },
    lineBlock(line, details),
    ...creditNoteLinks(input),
    bookingLinks(booking, input.receiptUrl, false),
  ];
  return enqueueMail(db, {
    to: input.to,
    subject: LINE_CANCELLED_SUBJECT,
    text: mailText(blocks),
    html: mailHtml(LINE_CANCELLED_SUBJECT, blocks),
  });
}
