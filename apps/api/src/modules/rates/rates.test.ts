import { randomUUID } from 'node:crypto';
import type { BookingRecord, CartQuote } from '@devstay/shared/contracts/booking';
import type { RateRule, RoomPrices } from '@devstay/shared/contracts/rates';
import type { BookingReceipt } from '@devstay/shared/contracts/receipt';
import { IDEMPOTENCY_KEY_HEADER } from '@devstay/shared/http';
import { BOOKING_MESSAGES, CONTENT_MESSAGES, RATE_MESSAGES } from '@devstay/shared/messages';
import { weekdayOf } from '@devstay/shared/rates';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { bookings, hotels, payments } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, withSession } from '../../test/auth.ts';
import {
  expectBookingsConsistent,
  inDays,
  lapseHold,
  payByCard,
  placeHold,
  TEST_CARD,
  twoHotelsWithStaff,
} from '../../test/booking-fixtures.ts';
import { insertEvent, UNKNOWN_ID } from '../../test/catalogue-rows.ts';
import { lockCharge } from '../payments/repository.ts';
import { lockHotelPrices } from './price-locks.ts';
import { rulesOfRooms } from './rules-of-rooms.ts';

/**
 * Nightly rates through the API: who may keep a room's rules, what input they are refused, and
 * that the price a guest is quoted per night is the price the checkout holds, the payment
 * charges and the receipt shows — and that a rate changed in between is caught (409).
 */

let t: TestApp;
let staff: Awaited<ReturnType<typeof twoHotelsWithStaff>>;
let guest: string;

beforeAll(async () => {
  t = await createTestApp({ PAYMENT_RATE_LIMIT: '100' });
  staff = await twoHotelsWithStaff(
    t.app,
    t.db,
    { a: { stock: 5, priceCents: 10_000 }, b: { stock: 5, priceCents: 20_000 } },
    `rates.admin.b.${randomUUID()}@devstay.dev`,
  );
  guest = (await signUp(t.app, `rates.guest.${randomUUID()}@devstay.dev`)).cookie;
});
afterAll(async () => {
  await expectBookingsConsistent(t.db);
  await t.close();
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    ...(cookie && { headers: withSession(cookie) }),
    ...(payload && { payload }),
  });

const addRate = async (roomId: number, body: object, cookie = staff.cookies.superAdmin) => {
  const res = await call('POST', `/api/rooms/${roomId}/rates`, cookie, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<RateRule>();
};

/** Removes rules of a room at their stored versions, as the rates screen lists them. */
const removeRates = async (roomId: number, ids: readonly number[]) => {
  const su = staff.cookies.superAdmin;
  const list = (await call('GET', `/api/rooms/${roomId}/rates`, su)).json<RateRule[]>();
  for (const rule of list.filter((r) => ids.includes(r.id))) {
    const res = await call('DELETE', `/api/rates/${rule.id}?version=${rule.version}`, su);
    expect(res.statusCode, res.body).toBe(204);
  }
};

const prices = async (roomId: number, from: string, to: string) => {
  const res = await call('GET', `/api/rooms/${roomId}/prices?from=${from}&to=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RoomPrices>().nights;
};

const quote = async (roomId: number, from: number, to: number) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/cart/quote',
    payload: {
      cartRoom: [{ id: roomId, checkIn: inDays(from), checkOut: inDays(to), cartQuantity: 1 }],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CartQuote>();
};

describe('who may keep a room’s rates', () => {
  test('the room’s hotel admin and the superAdmin; another hotel’s admin 403, a guest 403, nobody 401', async () => {
    const season = (d: number) => ({
      kind: 'season',
      from: inDays(300 + d),
      to: inDays(300 + d),
      price: 50,
    });
    const { roomA, cookies } = staff;
    const who = [
      ['nobody', undefined, 401],
      ['a guest', guest, 403],
      ['another hotel’s admin', cookies.adminB, 403],
    ] as const;
    const mine = await addRate(roomA, season(0), cookies.adminA);
    const theirs = await addRate(roomA, season(1), cookies.superAdmin);
    for (const [name, cookie, status] of who) {
      const attempts = [
        await call('GET', `/api/rooms/${roomA}/rates`, cookie),
        await call('POST', `/api/rooms/${roomA}/rates`, cookie, season(2)),
        await call('PUT', `/api/rates/${mine.id}`, cookie, { ...season(0), version: 1 }),
        await call('DELETE', `/api/rates/${mine.id}?version=${mine.version}`, cookie),
      ];
      for (const res of attempts) expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
    }
    for (const cookie of [cookies.adminA, cookies.superAdmin]) {
      const list = await call('GET', `/api/rooms/${roomA}/rates`, cookie);
      expect(list.statusCode).toBe(200);
      expect(list.json<RateRule[]>().map((r) => r.id)).toEqual([mine.id, theirs.id]);
    }
    const changed = await call('PUT', `/api/rates/${theirs.id}`, cookies.adminA, {
      ...season(1),
      price: 60,
      version: theirs.version,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ price: 60, version: theirs.version + 1 });
    const remove = (id: number, version: number, cookie: string) =>
      call('DELETE', `/api/rates/${id}?version=${version}`, cookie);
    expect((await remove(mine.id, mine.version, cookies.superAdmin)).statusCode).toBe(204);
    const stored = changed.json<RateRule>().version;
    expect((await remove(theirs.id, stored, cookies.adminA)).statusCode).toBe(204);
    expect((await remove(theirs.id, stored, cookies.adminA)).statusCode).toBe(404);
    // The price list is everyone's.
    expect(
      (await call('GET', `/api/rooms/${roomA}/prices?from=${inDays(1)}&to=${inDays(2)}`))
        .statusCode,
    ).toBe(200);
  });

  test('unknown rooms and rates: 404', async () => {
    const body = { kind: 'weekdays', weekdays: [1], price: 50 };
    const su = staff.cookies.superAdmin;
    expect((await call('POST', '/api/rooms/2147483647/rates', su, body)).statusCode).toBe(404);
    expect((await call('GET', '/api/rooms/2147483647/rates', su)).statusCode).toBe(404);
    expect(
      (await call('PUT', '/api/rates/2147483647', su, { ...body, version: 1 })).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/rooms/2147483647/prices?from=${inDays(1)}&to=${inDays(2)}`))
        .statusCode,
    ).toBe(404);
  });
});

