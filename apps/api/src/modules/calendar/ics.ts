import { PRODUCT_NAME } from '@devstay/shared/constants';
import { capitalize } from '@devstay/shared/text';
import { timeZoneName } from '@devstay/shared/time-zone-name';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { hotelUrl, receiptUrl } from '../../lib/site-links.ts';
import type { CalendarEvent, CalendarStay } from './repository.ts';

/**
 * Calendar files (RFC 5545) of a booking and of an event, written by ical-generator. Every
 * VEVENT has a UID made of what it stands for and the site's host name, so a calendar that
 * imports the file again updates its entries instead of doubling them.
 */

/**
 * The files' media type: METHOD:PUBLISH says they are published entries to add, not invitations
 * to answer, and an e-mail's attachment must say it in its type too (RFC 6047).
 */
export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8; method=PUBLISH';

/** How long an event's entry lasts: events have a start time and no end, so two hours. */
export const EVENT_CALENDAR_HOURS = 2;

interface Site {
  publicUrl: string;
  /** The file's DTSTAMP: when it was made. */
  now: Date;
}

const where = (p: { hotel: string; address: string; city: string; state: string }) =>
  `${p.hotel}, ${p.address}, ${p.city}, ${p.state}`;

function calendar(name: string) {
  return ical({
    name,
    prodId: { company: PRODUCT_NAME, product: PRODUCT_NAME, language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
  });
}

/** A booking's calendar file as the site serves it and its receipt e-mail attaches it. */
interface BookingCalendarFile {
  filename: string;
  contentType: string;
  body: string;
}

/**
 * A booking's stays: one all-day VEVENT per line, DTSTART its check-in date and DTEND its
 * check-out date (DTEND is exclusive in RFC 5545: the entry spans the nights booked), both the
 * hotel's own dates (all-day values float: every reader sees the dates of the hotel's zone),
 * with the hotel, its address and the receipt's address. DTSTAMP is when the booking was
 * confirmed, what the file states: so the file is the same bytes whenever it is made, the
 * receipt's attachment and the link's download alike.
 */
export function bookingCalendar(
  publicUrl: string,
  booking: { id: string; confirmedAt: Date; stays: readonly CalendarStay[] },
  /**
   * What each entry links to: the receipt; a team trip's traveller, who may not read the
   * receipt, gets their bookings instead.
   */
  link: { label: string; url: string } = {
    label: 'Receipt',
    url: receiptUrl(publicUrl, booking.id),
  },
): BookingCalendarFile {
  const host = new URL(publicUrl).hostname;
  const cal = calendar(`${PRODUCT_NAME} booking`);
  for (const stay of booking.stays) {
    const room = capitalize(stay.room);
    const units = stay.quantity === 1 ? '1 room' : `${stay.quantity} rooms`;
    cal.createEvent({
      id: `booking-${booking.id}-line-${stay.lineId}@${host}`,
      allDay: true,
      start: stay.checkIn,
      end: stay.checkOut,
      stamp: booking.confirmedAt,
      summary: `${stay.hotel}: ${room} (${units})`,
      location: where(stay),
      description: [
        `Check-in ${stay.checkIn}, check-out ${stay.checkOut} (${timeZoneName(stay.timeZone)} time).`,
        `${units}: ${room} at ${stay.hotel}.`,
        `${link.label}: ${link.url}`,
      ].join('\n'),
      url: link.url,
    });
  }
  return {
    filename: `devstay-booking-${booking.id}.ics`,
    contentType: CALENDAR_CONTENT_TYPE,
    body: cal.toString(),
  };
}

/**
 * An event: it starts at its date and time in its hotel's time zone, written as the instant in
 * UTC (no VTIMEZONE needed; every calendar shows it in its own reader's zone), and lasts
 * EVENT_CALENDAR_HOURS.
 */
export function eventCalendar(site: Site, event: CalendarEvent): string {
  const host = new URL(site.publicUrl).hostname;
  const start = new Date(event.startsAt);
  const cal = calendar(`${PRODUCT_NAME} event`);
  cal.createEvent({
    id: `event-${event.id}@${host}`,
    start,
    end: new Date(start.getTime() + EVENT_CALENDAR_HOURS * 3_600_000),
    stamp: site.now,
    summary: event.name,
    location: where(event),
    description: [
      event.description,
      `${event.date} at ${event.time} (${timeZoneName(event.timeZone)} time), at ${event.hotel}.`,
    ].join('\n'),
    url: hotelUrl(site.publicUrl, event.hotelId),
  });
  return cal.toString();
}
