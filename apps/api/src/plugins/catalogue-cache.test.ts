import type { HotelCard, HotelDetail } from '@devstay/shared/contracts/catalogue';
import { idParams } from '@devstay/shared/contracts/common';
import { TOTAL_COUNT_HEADER } from '@devstay/shared/http';
import { searchKey } from '@devstay/shared/text';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDb, type Db } from '../db/client.ts';
import { hotels, rooms } from '../db/schema.ts';
import { HttpError } from '../lib/errors.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { ORIGIN, signUp } from '../test/auth.ts';
import { insertHotel, insertLocation, insertRoom, uniqueToken } from '../test/catalogue-rows.ts';
import { parseChange } from './catalogue-cache.ts';

/**
 * Two API processes on one database, each with its own pool and its own LISTEN connection:
 * `writer` changes the catalogue through test-only routes that name what they changed;
 * `reader` must see it on its next read, long before the cache's TTL.
 */
let writer: TestApp;
let reader: { app: FastifyInstance; db: Db };
const token = uniqueToken();
let hotelId = 0;
let roomId = 0;

function writeRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // Renames a hotel in a transaction that announces the change with its commit.
  typed.put(
    '/api/test/hotels/:id',
    {
      config: { access: 'public' },
      schema: {
        params: idParams,
        body: z.object({ name: z.string(), fail: z.boolean().optional() }),
      },
    },
    async (request) => {
      const { id } = request.params;
      const { name, fail } = request.body;
      await app.db.transaction(async (tx) => {
        await tx
          .update(hotels)
          .set({ name, nameKey: searchKey(name) })
          .where(eq(hotels.id, id));
        await app.catalogue.invalidate({ hotel: id }, tx);
        if (fail) throw new HttpError(409, 'refused after the write');
      });
      return { ok: true };
    },
  );
  // Changes a room's price, then announces it (after the commit).
  typed.put(
    '/api/test/rooms/:id',
    {
      config: { access: 'public' },
      schema: { params: idParams, body: z.object({ priceCents: z.number().int() }) },
    },
    async (request) => {
      const [room] = await app.db
        .update(rooms)
        .set({ priceCents: request.body.priceCents })
        .where(eq(rooms.id, request.params.id))
        .returning({ hotelId: rooms.hotelId });
      if (!room) throw new HttpError(404, 'Room not found');
      await app.catalogue.invalidate({ room: request.params.id, hotel: room.hotelId });
      return { ok: true };
    },
  );
}

beforeAll(async () => {
  writer = await createTestApp({}, { routes: writeRoutes });
  const db = createDb(writer.databaseUrl, 4);
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: writer.databaseUrl,
      UPLOADS_DIR: inject('uploadsDir'),
      WEB_DIST_DIR: '/nonexistent',
    }),
    db,
  });
  await app.ready();
  reader = { app, db };
  const location = await insertLocation(writer.db, {
    state: 's',
    department: `d ${token}`,
    city: `c ${token}`,
  });
  hotelId = (await insertHotel(writer.db, { name: `first ${token}`, locationId: location.id })).id;
  roomId = (await insertRoom(writer.db, { hotelId, priceCents: 10_000 })).id;
});
afterAll(async () => {
  await reader?.app.close();
  await reader?.db.$client.end();
  await writer?.close();
});

const list = async (app: FastifyInstance) => {
  const res = await app.inject(`/api/hotels?name=${token}`);
  const cards = res.json<HotelCard[]>();
  return {
    names: cards.map((h) => h.name),
    fromPrices: cards.map((h) => h.fromPrice),
    total: res.headers[TOTAL_COUNT_HEADER],
  };
};
const detail = async (app: FastifyInstance) =>
  (await app.inject(`/api/hotels/${hotelId}`)).json<HotelDetail>();
const counters = (app: FastifyInstance) => {
  const { hotelPages, hotelDetails } = app.catalogue;
  return {
    pages: { hits: hotelPages.hits, misses: hotelPages.misses },
    details: { hits: hotelDetails.hits, misses: hotelDetails.misses },
  };
};
const rename = (name: string, fail = false) =>
  writer.app.inject({
    method: 'PUT',
    url: `/api/test/hotels/${hotelId}`,
    payload: { name, fail },
  });
/** Lets a notice that might be on its way arrive (for tests that expect none). */
const settle = () => new Promise((r) => setTimeout(r, 150));

