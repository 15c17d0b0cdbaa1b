import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { searchKey } from '@devstay/shared/text';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { ROOT_DIR } from '../config.ts';
import { createDb, type Db } from '../db/client.ts';
import { hotels } from '../db/schema.ts';
import { createTestDatabase } from '../test/app.ts';
import { announceCatalogueChange } from './catalogue-cache.ts';

/**
 * Two real server processes (as `npm start` runs them) on one database, and a third process —
 * this test, writing as the seed command does — that changes a hotel and announces it: both
 * servers kept the old answer in their caches until the announcement, and serve the new one
 * at their next read after it, long before the cache's 60-second safety net.
 */

const servers: ChildProcess[] = [];
let db: Db;

function startServer(databaseUrl: string): Promise<string> {
  const server = spawn(process.execPath, [path.join(ROOT_DIR, 'scripts/start.ts')], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      SKIP_WEB_BUILD: '1',
      WEB_DIST_DIR: '/nonexistent',
      UPLOADS_DIR: inject('uploadsDir'),
      LOG_LEVEL: 'info',
      BOOKING_SWEEP_MS: '600000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  servers.push(server);
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no start:\n${output}`)), 90_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const port = output.match(/DevStay is serving http:\/\/localhost:(\d+)/)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${port}`);
      }
    };
    server.stdout?.on('data', read);
    server.stderr?.on('data', read);
    server.once('exit', (code) => reject(new Error(`exited (${code}):\n${output}`)));
  });
}

let bases: string[] = [];
beforeAll(async () => {
  const databaseUrl = await createTestDatabase();
  db = createDb(databaseUrl, 2);
  bases = await Promise.all([startServer(databaseUrl), startServer(databaseUrl)]);
}, 120_000);

afterAll(async () => {
  await Promise.all(
    servers.map(async (server) => {
      if (server.exitCode !== null) return;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }),
  );
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
