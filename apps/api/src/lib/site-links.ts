/**
 * Addresses of the web app's screens that the API hands out (in e-mails, calendar files and
 * payment records). They follow apps/web/src/lib/paths.ts: moving one of these screens there
 * moves it here too.
 */

/** The receipt page of a booking (paths.receipt). */
export const receiptUrl = (publicUrl: string, bookingId: string): string =>
  `${publicUrl}/bookings/${encodeURIComponent(bookingId)}/receipt`;

/** A hotel's page (paths.hotel). */
export const hotelUrl = (publicUrl: string, hotelId: number): string =>
  `${publicUrl}/hotel/${hotelId}`;
