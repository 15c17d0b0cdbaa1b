import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bookings, hotels, mailOutbox, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { DEMO, ORIGIN, signIn, signInRaw, signUp, withSession } from '../../test/auth.ts';
import { hotelIds, userIdByEmail } from '../../test/fixtures.ts';

let t: TestApp;
let superAdmin: string;
let hotelA: number;
let hotelB: number;
let hotelNames: Record<number, string>;

beforeAll(async () => {
  t = await createTestApp();
  [hotelA, hotelB] = (await hotelIds(t.db, 2)) as [number, number];
  const rows = await t.db.select({ id: hotels.id, name: hotels.name }).from(hotels);
  hotelNames = Object.fromEntries(rows.map((h) => [h.id, h.name]));
  superAdmin = await signIn(t.app, DEMO.superAdmin);
});
afterAll(() => t.close());

const asSuperAdmin = () => withSession(superAdmin);

async function createAdmin(
  email: string,
  idHotel: number | null,
  extra: Record<string, unknown> = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: asSuperAdmin(),
    payload: { email, password: 'admin-pass', idHotel, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('POST /api/users (superAdmin registers an admin)', () => {
  test('creates an admin of a hotel who can sign in; the superAdmin stays signed in', async () => {
    const admin = await createAdmin('new.admin@devstay.dev', hotelA, {
      name: 'Ana',
      lastname: 'Pérez',
      dateOfBirth: '1990-04-01',
      dni: '30123456',
      address: 'Calle 1',
      city: 'Córdoba',
      country: 'Argentina',
    });
    expect(admin).toMatchObject({
      email: 'new.admin@devstay.dev',
      rol: 'admin',
      hotel: { id: hotelA, name: hotelNames[hotelA] },
      name: 'Ana',
      lastname: 'Pérez',
      dateOfBirth: '1990-04-01',
      dni: '30123456',
      emailVerified: false,
    });
    // The password works at the ordinary sign-in: same hashing as sign-up.
    const signedIn = await signInRaw(t.app, 'new.admin@devstay.dev', 'admin-pass');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ rol: 'admin', hotelId: hotelA });
    // The superAdmin's own session is untouched.
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: superAdmin } });
    expect(me.json()).toMatchObject({ email: DEMO.superAdmin, rol: 'superAdmin' });
    // The new admin is asked to verify the address.
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'new.admin@devstay.dev'));
    expect(mails).toHaveLength(1);
  });

  test.each([
    [
      'an e-mail in use',
      { email: DEMO.user, password: 'secret-123' },
      409,
      'email',
      'Email already in use',
    ],
    [
      'an invalid e-mail',
      { email: 'nope', password: 'secret-123' },
      400,
      'email',
      'email: Email invalid',
    ],
    [
      'a short password',
      { email: 'x1@devstay.dev', password: '12345' },
      400,
      'password',
      'password: Weak password',
    ],
    [
      'an unknown hotel',
      { email: 'x2@devstay.dev', password: 'secret-123', idHotel: 999999 },
      400,
      'idHotel',
      'Hotel not found',
    ],
    [
      'a hotel for a user',
      { email: 'x3@devstay.dev', password: 'secret-123', rol: 'user', idHotel: 1 },
      400,
      'idHotel',
      'Only an admin runs a hotel',
    ],
    [
      'a superAdmin role',
      { email: 'x4@devstay.dev', password: 'secret-123', rol: 'superAdmin' },
      400,
      'rol',
      undefined,
    ],
    [
      'a future date of birth',
      { email: 'x5@devstay.dev', password: 'secret-123', dateOfBirth: '2999-01-01' },
      400,
      'dateOfBirth',
      'dateOfBirth: Date of birth must be a past date as yyyy-MM-dd',
    ],
  ] as const)('%s → %s naming the field', async (_label, payload, status, field, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: asSuperAdmin(),
      payload,
    });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().field).toBe(field);
    if (message) expect(res.json().message).toBe(message);
    // Clients branch on the code: a taken address, a schema failure (message prefixed by the
    // field), or input the schema let through but the data refuses.
    const schemaFailure = !message || message.startsWith(`${field}: `);
    const code =
      status === 409 ? 'EMAIL_ALREADY_IN_USE' : schemaFailure ? 'VALIDATION_FAILED' : 'BAD_REQUEST';
    expect(res.json().code).toBe(code);
    const created = await t.db
      .select()
      .from(users)
      .where(eq(users.email, String(payload.email)));
    expect(created.length).toBe(payload.email === DEMO.user ? 1 : 0);
  });
});

