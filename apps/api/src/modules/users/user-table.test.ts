import { randomUUID } from 'node:crypto';
import { TOTAL_COUNT_HEADER } from '@devstay/shared/http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { ORIGIN, signIn, withSession } from '../../test/auth.ts';
import { twoHotelsWithStaff } from '../../test/booking-fixtures.ts';
import {
  bookAndPay,
  checkoutPayload,
  type HttpGuest,
  postAs,
  signUpOverHttp,
} from '../../test/http-guest.ts';

/**
 * The user table over real HTTP, for each role: an admin sees the accounts that booked at their
 * hotel (a confirmed or cancelled booking with a room there), never another hotel's guests nor
 * every account of the site; the superAdmin sees every account, with search and paging.
 */

let t: TestApp;
let base = '';
let staff: Awaited<ReturnType<typeof twoHotelsWithStaff>>;
let adminWithoutHotel = '';
const run = randomUUID().slice(0, 8);
const guests: Record<'atA' | 'atB' | 'atBoth' | 'heldOnly' | 'none', HttpGuest> = {} as never;
const emailOf = (key: keyof typeof guests) => guests[key].email;

beforeAll(async () => {
  t = await createTestApp();
  staff = await twoHotelsWithStaff(
    t.app,
    t.db,
    { a: { stock: 5, priceCents: 10_000 }, b: { stock: 5, priceCents: 10_000 } },
    `table.admin.b.${run}@devstay.dev`,
  );
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: withSession(staff.cookies.superAdmin),
    payload: {
      email: `table.admin.none.${run}@devstay.dev`,
      password: 'secret-123',
      idHotel: null,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  adminWithoutHotel = await signIn(t.app, `table.admin.none.${run}@devstay.dev`, 'secret-123');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `http://127.0.0.1:${address.port}`;

  for (const key of ['atA', 'atB', 'atBoth', 'heldOnly', 'none'] as const) {
    guests[key] = await signUpOverHttp(
      base,
      ORIGIN,
      `table.${key.toLowerCase()}.${run}@devstay.dev`,
    );
  }
  const stay = { checkIn: '2031-03-10', checkOut: '2031-03-12', cartQuantity: 1 };
  const paid = async (g: HttpGuest, rooms: number[]) => {
    const r = await bookAndPay(
      base,
      ORIGIN,
      g,
      rooms.map((id) => ({ id, ...stay })),
    );
    expect([r.checkout, r.payment]).toEqual([201, 200]);
    return r.bookingId as string;
  };
  await paid(guests.atA, [staff.roomA]);
  await paid(guests.atB, [staff.roomB]);
  // A booking spanning both hotels, then cancelled: its guest booked at each all the same.
  const both = await paid(guests.atBoth, [staff.roomA, staff.roomB]);
  const cancelled = await t.app.inject({
    method: 'PUT',
    url: '/api/booking/status',
    headers: withSession(staff.cookies.superAdmin),
    payload: { id: both, user: (await idOf(emailOf('atBoth'))) ?? '', status: 'cancelled' },
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  // A hold never paid is no booking.
  const body = await checkoutPayload(base, [{ id: staff.roomA, ...stay }]);
  const held = await postAs(base, ORIGIN, guests.heldOnly, '/api/booking', randomUUID(), body);
  expect(held.status).toBe(201);
}, 120_000);
afterAll(() => t.close());

async function idOf(email: string): Promise<string | undefined> {
  const rows = await t.db.execute<{ id: string }>(sql`select id from users where email = ${email}`);
  return rows.rows[0]?.id;
}

/** GET /api/users over HTTP as the holder of `cookie` (none: a visitor). */
async function table(cookie: string | null, query = '') {
  const res = await fetch(`${base}/api/users${query}`, {
    headers: cookie ? { cookie } : {},
  });
  const body = (await res.json()) as unknown;
  return { status: res.status, body, total: res.headers.get(TOTAL_COUNT_HEADER) };
}

const emails = (body: unknown) => (body as { email: string }[]).map((u) => u.email);

describe('GET /api/users for each role', () => {
  test('a visitor: 401; a guest: 403', async () => {
    expect((await table(null)).status).toBe(401);
    const asGuest = await table(guests.atA.cookie);
    expect(asGuest.status).toBe(403);
    expect(asGuest.body).toMatchObject({ code: 'FORBIDDEN' });
  });

  test('the admin of hotel A sees the accounts that booked there, not hotel B’s guests', async () => {
    const res = await table(staff.cookies.adminA, '?pageSize=100');
    expect(res.status).toBe(200);
    const shown = emails(res.body);
    // Demo stays may have booked at A too: ours are there, sorted, and no one else of this run.
    expect(shown).toEqual(expect.arrayContaining([emailOf('atA'), emailOf('atBoth')]));
    expect(shown.filter((e) => e.endsWith(`.${run}@devstay.dev`))).toEqual(
      [emailOf('atA'), emailOf('atBoth')].sort(),
    );
    expect(shown).not.toContain(emailOf('atB'));
    expect(shown).toEqual([...shown].sort());
    expect(Number(res.total)).toBe(shown.length);
    // Not every account on the site: the other staff, the demo guest without a stay here.
    const all = await table(staff.cookies.superAdmin, '?pageSize=100');
    expect(Number(res.total)).toBeLessThan(Number(all.total));
  });

  test('the admin of hotel B sees their own guests', async () => {
    const res = await table(staff.cookies.adminB, '?pageSize=100');
    expect(res.status).toBe(200);
    expect(emails(res.body)).toEqual([emailOf('atB'), emailOf('atBoth')].sort());
    expect(res.total).toBe('2');
  });

  test('an admin without a hotel sees no account', async () => {
    const res = await table(adminWithoutHotel);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect(res.total).toBe('0');
  });

  test('the superAdmin sees every account, paged and sorted by e-mail', async () => {
    const counted = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
    const total = counted.rows[0]?.n ?? 0;
    const first = await table(staff.cookies.superAdmin, '?pageSize=3');
    const second = await table(staff.cookies.superAdmin, '?pageSize=3&page=2');
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.total, second.total]).toEqual([String(total), String(total)]);
    const both = [...emails(first.body), ...emails(second.body)];
    expect(both).toHaveLength(6);
    expect(both).toEqual([...both].sort());
    expect(new Set(both).size).toBe(6);
    const everyone = await table(staff.cookies.superAdmin, '?pageSize=100');
    for (const key of Object.keys(guests) as (keyof typeof guests)[]) {
      expect(emails(everyone.body)).toContain(emailOf(key));
    }
  });

  test('search by e-mail or name, ignoring case; an admin’s search stays within their guests', async () => {
    const found = await table(staff.cookies.superAdmin, `?q=TABLE.ATB.${run.toUpperCase()}`);
    expect(emails(found.body)).toEqual([emailOf('atB')]);
    expect(found.total).toBe('1');
    // A LIKE wildcard is a character like any other.
    expect((await table(staff.cookies.superAdmin, '?q=%25_%25')).body).toEqual([]);
    const byAdminA = await table(staff.cookies.adminA, `?q=table.atb.${run}`);
    expect(byAdminA.body).toEqual([]);
    expect(byAdminA.total).toBe('0');
  });

  test('bad paging or search: a 400 naming the field', async () => {
    for (const [query, field] of [
      ['?pageSize=0', 'pageSize'],
      ['?page=x', 'page'],
      [`?q=${'a'.repeat(101)}`, 'q'],
    ] as const) {
      const res = await table(staff.cookies.superAdmin, query);
      expect(res.status, query).toBe(400);
      expect((res.body as { field?: string }).field, query).toBe(field);
    }
  });
});
