import {
  ANNOUNCEMENT_STATUSES,
  BOOKING_STATUSES,
  EVENT_PREMIUM_PERCENT_MAX,
  EVENT_PREMIUM_PERCENT_MIN,
  FREE_CANCELLATION_DAYS_DEFAULT,
  FREE_CANCELLATION_DAYS_MAX,
  FREE_CANCELLATION_DAYS_MIN,
  HOTEL_TIME_ZONE_DEFAULT,
  INVOICE_KINDS,
  MAIL_STATUSES,
  PAYMENT_STATUSES,
  ROLES,
  ROOM_CATEGORIES,
  ROOM_NAMES,
  WAITLIST_STATES,
} from '@devstay/shared/constants';
import { RATE_KINDS } from '@devstay/shared/rates';
import { relations, type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * A picture as entities reference it: where to fetch it (the largest variant), the id of the
 * stored picture, its size and its variants (narrowest first). Size and variants are absent on
 * references made before the image pipeline.
 */
export type ImageRef = {
  url: string;
  public_id: string;
  width?: number;
  height?: number;
  variants?: { url: string; width: number }[];
};

/**
 * `column in ('a','b',…)` from a list of @devstay/shared, so a status or role is spelled in one
 * place for the API, the web and the database's check constraint. The values are our own
 * constants (never input), written as literals because a check constraint takes no parameters.
 */
function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  const literals = values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',');
  return sql`${column} in (${sql.raw(literals)})`;
}

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/**
 * Optimistic concurrency of content edits: every modify carries the version it loaded and is
 * applied by `UPDATE … WHERE id = $1 AND version = $2`, raising it by one.
 */
const version = () => integer('version').notNull().default(1);
/**
 * Money in cents, 64-bit: a cart of many rooms over a long stay passes 2^31 cents. Read as a
 * JavaScript number, exact up to 2^53 (the contracts cap amounts there).
 */
const cents = (name: string) => bigint(name, { mode: 'number' });

// ── Locations: one row per city, carrying its department and state (product §3).
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    state: text('state').notNull(),
    department: text('department').notNull(),
    city: text('city').notNull(),
    /** searchKey(city): case- and accent-insensitive match for the city filter. */
    cityKey: text('city_key').notNull(),
    /**
     * placeKey(city, department, state): the place's part of its hotels' `search_key`; a
     * trigger writes it into them again when it changes (a place renamed).
     */
    placeKey: text('place_key').notNull(),
  },
  (t) => [
    uniqueIndex('locations_state_department_city_uq').on(t.state, t.department, t.city),
    index('locations_city_key_idx').on(t.cityKey),
    index('locations_department_idx').on(t.department),
  ],
);

// ── Stored image files (uploads and generated seed images).
export const images = pgTable('images', {
  publicId: text('public_id').primaryKey(),
  url: text('url').notNull(),
  contentType: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: integer('bytes').notNull(),
  /** Every stored file of the picture (one per width), to serve `srcset` and to delete them all. */
  variants: jsonb('variants')
    .$type<{ key: string; url: string; width: number; height: number; bytes: number }[]>()
    .notNull()
    .default([]),
  uploadedBy: text('uploaded_by'),
  createdAt: createdAt(),
});

