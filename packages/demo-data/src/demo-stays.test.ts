import { createDb, type Db } from '@devstay/api/db/client';
import { listBookings } from '@devstay/api/modules/bookings/records';
import { calendarDateIn, nightsBetween } from '@devstay/shared/stay';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
// The API's test helpers are no part of its package's exports; these tests run in its test project.
import { createTestDatabase } from '../../../apps/api/src/test/app.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { DEMO_STAY_KEY, DEMO_STAYS, seedDemoStays } from './demo-stays.ts';

const config = {
  PUBLIC_URL: 'http://localhost:3000',
  STRIPE_SECRET_KEY: undefined,
  HOLDS_PER_ACCOUNT: 3,
  HELD_UNITS_PER_ACCOUNT: 20,
  LAPSED_HOLDS_PER_DAY: 10,
};

let db: Db;
beforeAll(async () => {
  // The seeded catalogue with the demo accounts, as npm start leaves them.
  db = createDb(await createTestDatabase(), 4);
});
afterAll(async () => {
  await db.$client.end();
});

async function rows<T>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await db.$client.query(text, values)).rows as T[];
}

describe('demo stays', () => {
  test('booked and paid through checkout and payment: each has its capture, charge, ledger nights and receipt e-mail', async () => {
    const report = await seedDemoStays(db, config);
    expect(report).toEqual({ booked: DEMO_STAYS.length, reviews: 4 });

    const seeded = await rows<{
      id: string;
      status: string;
      total_cents: number;
      created_at: Date;
      amount_cents: number | null;
      payment_status: string | null;
      provider: string | null;
      charged: number | null;
      receipts: number;
    }>(
      `select b.id, b.status, b.total_cents, b.created_at, p.amount_cents, p.status as payment_status,
         p.provider, c.amount_cents as charged,
         (select count(*)::int from mail_outbox m where m.text like '%' || b.id::text || '%') as receipts
       from bookings b
       left join payments p on p.booking_id = b.id
       left join test_card_charges c on c.idempotency_key = p.id::text
       where b.idempotency_key like $1`,
      [`${DEMO_STAY_KEY}%`],
    );
    expect(seeded).toHaveLength(DEMO_STAYS.length);
    for (const b of seeded) {
      expect(b.status, b.id).toBe('confirmed');
      expect(b.payment_status, b.id).toBe('captured');
      expect(b.provider, b.id).toBe('test');
      // The processor's own record of the charge: the booking's total, once.
      expect(b.amount_cents, b.id).toBe(b.total_cents);
      expect(b.charged, b.id).toBe(b.total_cents);
      expect(b.receipts, b.id).toBe(1);
      expect(b.total_cents, b.id).toBeGreaterThan(0);
    }

    // Every night of every seeded line is on the ledger: taken = the units the confirmed
    // bookings hold that night (nothing else is booked in this database).
    const nights = await rows<{ room_id: number; night: string; booked: number; taken: number }>(
      `select l.room_id, n.night::date::text as night, sum(l.quantity)::int as booked,
         coalesce(max(rn.taken), 0)::int as taken
       from booking_lines l
       join bookings b on b.id = l.booking_id and b.status = 'confirmed'
       cross join lateral generate_series(l.check_in::timestamp, (l.check_out - 1)::timestamp,
         interval '1 day') as n(night)
       left join room_nights rn on rn.room_id = l.room_id and rn.night = n.night::date
       group by l.room_id, n.night`,
    );
    const lineNights = await rows<{ nights: number }>(
      `select coalesce(sum((l.check_out - l.check_in) * l.quantity), 0)::int as nights
       from booking_lines l join bookings b on b.id = l.booking_id
       where b.idempotency_key like $1`,
      [`${DEMO_STAY_KEY}%`],
    );
    expect(nights.reduce((sum, n) => sum + n.booked, 0)).toBe(lineNights[0]?.nights);
    expect(lineNights[0]?.nights).toBe(DEMO_STAYS.reduce((sum, s) => sum + s.nights, 0));
    for (const n of nights) expect(n.taken, `${n.room_id} ${n.night}`).toBe(n.booked);

    // Past stays (dated to the day they were booked, before their check-in) and coming ones.
    // Each date as the hotel's calendar has it, as its check-in and today are.
    const lines = await rows<{ check_in: string; booked_on: string; time_zone: string }>(
      `select l.check_in::text,
         to_char(b.created_at at time zone h.time_zone, 'YYYY-MM-DD') as booked_on,
         h.time_zone
       from booking_lines l join bookings b on b.id = l.booking_id join hotels h on h.id = l.hotel_id
       where b.idempotency_key like $1`,
      [`${DEMO_STAY_KEY}%`],
    );
    const today = calendarDateIn(lines[0]?.time_zone ?? 'UTC');
    expect(lines.filter((l) => l.check_in < today).length).toBeGreaterThanOrEqual(5);
    expect(lines.filter((l) => l.check_in > today).length).toBeGreaterThanOrEqual(5);
    for (const l of lines) expect(l.booked_on <= l.check_in, JSON.stringify(l)).toBe(true);
    expect(lines.every((l) => nightsBetween(l.booked_on, today) >= 0)).toBe(true);
  });

  test('reviews from the stays are verified; the demo guest has a history of past and coming stays', async () => {
    const reviews = await rows<{ verified_stay: boolean; name: string }>(
      `select r.verified_stay, r.name from reviews r where r.user_id is not null`,
    );
    expect(reviews).toHaveLength(4);
    expect(reviews.every((r) => r.verified_stay)).toBe(true);

    const [guest] = await rows<{ id: string }>(`select id from users where email = $1`, [
      DEMO_ACCOUNTS.find((a) => a.rol === 'user')?.email,
    ]);
    if (!guest) throw new Error('no demo guest');
    const history = await listBookings(
      db,
      { userId: guest.id, page: 1, pageSize: 20 },
      { id: guest.id, email: '', emailVerified: true, name: '', rol: 'user', hotelId: null },
      new Date(),
    );
    const stays = DEMO_STAYS.filter((s) => s.guest === 'demo');
    expect(history.total).toBe(stays.length);
    expect(history.items.some((b) => b.cartRoom.some((r) => r.stayEnded))).toBe(true);
    expect(history.items.some((b) => b.cartRoom.some((r) => !r.stayEnded))).toBe(true);
  });

  test('a second run books and charges nothing more', async () => {
    const count = async () =>
      (await rows<{ n: number }>(`select count(*)::int as n from test_card_charges`))[0]?.n;
    const before = await count();
    expect(await seedDemoStays(db, config)).toEqual({ booked: 0, reviews: 0 });
    expect(await count()).toBe(before);
  });

  test('with a real processor configured, no stay is seeded', async () => {
    expect(await seedDemoStays(db, { ...config, STRIPE_SECRET_KEY: 'sk_test_x' })).toMatchObject({
      booked: 0,
      skipped: 'a real processor',
    });
  });
});
