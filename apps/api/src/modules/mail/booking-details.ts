import type { Booking, BookingLine } from '@devstay/shared/contracts/booking';
import { dateTextIn, RENDER_LOCALE } from '@devstay/shared/date-text';
import { invoicePath } from '@devstay/shared/invoice';
import { BOOKING_MESSAGES } from '@devstay/shared/messages';
import { paths } from '@devstay/shared/paths';
import { nightsBetween } from '@devstay/shared/stay';
import { capitalize, formatUsd, priceToCents } from '@devstay/shared/text';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookingCalendarUrl, siteUrl } from '../../lib/site-links.ts';
import { type FreeCancellationRow, toFreeCancellation } from '../availability/free-cancellation.ts';
import { freeCancellationDeadline } from '../bookings/records.ts';
import {
  type BookingCalendarColumns,
  type BookingCalendarRow,
  bookingCalendarColumns,
  toBookingCalendar,
} from '../calendar/repository.ts';
import type { MailBlock } from './templates.ts';

/** The e-mails' dates, in the render's language (one format, made once: see dateTextIn). */
const dateText = dateTextIn(RENDER_LOCALE);

/**
 * What the booking e-mails tell of a booking beyond the booking itself: each hotel's full
 * address, the card it was paid with, its free-cancellation deadline and its calendar file's
 * lines.
 */
export interface BookingDetails {
  /** Hotel id → 'Street 123, City, State'. */
  addresses: ReadonlyMap<number, string>;
  /** The card as recorded by the processor (brand and last four), when a payment recorded one. */
  card: { brand: string | null; last4: string | null } | null;
  /** Until when the guest may cancel for free: that day's start in the hotel's zone. */
  freeCancellation: { until: Date; date: string; timeZone: string } | null;
  /** The booking as its calendar file tells it; undefined when there is no such booking. */
  calendar: BookingCalendarRow | undefined;
}

/**
 * The card of the latest payment of the booking whose id is `bookingId`, as a JSON object
 * `{brand, last4}` (null without a payment): the same payment receiptPaymentOf reads.
 */
export function receiptCardSql(bookingId: SQL): SQL {
  return sql`(select json_build_object('brand', p.card_brand, 'last4', p.card_last4)
    from payments p where p.booking_id = ${bookingId}
    order by p.created_at desc limit 1)`;
}

/**
 * The columns of a booking `b` its e-mails read beyond the booking itself, the card apart (see
 * toBookingDetails): they do not change while it waits for its payment, so the payment reads
 * them with its first writes, before the charge.
 */
export const bookingDetailsColumns = sql`${bookingCalendarColumns},
  ${freeCancellationDeadline(sql`b.id`)} as free_cancellation`;

// A type, not an interface: Drizzle's execute wants rows with an index signature.
export type BookingDetailsColumns = BookingCalendarColumns & {
  free_cancellation: FreeCancellationRow | null;
};

/** A booking's details from bookingDetailsColumns, with the card it was paid with. */
export function toBookingDetails(
  row: BookingDetailsColumns | undefined,
  card: BookingDetails['card'],
): BookingDetails {
  const calendar = row && toBookingCalendar(row);
  const addresses = new Map<number, string>();
  for (const s of calendar?.stays ?? []) {
    addresses.set(s.hotelId, `${s.address}, ${capitalize(s.city)}, ${capitalize(s.state)}`);
  }
  // A booking without lines has no deadline, and no terms to tell.
  const fc = row?.free_cancellation ? toFreeCancellation(row.free_cancellation) : null;
  return {
    addresses,
    card: card?.last4 ? card : null,
    freeCancellation: fc
      ? { until: new Date(fc.until), date: fc.date, timeZone: fc.timeZone }
      : null,
    calendar,
  };
}

/** One statement, so that it can run inside the transaction that cancels the booking. */
export async function bookingDetailsOf(db: Executor, bookingId: string): Promise<BookingDetails> {
  const result = await db.execute<
    BookingDetailsColumns & { card: { brand: string | null; last4: string | null } | null }
  >(sql`
    select ${bookingDetailsColumns}, ${receiptCardSql(sql`b.id`)} as card
    from bookings b where b.id = ${bookingId}`);
  const row = result.rows[0];
  return toBookingDetails(row, row?.card ?? null);
}

/** 'Visa ending in 4242', or null when no card was recorded. */
export function cardText(card: BookingDetails['card']): string | null {
  return card?.last4 ? `${capitalize(card.brand ?? 'card')} ending in ${card.last4}` : null;
}