// ── Hotels
export const hotels = pgTable(
  'hotels',
  {
    id: serial('id').primaryKey(),
    /** As typed (docs/product.md, Names as typed). */
    name: text('name').notNull(),
    /** searchKey(name): what the list's orders and the name pickers sort by. */
    nameKey: text('name_key').notNull(),
    /**
     * What the search box matches (searchWords, trigram-indexed): `name_key`, a space and its
     * location's `place_key`. Written by the database's triggers (migration
     * 0025_hotel_search_by_place): a hotel's on insert and on a change of its name or place, its
     * location's on a rename. The default only lets a writer leave it out.
     */
    searchKey: text('search_key').notNull().default(''),
    image: jsonb('image').$type<ImageRef[]>().notNull().default([]),
    qualification: smallint('qualification').notNull(),
    description: text('description').notNull(),
    address: text('address').notNull(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    /**
     * IANA time zone (validated with Intl by the API): the hotel's "today" — past check-ins,
     * event dates, the ledger's coming nights — is its calendar date there (`calendarDateIn`).
     */
    timeZone: text('time_zone').notNull().default(HOTEL_TIME_ZONE_DEFAULT),
    /**
     * Days before check-in a guest may still cancel for free: until the start of that day in
     * `time_zone` (product §4, `freeCancellationDeadline` in bookings/records.ts).
     */
    freeCancellationDays: integer('free_cancellation_days')
      .notNull()
      .default(FREE_CANCELLATION_DAYS_DEFAULT),
    /** Percent added to a room's night on the dates of the hotel's own events (rates). */
    eventNightPremiumPercent: integer('event_night_premium_percent').notNull().default(0),
    /**
     * The most guests a unit of one of its rooms sleeps (0 without rooms): a search with guests
     * leaves out a hotel with no room so large before probing its rooms and nights. Written by
     * the database's triggers on rooms (migration 0031_hotel_largest_room).
     */
    largestRoomCapacity: smallint('largest_room_capacity').notNull().default(0),
    /**
     * The card's "from" price: the least of its rooms' `devstay_room_from` (devstay_hotels_from),
     * null without rooms. Written by the database's triggers on rooms and room_rates (migrations
     * 0022 and 0034, whoever writes them), so a list page reads it with the card's own row. It
     * holds through `fromUntil`, the last night of the first season still to end (null: until a
     * room or rule changes); after that day a card reads it from the rooms (LISTED_FROM_SELECT in
     * hotels/repository.ts). Not indexed: where its page has room, a room's write rewrites the
     * row with no new index entry (a HOT update).
     */
    fromCents: integer('from_cents'),
    fromUntil: date('from_until', { mode: 'string' }),
    /** Kept by the reviews module so lists need no aggregate per request. */
    reviewCount: integer('review_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    /** The review average, null without reviews: what the "Guest rating" order walks. */
    ratingAverage: real('rating_average').generatedAlwaysAs(
      sql`case when review_count > 0 then rating_sum::real / review_count end`,
    ),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('hotels_qualification_ck', sql`${t.qualification} between 1 and 5`),
    check(
      'hotels_free_cancellation_days_ck',
      sql`${t.freeCancellationDays} between ${sql.raw(String(FREE_CANCELLATION_DAYS_MIN))} and ${sql.raw(String(FREE_CANCELLATION_DAYS_MAX))}`,
    ),
    check(
      'hotels_event_night_premium_percent_ck',
      sql`${t.eventNightPremiumPercent} between ${sql.raw(String(EVENT_PREMIUM_PERCENT_MIN))} and ${sql.raw(String(EVENT_PREMIUM_PERCENT_MAX))}`,
    ),
    index('hotels_search_key_trgm_idx').using('gin', sql`${t.searchKey} gin_trgm_ops`),
    // Every index of an order holds the name key and the location after the id (which orders
    // nothing further): a walk tests the search box's words against the hotel's name and
    // place from the index alone (the name filter), never reading a table row.
    index('hotels_name_key_id_idx').on(t.nameKey, t.id, t.locationId),
    index('hotels_qualification_name_key_idx').on(t.qualification, t.nameKey, t.id, t.locationId),
    // "Highest score" lists stars descending, names ascending: a mixed order needs its own index.
    index('hotels_qualification_desc_name_key_idx').on(
      t.qualification.desc(),
      t.nameKey,
      t.id,
      t.locationId,
    ),
    index('hotels_location_name_key_idx').on(t.locationId, t.nameKey, t.id),
    // A stay search's count with guests and no city nor text (dates, stars): the hotels with a
    // room large enough, before their rooms and nights are probed. Without, a count of 3-star
    // hotels for 4 guests probed the rooms of every 3-star hotel it passed, half of them too
    // small (docs/scaling.md, Stay search).
    index('hotels_qualification_largest_room_idx').on(t.qualification, t.largestRoomCapacity, t.id),
    // Covers a city + stars (+ name) search: matches are found and sorted from the index alone.
    // Nothing after the id: an index-only scan takes apart every column of each entry it
    // passes, and the guest rating's two cost a city's page by name 2 % more (docs/scaling.md).
    index('hotels_location_qualification_name_key_idx').on(
      t.locationId,
      t.qualification,
      t.nameKey,
      t.id,
    ),
    // The same in guest rating order, walked in it. Without, that order read every star level
    // of the city from its own index (a mid-sized city's page counted beside: 58 buffers
    // against 12).
    index('hotels_location_qualification_rating_idx').on(
      t.locationId,
      t.qualification,
      t.ratingAverage.desc().nullsLast(),
      t.reviewCount.desc(),
      t.nameKey,
      t.id,
    ),
    // "Guest rating": best average first, more reviews first among equals, unreviewed last.
    // Stars and location after the id (which orders nothing further) so that a walk of this
    // order filters by them from the index alone: without, each hotel walked was a table row
    // read (a page with stars, some 400 buffers).
    index('hotels_rating_name_key_idx').on(
      t.ratingAverage.desc().nullsLast(),
      t.reviewCount.desc(),
      t.nameKey,
      t.id,
      t.qualification,
      t.locationId,
    ),
    // "Guest rating" within a city (+ stars), as the city's other orders: its hotels from the
    // index alone, then sorted. Without, a city's page walked the whole order's index and read
    // a table row for each hotel passed (some 4,400 buffers for a page of a mid-sized city).
    index('hotels_location_rating_name_key_idx').on(
      t.locationId,
      t.ratingAverage.desc().nullsLast(),
      t.reviewCount.desc(),
      t.nameKey,
      t.id,
      t.qualification,
    ),
  ],
);

/**
 * A narrow copy of what a stay search by a text reads of each hotel before probing its rooms:
 * the search key (trigram-indexed), the largest room and the time zone. Read through the copy,
 * a common word's candidates are some 100 bytes each instead of a whole hotel row (some 800:
 * description, pictures, address): a quarter to a third of such a count (docs/scaling.md,
 * A stay search by a text). Written by the database only (migration 0032: a
 * trigger on hotels; a bulk load that skips triggers calls devstay_store_hotel_search).
 */
export const hotelSearch = pgTable(
  'hotel_search',
  {
    hotelId: integer('hotel_id')
      .primaryKey()
      .references(() => hotels.id, { onDelete: 'cascade' }),
    searchKey: text('search_key').notNull(),
    largestRoomCapacity: smallint('largest_room_capacity').notNull(),
    timeZone: text('time_zone').notNull(),
  },
  (t) => [index('hotel_search_search_key_trgm_idx').using('gin', sql`${t.searchKey} gin_trgm_ops`)],
);

// ── Room services: a global catalogue (wifi, desk, …) that rooms pick from.

export const roomServices = pgTable(
  'room_services',
  {
    id: serial('id').primaryKey(),
    /** As typed (docs/product.md, Names as typed). */
    name: text('name').notNull(),
    /** searchKey(name): one service per name, whatever its case and accents. */
    nameKey: text('name_key').notNull(),
    image: jsonb('image').$type<ImageRef[]>().notNull().default([]),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('room_services_name_key_uq').on(t.nameKey)],
);

// ── Rooms: a room type of a hotel with `stock` identical units.
export const rooms = pgTable(
  'rooms',
  {
    id: serial('id').primaryKey(),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    image: jsonb('image').$type<ImageRef[]>().notNull().default([]),
    /** Nightly price in cents. */
    priceCents: integer('price_cents').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    stock: integer('stock').notNull(),
    /** Guests one unit sleeps. */
    capacity: integer('capacity').notNull().default(2),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A stay search probes a hotel's rooms for every hotel it walks: the columns it tests are
    // in the index, so the probe never reads the wide room rows (pictures, descriptions), which
    // outgrow the buffer cache on a large catalogue (docs/scaling.md, Stay search).
    index('rooms_hotel_capacity_stock_idx').on(t.hotelId, t.capacity, t.stock, t.id),
    check('rooms_name_ck', oneOf(t.name, ROOM_NAMES)),
    check('rooms_category_ck', oneOf(t.category, ROOM_CATEGORIES)),
    check('rooms_stock_ck', sql`${t.stock} between 0 and 50`),
    check('rooms_capacity_ck', sql`${t.capacity} between 1 and 12`),
    check('rooms_price_ck', sql`${t.priceCents} > 0`),
  ],
);

/**
 * A room's nightly rates beyond its base price (shared rates.ts prices them): a `season` prices
 * the nights first_night..last_night (both included), a `weekdays` rule the nights on its
 * weekdays (0 = Sunday). Rules of one kind of a room do not overlap (checked by the API under
 * the room's row lock).
 */
export const roomRates = pgTable(
  'room_rates',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    firstNight: date('first_night', { mode: 'string' }),
    lastNight: date('last_night', { mode: 'string' }),
    weekdays: smallint('weekdays').array(),
    priceCents: integer('price_cents').notNull(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('room_rates_room_idx').on(t.roomId),
    check('room_rates_kind_ck', oneOf(t.kind, RATE_KINDS)),
    check('room_rates_price_ck', sql`${t.priceCents} > 0`),
    check(
      'room_rates_shape_ck',
      sql`(${t.kind} = 'season' and ${t.firstNight} is not null and ${t.lastNight} >= ${t.firstNight} and ${t.weekdays} is null)
        or (${t.kind} = 'weekdays' and ${t.weekdays} is not null and ${t.firstNight} is null and ${t.lastNight} is null)`,
    ),
  ],
);

export const roomRoomServices = pgTable(
  'room_room_services',
  {
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    roomServiceId: integer('room_service_id')
      .notNull()
      .references(() => roomServices.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.roomServiceId] }),
    index('room_room_services_service_idx').on(t.roomServiceId),
  ],
);

