import { roomChannelsOf } from '@devstay/shared/paths';
import { siteUrl } from '../../lib/site-links.ts';
import { type MailBlock, mailHtml, mailText } from '../mail/templates.ts';

interface ConflictLine {
  summary: string;
  first_night: string;
  end_night: string;
  sold_night: string;
  bookings: readonly { bookingId: string; checkIn: string; checkOut: string; quantity: number }[];
}

/**
 * The e-mail telling a hotel's staff that a channel's events did not fit: each event with its
 * nights and the bookings here holding those nights, and the room's channels screen.
 */
export function conflictMail(
  publicUrl: string,
  feed: { room_id: number; hotel_id: number; name: string; hotel: string; room: string },
  conflicts: readonly ConflictLine[],
): { subject: string; text: string; html: string } {
  const subject = `Calendar conflict: ${feed.name} for ${feed.room} at ${feed.hotel}`;
  const screen = siteUrl(publicUrl, roomChannelsOf(feed.room_id, feed.hotel_id));
  const blocks: MailBlock[] = [
    {
      kind: 'paragraph',
      text:
        `${conflicts.length === 1 ? 'An event' : `${conflicts.length} events`} of the calendar ` +
        `“${feed.name}” could not be blocked here: the nights are already sold on DevStay. ` +
        'Nothing was overbooked; the channel still shows them as taken, so one side must move.',
    },
    ...conflicts.map(
      (c): MailBlock => ({
        kind: 'item',
        title: `${c.summary}: ${c.first_night} to ${c.end_night}`,
        lines: [
          `Sold out here on ${c.sold_night}.`,
          ...c.bookings.map(
            (b) =>
              `Booking ${b.bookingId}: ${b.checkIn} to ${b.checkOut}, ${b.quantity} ${b.quantity === 1 ? 'unit' : 'units'}`,
          ),
        ],
      }),
    ),
    { kind: 'links', links: [{ label: 'Open the room’s channels', url: screen }] },
  ];
  return { subject, text: mailText(blocks), html: mailHtml(subject, blocks) };
}