/**
 * The prices of each night of a line, when the booking records them (nightly rates); without
 * them every night is at the line's nightly price.
 */
function pricedNights(line: BookingLine): { date: string; price: number }[] | null {
  const nights: unknown = (line as { nights?: unknown }).nights;
  if (!Array.isArray(nights) || nights.length === 0) return null;
  return nights as { date: string; price: number }[];
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One booked room as the e-mails show it: where, when, each night's price and the line's total. */
export function lineBlock(line: BookingLine, details: BookingDetails): MailBlock {
  const nights = nightsBetween(line.checkIn, line.checkOut);
  const address = details.addresses.get(line.idHotel) ?? line.address;
  const byNight = pricedNights(line);
  const stayCents = byNight
    ? byNight.reduce((sum, n) => sum + priceToCents(n.price), 0)
    : priceToCents(line.price) * nights;
  // One price for every night reads as one line; nights priced differently, each on its own.
  const onePrice = byNight?.every((n) => n.price === byNight[0]?.price) ?? true;
  const nightly = byNight?.[0]?.price ?? line.price;
  const prices =
    byNight && !onePrice
      ? byNight.map((n) => `${dateText(n.date)}: ${formatUsd(priceToCents(n.price))}`)
      : [
          `${plural(nights, 'night', 'nights')} × ${formatUsd(priceToCents(nightly))} = ${formatUsd(stayCents)}`,
        ];
  return {
    kind: 'item',
    title: `${capitalize(line.name)} at ${line.hotel}`,
    lines: [
      address,
      `Check-in ${dateText(line.checkIn)}, check-out ${dateText(line.checkOut)} (${plural(nights, 'night', 'nights')})`,
      ...prices,
      `${plural(line.cartQuantity, 'room', 'rooms')}: ${formatUsd(line.totalCents)}`,
      // A team trip: who stays (told of the stay by an e-mail of their own).
      ...(line.traveller
        ? [
            `Traveller: ${line.traveller.name}${line.traveller.email ? ` (${line.traveller.email})` : ''}`,
          ]
        : []),
      ...(line.cancelled ? ['Cancelled and refunded'] : []),
    ],
  };
}

/** The cancellation terms as of `now`: until when it is free, or that the window has closed. */
export function cancellationTerms(details: BookingDetails, now: Date): string | null {
  const fc = details.freeCancellation;
  if (!fc) return null;
  const date = dateText(fc.date);
  return fc.until.getTime() > now.getTime()
    ? `${BOOKING_MESSAGES.freeCancellationUntil(date, fc.timeZone)}. After that, the booking can no longer be cancelled for free.`
    : `${BOOKING_MESSAGES.freeCancellationEnded(date, fc.timeZone)}: this booking can no longer be cancelled for free.`;
}

/**
 * The site's address, from a booking's receipt address (the API hands that one out: its
 * PUBLIC_URL followed by the receipt's path).
 */
export function siteOf(receiptUrl: string, booking: Booking): string {
  const path = paths.receipt(booking.id);
  return receiptUrl.endsWith(path) ? receiptUrl.slice(0, -path.length) : new URL(receiptUrl).origin;
}

/**
 * A confirmed booking's invoices, one per hotel (issued by the statement that confirms it, so
 * the links are written before their numbers are known: a link names the booking and hotel).
 */
function invoiceLinks(site: string, booking: Booking) {
  const hotels = [...new Map(booking.cartRoom.map((l) => [l.idHotel, l.hotel])).entries()];
  return hotels.map(([hotelId, hotel]) => ({
    label: hotels.length === 1 ? 'Download your invoice' : `Download the invoice of ${hotel}`,
    url: siteUrl(site, invoicePath(booking.id, hotelId, 'invoice')),
  }));
}

/**
 * The links of a booking's e-mails: its receipt and the guest's bookings; on its confirmation
 * (`confirmed`) also its calendar file and its invoices.
 */
export function bookingLinks(booking: Booking, receiptUrl: string, confirmed: boolean): MailBlock {
  const site = siteOf(receiptUrl, booking);
  return {
    kind: 'links',
    links: [
      { label: 'See your receipt', url: receiptUrl },
      { label: 'Your bookings', url: siteUrl(site, paths.bookingHistory) },
      ...(confirmed
        ? [
            { label: 'Add to your calendar', url: bookingCalendarUrl(site, booking.id) },
            ...invoiceLinks(site, booking),
          ]
        : []),
    ],
  };
}