// ── Hotel services: what a hotel itself offers (coworking, fast fibre, …).
export const hotelServices = pgTable(
  'hotel_services',
  {
    id: serial('id').primaryKey(),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    image: jsonb('image').$type<ImageRef[]>().notNull().default([]),
    description: text('description').notNull(),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [index('hotel_services_hotel_idx').on(t.hotelId)],
);

// ── IT events hosted by hotels.
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    time: time('time').notNull(),
    image: jsonb('image').$type<ImageRef[]>().notNull().default([]),
    description: text('description').notNull(),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [index('events_date_idx').on(t.date, t.time), index('events_hotel_idx').on(t.hotelId)],
);

// ── Users, in the shape Better Auth expects (users/sessions/accounts/verifications),
//    plus the profile fields of product §3. `name` is the display name.
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** Display name (Better Auth's `name`). */
    name: text('name').notNull().default(''),
    /** Profile photo URL (Better Auth's `image`, the product's photoURL). */
    image: text('image'),
    rol: text('rol').notNull().default('user'),
    firstName: text('first_name'),
    lastname: text('lastname'),
    address: text('address'),
    city: text('city'),
    country: text('country'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    dni: text('dni'),
    /** The hotel an admin runs, by id (renaming the hotel keeps the admin). */
    hotelId: integer('hotel_id').references(() => hotels.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('users_rol_ck', oneOf(t.rol, ROLES)), index('users_hotel_idx').on(t.hotelId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

/**
 * The relations the identity library joins on (`advanced.database.joins`): a session is read
 * with its account in one query on every signed-in request, instead of two.
 */
export const sessionRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));
export const accountRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}));
export const userRelations = relations(users, ({ many }) => ({
  accounts: many(accounts),
  sessions: many(sessions),
}));

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