describe('bad input: 400 naming the field', () => {
  const refused = async (
    url: string,
    method: 'POST' | 'PUT',
    body: object,
    field: string,
    message?: string,
  ) => {
    const res = await call(method, url, staff.cookies.superAdmin, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ field });
    // A schema's message comes after the field's name; a rule's (an overlap) alone.
    if (message) expect([message, `${field}: ${message}`]).toContain(res.json().message);
  };

  test('prices out of range, a season ending before it starts or longer than 366 nights, bad weekdays', async () => {
    const url = `/api/rooms/${staff.roomB}/rates`;
    const season = { kind: 'season', from: inDays(10), to: inDays(20), price: 300 };
    await refused(url, 'POST', { ...season, price: -5 }, 'price', CONTENT_MESSAGES.priceRange);
    await refused(url, 'POST', { ...season, price: 1e9 }, 'price', CONTENT_MESSAGES.priceRange);
    await refused(url, 'POST', { ...season, price: '300' }, 'price');
    await refused(url, 'POST', { ...season, to: inDays(9) }, 'to', RATE_MESSAGES.toBeforeFrom);
    await refused(
      url,
      'POST',
      { ...season, to: inDays(10 + 366) },
      'to',
      RATE_MESSAGES.seasonTooLong(366),
    );
    await refused(url, 'POST', { ...season, from: 'tomorrow' }, 'from');
    await refused(url, 'POST', { ...season, kind: 'holiday' }, 'kind');
    const weekend = { kind: 'weekdays', weekdays: [5, 6], price: 300 };
    await refused(url, 'POST', { ...weekend, weekdays: [7] }, 'weekdays.0');
    await refused(url, 'POST', { ...weekend, weekdays: [] }, 'weekdays');
    await refused(url, 'POST', { ...weekend, weekdays: [5, 5] }, 'weekdays');
  });

  test('two rules of the same kind may not overlap; of different kinds they may', async () => {
    const url = `/api/rooms/${staff.roomB}/rates`;
    const summer = await addRate(staff.roomB, {
      kind: 'season',
      from: inDays(30),
      to: inDays(40),
      price: 300,
    });
    await refused(
      url,
      'POST',
      { kind: 'season', from: inDays(40), to: inDays(45), price: 300 },
      'from',
      RATE_MESSAGES.seasonOverlaps(inDays(30), inDays(40)),
    );
    await refused(
      url,
      'POST',
      { kind: 'season', from: inDays(20), to: inDays(30), price: 300 },
      'from',
    );
    const next = await addRate(staff.roomB, {
      kind: 'season',
      from: inDays(41),
      to: inDays(45),
      price: 310,
    });
    // Moving a season onto another is an overlap too; onto itself is not.
    await refused(
      `/api/rates/${next.id}`,
      'PUT',
      { kind: 'season', from: inDays(35), to: inDays(45), price: 310, version: next.version },
      'from',
    );
    const moved = await call('PUT', `/api/rates/${summer.id}`, staff.cookies.superAdmin, {
      kind: 'season',
      from: inDays(31),
      to: inDays(40),
      price: 300,
      version: summer.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const weekend = await addRate(staff.roomB, { kind: 'weekdays', weekdays: [6, 5], price: 250 });
    expect(weekend.weekdays).toEqual([5, 6]);
    await refused(
      url,
      'POST',
      { kind: 'weekdays', weekdays: [1, 6], price: 260 },
      'weekdays',
      RATE_MESSAGES.weekdaysOverlap('Saturday'),
    );
    await removeRates(staff.roomB, [summer.id, next.id, weekend.id]);
  });

  test('a price list of more than 366 nights, or none: 400 naming to', async () => {
    const url = (from: string, to: string) =>
      `/api/rooms/${staff.roomA}/prices?from=${from}&to=${to}`;
    const long = await call('GET', url(inDays(0), inDays(367)));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      field: 'to',
      message: `to: ${RATE_MESSAGES.pricesTooLong(366)}`,
    });
    expect((await call('GET', url(inDays(0), inDays(366)))).json<RoomPrices>().nights).toHaveLength(
      366,
    );
    expect((await call('GET', url(inDays(3), inDays(3)))).json()).toMatchObject({ field: 'to' });
    expect((await call('GET', url('2027-02-30', inDays(3)))).json()).toMatchObject({
      field: 'from',
    });
  });

  test('a premium beyond 300 percent on the hotel: 400 naming it', async () => {
    const res = await call('GET', `/api/content/hotels/${staff.hotelA}`, staff.cookies.superAdmin);
    const hotel = res.json();
    const put = await call('PUT', '/api/hotels', staff.cookies.superAdmin, {
      ...hotel,
      image: hotel.image.map((i: { url: string; public_id: string }) => ({
        url: i.url,
        public_id: i.public_id,
      })),
      eventNightPremiumPercent: 301,
    });
    expect(put.statusCode, put.body).toBe(400);
    expect(put.json()).toMatchObject({ field: 'eventNightPremiumPercent' });
  });
});

