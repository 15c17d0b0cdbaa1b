import * as contracts from '@devstay/shared/contracts/content';
import { fieldErrors } from '@devstay/shared/contracts/content';
import { CONTENT_MESSAGES } from '@devstay/shared/messages';
import { addDays, calendarDateIn, eventDateMax } from '@devstay/shared/stay';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startNotifyListener } from '../../db/notify-listener.ts';
import { SETTLE_CHANNEL } from '../../plugins/change-notices.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { DEMO, ORIGIN, signIn, withSession } from '../../test/auth.ts';
import { inDays } from '../../test/booking-fixtures.ts';
import {
  insertHotel,
  insertLocation,
  insertRoomService,
  insertStoredPicture,
  uniqueToken,
} from '../../test/catalogue-rows.ts';
import { userIdByEmail } from '../../test/fixtures.ts';
import { takeUnits } from '../availability/ledger.ts';

let t: TestApp;
let app: FastifyInstance;
const cookies: Record<'superAdmin' | 'admin' | 'user', string> = {
  superAdmin: '',
  admin: '',
  user: '',
};
let ownHotel: number;
let otherHotel: number;
let locationId: number;
let serviceName: string;

const storedPicture = () => insertStoredPicture(t.db);

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  for (const role of ['superAdmin', 'admin', 'user'] as const) {
    cookies[role] = await signIn(app, DEMO[role]);
  }
  const adminId = await userIdByEmail(t.db, DEMO.admin);
  const [row] = (
    await t.db.execute<{ hotel_id: number }>(sql`select hotel_id from users where id = ${adminId}`)
  ).rows;
  ownHotel = row?.hotel_id as number;
  const token = uniqueToken();
  const location = await insertLocation(t.db, {
    state: 'Córdoba',
    department: `Depto ${token}`,
    city: `Villa ${token}`,
  });
  locationId = location.id;
  otherHotel = (await insertHotel(t.db, { name: `other ${token}`, locationId })).id;
  serviceName = `fibre ${token}`;
  await insertRoomService(t.db, serviceName);
});
afterAll(() => t?.close());

type Who = 'visitor' | 'user' | 'admin' | 'superAdmin';

function send(who: Who, method: 'POST' | 'PUT' | 'GET', url: string, payload?: unknown) {
  const headers = who === 'visitor' ? { origin: ORIGIN } : withSession(cookies[who]);
  return app.inject({ method, url, headers, payload: payload as object });
}

// ── Bodies ──────────────────────────────────────────────────────────────────────────────────

async function roomCreate(hotel: number) {
  return {
    id: hotel,
    name: 'Suite',
    image: [await storedPicture()],
    price: 120,
    description: 'Two monitors and a standing desk',
    category: 'premium',
    services: [serviceName],
    stock: 5,
  };
}
async function hotelCreate() {
  return {
    name: `Hotel Ñandú ${uniqueToken()}`,
    image: [await storedPicture()],
    qualification: 4,
    description: 'By the river',
    address: 'Av. Colón 100',
    idLocation: locationId,
  };
}
async function eventCreate(hotel: number) {
  return {
    name: `JSConf ${uniqueToken()}`,
    idHotel: hotel,
    date: inDays(20),
    time: '18:30',
    image: [await storedPicture()],
    description: 'Talks',
  };
}
async function hotelServiceCreate(hotel: number) {
  return {
    idHotel: hotel,
    name: `Coworking ${uniqueToken()}`,
    image: [await storedPicture()],
    description: 'Open all night',
  };
}
async function roomServiceCreate() {
  return { name: `Dual monitors ${uniqueToken()}`, image: [await storedPicture()] };
}

/** What a modify form sends back: the record it loaded (with its version), changed. */
const asModify = (record: Record<string, unknown>) => ({
  ...record,
  image: (record.image as { url: string; public_id: string }[]).map(({ url, public_id }) => ({
    url,
    public_id,
  })),
});

interface Kind {
  path: string;
  create: (hotel: number) => Promise<Record<string, unknown>>;
  createSchema: typeof contracts.roomCreateBody | typeof contracts.hotelCreateBody;
  /** Whether the admin of the hotel may create one (room services, hotels: superAdmin only). */
  adminCreates: boolean;
  adminModifies: boolean;
}