describe('the user and admin tables', () => {
  test('GET /api/users lists every account sorted by e-mail, with the product’s fields', async () => {
    const res = await t.app.inject({
      url: '/api/users?pageSize=100',
      headers: { cookie: superAdmin },
    });
    expect(res.statusCode).toBe(200);
    const list = res.json() as {
      email: string;
      rol: string;
      id: string;
      name: string;
      lastname: string;
    }[];
    const emails = list.map((u) => u.email);
    expect(emails).toEqual([...emails].sort());
    expect(emails).toEqual(expect.arrayContaining([DEMO.superAdmin, DEMO.admin, DEMO.user]));
    expect(list.find((u) => u.email === DEMO.user)).toMatchObject({
      rol: 'user',
      name: 'demo',
      lastname: 'user',
      id: expect.any(String),
    });
  });

  test('GET /api/users/admins lists admins with their hotel, sorted by hotel name', async () => {
    await createAdmin('zz.admin@devstay.dev', hotelB);
    await createAdmin('aa.admin@devstay.dev', hotelA);
    await createAdmin('no.hotel.admin@devstay.dev', null);
    const res = await t.app.inject({ url: '/api/users/admins', headers: { cookie: superAdmin } });
    expect(res.statusCode).toBe(200);
    const list = res.json() as {
      email: string;
      rol: string;
      hotel: { id: number; name: string } | null;
    }[];
    expect(list.every((a) => a.rol === 'admin')).toBe(true);
    const withHotel = list.filter((a) => a.hotel);
    const names = withHotel.map((a) => a.hotel?.name ?? '');
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(list.at(-1)?.hotel).toBeNull();
    expect(list.find((a) => a.email === 'zz.admin@devstay.dev')?.hotel).toEqual({
      id: hotelB,
      name: hotelNames[hotelB],
    });
  });
});

