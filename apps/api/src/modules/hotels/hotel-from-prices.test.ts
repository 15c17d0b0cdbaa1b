import type { HotelCard } from '@devstay/shared/contracts/catalogue';
import { priceToCents } from '@devstay/shared/text';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { hotels, roomRates, rooms } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { DEMO, signIn, withSession } from '../../test/auth.ts';
import {
  insertHotel,
  insertLocation,
  insertRoom,
  insertRoomService,
  insertStoredPicture,
  uniqueToken,
} from '../../test/catalogue-rows.ts';

/**
 * The hotel cards' "from" price kept by the database on the hotel's row (hotels.from_cents,
 * migrations 0022 and 0034): after any write to rooms or rules, by any writer, it is what the
 * rooms and their rules give; once a season it counted is over the card reads it from the rooms;
 * two writers of one hotel's rooms at once leave it right, and hold up nothing else.
 */

let t: TestApp;
const token = uniqueToken();
let hotelA: number;
let hotelB: number;
let hotelC: number;
let hotelD: number;
let hotelE: number;

beforeAll(async () => {
  t = await createTestApp();
  const { id: locationId } = await insertLocation(t.db, {
    city: `From city ${token}`,
    department: 'Capital',
    state: 'Buenos Aires',
  });
  hotelA = (await insertHotel(t.db, { name: `${token} Alpha`, locationId })).id;
  hotelB = (await insertHotel(t.db, { name: `${token} Beta`, locationId })).id;
  hotelC = (await insertHotel(t.db, { name: `${token} Gamma`, locationId })).id;
  hotelD = (await insertHotel(t.db, { name: `${token} Delta`, locationId })).id;
  hotelE = (await insertHotel(t.db, { name: `${token} Epsilon`, locationId })).id;
});

afterAll(() => t.close());

/**
 * What the rooms and their rules give now, by hotel, written out here as the product states it
 * (a room's base or a cheaper weekday rule or season not yet over; the least of the rooms').
 */
async function liveFrom(hotelId: number): Promise<number | null> {
  const { rows } = await t.db.$client.query<{ cents: number | null }>(
    `select min(least(r.price_cents, (select min(rr.price_cents) from room_rates rr
       where rr.room_id = r.id and (rr.kind = 'weekdays' or rr.last_night >= current_date))))
       as cents from rooms r where r.hotel_id = $1`,
    [hotelId],
  );
  return rows[0]?.cents ?? null;
}

/** The kept price; null without rooms. */
async function keptFrom(hotelId: number): Promise<number | null> {
  const [row] = await t.db
    .select({ cents: hotels.fromCents })
    .from(hotels)
    .where(eq(hotels.id, hotelId));
  return row?.cents ?? null;
}

/** The list's card of a hotel, its "from" in cents (read from the database: not kept). */
async function cardFrom(hotelId: number): Promise<number | null> {
  t.app.catalogue.hotelPages.clear();
  const res = await t.app.inject(`/api/hotels?name=${token}&pageSize=50`);
  expect(res.statusCode, res.body).toBe(200);
  const card = res.json<HotelCard[]>().find((c) => c.id === hotelId);
  if (!card) throw new Error(`hotel ${hotelId} is not listed`);
  return card.fromPrice === null ? null : priceToCents(card.fromPrice);
}

async function expectKeptAsLive(step: string, hotels = [hotelA, hotelB]) {
  for (const hotel of hotels) {
    const live = await liveFrom(hotel);
    expect(await keptFrom(hotel), `${step}: hotel ${hotel} kept`).toBe(live);
    expect(await cardFrom(hotel), `${step}: hotel ${hotel}'s card`).toBe(live);
  }
}

test('the kept "from" follows every write to rooms and their rules, whoever writes them', async () => {
  // Written straight into the tables, as a seed or any other writer would.
  const cheap = await insertRoom(t.db, { hotelId: hotelA, priceCents: 9_000 });
  const dear = await insertRoom(t.db, { hotelId: hotelA, priceCents: 15_000 });
  await expectKeptAsLive('rooms added');
  const [weekday] = await t.db
    .insert(roomRates)
    .values({ roomId: dear.id, kind: 'weekdays', weekdays: [1], priceCents: 7_000 })
    .returning();
  await expectKeptAsLive('a cheaper weekday rule');
  await t.db.insert(roomRates).values({
    roomId: cheap.id,
    kind: 'season',
    firstNight: sql`current_date + 30` as unknown as string,
    lastNight: sql`current_date + 40` as unknown as string,
    priceCents: 5_000,
  });
  await expectKeptAsLive('a cheaper season to come');
  expect(await keptFrom(hotelA)).toBe(5_000);
  await t.db
    .update(roomRates)
    .set({ priceCents: 4_000 })
    .where(eq(roomRates.id, weekday?.id ?? 0));
  await expectKeptAsLive('a rule made cheaper');
  await t.db.update(rooms).set({ priceCents: 3_000 }).where(eq(rooms.id, dear.id));
  await expectKeptAsLive('a base made cheaper');
  await t.db.update(rooms).set({ hotelId: hotelB }).where(eq(rooms.id, dear.id));
  await expectKeptAsLive('a room moved to another hotel');
  await t.db.delete(roomRates).where(inArray(roomRates.roomId, [cheap.id, dear.id]));
  await expectKeptAsLive('rules removed');
  await t.db.delete(rooms).where(eq(rooms.id, dear.id));
  await expectKeptAsLive('a room removed');
  expect(await keptFrom(hotelB)).toBeNull();
});

