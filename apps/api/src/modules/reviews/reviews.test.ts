import { randomUUID } from 'node:crypto';
import { REVIEW_COMMENT_MAX } from '@devstay/shared/constants';
import type { BookingRecord } from '@devstay/shared/contracts/booking';
import type { HotelCard, HotelDetail } from '@devstay/shared/contracts/catalogue';
import type { SavedReview } from '@devstay/shared/contracts/reviews';
import { GUARD_MESSAGES, REVIEW_MESSAGES } from '@devstay/shared/messages';
import { addDays, calendarDateIn } from '@devstay/shared/stay';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../db/client.ts';
import { bookingLines, bookings } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { cookiesOf, DEMO, signIn, signUp, signUpRaw, withSession } from '../../test/auth.ts';
import { roomWithStock } from '../../test/booking-fixtures.ts';

let t: TestApp;
let superAdmin: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: 'false' });
  superAdmin = await signIn(t.app, DEMO.superAdmin);
  admin = await signIn(t.app, DEMO.admin);
});
afterAll(() => t.close());

interface Guest {
  id: string;
  cookie: string;
}

const newGuest = (): Promise<Guest> => signUp(t.app, `reviewer.${randomUUID()}@devstay.dev`);

/** A guest whose account has this display name. */
async function namedGuest(name: string): Promise<Guest> {
  const res = await signUpRaw(t.app, {
    email: `named.${randomUUID()}@devstay.dev`,
    password: 'secret-123',
    name,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().user.id, cookie: cookiesOf(res) };
}

const hotelIn = async (timeZone?: string) => roomWithStock(t.db, 5, 10_000, timeZone);

function post(body: Record<string, unknown>, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/reviews',
    headers: cookie ? withSession(cookie) : {},
    payload: body,
  });
}

const review = (guest: Guest, hotelId: number, extra: Record<string, unknown> = {}) =>
  post(
    { idHotel: hotelId, name: 'Guest', rating: 4, comment: 'Fast fibre', user: guest.id, ...extra },
    guest.cookie,
  );

