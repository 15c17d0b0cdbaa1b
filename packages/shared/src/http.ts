/**
 * HTTP names shared by the API and the web app. No zod here: the web imports this module on its
 * first load without pulling the schemas in.
 */

/**
 * Mutating /api calls (other than /api/auth) that carry cookies must come from the site: a
 * same-origin Origin (or Referer) header, or, for non-browser clients, this header.
 */
export const CSRF_HEADER = 'x-requested-with';

/**
 * The client's idempotency key of a checkout (POST /api/booking) and of a payment: the same key
 * with the same body answers the first result; never a second booking or a second charge.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** Paged lists return a JSON array; the total number of matches travels in this header. */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/**
 * Sent as `true` when the list stopped counting: it has more matches than TOTAL_COUNT_HEADER says
 * (the hotel list searched on rooms: "1,000+ hotels"). Absent, the count is exact.
 */
export const TOTAL_COUNT_LOWER_BOUND_HEADER = 'x-total-count-lower-bound';

/**
 * The machine-readable `code` of every /api error body (besides `message` and `field`). Clients
 * branch on the code, never on the message's wording.
 */
export const ERROR_CODES = [
  /** The request's params, query or body broke the route's schema; `field` names the input. */
  'VALIDATION_FAILED',
  /** Well-formed but refused input (e.g. a hotel id that does not exist); `field` when known. */
  'BAD_REQUEST',
  /** No session on a route that needs one. */
  'UNAUTHENTICATED',
  /** Signed in, but the role or the account does not allow it. */
  'FORBIDDEN',
  /** An admin reaching for another hotel's data. */
  'OTHER_HOTEL',
  /** A change carrying cookies that did not come from the site (CSRF rule). */
  'CROSS_SITE',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  /** The change collides with the data as it is (e.g. an account that has bookings). */
  'CONFLICT',
  'EMAIL_ALREADY_IN_USE',
  /** A night of a cart line has too few units left; the message names the room and the night. */
  'SOLD_OUT',
  /** A request with this idempotency key is still being answered: retry shortly. */
  'IDEMPOTENCY_IN_FLIGHT',
  /** The idempotency key was already used with a different body (422). */
  'IDEMPOTENCY_MISMATCH',
  /** The booking's hold lapsed (or it was declined) before it was paid: check out again. */
  'HOLD_EXPIRED',
  /** The checkout's total is not the server's any more: show the new total and ask again (409). */
  'PRICE_CHANGED',
  /** The account has as many unpaid holds as it may have, or let too many lapse (429). */
  'HOLD_LIMIT',
  /** A cart line's guests are more than its units sleep (units × the room's capacity; 422). */
  'TOO_MANY_GUESTS',
  /** The total is more than one card payment can take (422). */
  'AMOUNT_TOO_LARGE',
  /** The card was declined (402); the booking's hold is released. */
  'PAYMENT_DECLINED',
  /** The payment provider could not be reached; retrying with the same key is safe (502). */
  'PAYMENT_PROVIDER_UNAVAILABLE',
  /** Only a confirmed booking can be cancelled (a pending or expired one holds nothing paid). */
  'BOOKING_NOT_CONFIRMED',
  /** A guest's own cancel after the booking's free-cancellation window closed (403). */
  'FREE_CANCELLATION_ENDED',
  /**
   * The request named a host this server does not answer to (421): outside its own names, a
   * DNS-rebinding page could otherwise reach it from a browser on this machine.
   */
  'MISDIRECTED_REQUEST',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  /** The process is stopping or cannot reach the primary database (readiness, 503). */
  'NOT_READY',
  /** Our fault; the message says to try again. */
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
