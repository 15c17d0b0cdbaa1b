import type { Role } from '@devstay/shared/constants';

/**
 * Who may do what to which resource (product §6), as plain functions of the signed-in account
 * and the resource. The guard's `hotel` rule calls them (plugins/authorization.ts), and so do
 * handlers that must look a resource up before deciding (a booking, a review). One module, so
 * a rule changes in one place.
 */

/** The signed-in account as every guarded handler sees it. */
export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  /** Display name. */
  name: string;
  rol: Role;
  /** The hotel an admin runs. */
  hotelId: number | null;
}

/** Staff: admins and the superAdmin (every admin capability is also the superAdmin's). */
export const STAFF_ROLES = ['admin', 'superAdmin'] as const satisfies readonly Role[];

const isStaff = (user: SessionUser): boolean => user.rol === 'admin' || user.rol === 'superAdmin';

/** Own favourites, bookings, reviews and payments are a guest's (rol user) alone. */
export const isGuest = (user: SessionUser): boolean => user.rol === 'user';

/** Change a hotel and what belongs to it (rooms, services, events): its admin, the superAdmin. */
export function canManageHotel(user: SessionUser, hotelId: number): boolean {
  const own = linesHotel(user);
  return own === undefined || own === hotelId;
}

/**
 * Several hotels at once (a booking spanning hotels): an admin must run every one of them.
 * No hotel at all refuses admins (fail closed).
 */
export function canManageHotels(user: SessionUser, hotelIds: readonly number[]): boolean {
  if (user.rol === 'superAdmin') return true;
  return hotelIds.length > 0 && hotelIds.every((id) => canManageHotel(user, id));
}

/** Edit an account's profile: the person themselves, or the superAdmin. */
export function canManageAccount(user: SessionUser, accountId: string): boolean {
  return user.id === accountId || user.rol === 'superAdmin';
}

/**
 * Read an account's own records — its full profile (national id, address, date of birth) and
 * its booking history: the person themselves or the superAdmin. An admin's user table shows
 * name, e-mail and role only.
 */
export function canSeeAccount(user: SessionUser, accountId: string): boolean {
  return user.id === accountId || user.rol === 'superAdmin';
}

/**
 * The one rule of records that span hotels (bookings, their lines, the hotel picker, and the
 * user table's accounts — the guests who booked there — and the dashboard's channel conflicts):
 * an admin sees only their hotel's lines.
 * The hotel whose lines a staff account reads: `undefined` for every hotel's (the superAdmin),
 * the admin's own hotel, or null for none (an admin without a hotel, and anyone who is not
 * staff).
 */
export function linesHotel(user: SessionUser): number | undefined | null {
  if (user.rol === 'superAdmin') return undefined;
  if (user.rol === 'admin') return user.hotelId;
  return null;
}

/** A booking as the rules need it: whose it is and which hotels its lines are at. */
export interface BookingScope {
  userId: string;
  hotelIds: readonly number[];
}

/** See a booking: its guest, the superAdmin, and the admin of any of its hotels (their part). */
export function canSeeBooking(user: SessionUser, booking: BookingScope): boolean {
  if (booking.userId === user.id) return true;
  const hotel = linesHotel(user);
  return hotel === undefined || (hotel !== null && booking.hotelIds.includes(hotel));
}

/**
 * The part of a booking an account that may see it (`canSeeBooking`) reads: all of it
 * (`undefined`) for its guest and the superAdmin; for the admin of one of its hotels, that
 * hotel's lines only — its rooms, and totals and payment recomputed over them (a booking can
 * span hotels, and one hotel's staff see no other hotel's money).
 */
export function shownHotel(user: SessionUser, booking: BookingScope): number | undefined {
  if (booking.userId === user.id) return undefined;
  return linesHotel(user) ?? undefined;
}

/**
 * A team trip's traveller's e-mail is the organiser's to see (their booking): a hotel's staff,
 * the superAdmin too, see the traveller's name alone.
 */
function canSeeTravellerEmail(user: SessionUser, booking: { userId: string }): boolean {
  return booking.userId === user.id;
}

/** A line's traveller as `user` may see it (canSeeTravellerEmail). */
export function travellerFor<T extends { name: string; email?: string }>(
  user: SessionUser,
  booking: { userId: string },
  traveller: T | null | undefined,
): { name: string; email?: string } | null {
  if (!traveller) return null;
  return canSeeTravellerEmail(user, booking)
    ? { name: traveller.name, email: traveller.email }
    : { name: traveller.name };
}

/** A booking as the cancel rule needs it: also until when its guest may cancel it for free. */
export interface CancelScope extends BookingScope {
  /** The start of the day its free-cancellation window closes, in its hotel's zone (product §4). */
  freeCancellationUntil: Date;
}

/**
 * Cancel (and refund) a booking: staff of every hotel in it at any time (product §6); its guest
 * (rol user) while `now` is before its free-cancellation deadline (product §4).
 */
export function canCancelBooking(user: SessionUser, booking: CancelScope, now: Date): boolean {
  if (isStaff(user)) return canManageHotels(user, booking.hotelIds);
  return (
    isGuest(user) &&
    booking.userId === user.id &&
    now.getTime() < booking.freeCancellationUntil.getTime()
  );
}

/**
 * Remove a review: its author (a guest withdrawing their own, product §6 "reviews"), or the
 * superAdmin (an abusive one). A hotel's staff may not remove reviews of their own hotel.
 */
export function canRemoveReview(user: SessionUser, review: { userId: string | null }): boolean {
  if (user.rol === 'superAdmin') return true;
  return isGuest(user) && review.userId === user.id;
}

/** The roles that may remove some review (`canRemoveReview` then decides which). */
export const REVIEW_REMOVER_ROLES = ['user', 'superAdmin'] as const satisfies readonly Role[];

/** Create a hotel: the superAdmin only (product §6). */
export const canCreateHotel = (user: SessionUser): boolean => user.rol === 'superAdmin';

/**
 * Create or modify a room service: the superAdmin only. Room services are one catalogue every
 * hotel's rooms pick from, so no hotel's admin may change them for the others.
 */
export const canManageRoomServices = (user: SessionUser): boolean => user.rol === 'superAdmin';

/** Upload pictures for content: staff (admins and the superAdmin). */
export const canUploadImages = (user: SessionUser): boolean => isStaff(user);

/** The roles of a capability given as a policy, for a route's `access` declaration. */
export function rolesWhere(policy: (user: SessionUser) => boolean): Role[] {
  const probe = (rol: Role): SessionUser => ({
    id: '',
    email: '',
    emailVerified: true,
    name: '',
    rol,
    hotelId: null,
  });
  return (['user', 'admin', 'superAdmin'] as const).filter((rol) => policy(probe(rol)));
}
