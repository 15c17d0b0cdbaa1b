/**
 * The demo business: past and upcoming stays at the demo hotels, booked and paid through the
 * site's own path — checkout (`checkout`), then a card payment with the built-in test card
 * processor (`payBooking`) — so the ledger's nights, the payments, the receipts and the
 * dashboard agree as they do for any guest, and each guest gets the receipt e-mail. Guests who stayed leave a review (`saveReview`),
 * verified by that stay.
 *
 * A stay already over cannot be booked today: checkout refuses a check-in before the hotel's
 * date. Each stay is booked instead with the clock of the day it was booked (the `now` both
 * functions take), as the guest booked it then. PostgreSQL stamps its rows with its own clock,
 * so once paid the booking and its payment are dated to that day.
 */

import { randomBytes } from 'node:crypto';
import type { Config } from '@devstay/api/config';
import type { Db } from '@devstay/api/db/client';
import { bookings, hotels, payments, rooms, users } from '@devstay/api/db/schema';
import { HttpError } from '@devstay/api/lib/errors';
import { receiptUrl } from '@devstay/api/lib/site-links';
import { createPasswordAccount, EmailInUseError } from '@devstay/api/modules/auth/accounts';
import { quoteCart } from '@devstay/api/modules/availability/quote';
import { checkout } from '@devstay/api/modules/bookings/checkout';
import { holdLimits } from '@devstay/api/modules/bookings/rules';
import { payBooking } from '@devstay/api/modules/payments/pay';
import { createTestCardProvider } from '@devstay/api/modules/payments/test-card-provider';
import { saveReview } from '@devstay/api/modules/reviews/repository';
import { addDays, calendarDateIn } from '@devstay/shared/stay';
import { and, asc, desc, eq, inArray, like, sql } from 'drizzle-orm';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';

/**
 * Prefix of the seed's idempotency keys: a stay's key makes it once, whatever restarts.
 * @internal
 */
export const DEMO_STAY_KEY = 'demo-stay-';

/** Guests of the demo stays besides the demo guest; they sign in only by a password reset. */
const DEMO_GUESTS = [
  {
    email: 'lucia.romero@example.com',
    name: 'Lucía Romero',
    firstName: 'Lucía',
    lastname: 'Romero',
  },
  {
    email: 'mateo.gonzalez@example.com',
    name: 'Mateo González',
    firstName: 'Mateo',
    lastname: 'González',
  },
  { email: 'priya.raman@example.com', name: 'Priya Raman', firstName: 'Priya', lastname: 'Raman' },
] as const;

const DEMO_GUEST_EMAIL = DEMO_ACCOUNTS.find((a) => a.rol === 'user')?.email ?? '';

interface PlannedStay {
  /** Which demo hotel, by its rank in id order (0: the demo admin's). */
  hotel: number;
  /** The demo guest, or one of DEMO_GUESTS by index. */
  guest: 'demo' | number;
  /** Check-in, in days from the hotel's today (negative: in the past). */
  checkIn: number;
  nights: number;
  /** Days before check-in the stay was booked (at most: never after today). */
  bookedAhead: number;
  /** The review its guest left once home (past stays only). */
  review?: { rating: number; comment: string };
}

/**
 * Stays from four months back to two months ahead: most at the demo admin's hotel, whose
 * dashboard and bookings table they fill; the demo guest has past and coming ones.
 * @internal
 */
export const DEMO_STAYS: readonly PlannedStay[] = [
  { hotel: 0, guest: 'demo', checkIn: -118, nights: 3, bookedAhead: 30 },
  {
    hotel: 0,
    guest: 0,
    checkIn: -75,
    nights: 4,
    bookedAhead: 21,
    review: {
      rating: 5,
      comment: 'Fibre never dropped on my calls and the standing desk was ready on arrival.',
    },
  },
  { hotel: 0, guest: 1, checkIn: -41, nights: 2, bookedAhead: 14 },
  {
    hotel: 0,
    guest: 2,
    checkIn: -16,
    nights: 5,
    bookedAhead: 40,
    review: {
      rating: 4,
      comment: 'Quiet room for a release week; breakfast could start earlier for early stand-ups.',
    },
  },
  { hotel: 0, guest: 'demo', checkIn: 9, nights: 3, bookedAhead: 12 },
  { hotel: 0, guest: 0, checkIn: 26, nights: 2, bookedAhead: 5 },
  { hotel: 0, guest: 1, checkIn: 47, nights: 4, bookedAhead: 3 },
  {
    hotel: 1,
    guest: 'demo',
    checkIn: -52,
    nights: 2,
    bookedAhead: 20,
    review: {
      rating: 5,
      comment: 'Dual monitors in the room and a co-working floor that stays open late.',
    },
  },
  { hotel: 1, guest: 2, checkIn: 33, nights: 3, bookedAhead: 10 },
  {
    hotel: 2,
    guest: 1,
    checkIn: -28,
    nights: 3,
    bookedAhead: 25,
    review: {
      rating: 4,
      comment: 'Good base for the meetup downtown; the Wi-Fi held up under a big push.',
    },
  },
  { hotel: 2, guest: 'demo', checkIn: 58, nights: 2, bookedAhead: 1 },
];

/** The test processor's card that always succeeds. */
const TEST_CARD = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };

export interface StaysReport {
  /** Stays booked by this call (0 when they were all there already). */
  booked: number;
  reviews: number;
  /** Why nothing was done, when nothing was. */
  skipped?: string;
}

/**
 * Books and pays the demo stays that are not booked yet (a stay's idempotency key makes it at
 * most once), and writes their guests' reviews. Does nothing when payments go to a real
 * processor (Stripe keys set: the demo stays are paid with test cards), when the demo guest does
 * not exist (demo accounts off), or when every stay is booked already.
 */
