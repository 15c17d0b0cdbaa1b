import { RECEIPT_SUBJECT } from '@devstay/shared/constants';
import type { Booking } from '@devstay/shared/contracts/booking';
import { dateTextIn, RENDER_LOCALE } from '@devstay/shared/date-text';
import { formatUsd } from '@devstay/shared/text';
import type { Executor } from '../../db/client.ts';
import { bookingCalendar } from '../calendar/ics.ts';
import {
  type BookingDetails,
  bookingDetailsOf,
  bookingLinks,
  cancellationTerms,
  cardText,
  lineBlock,
  siteOf,
} from './booking-details.ts';
import { enqueueMail, type MailAttachment, type MailMessage } from './outbox.ts';
import { type MailBlock, mailHtml, mailText } from './templates.ts';

/** The e-mails' dates, in the render's language (one format, made once: see dateTextIn). */
const dateText = dateTextIn(RENDER_LOCALE);

interface ReceiptInput {
  to: string;
  booking: Booking;
  receiptUrl: string;
}

/**
 * The 'Hotel Receipt' e-mail (product §7.4) of a paid booking: what a guest keeps from any
 * booking site — its number, each room with its hotel's address, nights and prices, the total
 * and the card charged, the cancellation terms with their deadline, and links to the receipt,
 * to their bookings and to the stay's calendar file, which comes attached too.
 */
function receiptMail(input: ReceiptInput, details: BookingDetails, now: Date): MailMessage {
  const { booking, receiptUrl } = input;
  const card = cardText(details.card);
  const terms = cancellationTerms(details, now);
  const blocks: MailBlock[] = [
    { kind: 'paragraph', text: 'Thank you for your booking at DevStay. Here is your receipt.' },
    {
      kind: 'facts',
      rows: [
        ['Booking number', booking.id],
        ['Booked on', dateText(booking.date)],
      ],
    },
    { kind: 'heading', text: booking.cartRoom.length === 1 ? 'Your room' : 'Your rooms' },
    ...booking.cartRoom.map((line) => lineBlock(line, details)),
    {
      kind: 'facts',
      rows: [
        ['Total paid', formatUsd(booking.cartTotalCents)],
        ...(card ? [['Charged to', card] as const] : []),
      ],
    },
    ...(terms
      ? [
          { kind: 'heading', text: 'Cancellation' } as const,
          { kind: 'paragraph', text: terms } as const,
        ]
      : []),
    bookingLinks(booking, receiptUrl, true),
  ];
  return {
    to: input.to,
    subject: RECEIPT_SUBJECT,
    text: mailText(blocks),
    html: mailHtml(RECEIPT_SUBJECT, blocks),
    attachments: calendarAttachment(input, details),
  };
}

/**
 * The stay's calendar file, the very one its link serves the guest (every line), for a mail app
 * to offer adding it in one tap.
 */
function calendarAttachment(input: ReceiptInput, details: BookingDetails): MailAttachment[] {
  const found = details.calendar;
  if (found?.status !== 'confirmed') return [];
  const file = bookingCalendar(siteOf(input.receiptUrl, input.booking), {
    id: input.booking.id,
    confirmedAt: found.confirmedAt,
    stays: found.stays,
  });
  return [
    { filename: file.filename, contentType: file.contentType, content: Buffer.from(file.body) },
  ];
}

/**
 * The receipt written to the outbox in the transaction that confirms the booking: it leaves
 * only if the booking is confirmed, and only once, since a booking is confirmed once.
 */
export async function enqueueReceiptMail(db: Executor, input: ReceiptInput): Promise<string> {
  const details = await bookingDetailsOf(db, input.booking.id);
  return enqueueMail(db, receiptMail(input, details, new Date()));
}
