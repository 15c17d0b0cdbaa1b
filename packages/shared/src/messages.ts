import { timeZoneName, weekdayDate } from './time-zone-name.ts';

/**
 * Texts the API sends to people in error bodies, one place for the server (which sends them)
 * and the web and tests (which may show or expect them). Zod-free. The content forms' texts are
 * here (CONTENT_MESSAGES); other forms' texts live next to their schemas in contracts/*, the
 * product's auth texts in contracts/auth.ts.
 */

/** Refusals of the authorisation guard (product §6). */
export const GUARD_MESSAGES = {
  signedOut: 'You must log in',
  forbidden: 'Unauthorized entry',
  otherHotel: 'Unauthorized entry: this belongs to another hotel',
  crossSite: 'Cross-site request refused',
  /** A guest's own records (favourites) asked for by or for another account. */
  otherAccount: 'Unauthorized entry: this belongs to another account',
} as const;

/** Refusals of the users API (product §7.2). */
export const USERS_MESSAGES = {
  notFound: 'User not found',
  hotelOnlyForAdmins: 'Only an admin runs a hotel',
  hotelBySuperAdmin: 'Only the superAdmin assigns hotels',
  hotelMissing: 'Hotel not found',
  deleteSelf: 'You cannot delete your own account',
  deleteSuperAdmin: 'A superAdmin cannot be deleted',
  hasBookings: 'This account has bookings and cannot be deleted',
} as const;

/**
 * The admin content forms (product §5, exact texts, trailing characters included) and the limits
 * the product gives as sliders and pickers (§9), in our words. Used by the shared schemas of
 * contracts/content.ts, which the web's forms and the API both run.
 */
export const CONTENT_MESSAGES = {
  checkFields: 'Check the fields',
  imageRequired: 'Upload at least one image',
  descriptionRequired: 'Description is required',
  hotelRequired: 'Hotel name is required',
  // Rooms
  roomNameRequired: 'Room name is required',
  roomRequired: 'Room Name is required',
  priceRequired: 'The price is required',
  priceInteger: 'The price must be in integers',
  categoryRequired: 'Category is required',
  categoryLetters: 'Invalid category: must only contain letters',
  servicesRequired: 'Services is required',
  stockRequired: 'The stock is required',
  stockInteger: 'The stock must be in integers',
  // Hotels
  qualificationRequired: 'The qualification is required',
  qualificationInteger: 'The qualification must be in integers',
  addressRequired: 'Address is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  departmentRequired: 'Department is required',
  // Events
  eventNameRequired: 'Name is required',
  eventDescriptionRequired: 'Description is required.. ',
  dateRequired: 'Date is required',
  timeRequired: 'Time is required',
  eventRequired: 'Event is required',
  // Room services
  roomServiceNameRequired: 'Service name is required',
  roomServiceRequired: 'Select service name',
  // Hotel services
  hotelServiceNameRequired: 'Service Name is required',
  hotelServiceRequired: 'Select Service Name',

  // Limits (product §9) and rules the product leaves to us.
  roomNameInvalid: 'Room name must be double, family, single or suite',
  categoryInvalid: 'Category must be premium, presidential or standard',
  priceRange: 'The price must be between 10 and 1000',
  stockRange: 'The stock must be between 1 and 50',
  capacityRequired: 'The capacity is required',
  capacityInteger: 'The capacity must be in integers',
  capacityRange: 'The capacity must be between 1 and 12 guests',
  qualificationRange: 'The qualification must be between 1 and 5',
  descriptionTooLong: (max: number) => `Description must be ${max} characters at most`,
  nameTooLong: (max: number) => `Name must be ${max} characters at most`,
  addressTooLong: (max: number) => `Address must be ${max} characters at most`,
  tooManyImages: (max: number) => `Upload at most ${max} images`,
  imageInvalid: 'Each image needs the url and public_id of an upload',
  imageUnknown: 'This image was not uploaded here; upload it again',
  serviceUnknown: (name: string) => `There is no room service named ${name}`,
  servicesDuplicate: 'Each service may be chosen once',
  tooManyServices: (max: number) => `Choose at most ${max} services`,
  datePast: 'The date cannot be in the past',
  dateInvalid: 'Date must be a date as yyyy-MM-dd',
  dateTooFar: (max: string) => `The date must be on or before ${max}`,
  timeZoneRequired: 'Time zone is required',
  freeCancellationDaysRequired: 'The free-cancellation window is required',
  freeCancellationDaysInteger: 'The free-cancellation window must be a whole number of days',
  freeCancellationDaysRange: 'The free-cancellation window must be between 0 and 60 days',
  eventNightPremiumRequired: 'The event-night premium is required',
  eventNightPremiumInteger: 'The event-night premium must be a whole percentage',
  eventNightPremiumRange: 'The event-night premium must be between 0 and 300 percent',
  timeZoneInvalid: 'Time zone must be a known IANA time zone, e.g. America/Argentina/Buenos_Aires',
  timeInvalid: 'Time must be written as HH:mm',
  versionRequired: 'The version of the loaded record is required',
  /** 409: a modify carrying a version someone else has already replaced. */
  staleVersion: (what: string) =>
    `Someone else saved this ${what} in the meantime. Reload it to see their changes, then apply yours again.`,
  /** 409: a room's stock lowered under what the ledger holds on a coming night. */
  stockBelowBooked: (taken: number, night: string) =>
    `Stock cannot go below ${taken}: ${taken} units are already booked on ${night}`,
  hotelMissing: 'Hotel not found',
  locationMissing: 'There is no city with this id',
  roomServiceNameTaken: 'A room service with this name already exists',
} as const;