export async function seedDemoStays(
  db: Db,
  config: Pick<
    Config,
    | 'PUBLIC_URL'
    | 'STRIPE_SECRET_KEY'
    | 'HOLDS_PER_ACCOUNT'
    | 'HELD_UNITS_PER_ACCOUNT'
    | 'LAPSED_HOLDS_PER_DAY'
  >,
  now: Date = new Date(),
): Promise<StaysReport> {
  if (config.STRIPE_SECRET_KEY) return { booked: 0, reviews: 0, skipped: 'a real processor' };
  const [demoGuest] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.email, DEMO_GUEST_EMAIL));
  if (!demoGuest) return { booked: 0, reviews: 0, skipped: 'no demo guest' };
  const [made] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      and(like(bookings.idempotencyKey, `${DEMO_STAY_KEY}%`), eq(bookings.status, 'confirmed')),
    );
  if ((made?.count ?? 0) >= DEMO_STAYS.length) return { booked: 0, reviews: 0 };

  const demoHotels = await db
    .select({ id: hotels.id, timeZone: hotels.timeZone })
    .from(hotels)
    .orderBy(asc(hotels.id))
    .limit(1 + Math.max(...DEMO_STAYS.map((s) => s.hotel)));
  const guests = [demoGuest, ...(await ensureGuests(db))];
  const provider = createTestCardProvider({
    db,
    receiptUrl: (id) => receiptUrl(config.PUBLIC_URL, id),
  });
  const limits = holdLimits(config);
  let booked = 0;
  let reviews = 0;
  for (const [index, stay] of DEMO_STAYS.entries()) {
    const hotel = demoHotels[stay.hotel];
    const guest = guests[stay.guest === 'demo' ? 0 : stay.guest + 1];
    if (!hotel || !guest) continue;
    const room = await roomFor(db, hotel.id);
    if (room === undefined) continue;
    const today = calendarDateIn(hotel.timeZone, now);
    const checkIn = addDays(today, stay.checkIn);
    // Midday UTC: the same calendar day in every American zone the hotels are in.
    const bookedAt = new Date(
      Math.min(Date.parse(`${addDays(checkIn, -stay.bookedAhead)}T12:00:00Z`), now.getTime()),
    );
    const cartRoom = [
      { id: room, checkIn, checkOut: addDays(checkIn, stay.nights), cartQuantity: 1 },
    ];
    const key = `${DEMO_STAY_KEY}${index}`;
    const quote = await quoteCart(db, cartRoom, bookedAt);
    if (!quote.bookable) continue;
    const held = await checkout(db, {
      userId: guest.id,
      idempotencyKey: key,
      lines: cartRoom,
      shownTotalCents: quote.cartTotalCents,
      limits,
      holdMinutes: 15,
      now: bookedAt,
    }).catch((error: unknown) => {
      // A stay half-made on an earlier day, whose dates have moved since: left as it was.
      if (error instanceof HttpError && error.statusCode === 422) return null;
      throw error;
    });
    if (!held) continue;
    if (held.booking.status !== 'confirmed') {
      const paid = await payBooking(
        { db, provider },
        {
          userId: guest.id,
          bookingId: held.booking.id,
          idempotencyKey: key,
          method: { card: TEST_CARD },
          rateLimit: {
            key: `payments:demo-stays:${guest.id}`,
            max: DEMO_STAYS.length,
            windowMs: 60_000,
          },
          limits,
          now: bookedAt,
        },
      );
      if (paid.booking.status !== 'confirmed') continue;
      await dateTo(db, held.booking.id, bookedAt);
      booked++;
    }
    if (stay.review && stay.checkIn + stay.nights <= 0) {
      const review = stay.review;
      const written = await db.transaction((tx) =>
        saveReview(tx, { hotelId: hotel.id, userId: guest.id, name: guest.name, ...review, now }),
      );
      if (written?.created) reviews++;
    }
  }
  return { booked, reviews };
}

/** The stay seed's guests' accounts (made once; a random password nobody knows). */
async function ensureGuests(db: Db): Promise<{ id: string; name: string }[]> {
  const found = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_GUESTS.map((g) => g.email),
      ),
    );
  const byEmail = new Map(found.map((u) => [u.email, u]));
  // Made together: hashing their passwords is most of the time this takes.
  return Promise.all(
    DEMO_GUESTS.map(async (guest): Promise<{ id: string; name: string }> => {
      const existing = byEmail.get(guest.email);
      if (existing) return existing;
      try {
        const id = await createPasswordAccount(db, {
          ...guest,
          password: randomBytes(24).toString('base64url'),
          rol: 'user',
          emailVerified: true,
        });
        return { id, name: guest.name };
      } catch (error) {
        if (!(error instanceof EmailInUseError)) throw error;
        const [again] = await db
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(eq(users.email, guest.email));
        if (!again) throw error;
        return again;
      }
    }),
  );
}

/** The hotel's room with the most units: a demo stay never takes its last one. */
async function roomFor(db: Db, hotelId: number): Promise<number | undefined> {
  const [room] = await db
    .select({ id: rooms.id, stock: rooms.stock })
    .from(rooms)
    .where(eq(rooms.hotelId, hotelId))
    .orderBy(desc(rooms.stock), asc(rooms.id))
    .limit(1);
  return room && room.stock > 1 ? room.id : undefined;
}

/** The booking and its payment dated to when the guest made them. */
async function dateTo(db: Db, bookingId: string, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(bookings)
      .set({ createdAt: at, confirmedAt: at })
      .where(eq(bookings.id, bookingId));
    await tx
      .update(payments)
      .set({ createdAt: at, updatedAt: at })
      .where(eq(payments.bookingId, bookingId));
  });
}
