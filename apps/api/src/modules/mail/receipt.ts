import { bookingReference } from '@devstay/shared/booking-reference';
import { RECEIPT_SUBJECT } from '@devstay/shared/constants';
import type { Booking } from '@devstay/shared/contracts/booking';
import { dateTextIn, RENDER_LOCALE } from '@devstay/shared/date-text';
import { formatUsd } from '@devstay/shared/text';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { BOOKING_VIEW_COLUMNS, type BookingViewRow, toBooking } from '../bookings/repository.ts';
import { bookingCalendar } from '../calendar/ics.ts';
import {
  type BookingDetails,
  type BookingDetailsColumns,
  bookingDetailsColumns,
  bookingLinks,
  cancellationTerms,
  cardText,
  lineBlock,
  receiptCardSql,
  siteOf,
  toBookingDetails,
} from './booking-details.ts';
import type { MailAttachment, MailMessage } from './outbox.ts';
import { type MailBlock, mailHtml, mailText } from './templates.ts';

/** The e-mails' dates, in the render's language (one format, made once: see dateTextIn). */
const dateText = dateTextIn(RENDER_LOCALE);

/** What a receipt is made of, all read before the booking is confirmed. */
export interface ReceiptInput {
  to: string;
  /** The booking as confirmed. */
  booking: Booking;
  receiptUrl: string;
  /** Its details, with the card it was charged to. */
  details: BookingDetails;
  /**
   * When it is confirmed: the calendar file's stamp, so the statement that confirms it writes
   * this as its `confirmed_at` (the file its link serves is then the same one).
   */
  confirmedAt: Date;
}

/**
 * The 'Hotel Receipt' e-mail (product §7.4) of a paid booking: what a guest keeps from any
 * booking site — its short reference (bookingReference; the links carry its id), each room with
 * its hotel's address, nights and prices, the total and the card charged, the cancellation terms
 * with their deadline, and links to the receipt, to their bookings and to the stay's calendar
 * file, which comes attached too. It is written to
 * the outbox by the statement that confirms the booking (payments/repository.ts): it leaves
 * only if the booking is confirmed, and once, since a booking is confirmed once.
 */
export function receiptMail(input: ReceiptInput): MailMessage {
  const { booking, receiptUrl, details } = input;
  const card = cardText(details.card);
  const terms = cancellationTerms(details, input.confirmedAt);
  const blocks: MailBlock[] = [
    { kind: 'paragraph', text: 'Thank you for your booking at DevStay. Here is your receipt.' },
    {
      kind: 'facts',
      rows: [
        ['Booking reference', bookingReference(booking.id)],
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
    attachments: calendarAttachment(input),
  };
}

/**
 * The stay's calendar file, the very one its link serves the guest (every line), for a mail app
 * to offer adding it in one tap.
 */
function calendarAttachment(input: ReceiptInput): MailAttachment[] {
  const stays = input.details.calendar?.stays ?? [];
  if (stays.length === 0) return [];
  const file = bookingCalendar(siteOf(input.receiptUrl, input.booking), {
    id: input.booking.id,
    confirmedAt: input.confirmedAt,
    stays,
  });
  return [
    { filename: file.filename, contentType: file.contentType, content: Buffer.from(file.body) },
  ];
}

/**
 * What the receipt of a booking about to be confirmed reads, in one statement (in the
 * transaction that holds it locked): the booking as the API shows it, its guest's e-mail and
 * its details with the card just recorded. Undefined when there is no such booking.
 */
export async function receiptReadsOf(
  db: Executor,
  bookingId: string,
): Promise<{ booking: Booking; email: string | null; details: BookingDetails } | undefined> {
  const result = await db.execute<
    BookingViewRow &
      BookingDetailsColumns & {
        email: string | null;
        card: BookingDetails['card'];
      }
  >(sql`
    select ${sql.raw(BOOKING_VIEW_COLUMNS)}, ${bookingDetailsColumns}, u.email,
      ${receiptCardSql(sql`b.id`)} as card
    from bookings b left join users u on u.id = b.user_id
    where b.id = ${bookingId}`);
  const row = result.rows[0];
  if (!row) return undefined;
  return { booking: toBooking(row), email: row.email, details: toBookingDetails(row, row.card) };
}
