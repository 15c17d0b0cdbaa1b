/**
 * Texts the API sends to people in error bodies, one place for the server (which sends them)
 * and the web and tests (which may show or expect them). Zod-free. Validation texts of the
 * forms live next to their schemas in contracts/*; the spec's auth texts in contracts/auth.ts.
 */

/** Refusals of the authorisation guard (spec §6). */
export const GUARD_MESSAGES = {
  signedOut: 'You must log in',
  forbidden: 'Unauthorized entry',
  otherHotel: 'Unauthorized entry: this belongs to another hotel',
  crossSite: 'Cross-site request refused',
} as const;

/** Refusals of the users API (spec §7.2). */
export const USERS_MESSAGES = {
  notFound: 'User not found',
  hotelOnlyForAdmins: 'Only an admin runs a hotel',
  hotelBySuperAdmin: 'Only the superAdmin assigns hotels',
  hotelMissing: 'Hotel not found',
  deleteSelf: 'You cannot delete your own account',
  deleteSuperAdmin: 'A superAdmin cannot be deleted',
  hasBookings: 'This account has bookings and cannot be deleted',
} as const;

/** Error texts of any route. */
export const ERROR_MESSAGES = {
  internal: 'Something went wrong on our side. Please try again.',
  notFound: (what: string) => `${what} not found`,
  routeNotFound: (method: string, path: string) => `Route ${method} ${path} not found`,
} as const;

/** Availability of a cart line (spec §5), exact texts. */
export const AVAILABILITY_MESSAGES = {
  /** The room has no units at all. */
  noStock: 'There is no availability for this room at the moment',
  /** Some units are free for the dates, fewer than the cart asks for. */
  notEnough: 'There is not enough availability for the selected date',
  /** No unit is free on at least one night of the dates. */
  dateTaken: 'The selected date is not available',
} as const;

/** Texts of checkout and payment (spec §4, §8). */
export const BOOKING_MESSAGES = {
  roomMissing: 'Room not found',
  checkInPast: 'The check-in date cannot be in the past',
  stayTooLong: (nights: number) => `A stay can last ${nights} nights at most`,
  idempotencyKeyMissing: 'An Idempotency-Key header is required',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 200 visible characters',
  soldOut: (room: string, hotel: string, night: string) =>
    `The selected date is not available: ${room} at ${hotel} has no unit left on the night of ${night}`,
  inFlight: 'A request with this Idempotency-Key is still being processed; retry shortly',
  keyReused: 'This Idempotency-Key was already used with a different request',
  bookingMissing: 'Booking not found',
  holdExpired: 'This reservation is no longer held; please book again',
  alreadyPaid: 'This reservation is already paid',
  paid: 'Successful payment',
  refunded: 'Your payment was refunded.',
  /** Spec §8: the payment error text, followed by the processor's reason. */
  declined: (reason: string) => `Unprocessed Payment: ${reason}`,
  providerDown: 'The payment service did not answer; retry with the same Idempotency-Key',
  rateLimited: 'Too many payment attempts; please wait a moment',
  /** Spec §8: the bookings table's Cancel. */
  cancelConfirm: 'Are you sure to cancel the reservation?',
  cancelled: 'Reservation cancelled',
  notCancelled: 'Reservation not canceled',
  /** Spec §2.12: an empty booking history or bookings table. */
  noBookings: 'No reservations found',
  notConfirmed: 'Only a confirmed reservation can be cancelled',
  otherGuest: 'This reservation belongs to another account',
  otherHotel: 'This hotel is not yours',
} as const;