/** Upload refusals of POST /api/images besides the pipeline's own (which name the reason). */
export const UPLOAD_MESSAGES = {
  noFile: 'Send at least one image file (multipart/form-data, field "file")',
  tooManyFiles: (max: number) => `Send at most ${max} files at once`,
  notMultipart: 'Send the images as multipart/form-data',
  /** The body is not well-formed multipart (no boundary, cut off, a bad part header). */
  malformed: (why: string) =>
    `The multipart/form-data body could not be read (${why}): send the images as multipart/form-data with its boundary`,
} as const;

/** Writing, editing and removing reviews (product §2.12, §8), exact texts. */
export const REVIEW_MESSAGES = {
  /** Submitting the review page while signed out. */
  logIn: 'You must log in to write a review',
  submitted: 'Review submitted',
  /** Prefixes the server's text when a review is refused. */
  failed: 'Error',
  ratingRequired: 'Rating is required',
  ratingRange: 'Rating must be a whole number from 1 to 5',
  commentRequired: 'Comment is required',
  commentTooLong: (max: number) => `Comment must be ${max} characters at most`,
  hotelRequired: 'Hotel is required',
  hotelMissing: 'Hotel not found',
  userRequired: 'User is required',
  reviewMissing: 'Review not found',
  /** DELETE of a review by someone who is neither its author nor the superAdmin. */
  notYourReview:
    'Unauthorized entry: only its author or the super administrator may remove this review',
  /** The author's earlier review kept changing while this one was saved: send it again. */
  busy: 'Your review changed while it was saved; please send it again',
  removeConfirm: 'Are you sure you want to remove this review?',
  removed: 'Review removed',
  /** Who may review (product §1, §6: any signed-in user) and what marks a verified stay. */
  whoReviews:
    'Any signed-in guest may review a hotel. Reviews marked Verified stay come from guests whose stay here has ended, and are listed first.',
} as const;

/** Error texts of any route. */
export const ERROR_MESSAGES = {
  internal: 'Something went wrong on our side. Please try again.',
  notFound: (what: string) => `${what} not found`,
  routeNotFound: (method: string, path: string) => `Route ${method} ${path} not found`,
} as const;