/** A later write of rule `id` over its first version, by the superAdmin. */
const STALE_WRITES = [
  [
    'edit',
    (id: number) =>
      call('PUT', `/api/rates/${id}`, staff.cookies.superAdmin, {
        kind: 'weekdays',
        weekdays: [2],
        price: 230,
        version: 1,
      }),
  ],
  [
    'removal',
    (id: number) => call('DELETE', `/api/rates/${id}?version=1`, staff.cookies.superAdmin),
  ],
] as const;

test.each(STALE_WRITES)(
  'a stale %s of a rule: 409, the rule as the other saved it',
  async (_, write) => {
    const rule = await addRate(staff.roomB, { kind: 'weekdays', weekdays: [2], price: 210 });
    const first = await call('PUT', `/api/rates/${rule.id}`, staff.cookies.adminB, {
      kind: 'weekdays',
      weekdays: [2],
      price: 220,
      version: rule.version,
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await write(rule.id);
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'CONFLICT',
      field: 'version',
      message: CONTENT_MESSAGES.staleVersion('rate'),
    });
    const list = await call('GET', `/api/rooms/${staff.roomB}/rates`, staff.cookies.adminB);
    expect(list.json<RateRule[]>().find((r) => r.id === rule.id)).toMatchObject({
      price: 220,
      version: 2,
    });
    await removeRates(staff.roomB, [rule.id]);
  },
);

test('a removal names the version it removes: 400 naming it otherwise', async () => {
  const rule = await addRate(staff.roomB, { kind: 'weekdays', weekdays: [3], price: 210 });
  for (const query of ['', '?version=', '?version=0', '?version=two']) {
    const res = await call('DELETE', `/api/rates/${rule.id}${query}`, staff.cookies.superAdmin);
    expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
    expect(res.json()).toMatchObject({ field: 'version' });
  }
  await removeRates(staff.roomB, [rule.id]);
});