const KINDS: Record<string, Kind> = {
  rooms: {
    path: '/api/rooms',
    create: roomCreate,
    createSchema: contracts.roomCreateBody,
    adminCreates: true,
    adminModifies: true,
  },
  hotels: {
    path: '/api/hotels',
    create: () => hotelCreate(),
    createSchema: contracts.hotelCreateBody,
    adminCreates: false,
    adminModifies: true,
  },
  events: {
    path: '/api/events',
    create: eventCreate,
    createSchema: contracts.eventCreateBody as never,
    adminCreates: true,
    adminModifies: true,
  },
  serviceHotels: {
    path: '/api/serviceHotels',
    create: hotelServiceCreate,
    createSchema: contracts.hotelServiceCreateBody as never,
    adminCreates: true,
    adminModifies: true,
  },
  serviceRooms: {
    path: '/api/serviceRooms',
    create: () => roomServiceCreate(),
    createSchema: contracts.roomServiceCreateBody as never,
    adminCreates: false,
    adminModifies: false,
  },
};

/** A record of `kind` at the admin's own hotel (or the hotel itself), made by the superAdmin. */
async function created(kind: Kind, hotel = ownHotel) {
  const res = await send('superAdmin', 'POST', kind.path, await kind.create(hotel));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Record<string, unknown> & { id: number; version: number };
}

// ── Authorisation matrix ────────────────────────────────────────────────────────────────────

describe('who may create and modify what (product §6)', () => {
  test.each(Object.entries(KINDS))('%s: create', async (_name, kind) => {
    const body = await kind.create(ownHotel);
    expect((await send('visitor', 'POST', kind.path, body)).statusCode).toBe(401);
    expect((await send('user', 'POST', kind.path, body)).statusCode).toBe(403);
    const byAdmin = await send('admin', 'POST', kind.path, body);
    expect(byAdmin.statusCode, byAdmin.body).toBe(kind.adminCreates ? 201 : 403);
    if (kind.adminCreates) {
      const elsewhere = await send('admin', 'POST', kind.path, await kind.create(otherHotel));
      expect(elsewhere.statusCode).toBe(403);
      expect(elsewhere.json().code).toBe('OTHER_HOTEL');
    }
    const bySuperAdmin = await send('superAdmin', 'POST', kind.path, await kind.create(otherHotel));
    expect(bySuperAdmin.statusCode, bySuperAdmin.body).toBe(201);
    expect(bySuperAdmin.json().version).toBe(1);
  });

  test.each(Object.entries(KINDS))('%s: modify', async (name, kind) => {
    const own = name === 'hotels' ? await loadHotel(ownHotel) : await created(kind);
    const other = name === 'hotels' ? await loadHotel(otherHotel) : await created(kind, otherHotel);
    expect((await send('visitor', 'PUT', kind.path, asModify(own))).statusCode).toBe(401);
    expect((await send('user', 'PUT', kind.path, asModify(own))).statusCode).toBe(403);
    const byAdmin = await send('admin', 'PUT', kind.path, asModify(own));
    expect(byAdmin.statusCode, byAdmin.body).toBe(kind.adminModifies ? 200 : 403);
    if (kind.adminModifies) {
      expect(byAdmin.json().version).toBe(own.version + 1);
      const elsewhere = await send('admin', 'PUT', kind.path, asModify(other));
      expect(elsewhere.statusCode).toBe(403);
      expect(elsewhere.json().code).toBe('OTHER_HOTEL');
      if (name !== 'hotels' && name !== 'serviceRooms') {
        // Moving one's own record to another hotel is reaching for that hotel.
        const reloaded = byAdmin.json();
        const moved = await send('admin', 'PUT', kind.path, {
          ...asModify(reloaded),
          idHotel: otherHotel,
        });
        expect(moved.statusCode).toBe(403);
      }
    }
    const bySuperAdmin = await send('superAdmin', 'PUT', kind.path, asModify(other));
    expect(bySuperAdmin.statusCode, bySuperAdmin.body).toBe(200);
  });

  test('modifying a record that does not exist is 404 for everyone allowed', async () => {
    const room = await created(KINDS.rooms as Kind);
    const missing = { ...asModify(room), id: 2_000_000_000, idHotel: ownHotel };
    expect((await send('admin', 'PUT', '/api/rooms', missing)).statusCode).toBe(404);
    expect((await send('superAdmin', 'PUT', '/api/rooms', missing)).statusCode).toBe(404);
  });
});

/**
 * A value other than its default for each field a create body fills in when absent: a field
 * given a default needs one here (the test below says which).
 */
const NOT_DEFAULT: Record<string, unknown> = {
  capacity: 4,
  timeZone: 'Asia/Tokyo',
  freeCancellationDays: 9,
  eventNightPremiumPercent: 40,
};