/** The nightly rates of a room (season and weekday rules) and its price list. */
export const RATE_MESSAGES = {
  kindInvalid: 'The kind must be season or weekdays',
  fromRequired: 'The first night is required',
  toRequired: 'The last night is required',
  dateInvalid: 'Must be a date as yyyy-MM-dd',
  /** A season's last night before its first. */
  toBeforeFrom: 'The last night cannot be before the first night',
  seasonTooLong: (max: number) => `A season can last ${max} nights at most`,
  weekdaysRequired: 'Choose at least one weekday',
  weekdayInvalid: 'Weekdays are whole numbers from 0 (Sunday) to 6 (Saturday)',
  weekdaysDuplicate: 'Each weekday may be chosen once',
  /** 400: a season whose nights meet another season of the room. */
  seasonOverlaps: (from: string, to: string) =>
    `This season overlaps the room's season from ${from} to ${to}`,
  /** 400: a weekday rule sharing a weekday with another of the room. */
  weekdaysOverlap: (day: string) => `The room already has a weekday rule for ${day}`,
  rateMissing: 'Rate not found',
  /** GET /rooms/{id}/prices: `to` is the check-out, after `from`. */
  pricesOrder: 'to must be after from (it is exclusive, like a check-out)',
  pricesTooLong: (max: number) => `A price list spans ${max} nights at most`,
} as const;

/** Availability of a cart line (product §5), exact texts. */
export const AVAILABILITY_MESSAGES = {
  /** The room has no units at all. */
  noStock: 'There is no availability for this room at the moment',
  /** Some units are free for the dates, fewer than the cart asks for. */
  notEnough: 'There is not enough availability for the selected date',
  /** No unit is free on at least one night of the dates. */
  dateTaken: 'The selected date is not available',
} as const;

/** Texts of checkout and payment (product §4, §8). */
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
  holdExpired: 'Your reservation expired',
  /** The total the guest was shown is not the server's any more (a price or a line changed). */
  priceChanged: (shown: string, now: string) =>
    `The total changed from ${shown} to ${now}; check the new total and confirm again`,
  tooManyHolds: (max: number) =>
    `You already have ${max} reservations waiting for payment; pay one or let it lapse first`,
  tooManyUnits: (max: number) =>
    `Reservations waiting for payment can hold ${max} rooms at most; pay the ones you have first`,
  lapsedHolds: (max: number) =>
    `${max} of your reservations lapsed unpaid in the last day; you can reserve again a day after them or once a payment succeeds`,
  checkoutRateLimited: 'Too many reservations in a short time; please wait a moment',
  amountTooLarge: (max: string) =>
    `The total is more than one card payment can take (${max}); book fewer rooms or nights`,
  quantityTooLarge: (max: number) => `A cart line holds ${max} units at most`,
  guestsRange: (max: number) => `Guests must be a whole number from 1 to ${max}`,
  /** More guests than the line's units sleep (units × the room's capacity). */
  guestsTooMany: (units: number, sleeps: number) =>
    `${units} ${units === 1 ? 'unit sleeps' : 'units sleep'} ${sleeps} ${sleeps === 1 ? 'guest' : 'guests'} at most; add units or choose a larger room`,
  alreadyPaid: 'This reservation is already paid',
  paid: 'Successful payment',
  refunded: 'Your payment was refunded.',
  /** Product §8: the payment error text, followed by the processor's reason. */
  declined: (reason: string) => `Unprocessed Payment: ${reason}`,
  providerDown: 'The payment service did not answer; retry with the same Idempotency-Key',
  rateLimited: 'Too many payment attempts; please wait a moment',
  /** Product §8: the bookings table's Cancel. */
  cancelConfirm: 'Are you sure to cancel the reservation?',
  cancelled: 'Reservation cancelled',
  notCancelled: 'Reservation not canceled',
  /** Product §2.12: an empty booking history or bookings table. */
  noBookings: 'No reservations found',
  notConfirmed: 'Only a confirmed reservation can be cancelled',
  otherGuest: 'This reservation belongs to another account',
  /**
   * A guest's own cancel (product §4): free until the start of the day `date` (yyyy-MM-dd) in
   * the hotel's IANA `timeZone` (the strictest line's hotel for a booking spanning hotels),
   * e.g. 'Free cancellation until Sat, Dec 12, 00:00 (Buenos Aires time)'.
   */
  freeCancellationUntil: (date: string, timeZone: string) =>
    `Free cancellation until ${weekdayDate(date)}, 00:00 (${timeZoneName(timeZone)} time)`,
  /** The history's Cancel once the window has closed, and the API's refusal (403). */
  freeCancellationEnded: (date: string, timeZone: string) =>
    `Free cancellation was possible until ${weekdayDate(date)}, 00:00 (${timeZoneName(timeZone)} time)`,
  /** Before paying, a stay whose free-cancellation deadline has already passed. */
  noFreeCancellation: 'This stay can no longer be cancelled for free',
  /** A hotel's terms before a stay is picked. */
  freeCancellationPolicy: (days: number, timeZone: string) =>
    days === 0
      ? `Free cancellation until the day of check-in, 00:00 (${timeZoneName(timeZone)} time)`
      : `Free cancellation until ${days} ${days === 1 ? 'day' : 'days'} before check-in, 00:00 (${timeZoneName(timeZone)} time)`,
  /** A calendar file is for a confirmed booking only. */
  calendarNotConfirmed: 'Only a confirmed reservation can be added to a calendar',
  otherHotel: 'This hotel is not yours',
  /** Team trips: the traveller the organiser names for a cart line. */
  travellerName: 'Write the name of who is staying (100 characters at most)',
  travellerEmail: 'Write a valid e-mail for who is staying',
  /** A line named in a cancel that is not one of the booking's. */
  lineMissing: 'This stay is not part of the reservation',
  /** A traveller's line cancelled alone (product: team trips). */
  travellerCancelled: "The traveller's stay was cancelled",
} as const;

