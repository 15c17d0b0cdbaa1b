// Every screen's address of the web app, in one place, read by both sides: the web's route table
// (apps/web/src/app/router.tsx) is built from it and every link, redirect and back button names
// its target through it; the API writes some of these addresses into its e-mails, calendar files
// and payment records (apps/api/src/lib/site-links.ts). Moving a screen here moves it everywhere.
import type { Role } from './constants.ts';

/** A record's id as it appears in an address. */
type Id = number | string;

/** A stay handed from one screen to the next (e.g. an event's day to its hotel's rooms). */
export interface StayDates {
  checkIn: string;
  checkOut: string;
  /** Guests of the stay, when more than one were asked for. */
  guests?: number;
  /** Units of one room, when more than one were asked for. */
  rooms?: number;
}

/**
 * `?checkIn=…&checkOut=…` (and `&rooms=…`, `&guests=…` past one), as the hotel and room screens
 * read it; empty without a stay.
 */
function staySearch(stay: StayDates | undefined): string {
  if (!stay) return '';
  const past1 = (name: string, n: number | undefined) => (n && n > 1 ? `&${name}=${n}` : '');
  return `?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}${past1('rooms', stay.rooms)}${past1('guests', stay.guests)}`;
}

/** The address of each screen; a function for those with a parameter. */
export const paths = {
  landing: '/',
  /** The hotel list, the catalogue every "See hotels" leads to (the landing page is `/`). */
  hotels: '/home',
  /** The hotel list searching a city's hotels with a room free for a stay (as its toolbar does). */
  hotelsWithRooms: (city: string, stay: StayDates) =>
    `/home?${new URLSearchParams({ city, checkIn: stay.checkIn, checkOut: stay.checkOut })}`,
  events: '/home/Events',
  hotel: (id: Id, stay?: StayDates) => `/hotel/${encodeURIComponent(id)}${staySearch(stay)}`,
  room: (id: Id, stay?: StayDates) => `/hotel/room/${encodeURIComponent(id)}${staySearch(stay)}`,
  /** Writing (or rewriting) the guest's review of a hotel. */
  review: (hotelId: Id) => `/hotel/${encodeURIComponent(hotelId)}/review`,
  cart: '/cart',
  payment: '/home/stripe',
  /** The payment screen paying a booking already held (a waitlist's offer) rather than the cart. */
  payHold: (bookingId: Id) => `/home/stripe?booking=${encodeURIComponent(bookingId)}`,
  receipt: (bookingId: Id) => `/bookings/${encodeURIComponent(bookingId)}/receipt`,

  about: '/about',
  terms: '/terms',
  privacy: '/privacy',

  login: '/login',
  register: '/register',
  /** Asks for the password-reset e-mail. */
  forgotPassword: '/reset',
  /** Where the reset e-mail's link leads: sets the new password. */
  resetPassword: '/reset-password',

  userProfile: '/profileusers',
  editUser: '/profileusers/EditUser',
  bookingHistory: '/profileusers/bookingHistory',
  /** The guest's favourite rooms (product §2.10). */
  favorites: '/favorite',

  adminProfile: '/profileAdmin',
  adminForms: '/profileAdmin/formsAdmin',
  superAdminDashboard: '/profileSuperAdmin',
  superAdminForms: '/profileSuperAdmin/formsSuperAdmin',
  adminTable: '/profileSuperAdmin/adminTable',
  registerAdmin: '/profileSuperAdmin/registerAdmin',
  editAdmin: (adminId: Id) => `/profileSuperAdmin/editAdmin/${encodeURIComponent(adminId)}`,
  userTable: '/userTable',
  stock: '/stock',

  /** The content forms of a hotel's staff (product §2.12, §2.13). */
  content: {
    createHotels: '/home/createHotels',
    modifyHotel: '/home/ModifyHotel',
    createRooms: '/home/createRooms',
    modifyRooms: '/home/ModifyRooms',
    createHotelServices: '/home/createServHotels',
    modifyHotelServices: '/home/modifyServHotels',
    createRoomServices: '/home/createServRooms',
    modifyRoomServices: '/home/modifyServRooms',
    createEvents: '/home/createEvents',
    modifyEvents: '/home/modifyEvents',
    /** A room's nightly rates: its calendar of prices and its season and weekday rules. */
    roomRates: '/home/roomRates',
    /** A room's channels: its export address, imported calendars, conflicts and blocks. */
    roomChannels: '/home/roomChannels',
  },
} as const;

/**
 * A room's Channels screen opened on the room: its hotel named too, for the superAdmin, who picks
 * the hotel there (an admin's is fixed).
 */
export function roomChannelsOf(roomId: Id, hotelId: Id): string {
  return `${paths.content.roomChannels}?${new URLSearchParams({ hotel: String(hotelId), room: String(roomId) })}`;
}

/** The route table's patterns of the screens whose address has a parameter. */
export const pathPatterns = {
  hotel: '/hotel/:id',
  room: '/hotel/room/:id',
  review: '/hotel/:id/review',
  receipt: '/bookings/:id/receipt',
  editAdmin: '/profileSuperAdmin/editAdmin/:id',
} as const;

/** Each role's own profile screen: 'See profile' and the staff screens' way back (product §2.2). */
export function profileOf(role: Role): string {
  return role === 'superAdmin'
    ? paths.superAdminDashboard
    : role === 'admin'
      ? paths.adminProfile
      : paths.userProfile;
}

/**
 * Where the verification link of a new account leads once the address is confirmed: the
 * profile, which then says so.
 */
export const EMAIL_VERIFIED_PATH = `${paths.userProfile}?verified=1`;

/** The login screen, told to come back to `here` (path and query) once signed in. */
export function loginReturningTo(here: string): string {
  return `${paths.login}?next=${encodeURIComponent(here)}`;
}