// ── Rate-limit counters of the identity endpoints (Better Auth's database storage, shared by
//    every API process): one row per client address and path.
export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  /** Milliseconds since the epoch of the last counted request. */
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

// ── Reviews: one per hotel and author (a second one replaces the first); `verifiedStay` when
//    the author's confirmed stay there had ended when they wrote it.
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull(),
    verifiedStay: boolean('verified_stay').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('reviews_rating_ck', sql`${t.rating} between 1 and 5`),
    index('reviews_hotel_idx').on(t.hotelId, t.createdAt),
    // Reviews whose author's account was deleted keep a null author: they never collide.
    uniqueIndex('reviews_hotel_user_uq').on(t.hotelId, t.userId),
  ],
);

// ── Favourite rooms of a user.
export const favorites = pgTable(
  'favorites',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roomId] })],
);

// ── Bookings: one per checkout. `pending` holds units until `holdExpiresAt`;
//    `confirmed` once paid; `cancelled` by an admin (refunded); `expired` when a hold lapsed.
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('pending'),
    /** The client's idempotency key: the same key never makes a second booking of its user. */
    idempotencyKey: text('idempotency_key').notNull(),
    totalQuantity: integer('total_quantity').notNull(),
    totalCents: cents('total_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('bookings_status_ck', oneOf(t.status, BOOKING_STATUSES)),
    // Keys are chosen by clients: unique per account, so one account cannot block another's.
    uniqueIndex('bookings_user_idempotency_key_uq').on(t.userId, t.idempotencyKey),
    index('bookings_user_idx').on(t.userId, t.createdAt),
    index('bookings_status_hold_idx').on(t.status, t.holdExpiresAt),
  ],
);