const remove = (id: number, cookie?: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/reviews/${id}`,
    headers: cookie ? withSession(cookie) : {},
  });

async function counters(db: Db, hotelId: number) {
  const result = await db.execute<{ review_count: number; rating_sum: number }>(
    sql`select review_count, rating_sum from hotels where id = ${hotelId}`,
  );
  return result.rows[0];
}

/** The hotel's counters as its reviews add up. */
async function aggregate(db: Db, hotelId: number) {
  const result = await db.execute<{ review_count: number; rating_sum: number }>(
    sql`select count(*)::int as review_count, coalesce(sum(rating), 0)::int as rating_sum
        from reviews where hotel_id = ${hotelId}`,
  );
  return result.rows[0];
}

/**
 * A booking of `guest` at the room's hotel for these dates, as checkout and payment leave it
 * (a stay in the past cannot be booked: check-in may not be before the hotel's today).
 */
async function stay(
  guest: Guest,
  room: { id: number; hotelId: number },
  checkIn: string,
  checkOut: string,
  status: 'confirmed' | 'cancelled' | 'pending' | 'expired' = 'confirmed',
) {
  const [booking] = await t.db
    .insert(bookings)
    .values({
      userId: guest.id,
      status,
      idempotencyKey: randomUUID(),
      totalQuantity: 1,
      totalCents: 10_000,
      confirmedAt: status === 'pending' || status === 'expired' ? null : new Date(),
    })
    .returning();
  if (!booking) throw new Error('booking not inserted');
  await t.db.insert(bookingLines).values({
    bookingId: booking.id,
    roomId: room.id,
    hotelId: room.hotelId,
    checkIn,
    checkOut,
    quantity: 1,
    nightlyCents: 10_000,
    nightCents: [10_000],
    totalCents: 10_000,
  });
  return booking;
}

describe('POST /api/reviews, role by role', () => {
  test('a visitor is asked to log in; staff may not review; a guest writes their own', async () => {
    const { hotel } = await hotelIn();
    const guest = await newGuest();
    const body = { idHotel: hotel.id, rating: 5, comment: 'Great desk', user: guest.id };

    const visitor = await post(body);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ code: 'UNAUTHENTICATED' });

    for (const [who, cookie] of [
      ['admin', admin],
      ['superAdmin', superAdmin],
    ] as const) {
      const me = (await t.app.inject({ url: '/api/me', headers: withSession(cookie) })).json();
      const res = await post({ ...body, user: me.id }, cookie);
      expect(res.statusCode, who).toBe(403);
      expect(res.json(), who).toMatchObject({ code: 'FORBIDDEN' });
    }

    const created = await review(guest, hotel.id, { rating: 5 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<SavedReview>()).toMatchObject({
      idHotel: hotel.id,
      rating: 5,
      comment: 'Fast fibre',
      verifiedStay: false,
    });
    expect(await counters(t.db, hotel.id)).toEqual({ review_count: 1, rating_sum: 5 });
  });

  test('a guest cannot write in another account’s name', async () => {
    const { hotel } = await hotelIn();
    const [guest, other] = [await newGuest(), await newGuest()];
    const res = await post(
      { idHotel: hotel.id, rating: 1, comment: 'Awful', user: other.id },
      guest.cookie,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: GUARD_MESSAGES.otherAccount });
    expect(await aggregate(t.db, hotel.id)).toEqual({ review_count: 0, rating_sum: 0 });
  });

  test('the name is the account’s, whatever the body says', async () => {
    const { hotel } = await hotelIn();
    const named = await namedGuest('Ada Lovelace');
    const res = await review(named, hotel.id, { name: 'The hotel owner' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<SavedReview>().name).toBe('Ada Lovelace');

    // Without a display name: the e-mail's part before the @, never the whole address.
    const email = `no.name.${randomUUID().slice(0, 8)}@devstay.dev`;
    const plain = await signUp(t.app, email);
    const second = await review(plain, hotel.id, { name: 'Someone else' });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json<SavedReview>().name).toBe(email.split('@')[0]);
  });
});

describe('bad input is a 400 naming the field, never a 500', () => {
  let hotelId: number;
  let guest: Guest;
  beforeAll(async () => {
    hotelId = (await hotelIn()).hotel.id;
    guest = await newGuest();
  });

  test.each([
    ['rating', { rating: 0 }, REVIEW_MESSAGES.ratingRange],
    ['rating', { rating: 6 }, REVIEW_MESSAGES.ratingRange],
    ['rating', { rating: 3.5 }, REVIEW_MESSAGES.ratingRange],
    ['rating', { rating: '4' }, REVIEW_MESSAGES.ratingRange],
    ['rating', { rating: null }, REVIEW_MESSAGES.ratingRequired],
    ['rating', { rating: undefined }, REVIEW_MESSAGES.ratingRequired],
    ['comment', { comment: '' }, REVIEW_MESSAGES.commentRequired],
    ['comment', { comment: '   ' }, REVIEW_MESSAGES.commentRequired],
    ['comment', { comment: 42 }, REVIEW_MESSAGES.commentRequired],
    [
      'comment',
      { comment: 'x'.repeat(REVIEW_COMMENT_MAX + 1) },
      REVIEW_MESSAGES.commentTooLong(REVIEW_COMMENT_MAX),
    ],
    ['comment', { comment: 'nice\u0000stay' }, undefined],
    ['name', { name: 'Ada\u0000' }, undefined],
    ['idHotel', { idHotel: 'one' }, REVIEW_MESSAGES.hotelRequired],
    ['idHotel', { idHotel: 0 }, REVIEW_MESSAGES.hotelRequired],
    ['idHotel', { idHotel: 2_147_483_648 }, REVIEW_MESSAGES.hotelRequired],
    ['idHotel', { idHotel: undefined }, REVIEW_MESSAGES.hotelRequired],
    ['user', { user: 7 }, REVIEW_MESSAGES.userRequired],
  ])('%s: %j', async (field, change, message) => {
    const res = await review(guest, hotelId, change);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field).toBe(field);
    if (message) expect(res.json().message).toContain(message);
    expect(await aggregate(t.db, hotelId)).toEqual({ review_count: 0, rating_sum: 0 });
  });

  test('a hotel that does not exist is a 404 naming idHotel', async () => {
    const res = await review(guest, 2_147_483_000);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ field: 'idHotel', message: REVIEW_MESSAGES.hotelMissing });
  });

  test('the longest comment passes; markup is kept as the text it is', async () => {
    const long = await review(guest, hotelId, { comment: 'y'.repeat(REVIEW_COMMENT_MAX) });
    expect(long.statusCode, long.body).toBe(201);
    const markup = '<script>alert(1)</script> <b>great</b> & "quiet"';
    const res = await review(guest, hotelId, { comment: `  ${markup}  ` });
    expect(res.statusCode, res.body).toBe(200);
    const detail = await t.app.inject(`/api/hotels/${hotelId}`);
    expect(detail.json<HotelDetail>().Reviews[0]?.comment).toBe(markup);
  });
});

describe('verified stay', () => {
  test('a confirmed stay that ended before the hotel’s today marks the review', async () => {
    // Kiritimati is the first zone into a new day: any other zone's today would be too early.
    const zone = 'Pacific/Kiritimati';
    const { hotel, room } = await hotelIn(zone);
    const today = calendarDateIn(zone);
    const guest = await newGuest();
    await stay(guest, room, addDays(today, -3), addDays(today, -1));
    const res = await review(guest, hotel.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<SavedReview>().verifiedStay).toBe(true);
    const detail = (await t.app.inject(`/api/hotels/${hotel.id}`)).json<HotelDetail>();
    expect(detail.Reviews).toMatchObject([{ id: res.json().id, verifiedStay: true }]);
  });

  test('the hotel page lists reviews from verified stays first, then the newest', async () => {
    const zone = 'Pacific/Kiritimati';
    const { hotel, room } = await hotelIn(zone);
    const today = calendarDateIn(zone);
    const [stayed, first, last] = [await newGuest(), await newGuest(), await newGuest()];
    await stay(stayed, room, addDays(today, -3), addDays(today, -1));
    await review(first, hotel.id, { comment: 'first' });
    await review(stayed, hotel.id, { comment: 'stayed' });
    await review(last, hotel.id, { comment: 'last' });
    const detail = (await t.app.inject(`/api/hotels/${hotel.id}`)).json<HotelDetail>();
    expect(detail.Reviews.map((r) => [r.comment, r.verifiedStay])).toEqual([
      ['stayed', true],
      ['last', false],
      ['first', false],
    ]);
  });

  test.each([
    ['a stay ending today', -2, 0, 'confirmed', 'same'],
    ['a stay to come', 10, 12, 'confirmed', 'same'],
    ['a cancelled stay', -5, -2, 'cancelled', 'same'],
    ['an unpaid hold', -5, -2, 'pending', 'same'],
    ['a lapsed hold', -5, -2, 'expired', 'same'],
    ['a stay at another hotel', -5, -2, 'confirmed', 'other'],
  ] as const)('is not given for %s', async (_what, from, to, status, where) => {
    const zone = 'Pacific/Kiritimati';
    const reviewed = await hotelIn(zone);
    const stayedAt = where === 'same' ? reviewed : await hotelIn(zone);
    const today = calendarDateIn(zone);
    const guest = await newGuest();
    await stay(guest, stayedAt.room, addDays(today, from), addDays(today, to), status);
    const res = await review(guest, reviewed.hotel.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<SavedReview>().verifiedStay).toBe(false);
  });

  test('an edit decides the mark again', async () => {
    const { hotel, room } = await hotelIn();
    const today = calendarDateIn('America/Argentina/Buenos_Aires');
    const guest = await newGuest();
    const before = await review(guest, hotel.id);
    expect(before.json<SavedReview>().verifiedStay).toBe(false);
    await stay(guest, room, addDays(today, -4), addDays(today, -2));
    const after = await review(guest, hotel.id, { comment: 'Stayed since' });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json<SavedReview>()).toMatchObject({ id: before.json().id, verifiedStay: true });
  });

  test('the booking history says which stays have ended, by the hotel’s today', async () => {
    const zone = 'Pacific/Kiritimati';
    const { room } = await hotelIn(zone);
    const today = calendarDateIn(zone);
    const guest = await newGuest();
    await stay(guest, room, addDays(today, -3), addDays(today, -1));
    await stay(guest, room, addDays(today, -1), today);
    const res = await t.app.inject({
      url: `/api/booking/user/${guest.id}`,
      headers: withSession(guest.cookie),
    });
    expect(res.statusCode, res.body).toBe(200);
    const ended = res
      .json<BookingRecord[]>()
      .flatMap((b) => b.cartRoom.map((r) => [r.checkOut, r.stayEnded]));
    expect(ended.sort()).toEqual([
      [addDays(today, -1), true],
      [today, false],
    ]);
  });
});

describe('one review per guest and hotel', () => {
  test('a second review replaces the first: same id, the count stays, the sum moves', async () => {
    const { hotel } = await hotelIn();
    const guest = await newGuest();
    const first = await review(guest, hotel.id, { rating: 2, comment: 'Noisy' });
    expect(first.statusCode).toBe(201);
    const second = await review(guest, hotel.id, { rating: 5, comment: 'They fixed it' });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<SavedReview>()).toMatchObject({
      id: first.json().id,
      rating: 5,
      comment: 'They fixed it',
    });
    expect(await counters(t.db, hotel.id)).toEqual({ review_count: 1, rating_sum: 5 });
    const card = (await t.app.inject(`/api/hotels/${hotel.id}`)).json<HotelDetail>();
    expect(card).toMatchObject({ reviewCount: 1, reviewAverage: 5 });
    expect(card.Reviews).toHaveLength(1);
  });

  test('two first reviews of one guest sent at once make one review', async () => {
    const { hotel } = await hotelIn();
    const guest = await newGuest();
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((rating) => review(guest, hotel.id, { rating })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    const sum = await aggregate(t.db, hotel.id);
    expect(sum?.review_count).toBe(1);
    expect(await counters(t.db, hotel.id)).toEqual(sum);
  });
});

describe('concurrent reviews keep the count and the average exact', () => {
  test('many guests reviewing and editing at once', async () => {
    const { hotel } = await hotelIn();
    const guests = await Promise.all(Array.from({ length: 16 }, () => newGuest()));
    // Everyone reviews at once, then everyone edits while half the reviews are removed.
    const firsts = await Promise.all(
      guests.map((g, i) => review(g, hotel.id, { rating: (i % 5) + 1 })),
    );
    expect(firsts.every((r) => r.statusCode === 201)).toBe(true);
    const answers = await Promise.all([
      ...guests.map((g, i) => review(g, hotel.id, { rating: ((i + 2) % 5) + 1 })),
      ...firsts.filter((_, i) => i % 2 === 0).map((r) => remove(r.json().id, superAdmin)),
    ]);
    for (const a of answers) expect([200, 201, 204], a.body).toContain(a.statusCode);
    const sum = await aggregate(t.db, hotel.id);
    expect(await counters(t.db, hotel.id)).toEqual(sum);
    const card = (await t.app.inject(`/api/hotels/${hotel.id}`)).json<HotelDetail>();
    expect(card.reviewCount).toBe(sum?.review_count);
    expect(card.Reviews).toHaveLength(sum?.review_count ?? -1);
  });
});

describe('DELETE /api/reviews/{id}', () => {
  test('the superAdmin removes anyone’s review, an admin or another guest no one’s; the average and the pages follow', async () => {
    const { hotel } = await hotelIn();
    const [kind, rude] = [await newGuest(), await newGuest()];
    await review(kind, hotel.id, { rating: 5 });
    const abusive = (await review(rude, hotel.id, { rating: 1, comment: 'abuse' })).json();
    // Read once: the hotel's page and the list are now in the read cache.
    const cached = (await t.app.inject(`/api/hotels/${hotel.id}`)).json<HotelDetail>();
    expect(cached).toMatchObject({ reviewCount: 2, reviewAverage: 3 });
    const listed = async () =>
      (await t.app.inject(`/api/hotels?name=${encodeURIComponent(hotel.name)}`))
        .json<HotelCard[]>()
        .find((h) => h.id === hotel.id);
    expect(await listed()).toMatchObject({ reviewCount: 2, reviewAverage: 3 });

    expect((await remove(abusive.id)).statusCode).toBe(401);
    for (const cookie of [kind.cookie, admin]) {
      const res = await remove(abusive.id, cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect(await counters(t.db, hotel.id)).toEqual({ review_count: 2, rating_sum: 6 });

    const res = await remove(abusive.id, superAdmin);
    expect(res.statusCode, res.body).toBe(204);
    expect(await counters(t.db, hotel.id)).toEqual({ review_count: 1, rating_sum: 5 });
    const detail = (await t.app.inject(`/api/hotels/${hotel.id}`)).json<HotelDetail>();
    expect(detail).toMatchObject({ reviewCount: 1, reviewAverage: 5 });
    expect(detail.Reviews.map((r) => r.comment)).not.toContain('abuse');
    expect(await listed()).toMatchObject({ reviewCount: 1, reviewAverage: 5 });

    const again = await remove(abusive.id, superAdmin);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: REVIEW_MESSAGES.reviewMissing });
    // The author may review again: a new review, counted once.
    expect((await review(rude, hotel.id, { rating: 2 })).statusCode).toBe(201);
    expect(await counters(t.db, hotel.id)).toEqual({ review_count: 2, rating_sum: 7 });
  });

  test('a guest reads back, edits and removes their own review', async () => {
    const { hotel } = await hotelIn();
    const [author, other] = [await newGuest(), await newGuest()];
    const mine = (cookie: string) =>
      t.app.inject({
        url: `/api/reviews/mine?idHotel=${hotel.id}`,
        headers: withSession(cookie),
      });
    expect((await mine(author.cookie)).json()).toBeNull();
    const written = (await review(author, hotel.id, { rating: 2, comment: 'Noisy' })).json();
    expect((await mine(author.cookie)).json()).toMatchObject({ id: written.id, rating: 2 });
    // Another account reads its own (none), never the author's.
    expect((await mine(other.cookie)).json()).toBeNull();
    expect((await t.app.inject(`/api/reviews/mine?idHotel=${hotel.id}`)).statusCode).toBe(401);
    const bad = await t.app.inject({
      url: '/api/reviews/mine?idHotel=abc',
      headers: withSession(author.cookie),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('idHotel');

    const edited = await review(author, hotel.id, { rating: 4, comment: 'Quiet after all' });
    expect(edited.statusCode).toBe(200);
    expect((await mine(author.cookie)).json()).toMatchObject({
      id: written.id,
      rating: 4,
      comment: 'Quiet after all',
    });

    const refused = await remove(written.id, other.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: REVIEW_MESSAGES.notYourReview });
    expect((await remove(written.id, author.cookie)).statusCode).toBe(204);
    expect(await counters(t.db, hotel.id)).toEqual({ review_count: 0, rating_sum: 0 });
    expect((await mine(author.cookie)).json()).toBeNull();
    expect((await remove(written.id, author.cookie)).statusCode).toBe(404);
  });

  test('a new review shows on a hotel page already in the read cache', async () => {
    const { hotel } = await hotelIn();
    expect((await t.app.inject(`/api/hotels/${hotel.id}`)).json()).toMatchObject({
      reviewCount: 0,
    });
    await review(await newGuest(), hotel.id, { rating: 3 });
    const detail = (await t.app.inject(`/api/hotels/${hotel.id}`)).json<HotelDetail>();
    expect(detail).toMatchObject({ reviewCount: 1, reviewAverage: 3 });
    expect(detail.Reviews).toHaveLength(1);
  });
});