describe('profiles', () => {
  test('a user edits their own profile; JSON name is the first name, displayName the display name', async () => {
    const { id, cookie } = await signUp(t.app, 'editor@example.dev');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${id}`,
      headers: withSession(cookie),
      payload: {
        name: ' Linus ',
        lastname: 'Torvalds',
        address: 'Kernel St 1',
        city: 'Helsinki',
        country: 'Finland',
        displayName: 'torvalds',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Linus',
      lastname: 'Torvalds',
      address: 'Kernel St 1',
      city: 'Helsinki',
      country: 'Finland',
      displayName: 'torvalds',
      rol: 'user',
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ firstName: 'Linus', name: 'torvalds' });
    const own = await t.app.inject({ url: `/api/users/${id}`, headers: { cookie } });
    expect(own.json().name).toBe('Linus');
  });

  test('a user cannot read or edit another user’s profile', async () => {
    const { cookie } = await signUp(t.app, 'curious@example.dev');
    const other = await userIdByEmail(t.db, DEMO.user);
    expect(
      (await t.app.inject({ url: `/api/users/${other}`, headers: { cookie } })).statusCode,
    ).toBe(403);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${other}`,
      headers: withSession(cookie),
      payload: { city: 'nowhere' },
    });
    expect(put.statusCode).toBe(403);
  });

  test('only the superAdmin moves an admin to another hotel', async () => {
    const admin = await createAdmin('mover@devstay.dev', hotelA);
    const adminCookie = await signIn(t.app, 'mover@devstay.dev', 'admin-pass');
    const self = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${admin.id}`,
      headers: withSession(adminCookie),
      payload: { idHotel: hotelB },
    });
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({
      field: 'idHotel',
      message: 'Only the superAdmin assigns hotels',
    });

    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${admin.id}`,
      headers: asSuperAdmin(),
      payload: { idHotel: hotelB, dni: 'AB-123' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      hotel: { id: hotelB, name: hotelNames[hotelB] },
      dni: 'AB-123',
    });
    // The admin's next request already runs the new hotel.
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: adminCookie } });
    expect(me.json().hotel).toEqual({ id: hotelB, name: hotelNames[hotelB] });
  });

  test('a user cannot be given a hotel', async () => {
    const user = await userIdByEmail(t.db, DEMO.user);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user}`,
      headers: asSuperAdmin(),
      payload: { idHotel: hotelA },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('idHotel');
  });

  test('bad input is a 400 naming the field', async () => {
    const { id, cookie } = await signUp(t.app, 'typo@example.dev');
    const cases: [Record<string, unknown>, string][] = [
      [{ dateOfBirth: '31/12/1990' }, 'dateOfBirth'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ dni: 'no spaces allowed' }, 'dni'],
      [{ photoURL: 'javascript:alert(1)' }, 'photoURL'],
      [{ city: 42 }, 'city'],
    ];
    for (const [payload, field] of cases) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${id}`,
        headers: withSession(cookie),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field).toBe(field);
    }
  });

  test('an unknown id is 404 for the superAdmin', async () => {
    const res = await t.app.inject({
      url: '/api/users/unknown-id',
      headers: { cookie: superAdmin },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('User not found');
  });
});

describe('DELETE /api/users/{id}', () => {
  test('the superAdmin deletes a user and an admin, not themselves nor another superAdmin', async () => {
    const { id: userId } = await signUp(t.app, 'gone.user@example.dev');
    const admin = await createAdmin('gone.admin@devstay.dev', hotelA);
    for (const id of [userId, admin.id]) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/users/${id}`,
        headers: asSuperAdmin(),
      });
      expect(res.statusCode).toBe(204);
      expect(await t.db.select().from(users).where(eq(users.id, id))).toHaveLength(0);
    }
    const me = await userIdByEmail(t.db, DEMO.superAdmin);
    const self = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${me}`,
      headers: asSuperAdmin(),
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You cannot delete your own account');

    await t.db
      .update(users)
      .set({ rol: 'superAdmin' })
      .where(eq(users.email, 'editor@example.dev'));
    const other = await userIdByEmail(t.db, 'editor@example.dev');
    const peer = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${other}`,
      headers: asSuperAdmin(),
    });
    expect(peer.statusCode).toBe(403);

    const missing = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/nobody',
      headers: asSuperAdmin(),
    });
    expect(missing.statusCode).toBe(404);
  });

  test('an account with bookings is kept (409): bookings are never lost', async () => {
    const { id } = await signUp(t.app, 'booker@example.dev');
    await t.db.insert(bookings).values({
      userId: id,
      status: 'confirmed',
      idempotencyKey: `test-${id}`,
      totalQuantity: 1,
      totalCents: 10_000,
    });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${id}`,
      headers: asSuperAdmin(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT' });
    expect(await t.db.select().from(users).where(eq(users.id, id))).toHaveLength(1);
  });
});

test('GET /api/me answers the profile of the session with rol and hotel', async () => {
  await t.db.update(users).set({ hotelId: hotelA }).where(eq(users.email, DEMO.admin));
  const cookie = await signIn(t.app, DEMO.admin);
  const res = await t.app.inject({ url: '/api/me', headers: { cookie, origin: ORIGIN } });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({
    email: DEMO.admin,
    rol: 'admin',
    hotel: { id: hotelA, name: hotelNames[hotelA] },
    emailVerified: true,
    favorites: [],
  });
});