describe('a catalogue change made by one process', () => {
  test('is seen by the other on its next reads, with no wait for the TTL', async () => {
    expect((await list(reader.app)).names).toEqual([`first ${token}`]);
    expect((await detail(reader.app)).name).toBe(`first ${token}`);
    // Both now answer from the reader's cache.
    const before = counters(reader.app);
    await list(reader.app);
    await detail(reader.app);
    expect(counters(reader.app).pages.hits).toBe(before.pages.hits + 1);
    expect(counters(reader.app).details.hits).toBe(before.details.hits + 1);

    expect((await rename(`renamed ${token}`)).statusCode).toBe(200);
    const started = performance.now();
    // The other process within milliseconds: the notice travels through PostgreSQL.
    await expect
      .poll(async () => (await detail(reader.app)).name, { timeout: 2000, interval: 5 })
      .toBe(`renamed ${token}`);
    const elapsed = performance.now() - started;
    expect(await list(reader.app)).toMatchObject({ names: [`renamed ${token}`], total: '1' });
    // The writer sees its own change at once.
    expect((await detail(writer.app)).name).toBe(`renamed ${token}`);
    console.info(`the other process saw the change ${elapsed.toFixed(1)} ms after the reply`);
  });

  test('drops only what depends on it: a room change drops the pages (their price), keeps the counts', async () => {
    await list(reader.app);
    const priceBefore = (await detail(reader.app)).Rooms[0]?.price;
    const res = await writer.app.inject({
      method: 'PUT',
      url: `/api/test/rooms/${roomId}`,
      payload: { priceCents: 12_345 },
    });
    expect(res.statusCode).toBe(200);
    await expect
      .poll(async () => (await detail(reader.app)).Rooms[0]?.price, { timeout: 2000, interval: 5 })
      .toBe(123.45);
    expect(priceBefore).not.toBe(123.45);
    const before = reader.app.catalogue.hotelCounts;
    const counts = { hits: before.hits, misses: before.misses };
    // The card's "from" price is the room's new one, read again; its count was kept.
    expect((await list(reader.app)).fromPrices).toEqual([123.45]);
    expect(reader.app.catalogue.hotelCounts.misses).toBe(counts.misses);
    expect(reader.app.catalogue.hotelCounts.hits).toBeGreaterThan(counts.hits);
    const after = counters(reader.app);
    await list(reader.app);
    expect(counters(reader.app).pages).toEqual({
      hits: after.pages.hits + 1,
      misses: after.pages.misses,
    });
  });

  test('rolled back, announces nothing: the other process keeps its cache', async () => {
    await list(reader.app);
    await detail(reader.app);
    const res = await rename(`never ${token}`, true);
    expect(res.statusCode).toBe(409);
    await settle();
    const before = counters(reader.app);
    expect((await detail(reader.app)).name).toBe(`renamed ${token}`);
    expect((await list(reader.app)).names).toEqual([`renamed ${token}`]);
    expect(counters(reader.app).details.misses).toBe(before.details.misses);
    expect(counters(reader.app).pages.misses).toBe(before.pages.misses);
  });
});

test('writes that do not touch the catalogue keep every process’s cache', async () => {
  await list(writer.app);
  await list(reader.app);
  const offer = await writer.app.inject({
    method: 'POST',
    url: '/api/offers',
    headers: { origin: ORIGIN },
    payload: { email: `offers.${token}@devstay.dev` },
  });
  expect(offer.statusCode).toBe(201);
  await signUp(writer.app, `guest.${token}@devstay.dev`);
  await settle();
  const before = { writer: counters(writer.app), reader: counters(reader.app) };
  await list(writer.app);
  await list(reader.app);
  expect(counters(writer.app).pages).toEqual({
    hits: before.writer.pages.hits + 1,
    misses: before.writer.pages.misses,
  });
  expect(counters(reader.app).pages).toEqual({
    hits: before.reader.pages.hits + 1,
    misses: before.reader.pages.misses,
  });
});

test('a lost listening connection comes back, empties the cache, and hears changes again', async () => {
  await list(reader.app);
  expect(reader.app.catalogue.hotelPages.size).toBeGreaterThan(0);
  const pid = reader.app.catalogue.listenerPid;
  expect(pid).not.toBeNull();
  await writer.db.execute(sql`select pg_terminate_backend(${pid})`);
  await expect
    .poll(() => reader.app.catalogue.listening && reader.app.catalogue.listenerPid !== pid, {
      timeout: 5000,
      interval: 10,
    })
    .toBe(true);
  // Notices sent while it was away are lost: everything cached before is forgotten.
  expect(reader.app.catalogue.hotelPages.size).toBe(0);

  await detail(reader.app);
  expect((await rename(`back ${token}`)).statusCode).toBe(200);
  await expect
    .poll(async () => (await detail(reader.app)).name, { timeout: 2000, interval: 5 })
    .toBe(`back ${token}`);
});

test('a notice is read back into a change, or refused (then everything is dropped)', () => {
  expect(parseChange('{"room":3,"hotel":1}')).toEqual({ room: 3, hotel: 1 });
  expect(parseChange('{"everything":true}')).toEqual({ everything: true });
  expect(parseChange('{"hotel":"1"}')).toBeNull();
  expect(parseChange('{"shop":1}')).toBeNull();
  expect(parseChange('{}')).toBeNull();
  expect(parseChange('not json')).toBeNull();
});