describe('the price a guest sees is the price charged', () => {
  test('a stay across a change of price: quoted night by night, held, charged and receipted at those prices', async () => {
    // Room A: $100 base; a season from the stay's third night; the hotel's event on its last.
    const season = await addRate(staff.roomA, {
      kind: 'season',
      from: inDays(62),
      to: inDays(70),
      price: 150,
    });
    await t.db
      .update(hotels)
      .set({ eventNightPremiumPercent: 20 })
      .where(eq(hotels.id, staff.hotelA));
    await insertEvent(t.db, {
      hotelId: staff.hotelA,
      name: `summit ${randomUUID()}`,
      date: inDays(63),
      time: '10:00',
    });
    const expected = [
      { date: inDays(60), price: 100 },
      { date: inDays(61), price: 100 },
      { date: inDays(62), price: 150 },
      { date: inDays(63), price: 180 },
    ];
    expect(await prices(staff.roomA, inDays(60), inDays(64))).toEqual(expected);
    const quoted = await quote(staff.roomA, 60, 64);
    expect(quoted.cartRoom[0]).toMatchObject({
      nights: expected,
      price: 100,
      totalPrice: 530,
      lineTotalCents: 53_000,
    });
    expect(quoted.cartTotalCents).toBe(53_000);

    const booking = await placeHold(t.app, guest, [
      { id: staff.roomA, checkIn: inDays(60), checkOut: inDays(64), cartQuantity: 1 },
    ]);
    expect(booking.cartTotalCents).toBe(53_000);
    expect(booking.cartRoom[0]?.nights).toEqual(expected);
    const paid = await payByCard(t.app, guest, booking.id, TEST_CARD);
    expect(paid.statusCode, paid.body).toBe(200);
    const [payment] = await t.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(payment).toMatchObject({ amountCents: 53_000, status: 'captured' });

    // Rates changed after the stay was paid leave its receipt as charged.
    await call('PUT', `/api/rates/${season.id}`, staff.cookies.superAdmin, {
      kind: 'season',
      from: inDays(60),
      to: inDays(70),
      price: 400,
      version: season.version,
    });
    const receipt = await call('GET', `/api/booking/${booking.id}`, guest);
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json<BookingReceipt>()).toMatchObject({
      cartTotalCents: 53_000,
      cartRoom: [{ nights: expected, totalCents: 53_000 }],
      payment: { amountCents: 53_000 },
    });
    // The history and the bookings table show the nights as charged too.
    const charged = { nights: expected, price: 100, totalCents: 53_000 };
    const history = await call('GET', `/api/booking/user/${booking.user}`, guest);
    expect(history.json<BookingRecord[]>().find((b) => b.id === booking.id)).toMatchObject({
      cartRoom: [charged],
    });
    const table = await call('GET', '/api/booking?pageSize=50', staff.cookies.adminA);
    expect(table.json<BookingRecord[]>().find((b) => b.id === booking.id)).toMatchObject({
      cartRoom: [charged],
    });
    await removeRates(staff.roomA, [season.id]);
    await t.db
      .update(hotels)
      .set({ eventNightPremiumPercent: 0 })
      .where(eq(hotels.id, staff.hotelA));
  });

  test('weekday rules price the nights of their weekdays', async () => {
    const friday = [80, 81, 82, 83, 84, 85, 86].find((d) => weekdayOf(inDays(d)) === 5) as number;
    const rule = await addRate(staff.roomB, { kind: 'weekdays', weekdays: [5, 6], price: 260 });
    const nights = await prices(staff.roomB, inDays(friday - 1), inDays(friday + 3));
    expect(nights.map((n) => n.price)).toEqual([200, 260, 260, 200]);
    await removeRates(staff.roomB, [rule.id]);
  });

  test('a room’s "from" price is the lowest of its rates still to come', async () => {
    const fromOf = async () => (await call('GET', `/api/rooms/${staff.roomB}`)).json();
    expect(await fromOf()).toMatchObject({ price: 200, fromPrice: 200 });
    const past = await addRate(staff.roomB, {
      kind: 'season',
      from: inDays(-20),
      to: inDays(-10),
      price: 90,
    });
    const tuesday = await addRate(staff.roomB, { kind: 'weekdays', weekdays: [2], price: 150 });
    expect(await fromOf()).toMatchObject({ price: 200, fromPrice: 150 });
    await removeRates(staff.roomB, [past.id, tuesday.id]);
    expect(await fromOf()).toMatchObject({ fromPrice: 200 });
  });

  test('a rate edited after the quote: the checkout answers 409 with the new total, nothing held', async () => {
    const shown = await quote(staff.roomB, 90, 92);
    expect(shown.cartTotalCents).toBe(40_000);
    await addRate(staff.roomB, { kind: 'season', from: inDays(91), to: inDays(95), price: 250 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/booking',
      headers: { ...withSession(guest), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      payload: {
        cartRoom: [{ id: staff.roomB, checkIn: inDays(90), checkOut: inDays(92), cartQuantity: 1 }],
        cartTotalCents: shown.cartTotalCents,
      },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'PRICE_CHANGED',
      message: BOOKING_MESSAGES.priceChanged('$400', '$450'),
    });
  });

  test('a lapsed hold paid after a rate change: 409, nothing charged, the units not taken', async () => {
    const booking = await placeHold(t.app, guest, [
      { id: staff.roomB, checkIn: inDays(100), checkOut: inDays(102), cartQuantity: 1 },
    ]);
    expect(booking.cartTotalCents).toBe(40_000);
    await lapseHold(t.db, booking.id);
    await addRate(staff.roomB, { kind: 'season', from: inDays(101), to: inDays(101), price: 300 });
    const res = await payByCard(t.app, guest, booking.id, TEST_CARD);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'PRICE_CHANGED',
      message: BOOKING_MESSAGES.priceChanged('$400', '$500'),
    });
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, booking.id))).toEqual(
      [],
    );
  });
});