export const bookingLines = pgTable(
  'booking_lines',
  {
    id: serial('id').primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id),
    checkIn: date('check_in', { mode: 'string' }).notNull(),
    checkOut: date('check_out', { mode: 'string' }).notNull(),
    quantity: integer('quantity').notNull(),
    /** Guests staying, at most quantity × the room's capacity when booked. */
    guests: integer('guests').notNull().default(1),
    /** The room's base nightly price at booking time. */
    nightlyCents: cents('nightly_cents').notNull(),
    /**
     * What each night of [check_in, check_out) was charged per unit, in order (the rates that
     * applied): receipts and revenue read these, never today's rates.
     */
    nightCents: cents('night_cents').array().notNull(),
    totalCents: cents('total_cents').notNull(),
    /**
     * Who stays in the line's rooms when the organiser (the booking's guest) books for someone
     * else: name and e-mail as typed, both or neither. An account with this e-mail, verified,
     * sees the stay in its history, without prices.
     */
    travellerName: text('traveller_name'),
    travellerEmail: text('traveller_email'),
    /**
     * When this line alone was cancelled, the rest of its booking staying confirmed (a whole
     * booking's cancel leaves it null: the booking's status says it).
     */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /**
     * When the processor gave back the refund of a line cancelled alone (its key:
     * `refund-line-{id}`); null while it is due.
     */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /**
     * The credit note that credited this line, issued by the cancel that owed its refund (the
     * line's own, or the whole booking's): a line is credited once (decision 0017).
     */
    creditNoteId: integer('credit_note_id').references((): AnyPgColumn => invoices.id),
  },
  (t) => [
    check('booking_lines_dates_ck', sql`${t.checkOut} > ${t.checkIn}`),
    check(
      'booking_lines_traveller_ck',
      sql`(${t.travellerName} is null) = (${t.travellerEmail} is null)`,
    ),
    // A traveller's stays, found by the e-mail of the account that signs in.
    index('booking_lines_traveller_idx')
      .on(sql`lower(${t.travellerEmail})`)
      .where(sql`${t.travellerEmail} is not null`),
    // Lines cancelled alone whose refund is still due (the reconciliation's look).
    index('booking_lines_refund_due_idx')
      .on(t.cancelledAt)
      .where(sql`${t.cancelledAt} is not null and ${t.refundedAt} is null`),
    check('booking_lines_quantity_ck', sql`${t.quantity} > 0`),
    check('booking_lines_guests_ck', sql`${t.guests} > 0`),
    index('booking_lines_booking_idx').on(t.bookingId),
    index('booking_lines_hotel_idx').on(t.hotelId, t.checkIn),
    index('booking_lines_room_idx').on(t.roomId, t.checkIn),
  ],
);

/**
 * Inventory ledger: units of a room taken (held or booked) on one night. A booking adds to
 * `taken` with a guarded update (`taken + n <= stock`), so no interleaving can oversell.
 */