test('a kept "from" past its last day is read from the rooms', async () => {
  await insertRoom(t.db, { hotelId: hotelC, priceCents: 12_000 });
  // As a season that made it 100 cents ended yesterday: the kept price no longer holds.
  await t.db
    .update(hotels)
    .set({ fromCents: 100, fromUntil: sql`current_date - 1` as unknown as string })
    .where(eq(hotels.id, hotelC));
  expect(await cardFrom(hotelC)).toBe(await liveFrom(hotelC));
  // Still its last day: the kept price holds.
  await t.db
    .update(hotels)
    .set({ fromCents: 100, fromUntil: sql`current_date` as unknown as string })
    .where(eq(hotels.id, hotelC));
  expect(await cardFrom(hotelC)).toBe(100);
});

test('two writers of one hotel’s rooms at once: the second stores a price that counts the first’s', async () => {
  const first = await insertRoom(t.db, { hotelId: hotelD, priceCents: 30_000 });
  const second = await insertRoom(t.db, { hotelId: hotelD, priceCents: 20_000 });
  const one = await t.db.$client.connect();
  const two = await t.db.$client.connect();
  try {
    await one.query('begin');
    // Leaves the hotel's least price as it is (20,000), so stores nothing new.
    await one.query('update rooms set price_cents = 25000 where id = $1', [first.id]);
    const { rows } = await two.query<{ pid: number }>('select pg_backend_pid() as pid');
    await two.query('begin');
    // Makes the first room the cheapest: 25,000 with the first's write, 30,000 without it.
    const secondWrite = two.query('update rooms set price_cents = 40000 where id = $1', [
      second.id,
    ]);
    // The second waits for the first before the first commits, whatever the machine's load.
    await expect
      .poll(
        async () =>
          (
            await t.db.$client.query<{ wait: string | null }>(
              'select wait_event_type as wait from pg_stat_activity where pid = $1',
              [rows[0]?.pid],
            )
          ).rows[0]?.wait,
        { timeout: 30_000 },
      )
      .toBe('Lock');
    await one.query('commit');
    await secondWrite;
    await two.query('commit');
  } finally {
    one.release();
    two.release();
  }
  expect(await keptFrom(hotelD)).toBe(25_000);
  expect(await cardFrom(hotelD)).toBe(25_000);
});

test('a writer of a hotel’s rooms does not hold up what only refers to the hotel', async () => {
  const room = await insertRoom(t.db, { hotelId: hotelD, priceCents: 50_000 });
  const one = await t.db.$client.connect();
  const two = await t.db.$client.connect();
  try {
    await one.query('begin');
    // Its price stored on the hotel's row: the row held until this transaction ends.
    await one.query('update rooms set price_cents = 1000 where id = $1', [room.id]);
    await two.query('begin');
    await two.query(`set local lock_timeout = '5s'`);
    // A service of the hotel checks only that the hotel exists (its foreign key).
    await two.query(
      `insert into hotel_services (hotel_id, name, description) values ($1, 'Lockers', 'By the door')`,
      [hotelD],
    );
    await two.query('rollback');
    await one.query('commit');
  } finally {
    // Closed, not returned to the pool: a failure above leaves their transactions open.
    one.release(true);
    two.release(true);
  }
  expect(await keptFrom(hotelD)).toBe(1_000);
});

const storedPicture = () => insertStoredPicture(t.db);

test('the kept "from" after each write the staff screens make: a room, its price, its stock, its rules', async () => {
  const cookie = await signIn(t.app, DEMO.superAdmin);
  const send = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: withSession(cookie), payload });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.statusCode === 204 ? undefined : res.json();
  };
  const step = (name: string) => expectKeptAsLive(name, [hotelE]);
  const service = `fibre ${token}`;
  await insertRoomService(t.db, service);
  const room = await send('POST', '/api/rooms', {
    id: hotelE,
    name: 'Suite',
    image: [await storedPicture()],
    price: 120,
    description: 'Two monitors and a standing desk',
    category: 'premium',
    services: [service],
    stock: 5,
  });
  await step('a room created');
  expect(await keptFrom(hotelE)).toBe(12_000);
  const modify = (record: typeof room, change: object) => ({
    ...record,
    image: (record.image as { url: string; public_id: string }[]).map(({ url, public_id }) => ({
      url,
      public_id,
    })),
    ...change,
  });
  const cheaper = await send('PUT', '/api/rooms', modify(room, { price: 95 }));
  await step('its price lowered');
  expect(await keptFrom(hotelE)).toBe(9_500);
  await send('PUT', '/api/rooms', modify(cheaper, { stock: 2 }));
  await step('its stock lowered');
  const rule = await send('POST', `/api/rooms/${room.id}/rates`, {
    kind: 'weekdays',
    weekdays: [2, 3],
    price: 80,
  });
  await step('a cheaper weekday rule');
  expect(await keptFrom(hotelE)).toBe(8_000);
  const changed = await send('PUT', `/api/rates/${rule.id}`, {
    kind: 'weekdays',
    weekdays: [2, 3],
    price: 110,
    version: rule.version,
  });
  await step('the rule made dearer than the room');
  expect(await keptFrom(hotelE)).toBe(9_500);
  await send('PUT', `/api/rates/${rule.id}`, {
    kind: 'weekdays',
    weekdays: [2],
    price: 70,
    version: changed.version,
  });
  await step('the rule made cheaper again');
  expect(await keptFrom(hotelE)).toBe(7_000);
  await send('DELETE', `/api/rates/${rule.id}?version=${changed.version + 1}`);
  await step('the rule removed');
  expect(await keptFrom(hotelE)).toBe(9_500);
});