test('the rules that price nights: each weekday rule and the seasons reaching into them, read once for the price list and the quote', async () => {
  const season = (from: number, to: number, price: number) =>
    addRate(staff.roomA, { kind: 'season', from: inDays(from), to: inDays(to), price });
  const added = [
    await season(390, 399, 91), // ends the night before: out
    await season(400, 400, 92), // ends on the first night
    await season(403, 403, 93), // the last night
    await season(404, 410, 94), // starts on the check-out: out
    await addRate(staff.roomA, { kind: 'weekdays', weekdays: [weekdayOf(inDays(401))], price: 95 }),
  ];
  const rules = await rulesOfRooms(t.db, [staff.roomA, UNKNOWN_ID], inDays(400), inDays(404));
  expect(rules.get(UNKNOWN_ID)).toEqual([]);
  expect(rules.get(staff.roomA)?.map((r) => r.priceCents)).toEqual([9_200, 9_300, 9_500]);
  const listed = await prices(staff.roomA, inDays(400), inDays(404));
  expect(listed.map((n) => n.price)).toEqual([92, 95, 100, 93]);
  expect((await quote(staff.roomA, 400, 404)).cartRoom[0]?.nights).toEqual(listed);
  await removeRates(
    staff.roomA,
    added.map((r) => r.id),
  );
});