export const roomNights = pgTable(
  'room_nights',
  {
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    night: date('night', { mode: 'string' }).notNull(),
    taken: integer('taken').notNull().default(0),
    /**
     * Of `taken`, units given back while a waitlist waits for the night: kept taken until the
     * delivery of their `unitsFreed` announcement offers them to the line or gives them back
     * (modules/waitlist), so no checkout takes them in between.
     */
    waitlisted: integer('waitlisted').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.night] }),
    check('room_nights_taken_ck', sql`${t.taken} >= 0`),
    check('room_nights_waitlisted_ck', sql`${t.waitlisted} between 0 and ${t.taken}`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    /** The client's idempotency key (a booking has one payment, hence one key). */
    idempotencyKey: text('idempotency_key').notNull(),
    amountCents: cents('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status').notNull(),
    /** Card brand and last four digits only; the card number is never stored. */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    receiptUrl: text('receipt_url'),
    refundedCents: cents('refunded_cents').notNull().default(0),
    failureReason: text('failure_reason'),
    /**
     * Why the processor refused to give this payment back (disputed, refunded elsewhere): the
     * reconciliation records it and leaves the payment to people instead of retrying for ever.
     */
    refundRefusal: text('refund_refusal'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payments_status_ck', oneOf(t.status, PAYMENT_STATUSES)),
    // One payment per booking, refused by the database itself: the payment call starts a
    // payment in one statement that does not wait for its booking's lock before looking for an
    // earlier one (payments/repository.ts, startCharge), so two racing first calls meet here.
    uniqueIndex('payments_booking_uq').on(t.bookingId),
    // Processor webhooks name the processor's charge (charge.refunded).
    index('payments_provider_ref_idx').on(t.providerRef),
  ],
);

/**
 * Processor webhook events already handled, by the processor's event id: a delivery repeated by
 * the processor is answered without being applied again.
 */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  paymentId: uuid('payment_id').references(() => payments.id),
  createdAt: createdAt(),
});

// ── Mail outbox: every e-mail is written here first, then delivered by the mail worker.
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('mail_outbox_status_ck', oneOf(t.status, MAIL_STATUSES)),
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/** Raw bytes (PostgreSQL bytea), read and written as Buffers by node-postgres. */
const bytes = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Largest attachment a message may carry, in bytes: the outbox keeps whole messages and an
 * SMTP server refuses large ones, so files that big are linked, not attached.
 */
export const MAIL_ATTACHMENT_MAX_BYTES = 256 * 1024;

/** A message's attached files, written with it and sent with it, in `position` order. */
export const mailAttachments = pgTable(
  'mail_attachments',
  {
    mailId: uuid('mail_id')
      .notNull()
      .references(() => mailOutbox.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    filename: text('filename').notNull(),
    /** The full media type, parameters included ('text/calendar; method=PUBLISH'). */
    contentType: text('content_type').notNull(),
    content: bytes('content').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.mailId, t.position] }),
    check(
      'mail_attachments_size_ck',
      sql`octet_length(${t.content}) <= ${sql.raw(String(MAIL_ATTACHMENT_MAX_BYTES))}`,
    ),
  ],
);

