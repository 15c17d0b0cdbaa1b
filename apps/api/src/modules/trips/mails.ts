import { TRAVELLER_CANCELLED_SUBJECT, TRAVELLER_STAY_SUBJECT } from '@devstay/shared/constants';
import { dateTextIn, RENDER_LOCALE } from '@devstay/shared/date-text';
import { paths } from '@devstay/shared/paths';
import { nightsBetween } from '@devstay/shared/stay';
import { capitalize } from '@devstay/shared/text';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { AnnouncementDelivery } from '../../lib/announcements.ts';
import { siteUrl } from '../../lib/site-links.ts';
import { bookingCalendar } from '../calendar/ics.ts';
import { enqueueMail, type MailMessage } from '../mail/outbox.ts';
import { type MailBlock, mailHtml, mailText } from '../mail/templates.ts';
import { type TravellerLine, travellerLinesOf } from './repository.ts';

/** The e-mails' dates, in the render's language (one format, made once: see dateTextIn). */
const dateText = dateTextIn(RENDER_LOCALE);

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The stay as its traveller reads it: the room, the hotel's full address, the dates, the rooms
 * and guests. No price: what the trip cost is the organiser's business.
 */
function stayBlock(line: TravellerLine): MailBlock {
  const { stay } = line;
  const nights = nightsBetween(stay.checkIn, stay.checkOut);
  return {
    kind: 'item',
    title: `${capitalize(stay.room)} at ${stay.hotel}`,
    lines: [
      line.address,
      `Check-in ${dateText(stay.checkIn)}, check-out ${dateText(stay.checkOut)} (${plural(nights, 'night', 'nights')})`,
      `${plural(stay.quantity, 'room', 'rooms')} for ${plural(line.guests, 'guest', 'guests')}`,
    ],
  };
}

/**
 * 'A stay booked for you': the traveller's stay with its calendar file — the receipt's own file
 * maker (bookingCalendar), for this line alone, linking to the traveller's bookings rather than
 * the receipt they may not read.
 */
function travellerStayMail(publicUrl: string, bookingId: string, line: TravellerLine): MailMessage {
  const history = siteUrl(publicUrl, paths.bookingHistory);
  const blocks: MailBlock[] = [
    { kind: 'paragraph', text: `Hello ${line.name},` },
    { kind: 'paragraph', text: `${line.bookedBy} booked a stay for you at DevStay.` },
    stayBlock(line),
    {
      kind: 'paragraph',
      text: `Sign in to DevStay with ${line.email} to see this stay in your bookings.`,
    },
    { kind: 'links', links: [{ label: 'Your bookings', url: history }] },
  ];
  const file = bookingCalendar(
    publicUrl,
    { id: bookingId, confirmedAt: line.confirmedAt, stays: [line.stay] },
    { label: 'Your bookings', url: history },
  );
  return {
    to: line.email,
    subject: TRAVELLER_STAY_SUBJECT,
    text: mailText(blocks),
    html: mailHtml(TRAVELLER_STAY_SUBJECT, blocks),
    attachments: [
      { filename: file.filename, contentType: file.contentType, content: Buffer.from(file.body) },
    ],
  };
}

/** 'Your stay was cancelled': which stay, and that the organiser (or the hotel) cancelled it. */
function travellerCancelledMail(line: TravellerLine, by: 'guest' | 'staff'): MailMessage {
  const who = by === 'guest' ? line.bookedBy : 'The hotel';
  const blocks: MailBlock[] = [
    { kind: 'paragraph', text: `Hello ${line.name},` },
    { kind: 'paragraph', text: `${who} cancelled the stay booked for you at DevStay.` },
    stayBlock(line),
  ];
  return {
    to: line.email,
    subject: TRAVELLER_CANCELLED_SUBJECT,
    text: mailText(blocks),
    html: mailHtml(TRAVELLER_CANCELLED_SUBJECT, blocks),
  };
}

async function mailEach(db: Executor, messages: readonly MailMessage[]): Promise<void> {
  for (const message of messages) await enqueueMail(db, message);
}

/**
 * The travellers' e-mails, each written to the outbox when its announcement is delivered, in
 * the delivery's transaction (so once, and never refusing what was announced): their stays when
 * the booking is confirmed, and the cancel of a line alone or of the whole trip — then to the
 * travellers of the lines it still had.
 */
export function subscribeTripMails(
  announcements: AnnouncementDelivery,
  options: { publicUrl: string },
): void {
  const live = sql`l.cancelled_at is null`;
  announcements.subscribe('bookingConfirmed', 'traveller stay e-mails', async (tx, e) => {
    const lines = await travellerLinesOf(tx, e.bookingId, live);
    await mailEach(
      tx,
      lines.map((l) => travellerStayMail(options.publicUrl, e.bookingId, l)),
    );
  });
  announcements.subscribe('bookingCancelled', 'traveller cancellation e-mails', async (tx, e) => {
    const lines = await travellerLinesOf(tx, e.bookingId, live);
    await mailEach(
      tx,
      lines.map((l) => travellerCancelledMail(l, e.by)),
    );
  });
  announcements.subscribe('lineCancelled', 'traveller cancellation e-mail', async (tx, e) => {
    const lines = await travellerLinesOf(tx, e.bookingId, sql`l.id = ${e.lineId}`);
    await mailEach(
      tx,
      lines.map((l) => travellerCancelledMail(l, e.by)),
    );
  });
}