describe('a premium or an event changed while a guest pays: charged at the price then, or 409', () => {
  type Pictured = { image: { url: string; public_id: string }[] };
  const pictures = (record: Pictured) =>
    record.image.map((i) => ({ url: i.url, public_id: i.public_id }));

  /** PUT /api/hotels of hotel B with its premium at `percent`, as the hotel form sends it. */
  const putPremium = async (percent: number) => {
    const hotel = (
      await call('GET', `/api/content/hotels/${staff.hotelB}`, staff.cookies.superAdmin)
    ).json();
    return call('PUT', '/api/hotels', staff.cookies.adminB, {
      ...hotel,
      image: pictures(hotel),
      eventNightPremiumPercent: percent,
    });
  };
  const setPremium = async (percent: number) => {
    const put = await putPremium(percent);
    expect(put.statusCode, put.body).toBe(200);
  };

  /** PUT /api/events moving event `id` of hotel B to `date`, as the event form sends it. */
  const moveEvent = async (id: number, date: string) => {
    const list = await call(
      'GET',
      `/api/content/events?idHotel=${staff.hotelB}`,
      staff.cookies.adminB,
    );
    const stored = list.json<(Pictured & { id: number })[]>().find((e) => e.id === id);
    if (!stored) throw new Error(`event ${id} not listed`);
    return call('PUT', '/api/events', staff.cookies.adminB, {
      ...stored,
      image: pictures(stored),
      date,
    });
  };

  const eventOn = (day: number) =>
    insertEvent(t.db, {
      hotelId: staff.hotelB,
      name: `meetup ${randomUUID()}`,
      date: inDays(day),
      time: '18:00',
    });

  const holdTwoNights = async (day: number) => {
    const booking = await placeHold(t.app, guest, [
      { id: staff.roomB, checkIn: inDays(day), checkOut: inDays(day + 2), cartQuantity: 1 },
    ]);
    expect(booking.cartTotalCents).toBe(40_000);
    return booking;
  };

  const expectRefused = async (
    res: Awaited<ReturnType<typeof payByCard>>,
    bookingId: string,
    now: string,
  ) => {
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'PRICE_CHANGED',
      message: BOOKING_MESSAGES.priceChanged('$400', now),
    });
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, bookingId))).toEqual([]);
  };

  // Each test starts from no premium, whatever the one before left.
  beforeEach(() => setPremium(0));

  /** Waits until a session of this database waits for a lock another holds. */
  const someoneWaits = () =>
    expect
      .poll(
        async () =>
          (
            await t.db.execute<{ n: number }>(sql`
              select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`)
          ).rows[0]?.n,
        { timeout: 10_000, interval: 20 },
      )
      .toBeGreaterThan(0);

  test('the premium raised, or an event moved onto a night, after the hold: 409 at the new total', async () => {
    await eventOn(111);
    const first = await holdTwoNights(110);
    await setPremium(50);
    await expectRefused(await payByCard(t.app, guest, first.id, TEST_CARD), first.id, '$500');

    await setPremium(25);
    const event = await eventOn(140);
    const second = await holdTwoNights(120);
    const moved = await moveEvent(event.id, inDays(121));
    expect(moved.statusCode, moved.body).toBe(200);
    await expectRefused(await payByCard(t.app, guest, second.id, TEST_CARD), second.id, '$450');
    await setPremium(0);
  });

  test('a premium change and an event move wait for a payment checking the rooms’ prices', async () => {
    const event = await eventOn(160);
    const booking = await holdTwoNights(150);
    for (const write of [() => putPremium(30), () => moveEvent(event.id, inDays(151))]) {
      let settled = false;
      let written: Promise<Awaited<ReturnType<typeof call>>> | undefined;
      await t.db.transaction(async (tx) => {
        // The payment's check, under way: its booking's rooms share-locked.
        await lockCharge(tx, booking.id, booking.user);
        written = write().finally(() => {
          settled = true;
        });
        await someoneWaits();
        expect(settled).toBe(false);
      });
      const res = await (written as Promise<Awaited<ReturnType<typeof call>>>);
      expect(res.statusCode, res.body).toBe(200);
    }
    await setPremium(0);
  });

  test('a payment meeting a premium change under way waits for it, then is refused at the new total', async () => {
    await eventOn(171);
    const booking = await holdTwoNights(170);
    // A lapsed hold is checked again under the rooms' locks before it is charged.
    await lapseHold(t.db, booking.id);
    let paying: ReturnType<typeof payByCard> | undefined;
    await t.db.transaction(async (tx) => {
      // The hotel form's write, under way.
      await lockHotelPrices(tx, [staff.hotelB]);
      await tx
        .update(hotels)
        .set({ eventNightPremiumPercent: 50 })
        .where(eq(hotels.id, staff.hotelB));
      paying = payByCard(t.app, guest, booking.id, TEST_CARD);
      await someoneWaits();
    });
    await expectRefused(await (paying as ReturnType<typeof payByCard>), booking.id, '$500');
    await setPremium(0);
  });

  test('a payment refused at the new total leaves nothing started: its hold ends as it did', async () => {
    await eventOn(181);
    const booking = await holdTwoNights(180);
    const holdOf = async () =>
      (
        await t.db
          .select({ until: sql<string>`${bookings.holdExpiresAt}::text` })
          .from(bookings)
          .where(eq(bookings.id, booking.id))
      )[0]?.until;
    const before = await holdOf();
    await setPremium(50);
    // The payment's first statement started it; the rules, on what that statement read, undo it.
    await expectRefused(await payByCard(t.app, guest, booking.id, TEST_CARD), booking.id, '$500');
    expect(await holdOf()).toBe(before);
    // With the rooms as they were when the guest agreed, the same booking is paid at once.
    await setPremium(0);
    const paid = await payByCard(t.app, guest, booking.id, TEST_CARD);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(
      await t.db
        .select({ cents: payments.amountCents })
        .from(payments)
        .where(eq(payments.bookingId, booking.id)),
    ).toEqual([{ cents: 40_000 }]);
  });
});
