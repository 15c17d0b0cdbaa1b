/**
 * Addresses of the web app's screens that the API hands out (in e-mails, calendar files and
 * payment records), built from the web's own screen addresses (@devstay/shared/paths).
 */
import { paths } from '@devstay/shared/paths';

/** The full address of a screen's `path` (from `paths`) on the site at `publicUrl`. */
export const siteUrl = (publicUrl: string, path: string): string =>
  `${publicUrl.replace(/\/$/, '')}${path}`;

/** The receipt page of a booking. */
export const receiptUrl = (publicUrl: string, bookingId: string): string =>
  siteUrl(publicUrl, paths.receipt(bookingId));

/** A hotel's page. */
export const hotelUrl = (publicUrl: string, hotelId: number): string =>
  siteUrl(publicUrl, paths.hotel(hotelId));

/** A booking's calendar file (the calendar module's `/calendar/booking/:id.ics`, under /api). */
export const bookingCalendarUrl = (publicUrl: string, bookingId: string): string =>
  siteUrl(publicUrl, `/api/calendar/booking/${encodeURIComponent(bookingId)}.ics`);