/** Business invoices at checkout and their downloads (decision 0017). */
export const INVOICE_MESSAGES = {
  companyMissing: 'Enter the company to invoice',
  taxIdInvalid: 'Enter a valid CUIT: 11 digits (XX-XXXXXXXX-X) whose last one is its check digit',
  addressMissing: 'Enter the company’s address',
  tooLong: (max: number) => `Use ${max} characters at most`,
  notConfirmed: 'A booking is invoiced once it is confirmed',
  hotelNeeded: 'This booking has rooms at several hotels: name the hotel (hotel=)',
  hotelNotInBooking: 'This booking has no rooms at that hotel',
  creditNoteMissing: 'This booking has no such credit note from that hotel',
  creditNoteNeeded: 'That hotel issued several credit notes for this booking: name one (number=)',
} as const;

/** The favourite heart and the favourites screen (product §2.6, §2.10, §8), exact texts. */
export const WAITLIST_MESSAGES = {
  join: 'Join the waitlist',
  joined: 'You are on the waitlist: we e-mail you when a room is free',
  left: 'You left the waitlist',
  roomMissing: (id: number) => `Room ${id} not found`,
  /** A stay the room still has the units for: book it instead. */
  unitsFree: 'This room has units free for the stay: book it instead',
  tooMany: (max: number) =>
    `You can wait for at most ${max} stays at once; leave one before joining another`,
  checkInPast: 'The check-in has passed',
  entryMissing: (id: number) => `Waitlist entry ${id} not found`,
  notYours: 'This waitlist entry is not yours',
  none: 'You are not waiting for any room',
} as const;

export const FAVORITES_MESSAGES = {
  /** The heart clicked while signed out. */
  logIn: 'You must log in to add a room to favorites',
  added: (room: string) => `${room} added to favorites`,
  removed: (room: string) => `${room} removed from favorites`,
  loading: 'Loading favorites...',
  /** The favourites screen of an account that has none. */
  none: 'No favorites yet',
  roomMissing: (id: number) => `Room ${id} not found`,
  tooMany: (max: number) =>
    `You can keep at most ${max} favorite rooms; remove some before adding more`,
} as const;
