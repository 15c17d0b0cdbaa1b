/**
 * Constants of the booking history and the bookings table (product §2.12, §9). Their own module,
 * not constants.ts: the first load imports constants.ts, and every export some screen uses
 * would ship with it.
 */

/** Rows of the bookings table and cards of the booking history per page. */
export const BOOKINGS_PER_PAGE = 10;

/** Sorting of the bookings table (product §9): by hotel a–z or z–a, by check-in asc or desc. */
export const BOOKING_SORTS = ['hotel-asc', 'hotel-desc', 'checkIn-asc', 'checkIn-desc'] as const;
export type BookingSort = (typeof BOOKING_SORTS)[number];

/** The bookings table's status filter (product §9): confirmed or cancelled. */
export const BOOKING_STATUS_FILTERS = ['confirmed', 'cancelled'] as const;