describe('a modify that leaves out a field with a default keeps the stored value', () => {
  const defaulted = Object.entries(KINDS).flatMap(([name, kind]) =>
    Object.entries(kind.createSchema.shape)
      .filter(([, field]) => field.safeParse(undefined).data !== undefined)
      .map(([field]) => [name, field] as const),
  );

  test('some kinds have fields with a default', () => {
    expect(defaulted.length).toBeGreaterThan(0);
  });

  test.each(defaulted)('%s: %s', async (name, field) => {
    expect(NOT_DEFAULT, `a value of ${field} other than its default`).toHaveProperty(field);
    const kind = KINDS[name] as Kind;
    const made = await created(kind);
    const record = name === 'hotels' ? await loadHotel(made.id) : made;
    const set = await send('superAdmin', 'PUT', kind.path, {
      ...asModify(record),
      [field]: NOT_DEFAULT[field],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()[field]).toEqual(NOT_DEFAULT[field]);
    const without: Record<string, unknown> = asModify(set.json());
    delete without[field];
    const kept = await send('superAdmin', 'PUT', kind.path, without);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()[field]).toEqual(NOT_DEFAULT[field]);
  });
});

async function loadHotel(id: number) {
  const res = await send('superAdmin', 'GET', `/api/content/hotels/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown> & { id: number; version: number };
}

// ── Validation ──────────────────────────────────────────────────────────────────────────────

describe('bad input is 400 naming each field with the form message', () => {
  test.each(Object.entries(KINDS))('%s: every field missing in turn', async (_name, kind) => {
    const body = await kind.create(ownHotel);
    for (const field of Object.keys(body)) {
      const broken = { ...body };
      delete broken[field];
      const res = await send('superAdmin', 'POST', kind.path, broken);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      const expected = fieldErrors(kind.createSchema, broken)[field];
      expect(expected).toBeTruthy();
      expect(res.json().field).toBe(field);
      expect(res.json().fields).toEqual({ [field]: expected });
    }
  });

  test('an empty body names every field at once', async () => {
    const res = await send('superAdmin', 'POST', '/api/rooms', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      id: 'Hotel name is required',
      name: 'Room name is required',
      price: 'The price is required',
      stock: 'The stock is required',
    });
  });

  test('non-integers, out-of-range values and unknown references', async () => {
    const body = await roomCreate(ownHotel);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ price: 99.5 }, 'price', CONTENT_MESSAGES.priceInteger],
      [{ price: 1001 }, 'price', CONTENT_MESSAGES.priceRange],
      [{ stock: 51 }, 'stock', CONTENT_MESSAGES.stockRange],
      [{ category: 'lux3' }, 'category', CONTENT_MESSAGES.categoryLetters],
      [{ name: 'penthouse' }, 'name', CONTENT_MESSAGES.roomNameInvalid],
      [
        { description: 'x'.repeat(501) },
        'description',
        'Description must be 500 characters at most',
      ],
      [
        { services: ['no such service'] },
        'services.0',
        CONTENT_MESSAGES.serviceUnknown('no such service'),
      ],
      [
        { image: [{ url: '/x', public_id: 'images/never' }] },
        'image.0',
        CONTENT_MESSAGES.imageUnknown,
      ],
      [{ id: 2_000_000_000 }, 'id', CONTENT_MESSAGES.hotelMissing],
    ];
    for (const [change, field, message] of cases) {
      const res = await send('superAdmin', 'POST', '/api/rooms', { ...body, ...change });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field).toBe(field);
      expect(res.json().message).toContain(message);
    }
    const hotel = await send('superAdmin', 'POST', '/api/hotels', {
      ...(await hotelCreate()),
      idLocation: 2_000_000_000,
    });
    expect(hotel.statusCode).toBe(400);
    expect(hotel.json().field).toBe('idLocation');
    const past = await send('superAdmin', 'POST', '/api/events', {
      ...(await eventCreate(ownHotel)),
      date: inDays(-3),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields).toEqual({ date: CONTENT_MESSAGES.datePast });
  });

  test('names are kept as typed, and found ignoring case and accents', async () => {
    const token = uniqueToken();
    const body = { ...(await hotelCreate()), name: `DevOps Ñandú de la Costa ${token}` };
    const res = await send('superAdmin', 'POST', '/api/hotels', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().name).toBe(body.name);
    const event = { ...(await eventCreate(ownHotel)), name: `CTF Mar del Plata ${token}` };
    const made = await send('superAdmin', 'POST', '/api/events', event);
    expect(made.json().name).toBe(event.name);
    expect((await send('visitor', 'GET', `/api/events/${made.json().id}`)).json().name).toBe(
      event.name,
    );
    const found = await send(
      'visitor',
      'GET',
      `/api/hotels?name=${encodeURIComponent(`NANDU DE LA COSTA ${token.toUpperCase()}`)}`,
    );
    expect(found.json().map((h: { name: string }) => h.name)).toEqual([body.name]);
  });

  test('a room service is one per name, whatever its case and accents; rooms name it so too', async () => {
    const service = { ...(await roomServiceCreate()), name: `Café Bar ${uniqueToken()}` };
    const first = await send('superAdmin', 'POST', '/api/serviceRooms', service);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().name).toBe(service.name);
    for (const name of [
      service.name.toUpperCase(),
      service.name.replace('é', 'e'),
      ` ${service.name.toLowerCase()} `,
    ]) {
      const again = await send('superAdmin', 'POST', '/api/serviceRooms', { ...service, name });
      expect(again.statusCode, name).toBe(409);
      expect(again.json().field).toBe('name');
    }
    // A room form naming it in other capitals and without the accent links the same service.
    const room = await send('admin', 'POST', '/api/rooms', {
      ...(await roomCreate(ownHotel)),
      services: [serviceName, service.name.toUpperCase().replace('É', 'E')],
    });
    expect(room.statusCode, room.body).toBe(201);
    const read = await send('visitor', 'GET', `/api/rooms/${room.json().id}`);
    expect(read.json().services).toContain(service.name);
  });
});

// ── Versions ────────────────────────────────────────────────────────────────────────────────

describe('optimistic versions', () => {
  test.each(Object.entries(KINDS))(
    '%s: a stale modify is 409 and overwrites nothing',
    async (name, kind) => {
      const record =
        name === 'hotels' ? await loadHotel(otherHotel) : await created(kind, otherHotel);
      const first = await send('superAdmin', 'PUT', kind.path, {
        ...asModify(record),
        description: 'first save',
      });
      expect(first.statusCode, first.body).toBe(200);
      const second = await send('superAdmin', 'PUT', kind.path, {
        ...asModify(record),
        description: 'second save, from the same load',
      });
      expect(second.statusCode).toBe(409);
      expect(second.json().field).toBe('version');
      expect(second.json().message).toMatch(/^Someone else saved this .+ in the meantime/);
      if ('description' in record) {
        const list =
          name === 'hotels'
            ? [await loadHotel(otherHotel)]
            : name === 'serviceRooms'
              ? (await send('superAdmin', 'GET', '/api/content/serviceRooms')).json()
              : (
                  await send('superAdmin', 'GET', `/api/content/${name}?idHotel=${otherHotel}`)
                ).json();
        const now = (list as { id: number; description: string; version: number }[]).find(
          (r) => r.id === record.id,
        );
        expect(now?.description).toBe('first save');
        expect(now?.version).toBe(record.version + 1);
      }
    },
  );

  test('two modifies racing from one load: exactly one wins', async () => {
    const room = await created(KINDS.rooms as Kind);
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        send('superAdmin', 'PUT', '/api/rooms', { ...asModify(room), price: 100 + n }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
  });
});

// ── Stock ───────────────────────────────────────────────────────────────────────────────────

describe("a room's stock never goes below what is booked on a coming night", () => {
  test('refused naming the night; allowed down to the busiest night', async () => {
    const room = await created(KINDS.rooms as Kind);
    const busy = inDays(40);
    await t.db.execute(sql`insert into room_nights (room_id, night, taken) values
      (${room.id}, ${busy}, 3), (${room.id}, ${inDays(41)}, 2), (${room.id}, ${inDays(-5)}, 5)`);
    const lower = await send('admin', 'PUT', '/api/rooms', { ...asModify(room), stock: 2 });
    expect(lower.statusCode).toBe(409);
    expect(lower.json().field).toBe('stock');
    expect(lower.json().message).toBe(
      `Stock cannot go below 3: 3 units are already booked on ${busy}`,
    );
    // A past night (5 taken) does not count.
    const toThree = await send('admin', 'PUT', '/api/rooms', { ...asModify(room), stock: 3 });
    expect(toThree.statusCode, toThree.body).toBe(200);
    expect(toThree.json().stock).toBe(3);
  });

  test('a checkout under way on a first night is waited for, then counted', async () => {
    const room = await created(KINDS.rooms as Kind);
    const night = inDays(50);
    let commit = () => {};
    let taking = () => {};
    const unitsTaken = new Promise<void>((resolve) => {
      taking = resolve;
    });
    // A checkout's transaction takes 3 of 5 units on a night with no ledger row yet, and stays open.
    const checkout = t.db.transaction(async (tx) => {
      expect(await takeUnits(tx, [{ roomId: room.id, night, units: 3 }])).toBeNull();
      taking();
      await new Promise<void>((resolve) => {
        commit = resolve;
      });
    });
    await unitsTaken;
    const lowering = send('admin', 'PUT', '/api/rooms', { ...asModify(room), stock: 2 });
    // Without the room lock the change would read an empty ledger and pass now.
    const early = await Promise.race([
      lowering.then(() => 'answered'),
      new Promise((resolve) => setTimeout(resolve, 500, 'waiting')),
    ]);
    expect(early).toBe('waiting');
    commit();
    await checkout;
    const lower = await lowering;
    expect(lower.statusCode, lower.body).toBe(409);
    expect(lower.json().message).toBe(
      `Stock cannot go below 3: 3 units are already booked on ${night}`,
    );
  });

  test('a checkout starting while the stock is being lowered reads the new stock', async () => {
    const room = await created(KINDS.rooms as Kind);
    const night = inDays(51);
    let commit = () => {};
    let locked = () => {};
    const roomLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    // A stock change (as PUT /rooms does it: the room row locked for update) lowers 5 to 2 and
    // stays open while a checkout for 3 units on a fresh night starts.
    const change = t.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from rooms where id = ${room.id} for update`);
      await tx.execute(sql`update rooms set stock = 2 where id = ${room.id}`);
      locked();
      await new Promise<void>((resolve) => {
        commit = resolve;
      });
    });
    await roomLocked;
    const checkout = t.db.transaction((tx) =>
      takeUnits(tx, [{ roomId: room.id, night, units: 3 }]),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    commit();
    await change;
    expect(await checkout).toEqual({ roomId: room.id, night, units: 3 });
    const [ledger] = (
      await t.db.execute<{ taken: number }>(
        sql`select taken from room_nights where room_id = ${room.id} and night = ${night}`,
      )
    ).rows;
    expect(ledger?.taken ?? 0).toBe(0);
  });
});

