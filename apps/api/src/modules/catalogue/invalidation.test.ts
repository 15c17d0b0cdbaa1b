import { randomBytes } from 'node:crypto';
import { TOTAL_COUNT_HEADER } from '@devstay/shared/contracts/common';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createDb, type Db } from '../../db/client.ts';
import { createTestDatabase } from '../../test/app.ts';
import { insertHotel, insertLocation, uniqueToken } from './fixtures.ts';

/**
 * The hotel list is served from a short-lived read cache; a write made by this process through
 * any module empties it, so the next read shows the change.
 */
let app: FastifyInstance;
let db: Db;
const token = uniqueToken();
let locationId = 0;

beforeAll(async () => {
  const databaseUrl = await createTestDatabase();
  db = createDb(databaseUrl, 4);
  app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: databaseUrl,
      UPLOADS_DIR: inject('uploadsDir'),
      WEB_DIST_DIR: '/nonexistent',
    }),
    db,
  });
  // A write route as another module would declare it.
  app.post(`/api/write-${token}`, { config: { access: 'public' } }, async (request, reply) => {
    const { name, fail } = request.body as { name: string; fail?: boolean };
    await insertHotel(db, { name, locationId });
    return reply.status(fail ? 409 : 201).send({ ok: !fail });
  });
  await app.ready();
  locationId = (
    await insertLocation(db, { state: 's', department: `d ${token}`, city: `c ${token}` })
  ).id;
});
afterAll(async () => {
  await app.close();
  await db.$client.end();
});

const list = async () => {
  const res = await app.inject(`/api/hotels?name=${token}`);
  return {
    names: res.json<{ name: string }[]>().map((h) => h.name),
    total: res.headers[TOTAL_COUNT_HEADER],
  };
};

test('a successful write through the API shows in the next list at once', async () => {
  expect(await list()).toEqual({ names: [], total: '0' });

  await insertHotel(db, { name: `direct ${token}`, locationId });
  // A row written behind the API's back (another process) waits for the cache to expire.
  expect((await list()).names).toEqual([]);

  const res = await app.inject({
    method: 'POST',
    url: `/api/write-${token}`,
    payload: { name: `api ${token}` },
  });
  expect(res.statusCode).toBe(201);
  expect(await list()).toEqual({ names: [`api ${token}`, `direct ${token}`], total: '2' });
});

test('a failed write leaves the cache as it was', async () => {
  const before = await list();
  const res = await app.inject({
    method: 'POST',
    url: `/api/write-${token}`,
    payload: { name: `failed ${token} ${randomBytes(2).toString('hex')}`, fail: true },
  });
  expect(res.statusCode).toBe(409);
  expect(await list()).toEqual(before);
});
