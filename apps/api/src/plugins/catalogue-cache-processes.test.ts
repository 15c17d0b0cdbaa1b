import { searchKey } from '@devstay/shared/text';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createDb, type Db } from '../db/client.ts';
import { hotels } from '../db/schema.ts';
import { createTestDatabase } from '../test/app.ts';
import { type ServerProcess, startServerProcess } from '../test/server-process.ts';
import { announceCatalogueChange } from './catalogue-cache.ts';

/**
 * Two real server processes (as `npm start` runs them) on one database, and a third process —
 * this test, writing as the seed command does — that changes a hotel and announces it: both
 * servers kept the old answer in their caches until the announcement, and serve the new one
 * at their next read after it, long before the cache's 60-second safety net.
 */

const servers: ServerProcess[] = [];
let db: Db;

let bases: string[] = [];
beforeAll(async () => {
  const databaseUrl = await createTestDatabase();
  db = createDb(databaseUrl, 2);
  servers.push(
    ...(await Promise.all([startServerProcess(databaseUrl), startServerProcess(databaseUrl)])),
  );
  bases = servers.map((s) => s.base);
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await db?.$client.end();
});

async function hotelName(base: string, id: number): Promise<string> {
  const res = await fetch(`${base}/api/hotels/${id}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { name: string }).name;
}

test('a change announced by another process is served by both servers at their next read', async () => {
  const [hotel] = await db
    .select({ id: hotels.id, name: hotels.name })
    .from(hotels)
    .orderBy(asc(hotels.id))
    .limit(1);
  if (!hotel) throw new Error('no seeded hotel');
  for (const base of bases) expect(await hotelName(base, hotel.id)).toBe(hotel.name);

  const renamed = `${hotel.name} renamed`;
  await db
    .update(hotels)
    .set({ name: renamed, nameKey: searchKey(renamed) })
    .where(eq(hotels.id, hotel.id));
  // Unannounced, the change is not seen: both servers answer from their caches.
  for (const base of bases) expect(await hotelName(base, hotel.id)).toBe(hotel.name);

  const announced = Date.now();
  await announceCatalogueChange(db, { hotel: hotel.id });
  const seenAfter: number[] = [];
  for (const base of bases) {
    while ((await hotelName(base, hotel.id)) !== renamed) {
      expect(Date.now() - announced, `${base} still serves the old name`).toBeLessThan(5000);
      await new Promise((r) => setTimeout(r, 10));
    }
    seenAfter.push(Date.now() - announced);
  }
  console.info(`both servers served the change ${Math.max(...seenAfter)} ms after the notice`);
}, 60_000);