// ── Time zones ──────────────────────────────────────────────────────────────────────────────

/**
 * The two ends of the Earth's calendar: at any instant their dates differ (UTC+14 is 26 hours
 * ahead of UTC−12), and the server's own date (whatever its zone) differs from at least one.
 */
const EAST = 'Etc/GMT-14';
const WEST = 'Etc/GMT+12';

describe("a hotel's time zone, and its today", () => {
  /** A hotel made through the API in `timeZone`; answers its id. */
  async function hotelIn(timeZone: string): Promise<number> {
    const res = await send('superAdmin', 'POST', '/api/hotels', {
      ...(await hotelCreate()),
      timeZone,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().timeZone).toBe(timeZone);
    return res.json().id;
  }

  test('kept per hotel: Buenos Aires unless named, shown to readers, an unknown zone is a 400', async () => {
    const plain = await send('superAdmin', 'POST', '/api/hotels', await hotelCreate());
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().timeZone).toBe('America/Argentina/Buenos_Aires');
    const id = await hotelIn('Pacific/Kiritimati');
    const detail = await send('visitor', 'GET', `/api/hotels/${id}`);
    expect(detail.json().timeZone).toBe('Pacific/Kiritimati');
    for (const zone of ['Mars/Olympus_Mons', '+03:00', 'UTC+3', '']) {
      const bad = await send('superAdmin', 'POST', '/api/hotels', {
        ...(await hotelCreate()),
        timeZone: zone,
      });
      expect(bad.statusCode, zone).toBe(400);
      expect(bad.json().fields).toEqual({
        timeZone: zone ? CONTENT_MESSAGES.timeZoneInvalid : CONTENT_MESSAGES.timeZoneRequired,
      });
    }
    // A modify changes it; one that leaves it out keeps it.
    const loaded = await loadHotel(id);
    const moved = await send('superAdmin', 'PUT', '/api/hotels', {
      ...asModify(loaded),
      timeZone: 'America/Los_Angeles',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().timeZone).toBe('America/Los_Angeles');
    const withoutZone: Record<string, unknown> = asModify(moved.json());
    delete withoutZone.timeZone;
    const kept = await send('superAdmin', 'PUT', '/api/hotels', withoutZone);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().timeZone).toBe('America/Los_Angeles');
    const wrong = await send('superAdmin', 'PUT', '/api/hotels', {
      ...asModify(kept.json()),
      timeZone: 'Nowhere/Town',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().field).toBe('timeZone');
  });

  test("an event's dates run from its own hotel's today to the horizon, in the hotel's zone", async () => {
    const [east, west] = [await hotelIn(EAST), await hotelIn(WEST)];
    const westToday = calendarDateIn(WEST);
    const eastToday = calendarDateIn(EAST);
    expect(westToday < eastToday).toBe(true);
    const event = async (hotel: number, date: string) =>
      send('superAdmin', 'POST', '/api/events', { ...(await eventCreate(hotel)), date });

    const atWest = await event(west, westToday);
    expect(atWest.statusCode, atWest.body).toBe(201);
    // The same date is already past at the eastern hotel.
    const pastAtEast = await event(east, westToday);
    expect(pastAtEast.statusCode).toBe(400);
    expect(pastAtEast.json()).toMatchObject({ field: 'date', message: CONTENT_MESSAGES.datePast });
    expect((await event(east, eastToday)).statusCode).toBe(201);
    // The horizon counts from the hotel's today too.
    const westMax = eventDateMax(westToday, 2);
    const tooFar = await event(west, addDays(westMax, 1));
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json()).toMatchObject({
      field: 'date',
      message: CONTENT_MESSAGES.dateTooFar(westMax),
    });
    expect((await event(east, addDays(westMax, 1))).statusCode).toBe(201);
    // Moving the western event to the eastern hotel makes its date past there.
    const moved = await send('superAdmin', 'PUT', '/api/events', {
      ...asModify(atWest.json()),
      idHotel: east,
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({ field: 'date', message: CONTENT_MESSAGES.datePast });
  });

  test("the stock check counts the nights from the room's hotel's today", async () => {
    const [east, west] = [await hotelIn(EAST), await hotelIn(WEST)];
    const eastRoom = await created(KINDS.rooms as Kind, east);
    const westRoom = await created(KINDS.rooms as Kind, west);
    const eastYesterday = addDays(calendarDateIn(EAST), -1);
    const westToday = calendarDateIn(WEST);
    await t.db.execute(sql`insert into room_nights (room_id, night, taken) values
      (${eastRoom.id}, ${eastYesterday}, 5), (${westRoom.id}, ${westToday}, 5)`);
    // Yesterday at the eastern hotel is past: it does not hold the stock up.
    const eastLower = await send('superAdmin', 'PUT', '/api/rooms', {
      ...asModify(eastRoom),
      stock: 2,
    });
    expect(eastLower.statusCode, eastLower.body).toBe(200);
    // Today at the western hotel is a coming night, whatever the server's date.
    const westLower = await send('superAdmin', 'PUT', '/api/rooms', {
      ...asModify(westRoom),
      stock: 2,
    });
    expect(westLower.statusCode).toBe(409);
    expect(westLower.json().message).toBe(CONTENT_MESSAGES.stockBelowBooked(5, westToday));
  });
});

// ── Cache, pictures, pickers ────────────────────────────────────────────────────────────────

describe("a hotel's free-cancellation window", () => {
  test('2 days unless set, 0 to 60 whole days, kept by a modify that leaves it out', async () => {
    const created = await send('superAdmin', 'POST', '/api/hotels', await hotelCreate());
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().freeCancellationDays).toBe(2);
    const id = created.json().id as number;
    const set = await send('superAdmin', 'PUT', '/api/hotels', {
      ...asModify(await loadHotel(id)),
      freeCancellationDays: 7,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await loadHotel(id)).freeCancellationDays).toBe(7);
    const without: Record<string, unknown> = asModify(await loadHotel(id));
    delete without.freeCancellationDays;
    expect((await send('superAdmin', 'PUT', '/api/hotels', without)).statusCode).toBe(200);
    expect((await loadHotel(id)).freeCancellationDays).toBe(7);
    for (const [value, message] of [
      [61, CONTENT_MESSAGES.freeCancellationDaysRange],
      [-1, CONTENT_MESSAGES.freeCancellationDaysRange],
      [1.5, CONTENT_MESSAGES.freeCancellationDaysInteger],
      ['3', CONTENT_MESSAGES.freeCancellationDaysInteger],
      [null, CONTENT_MESSAGES.freeCancellationDaysRequired],
    ] as const) {
      const bad = await send('superAdmin', 'PUT', '/api/hotels', {
        ...asModify(await loadHotel(id)),
        freeCancellationDays: value,
      });
      expect(bad.statusCode, String(value)).toBe(400);
      expect(bad.json().fields).toEqual({ freeCancellationDays: message });
    }
    const edge = await send('superAdmin', 'PUT', '/api/hotels', {
      ...asModify(await loadHotel(id)),
      freeCancellationDays: 0,
    });
    expect(edge.statusCode, edge.body).toBe(200);
    expect((await loadHotel(id)).freeCancellationDays).toBe(0);
  });
});

describe('what readers see after a write', () => {
  test('the hotel detail and list show a modified hotel at once', async () => {
    const before = await send('visitor', 'GET', `/api/hotels/${otherHotel}`);
    expect(before.statusCode).toBe(200);
    const hotel = await loadHotel(otherHotel);
    const name = `renamed ${uniqueToken()}`;
    const res = await send('superAdmin', 'PUT', '/api/hotels', { ...asModify(hotel), name });
    expect(res.statusCode, res.body).toBe(200);
    expect((await send('visitor', 'GET', `/api/hotels/${otherHotel}`)).json().name).toBe(name);
    const list = await send('visitor', 'GET', `/api/hotels?name=${encodeURIComponent(name)}`);
    expect(list.json().map((h: { id: number }) => h.id)).toEqual([otherHotel]);
  });

  test('a new room appears in its hotel detail at once', async () => {
    await send('visitor', 'GET', `/api/hotels/${ownHotel}`);
    const room = await created(KINDS.rooms as Kind);
    const detail = (await send('visitor', 'GET', `/api/hotels/${ownHotel}`)).json();
    expect(detail.Rooms.map((r: { id: number }) => r.id)).toContain(room.id);
  });

  test('a picture a modify dropped is deleted once nothing uses it', async () => {
    const shared = await storedPicture();
    const body = { ...(await hotelServiceCreate(ownHotel)), image: [shared] };
    const one = (await send('admin', 'POST', '/api/serviceHotels', body)).json();
    const two = (await send('admin', 'POST', '/api/serviceHotels', body)).json();
    const replacement = await storedPicture();
    const stillThere = async () =>
      (await t.db.execute(sql`select 1 from images where public_id = ${shared.public_id}`)).rows
        .length;
    const first = await send('admin', 'PUT', '/api/serviceHotels', {
      ...asModify(one),
      image: [replacement],
    });
    expect(first.statusCode).toBe(200);
    expect(await stillThere()).toBe(1); // the second service still shows it
    await send('admin', 'PUT', '/api/serviceHotels', { ...asModify(two), image: [replacement] });
    expect(await stillThere()).toBe(0);
  });

  test('pickers: hotel search ignoring accents and case; own lists sorted by name', async () => {
    const token = uniqueToken();
    const body = { ...(await hotelCreate()), name: `Posada Ñandú ${token}` };
    const made = (await send('superAdmin', 'POST', '/api/hotels', body)).json();
    for (const q of [`nandu ${token}`, `POSADA ${token.toUpperCase()}`, `${token} cordoba`]) {
      const res = await send('superAdmin', 'GET', `/api/content/hotels?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.json()).toEqual([
        {
          id: made.id,
          name: made.name,
          state: 'Córdoba',
          department: expect.any(String),
          city: expect.any(String),
        },
      ]);
    }
    const limited = await send('superAdmin', 'GET', '/api/content/hotels?limit=3');
    expect(limited.json()).toHaveLength(3);
    const mine = await send('admin', 'GET', '/api/content/hotels');
    expect(mine.json().map((h: { id: number }) => h.id)).toEqual([ownHotel]);
    expect((await send('user', 'GET', '/api/content/hotels')).statusCode).toBe(403);

    for (const name of ['Élan', 'alpha', 'Zeta', 'beta']) {
      await send('admin', 'POST', '/api/events', {
        ...(await eventCreate(ownHotel)),
        name: `${name}`,
      });
    }
    const events = (await send('admin', 'GET', `/api/content/events?idHotel=${ownHotel}`)).json();
    const names = events.map((e: { name: string }) => e.name);
    const sorted = [...names].sort((a: string, b: string) =>
      a.localeCompare(b, 'en', { sensitivity: 'base' }),
    );
    expect(names).toEqual(sorted);
    // Kept as typed, sorted ignoring case and accents.
    expect(names.indexOf('alpha')).toBeLessThan(names.indexOf('Élan'));
    expect(names.indexOf('Élan')).toBeLessThan(names.indexOf('Zeta'));
    const otherList = await send('admin', 'GET', `/api/content/rooms?idHotel=${otherHotel}`);
    expect(otherList.statusCode).toBe(403);
  });
});

describe("the superAdmin's hotel picker searches on the server", () => {
  test('by name, city, department and state, ignoring accents and case, every word, limited', async () => {
    const [a, b, c, d] = [uniqueToken(), uniqueToken(), uniqueToken(), uniqueToken()];
    const place = await insertLocation(t.db, {
      state: `Río ${d}`,
      department: `Güemes ${c}`,
      city: `Villa Álamo ${b}`,
    });
    const elsewhere = await insertLocation(t.db, {
      state: 'Córdoba',
      department: `Punilla ${c.slice(0, 4)}x`,
      city: `Cosquín ${uniqueToken()}`,
    });
    const made = [];
    for (const name of [`posada ñandú ${a}`, `hostería ${a} sur`, `cabañas ${a} norte`]) {
      made.push(await insertHotel(t.db, { name, locationId: place.id }));
    }
    const away = await insertHotel(t.db, {
      name: `posada zz ${a} lejos`,
      locationId: elsewhere.id,
    });
    const search = async (q: string, limit?: number) => {
      const query = new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}) });
      const res = await send('superAdmin', 'GET', `/api/content/hotels?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { id: number; name: string; city: string }[]).map((h) => h.id);
    };
    const byName = [made[2], made[1], made[0]].map((h) => h?.id); // cabañas, hostería, posada
    const all = [...byName, away.id];

    // A word of the name, with and without its accents, in any case.
    expect(await search(a)).toEqual(all);
    expect(await search(`NANDU ${a.toUpperCase()}`)).toEqual([made[0]?.id]);
    expect(await search(`Ñandú ${a}`)).toEqual([made[0]?.id]);
    expect(await search(`hosteria ${a}`)).toEqual([made[1]?.id]);
    // The city, the department, a word of the state: each typed as a person would.
    expect(await search(`villa alamo ${b}`)).toEqual(byName);
    expect(await search(`ÁLAMO ${b.toUpperCase()}`)).toEqual(byName);
    expect(await search(`guemes ${c}`)).toEqual(byName);
    expect(await search(`rio ${d}`)).toEqual(byName);
    expect(await search(`RÍO ${d}`)).toEqual(byName);
    // Every word must be found somewhere: in the name or the place, mixed.
    expect(await search(`posada ${d}`)).toEqual([made[0]?.id]);
    expect(await search(`${a} cordoba`)).toEqual([away.id]);
    expect(await search(`${b} lejos`)).toEqual([]);
    // A part of a word finds it too; the list is cut at limit, in name order.
    expect(await search(a.slice(2, 8))).toEqual(expect.arrayContaining(all));
    expect(await search(a, 2)).toEqual(byName.slice(0, 2));
    const limited = await send('superAdmin', 'GET', '/api/content/hotels?q=a&limit=0');
    expect(limited.statusCode).toBe(400);
    expect(limited.json().field).toBe('limit');
  });
});

test('a content write answers once every process has heard it: the settle round waits for each listener', async () => {
  // Another process of the site, as far as the round can tell: a listener of the same database
  // that answers only when this test lets it.
  const asked: string[] = [];
  const other = await startNotifyListener({
    connection: t.db.$client.options,
    channels: [SETTLE_CHANNEL],
    onNotice(payload) {
      const message = JSON.parse(payload) as { settle?: string };
      if (message.settle) asked.push(message.settle);
    },
    onConnect() {},
    onError() {},
  });
  try {
    let answered = false;
    const write = send('superAdmin', 'POST', '/api/serviceRooms', {
      ...(await roomServiceCreate()),
      name: `Settle ${uniqueToken()}`,
    }).finally(() => {
      answered = true;
    });
    await expect.poll(() => asked.length, { timeout: 5000, interval: 10 }).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(answered).toBe(false);
    const heard = Date.now();
    await other.notify(SETTLE_CHANNEL, JSON.stringify({ heard: asked[0] }));
    const res = await write;
    expect(res.statusCode, res.body).toBe(201);
    // Answered on hearing the last process, well before the round would give up waiting.
    expect(Date.now() - heard).toBeLessThan(1500);
  } finally {
    await other.close();
  }
});