/**
 * What the booking domain announced (lib/announcements.ts), written by the transaction that made
 * it true and delivered to the subscribers after it committed, by whichever process claims the
 * row first (FOR UPDATE SKIP LOCKED). `delivered_to` names the subscribers that handled it, so a
 * retry runs only those that failed.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    event: jsonb('event').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    deliveredTo: text('delivered_to').array().notNull().default(sql`'{}'::text[]`),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('announcements_status_ck', oneOf(t.status, ANNOUNCEMENT_STATUSES)),
    index('announcements_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index('announcements_delivered_idx').on(t.deliveredAt).where(sql`status = 'delivered'`),
  ],
);

/**
 * The waitlist of sold-out stays (modules/waitlist): a guest waiting for `quantity` units of a
 * room for the nights [check_in, check_out), in line by `created_at` (then id). An offer is a
 * pending booking held for the entry (`booking_id`; the offer ends with its hold); at most
 * one live entry (waiting or offered) per account, room and stay.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    checkIn: date('check_in', { mode: 'string' }).notNull(),
    checkOut: date('check_out', { mode: 'string' }).notNull(),
    quantity: integer('quantity').notNull(),
    state: text('state').notNull().default('waiting'),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('waitlist_entries_state_ck', oneOf(t.state, WAITLIST_STATES)),
    check('waitlist_entries_quantity_ck', sql`${t.quantity} > 0`),
    check('waitlist_entries_stay_ck', sql`${t.checkIn} < ${t.checkOut}`),
    uniqueIndex('waitlist_entries_live_uq')
      .on(t.userId, t.roomId, t.checkIn, t.checkOut)
      .where(sql`state in ('waiting', 'offered')`),
    // The line of a room: its waiting entries in the order they joined.
    index('waitlist_entries_line_idx')
      .on(t.roomId, t.createdAt, t.id)
      .where(sql`state = 'waiting'`),
    index('waitlist_entries_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('waitlist_entries_booking_uq').on(t.bookingId),
  ],
);

// ── Footer offers sign-ups.
export const offerSubscribers = pgTable('offer_subscribers', {
  email: text('email').primaryKey(),
  createdAt: createdAt(),
});

// ── The built-in test card processor's own records. They stand for the processor's side, so
// they outlive a crash of the process that made the charge, as a real processor's would.
export const testCardCharges = pgTable('test_card_charges', {
  /** The merchant's idempotency key: one charge per key. */
  idempotencyKey: text('idempotency_key').primaryKey(),
  /** The charge's id at the processor (captured charges), what refunds name. */
  providerRef: text('provider_ref').unique(),
  /** What the charge became, as `find` answers it (brand and last four, never the number). */
  outcome: jsonb('outcome').notNull(),
  amountCents: cents('amount_cents').notNull(),
  refundedCents: cents('refunded_cents').notNull().default(0),
  /** The cardholder disputed the charge (test card 4000 0000 0000 0259): refunds are refused. */
  disputed: boolean('disputed').notNull().default(false),
  /** Refund idempotency keys already honoured: a repeated refund gives nothing back twice. */
  refundKeys: text('refund_keys').array().notNull().default(sql`'{}'::text[]`),
  createdAt: createdAt(),
});

// ── Business invoices (decision 0017).
/** Whom a booking is invoiced to when the guest named a company at checkout. */
export const bookingBilling = pgTable('booking_billing', {
  bookingId: uuid('booking_id')
    .primaryKey()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  company: text('company').notNull(),
  /** An Argentine CUIT, 11 digits (check digit verified by the contract). */
  taxId: text('tax_id').notNull(),
  address: text('address').notNull(),
});

/**
 * The last number a hotel gave in a series. Only the database's functions change it: the
 * invoices' trigger (migration 0023), in the transaction that confirms a booking, and the credit
 * notes' (migration 0029), in the transaction of the cancel that owes a refund. The row stays
 * locked until that commits, so a rollback or a crash gives the number back and a commit keeps it.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id),
    kind: text('kind').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.hotelId, t.kind] }),
    check('invoice_counters_kind_ck', oneOf(t.kind, INVOICE_KINDS)),
  ],
);

/**
 * An invoice (or credit note) of one hotel for its part of one booking: number, date, the
 * seller as it was then and the part's total. The lines are the booking's own (stored prices):
 * an invoice's, all the hotel's lines; a credit note's, the lines it credited (`credit_note_id`).
 * One invoice per hotel and booking; credit notes as many as cancels refunded its lines.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id),
    kind: text('kind').notNull(),
    number: integer('number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    sellerName: text('seller_name').notNull(),
    sellerAddress: text('seller_address').notNull(),
    totalCents: cents('total_cents').notNull(),
    currency: text('currency').notNull(),
  },
  (t) => [
    check('invoices_kind_ck', oneOf(t.kind, INVOICE_KINDS)),
    uniqueIndex('invoices_number_uq').on(t.hotelId, t.kind, t.number),
    uniqueIndex('invoices_booking_hotel_uq')
      .on(t.bookingId, t.hotelId)
      .where(sql`${t.kind} = 'invoice'`),
  ],
);

// ── Channels: each room's calendar shared with other sales channels (modules/channels).

/**
 * A room's secret export address: the SHA-256 of its key (the key itself is shown once), and
 * what the feed last answered — a digest of its blocked nights and when that last changed, the
 * file's DTSTAMP and Last-Modified, so the same nights are the same bytes in every process.
 */
