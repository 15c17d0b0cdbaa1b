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