export const roomExportKeys = pgTable('room_export_keys', {
  roomId: integer('room_id')
    .primaryKey()
    .references(() => rooms.id, { onDelete: 'cascade' }),
  keyHash: text('key_hash').notNull(),
  digest: text('digest'),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
});

/**
 * A calendar another channel publishes for a room (Booking.com, Airbnb, a desk's calendar):
 * fetched on a schedule, each event a block of `units_per_event` units. `lease_*` is the claim
 * of the one process syncing it; `etag`/`last_modified` make the next fetch conditional.
 */
export const channelFeeds = pgTable(
  'channel_feeds',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    unitsPerEvent: integer('units_per_event').notNull().default(1),
    paused: boolean('paused').notNull().default(false),
    etag: text('etag'),
    lastModified: text('last_modified'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    eventsRead: integer('events_read').notNull().default(0),
    leaseToken: uuid('lease_token'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('channel_feeds_room_idx').on(t.roomId),
    check('channel_feeds_units_ck', sql`${t.unitsPerEvent} between 1 and 50`),
  ],
);

/**
 * Units of a room kept off sale for nights [first_night, end_night), taken on the ledger
 * (room_nights) as a booking's are and given back through its one release: by staff (`reason`)
 * or by an imported event (`feed_id`, `event_key`: the event's UID, and its occurrence for a
 * recurring one — the same key is the same block).
 */
export const roomBlocks = pgTable(
  'room_blocks',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    // No cascade: a feed's blocks give their units back (the ledger's release) before it goes.
    feedId: integer('feed_id').references(() => channelFeeds.id),
    eventKey: text('event_key'),
    firstNight: date('first_night', { mode: 'string' }).notNull(),
    endNight: date('end_night', { mode: 'string' }).notNull(),
    units: integer('units').notNull(),
    reason: text('reason').notNull(),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('room_blocks_room_idx').on(t.roomId, t.firstNight),
    uniqueIndex('room_blocks_feed_event_uq').on(t.feedId, t.eventKey),
    check('room_blocks_nights_ck', sql`${t.endNight} > ${t.firstNight}`),
    check('room_blocks_units_ck', sql`${t.units} between 1 and 50`),
    check('room_blocks_source_ck', sql`(${t.feedId} is null) = (${t.eventKey} is null)`),
  ],
);

/**
 * An imported event that did not fit: its nights were already sold here. Kept with both sides —
 * the channel's event and the bookings on those nights — until the event fits, moves or goes;
 * `emailed_at` says the hotel's staff were told (once).
 */
export const channelConflicts = pgTable(
  'channel_conflicts',
  {
    id: serial('id').primaryKey(),
    feedId: integer('feed_id')
      .notNull()
      .references(() => channelFeeds.id, { onDelete: 'cascade' }),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    eventKey: text('event_key').notNull(),
    summary: text('summary').notNull(),
    firstNight: date('first_night', { mode: 'string' }).notNull(),
    endNight: date('end_night', { mode: 'string' }).notNull(),
    units: integer('units').notNull(),
    /** The first night that did not fit, and the bookings holding units on the event's nights. */
    soldNight: date('sold_night', { mode: 'string' }).notNull(),
    bookings: jsonb('bookings')
      .$type<{ bookingId: string; checkIn: string; checkOut: string; quantity: number }[]>()
      .notNull(),
    detectedAt: createdAt(),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('channel_conflicts_feed_event_uq').on(t.feedId, t.eventKey),
    index('channel_conflicts_room_idx').on(t.roomId),
  ],
);
