import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { loadConfig } from '@devstay/api/config';
import { createDb, type Db } from '@devstay/api/db/client';
import { createDatabaseIfMissing } from '@devstay/api/db/embedded';
import { migrateDb } from '@devstay/api/db/migrate';
import type { ImageRef } from '@devstay/api/db/schema';
import { freePort } from '@devstay/api/lib/free-port';
import { imageStorageOf } from '@devstay/api/modules/images/configured-storage';
import { pictureRef, type StoredPicture } from '@devstay/api/modules/images/pipeline';
import { type ImageStorage, localDiskStorage } from '@devstay/api/modules/images/storage';
import { UploadsUnderWay } from '@devstay/api/modules/images/under-way';
import {
  PRICE_MAX,
  PRICE_MIN,
  ROOM_CATEGORIES,
  ROOM_DESCRIPTION_MAX,
  ROOM_NAMES,
  STOCK_MAX,
  STOCK_MIN,
} from '@devstay/shared/constants';
import { addDays, calendarDateIn } from '@devstay/shared/stay';
import { placeKey, searchKey } from '@devstay/shared/text';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
// The API's test helpers are no part of its package's exports; these tests run in its test project.
import { createTestDatabase } from '../../../apps/api/src/test/app.ts';
import { seedDemo, seedIfEmpty } from './demo.ts';
import { buildDemoPlan, DEMO_TIME_ZONE } from './demo-plan.ts';
import { renderImages } from './images.ts';
import { seedLargeCatalogue } from './large.ts';
import { prepareDemoData } from './prepare.ts';

const uploadsDir = inject('uploadsDir');
const uploads = localDiskStorage(uploadsDir);
let db: Db;

beforeAll(async () => {
  db = createDb(await createTestDatabase(), 4);
});
afterAll(async () => {
  await db.$client.end();
});

async function rows<T>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await db.$client.query(text, values)).rows as T[];
}

/** A migrated database with nothing in it. */
async function emptyDatabase(): Promise<string> {
  const adminUrl = inject('adminUrl');
  const name = `devstay_t${randomBytes(6).toString('hex')}`;
  await createDatabaseIfMissing(adminUrl, name);
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  const fresh = createDb(url, 1);
  await migrateDb(fresh);
  await fresh.$client.end();
  return url;
}

/** The file of a stored picture in an uploads folder, from its public URL. */
function uploadedFile(dir: string, url: string): string {
  expect(url.startsWith('/uploads/seed/'), url).toBe(true);
  return path.join(dir, url.slice('/uploads/'.length));
}

type Variant = { key: string; url: string; width: number; height: number; bytes: number };

async function expectWebp(file: string, width: number, height: number) {
  const meta = await sharp(file).metadata();
  expect(meta.format, file).toBe('webp');
  expect([meta.width, meta.height], file).toEqual([width, height]);
}

describe('demo seed', () => {
  test('locations: all 23 provinces and the Autonomous City, cascading to real cities', async () => {
    const states = await rows<{ state: string; departments: number; cities: number }>(
      `select state, count(distinct department)::int as departments, count(*)::int as cities
       from locations group by state`,
    );
    expect(states.length).toBeGreaterThanOrEqual(24);
    for (const name of [
      'Ciudad Autónoma de Buenos Aires',
      'Córdoba',
      'Neuquén',
      'Tucumán',
      'Entre Ríos',
    ]) {
      expect(states.map((s) => s.state)).toContain(name);
    }
    // Provinces with hotels list several departments.
    const withHotels = await rows<{ state: string; departments: number }>(
      `select l.state, (select count(distinct department)::int from locations where state = l.state) as departments
       from hotels h join locations l on l.id = h.location_id group by l.state`,
    );
    for (const s of withHotels) expect(s.departments, s.state).toBeGreaterThanOrEqual(3);

    const facts = await rows<{ n: number }>(
      `select count(*)::int as n from locations where (state, department, city) in (
         ('Río Negro', 'Bariloche', 'San Carlos de Bariloche'), ('Córdoba', 'Capital', 'Córdoba'),
         ('Santa Fe', 'Rosario', 'Rosario'), ('Mendoza', 'Capital', 'Mendoza'),
         ('Buenos Aires', 'General Pueyrredón', 'Mar del Plata'), ('Neuquén', 'Confluencia', 'Neuquén'),
         ('Tierra del Fuego, Antártida e Islas del Atlántico Sur', 'Ushuaia', 'Ushuaia'),
         ('Tucumán', 'Capital', 'San Miguel de Tucumán'), ('Salta', 'Capital', 'Salta'))`,
    );
    expect(facts[0]?.n).toBe(9);

    const all = await rows<{
      city: string;
      department: string;
      state: string;
      city_key: string;
      place_key: string;
    }>('select city, department, state, city_key, place_key from locations');
    for (const l of all) {
      expect(l.city_key).toBe(searchKey(l.city));
      expect(l.place_key).toBe(placeKey(l));
    }
    // Each hotel's search key, written by the database: its name's and its place's.
    const unkept = await rows<{ n: number }>(
      `select count(*)::int as n from hotels h join locations l on l.id = h.location_id
       where h.search_key <> h.name_key || ' ' || l.place_key`,
    );
    expect(unkept[0]?.n).toBe(0);
  });

  test('hotels: 40+ over 8+ cities, proper names keyed for search, sane fields', async () => {
    const hotels = await rows<{
      name: string;
      name_key: string;
      qualification: number;
      description: string;
      address: string;
      city: string;
      time_zone: string;
    }>(
      `select h.name, h.name_key, h.qualification, h.description, h.address, l.city, h.time_zone
       from hotels h join locations l on l.id = h.location_id`,
    );
    // Argentina: every demo hotel keeps Buenos Aires's time.
    expect(new Set(hotels.map((h) => h.time_zone))).toEqual(
      new Set(['America/Argentina/Buenos_Aires']),
    );
    expect(hotels.length).toBeGreaterThanOrEqual(40);
    expect(new Set(hotels.map((h) => h.city)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(hotels.map((h) => h.qualification))).toEqual(new Set([2, 3, 4, 5]));
    for (const h of hotels) {
      // Names as typed: capitalised as proper names are (docs/product.md, Names as typed).
      expect(h.name.charAt(0)).toBe(h.name.charAt(0).toUpperCase());
      expect(h.name_key).toBe(searchKey(h.name));
      expect(h.qualification).toBeGreaterThanOrEqual(1);
      expect(h.qualification).toBeLessThanOrEqual(5);
      expect(h.description.length).toBeGreaterThan(150);
      expect(h.description.length).toBeLessThanOrEqual(1000);
      expect(h.address).toMatch(/\d/);
    }
    expect(hotels.find((h) => h.name === 'Hotel Cumbre del Código')?.name_key).toBe(
      'hotel cumbre del codigo',
    );
  });

  test('every hotel has 3+ pictures on disk: WebP variants 400/800/1200 wide, 1200×800 first', async () => {
    const hotels = await rows<{ name: string; image: ImageRef[] }>(
      'select name, image from hotels',
    );
    const stored = new Map(
      (
        await rows<{
          public_id: string;
          url: string;
          width: number;
          height: number;
          bytes: number;
          content_type: string;
          variants: Variant[];
        }>('select public_id, url, width, height, bytes, content_type, variants from images')
      ).map((i) => [i.public_id, i]),
    );
    const seen = new Set<string>();
    for (const h of hotels) {
      expect(h.image.length, h.name).toBeGreaterThanOrEqual(3);
      for (const [i, ref] of h.image.entries()) {
        const row = stored.get(ref.public_id);
        expect(row, ref.public_id).toBeDefined();
        if (!row) continue;
        expect(row.url).toBe(ref.url);
        expect(ref.url).toBe(`/uploads/${ref.public_id}-${row.width}.webp`);
        expect([ref.width, ref.height]).toEqual([row.width, row.height]);
        expect(ref.variants).toEqual(row.variants.map((v) => ({ url: v.url, width: v.width })));
        expect(row.content_type).toBe('image/webp');
        if (i === 0) {
          expect([row.width, row.height]).toEqual([1200, 800]);
          expect(row.variants.map((v) => [v.width, v.height])).toEqual([
            [400, 267],
            [800, 533],
            [1200, 800],
          ]);
        }
        if (seen.has(ref.public_id)) continue;
        seen.add(ref.public_id);
        for (const variant of row.variants) {
          const file = uploadedFile(uploadsDir, variant.url);
          expect((await stat(file)).size).toBe(variant.bytes);
          await expectWebp(file, variant.width, variant.height);
        }
        expect(row.bytes).toBe(row.variants.reduce((sum, v) => sum + v.bytes, 0));
      }
    }
    // Each hotel's street picture is its own.
    expect(new Set(hotels.map((h) => h.image[0]?.public_id)).size).toBe(hotels.length);
  });

  test('every stored seed image is a file of its recorded type and size', async () => {
    const images = await rows<{ variants: Variant[] }>('select variants from images');
    expect(images.length).toBeGreaterThan(150);
    for (const image of images) {
      expect(image.variants.length).toBeGreaterThan(0);
      for (const v of image.variants) {
        await expectWebp(uploadedFile(uploadsDir, v.url), v.width, v.height);
      }
    }
  });

  test('rooms: 2–5 per hotel within the limits, each with services and 1–3 pictures', async () => {
    const perHotel = await rows<{ n: number }>(
      'select count(r.id)::int as n from hotels h left join rooms r on r.hotel_id = h.id group by h.id',
    );
    for (const h of perHotel) {
      expect(h.n).toBeGreaterThanOrEqual(2);
      expect(h.n).toBeLessThanOrEqual(5);
    }
    const rooms = await rows<{
      name: string;
      category: string;
      price_cents: number;
      stock: number;
      capacity: number;
      description: string;
      image: ImageRef[];
      services: number;
    }>(
      `select r.name, r.category, r.price_cents, r.stock, r.capacity, r.description, r.image,
              (select count(*)::int from room_room_services s where s.room_id = r.id) as services
       from rooms r`,
    );
    for (const r of rooms) {
      expect(ROOM_NAMES).toContain(r.name);
      expect(ROOM_CATEGORIES).toContain(r.category);
      expect(r.price_cents).toBeGreaterThanOrEqual(PRICE_MIN * 100);
      expect(r.price_cents).toBeLessThanOrEqual(PRICE_MAX * 100);
      expect(r.stock).toBeGreaterThanOrEqual(STOCK_MIN);
      expect(r.stock).toBeLessThanOrEqual(STOCK_MAX);
      expect(r.capacity).toBeGreaterThanOrEqual(1);
      expect(r.capacity).toBeLessThanOrEqual(4);
      expect(r.description.length).toBeGreaterThan(0);
      expect(r.description.length).toBeLessThanOrEqual(ROOM_DESCRIPTION_MAX);
      expect(r.image.length).toBeGreaterThanOrEqual(1);
      expect(r.image.length).toBeLessThanOrEqual(3);
      expect(r.services).toBeGreaterThanOrEqual(1);
    }
    // Every capacity from 1 to 4 is there to search by.
    expect(new Set(rooms.map((r) => r.capacity))).toEqual(new Set([1, 2, 3, 4]));
    expect(new Set(rooms.map((r) => r.category))).toEqual(new Set(ROOM_CATEGORIES));
    expect(new Set(rooms.map((r) => r.name))).toEqual(new Set(ROOM_NAMES));
  });

  test('services: a catalogue of room services with 128×128 icons; 2–4 hotel services per hotel', async () => {
    const roomServices = await rows<{ name: string; image: ImageRef[] }>(
      'select name, image from room_services',
    );
    expect(roomServices.length).toBeGreaterThanOrEqual(10);
    expect(roomServices.map((s) => s.name)).toContain('WiFi 1 Gbps');
    for (const s of roomServices) {
      expect(s.image).toHaveLength(1);
      await expectWebp(uploadedFile(uploadsDir, s.image[0]?.url ?? ''), 128, 128);
    }
    const perHotel = await rows<{ n: number; described: number; pictured: number }>(
      `select count(s.id)::int as n, count(*) filter (where length(s.description) > 20)::int as described,
              count(*) filter (where jsonb_array_length(s.image) > 0)::int as pictured
       from hotels h left join hotel_services s on s.hotel_id = h.id group by h.id`,
    );
    for (const h of perHotel) {
      expect(h.n).toBeGreaterThanOrEqual(2);
      expect(h.n).toBeLessThanOrEqual(4);
      expect(h.described).toBe(h.n);
      expect(h.pictured).toBe(h.n);
    }
  });

  test('events: 20+, hosted by seeded hotels, dated in the coming six months', async () => {
    const events = await rows<{
      name: string;
      date: string;
      time: string;
      image: ImageRef[];
      hotel: string | null;
    }>(
      `select e.name, e.date, to_char(e.time, 'HH24:MI') as time, e.image, h.name as hotel
       from events e left join hotels h on h.id = e.hotel_id`,
    );
    expect(events.length).toBeGreaterThanOrEqual(20);
    const now = calendarDateIn(DEMO_TIME_ZONE);
    for (const e of events) {
      expect(e.hotel, e.name).not.toBeNull();
      expect(e.date > now, `${e.name} on ${e.date}`).toBe(true);
      expect(e.date <= addDays(now, 181), `${e.name} on ${e.date}`).toBe(true);
      expect(e.time).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
      expect(e.image.length).toBeGreaterThanOrEqual(1);
      expect(e.image.length).toBeLessThanOrEqual(2);
    }
    expect(events.map((e) => e.name)).toContain('Rust Meetup Córdoba');
    // Spread over the months, not bunched on one day.
    expect(new Set(events.map((e) => e.date.slice(0, 7))).size).toBeGreaterThanOrEqual(5);
  });

  test('reviews: most hotels have some, and the hotel counters match them', async () => {
    const hotels = await rows<{ review_count: number; rating_sum: number; n: number; sum: number }>(
      `select h.review_count, h.rating_sum, count(r.id)::int as n, coalesce(sum(r.rating), 0)::int as sum
       from hotels h left join reviews r on r.hotel_id = h.id group by h.id`,
    );
    for (const h of hotels) {
      expect(h.review_count).toBe(h.n);
      expect(h.rating_sum).toBe(h.sum);
      expect(h.n).toBeLessThanOrEqual(6);
    }
    expect(hotels.filter((h) => h.n > 0).length).toBeGreaterThan(hotels.length * 0.7);
    const [flags] = await rows<{ verified: number; total: number; bad: number }>(
      `select count(*) filter (where verified_stay)::int as verified, count(*)::int as total,
              count(*) filter (where rating not between 1 and 5 or comment = '' or name = '')::int as bad
       from reviews`,
    );
    expect(flags?.verified).toBeGreaterThan(0);
    expect(flags?.verified).toBeLessThan(flags?.total ?? 0);
    expect(flags?.bad).toBe(0);
  });

  test('seedIfEmpty does nothing on a seeded database', async () => {
    const count = async () =>
      (
        await rows<{ n: number }>(
          'select (select count(*) from hotels) + (select count(*) from locations) as n',
        )
      )[0]?.n;
    const before = await count();
    const report = await seedIfEmpty(db, { storage: uploads });
    expect(report.seeded).toBe(false);
    expect(await count()).toBe(before);
  });

  test('on a seeded database, pictures missing from the uploads folder are put back', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'devstay-seed-uploads-'));
    try {
      const images = await rows<{ variants: Variant[] }>(
        "select variants from images where public_id like 'seed/%'",
      );
      const report = await seedIfEmpty(db, { storage: localDiskStorage(dir) });
      expect(report.seeded).toBe(false);
      expect(report.imagesRendered + report.imagesCached).toBeGreaterThanOrEqual(images.length);
      for (const image of images) {
        for (const v of image.variants) {
          await expectWebp(uploadedFile(dir, v.url), v.width, v.height);
        }
      }
      const again = await seedIfEmpty(db, { storage: localDiskStorage(dir) });
      expect(again.imagesRendered + again.imagesCached).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('given the database while it opens, the pictures come meanwhile; a seeded one with all its pictures stops them', async () => {
    const url = await emptyDatabase();
    const fresh = createDb(url, 2);
    const dir = await mkdtemp(path.join(tmpdir(), 'devstay-seed-early-'));
    let puts = 0;
    const counted = (storage: ImageStorage): ImageStorage => ({
      ...storage,
      put: (...args) => {
        puts++;
        return storage.put(...args);
      },
    });
    try {
      const storage = counted(localDiskStorage(path.join(dir, 'uploads')));
      // The database answers only once a picture is stored: they were begun before it did.
      const opening = (async () => {
        while ((await readdir(path.join(dir, 'uploads/seed')).catch(() => [])).length === 0) {
          await new Promise((r) => setTimeout(r, 20));
        }
        return fresh;
      })();
      const seeded = await seedIfEmpty(opening, { storage });
      expect(seeded.seeded).toBe(true);
      const pictures = seeded.imagesRendered + seeded.imagesCached + seeded.imagesReused;
      expect(pictures).toBe(buildDemoPlan('2030-01-01').images.length);

      // A start on the seeded database, its pictures in place, nothing in the cache: the
      // drawing it began stops once the database has answered.
      const files = puts;
      const again = await seedIfEmpty(Promise.resolve(fresh), {
        storage,
        imageCacheDir: path.join(dir, 'empty-cache'),
      });
      expect(again).toMatchObject({ seeded: false, imagesRendered: 0, imagesReused: pictures });
      expect(puts - files).toBeLessThan(files / 2);
    } finally {
      await fresh.$client.end();
      await rm(dir, { recursive: true, force: true });
    }
  });

  // It draws every demo picture (a few hundred renders): longer than a test's usual bound.
  test('npm start on local disk: the catalogue first, a picture asked for drawn next and waited for, the rows once all are stored', async () => {
    const url = await emptyDatabase();
    const fresh = createDb(url, 2);
    const dir = await mkdtemp(path.join(tmpdir(), 'devstay-seed-later-'));
    try {
      const storage = localDiskStorage(dir);
      const underWay = new UploadsUnderWay();
      const { report, pictures } = await seedDemo(fresh, {
        storage,
        imageCacheDir: null,
        underWay,
      });
      expect(report.seeded).toBe(true);
      const planned = buildDemoPlan('2030-01-01').images.length;
      // In before its pictures: most are still promised, none is recorded yet.
      expect(underWay.size).toBeGreaterThan(planned);
      const [last] = (
        await fresh.$client.query<{ image: ImageRef[] }>(
          'select image from hotels order by id desc limit 1',
        )
      ).rows;
      const variant = last?.image[0]?.variants?.[0];
      if (!variant) throw new Error('the last hotel has no picture');
      const key = variant.url.slice('/uploads/'.length);
      expect(await storage.has(key)).toBe(false);
      await underWay.whenStored(key);
      // Drawn ahead of the queue: most pictures are still to come.
      expect(await storage.has(key)).toBe(true);
      expect(underWay.size).toBeGreaterThan(planned);
      expect(underWay.whenStored(key)).toBeUndefined();

      const drawn = await pictures;
      expect(drawn.imagesRendered).toBe(planned);
      expect(underWay.size).toBe(0);
      // Every reference the catalogue holds is the recorded picture's, every file in place.
      const recorded = new Map(
        (
          await fresh.$client.query<StoredPicture>(
            `select public_id as "publicId", url, content_type as "contentType", width, height,
                    bytes, variants from images where public_id like 'seed/%'`,
          )
        ).rows.map((row) => [row.publicId, pictureRef(row)]),
      );
      const refs = (
        await fresh.$client.query<{ image: ImageRef[] }>(
          `select image from hotels union all select image from rooms
           union all select image from events union all select image from hotel_services
           union all select image from room_services`,
        )
      ).rows.flatMap((row) => row.image);
      expect(refs.length).toBeGreaterThan(planned / 2);
      for (const ref of refs) {
        expect(ref).toEqual(recorded.get(ref.public_id));
        for (const v of ref.variants ?? []) {
          expect(await storage.has(v.url.slice('/uploads/'.length))).toBe(true);
        }
      }

      // A start stopped before the rows came: the next puts the pictures and their rows back.
      await fresh.$client.query("delete from images where public_id like 'seed/%'");
      await rm(path.join(dir, 'seed'), { recursive: true, force: true });
      const again = await seedIfEmpty(fresh, { storage });
      expect(again.seeded).toBe(false);
      expect(again.imagesRendered + again.imagesCached).toBe(planned);
      const [{ count } = { count: 0 }] = (
        await fresh.$client.query<{ count: number }>(
          "select count(*)::int as count from images where public_id like 'seed/%'",
        )
      ).rows;
      expect(count).toBe(recorded.size);
    } finally {
      await fresh.$client.end();
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  test('processes seeding one empty database together seed it once, with the same data', async () => {
    const url = await emptyDatabase();
    const a = createDb(url, 2);
    const b = createDb(url, 2);
    try {
      const reports = await Promise.all([
        seedIfEmpty(a, { storage: uploads }),
        seedIfEmpty(b, { storage: uploads }),
      ]);
      expect(reports.filter((r) => r.seeded)).toHaveLength(1);
      const fresh = await a.$client.query(
        'select name, description, address, qualification, image, review_count from hotels order by name',
      );
      const template = await rows(
        'select name, description, address, qualification, image, review_count from hotels order by name',
      );
      expect(fresh.rows).toEqual(template);
    } finally {
      await a.$client.end();
      await b.$client.end();
    }
  });

  test('with S3_BUCKET set, npm start seeds its pictures into the bucket, rows pointing there', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'devstay-seed-s3-'));
    const port = await freePort();
    const s3 = new S3rver({
      port,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'devstay-seed', configs: [] }],
    });
    await s3.run();
    const url = await emptyDatabase();
    const fresh = createDb(url, 2);
    try {
      const endpoint = `http://127.0.0.1:${port}`;
      const config = loadConfig({
        NODE_ENV: 'test',
        DATABASE_URL: url,
        UPLOADS_DIR: path.join(dir, 'never-written'),
        S3_BUCKET: 'devstay-seed',
        S3_ENDPOINT: endpoint,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        DEMO_ACCOUNTS: 'false',
      });
      await prepareDemoData(fresh, config);
      const stored = (
        await fresh.$client.query<{ url: string; variants: Variant[] }>(
          "select url, variants from images where public_id like 'seed/%'",
        )
      ).rows;
      expect(stored.length).toBeGreaterThan(0);
      for (const image of stored) {
        expect(image.url.startsWith(`${endpoint}/devstay-seed/seed/`), image.url).toBe(true);
        for (const v of image.variants) expect(v.url).toBe(`${endpoint}/devstay-seed/${v.key}`);
      }
      const hotel = (
        await fresh.$client.query<{ image: ImageRef[] }>('select image from hotels limit 1')
      ).rows[0];
      const first = hotel?.image[0];
      expect(first?.url.startsWith(endpoint)).toBe(true);
      const fetched = await fetch(first?.url ?? '');
      expect(fetched.status).toBe(200);
      const meta = await sharp(Buffer.from(await fetched.arrayBuffer())).metadata();
      expect(meta.format).toBe('webp');
      // Nothing went to the uploads folder.
      await expect(stat(path.join(dir, 'never-written'))).rejects.toThrow();
      // A second start finds every picture in the bucket.
      const again = await seedIfEmpty(fresh, { storage: imageStorageOf(config) });
      expect(again.imagesRendered + again.imagesCached).toBe(0);
    } finally {
      await fresh.$client.end();
      await s3.close();
      await rm(dir, { recursive: true, force: true });
    }
    // Stores every demo picture in the bucket: tens of seconds on a busy two-core machine.
  }, 120_000);

  test('the plan is deterministic, and only event dates and seasons follow the day it runs', () => {
    const first = buildDemoPlan('2030-01-01');
    const again = buildDemoPlan('2030-01-01');
    const later = buildDemoPlan('2030-03-01');
    expect(again).toEqual(first);
    const withoutRates = (plan: typeof first) =>
      plan.hotels.map((h) => ({ ...h, rooms: h.rooms.map(({ rates: _, ...r }) => r) }));
    const ratesOf = (plan: typeof first) =>
      plan.hotels.flatMap((h) => h.rooms.flatMap((r) => r.rates ?? []));
    expect(withoutRates(later)).toEqual(withoutRates(first));
    // A season over by the day the seed runs is not planted; every other rule is the same.
    expect(ratesOf(first).some((r) => r.kind === 'season' && (r.to ?? '') < '2030-03-01')).toBe(
      true,
    );
    expect(ratesOf(later)).toEqual(
      ratesOf(first).filter((r) => r.kind !== 'season' || (r.to ?? '') >= '2030-03-01'),
    );
    expect(later.images).toEqual(first.images);
    expect(later.events.map((e) => e.date)).toEqual(first.events.map((e) => addDays(e.date, 59)));
    for (const e of first.events) {
      expect(e.date >= '2030-01-04' && e.date <= '2030-06-30', e.date).toBe(true);
    }
  });

  test('pictures are drawn as WebP variants when missing, reused when present, copied from the cache', async () => {
    const plan = buildDemoPlan('2030-01-01');
    const kinds = ['facade-', 'lounge-', 'room-', 'icon-', 'service-', 'event-'];
    const some = kinds
      .map((k) => plan.images.find((i) => i.key.startsWith(k)))
      .filter((i) => i !== undefined);
    const dir = await mkdtemp(path.join(tmpdir(), 'devstay-seed-images-'));
    const cacheDir = path.join(dir, 'cache');
    const uploads = path.join(dir, 'uploads');
    try {
      const first = await renderImages(some, localDiskStorage(uploads), { cacheDir });
      expect(first.rendered).toBe(some.length);
      for (const image of some) {
        const stored = first.images.get(image.key);
        expect(stored).toBeDefined();
        if (!stored) continue;
        expect(stored.variants.at(-1)?.width).toBe(image.width);
        expect(stored.variants.every((v) => v.width <= image.width)).toBe(true);
        const file = uploadedFile(uploads, stored.url);
        await expectWebp(file, image.width, image.height);
        // Pictures, not flat boxes: several distinct colours.
        const { channels } = await sharp(file).stats();
        expect(Math.max(...channels.map((c) => c.stdev))).toBeGreaterThan(20);
      }
      const second = await renderImages(some, localDiskStorage(uploads), { cacheDir });
      expect(second.rendered).toBe(0);
      expect(second.reused).toBe(some.length);
      const elsewhere = await renderImages(some, localDiskStorage(path.join(dir, 'other')), {
        cacheDir,
      });
      expect(elsewhere.cached).toBe(some.length);
      // The same stored pictures by key, whichever finished drawing first.
      expect(Object.fromEntries(elsewhere.images)).toEqual(Object.fromEntries(first.images));
      const uncached = await renderImages(some, localDiskStorage(path.join(dir, 'plain')), {
        cacheDir: null,
      });
      expect(uncached.rendered).toBe(some.length);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('large catalogue', () => {
  test('adds exactly N hotels over many cities, with rooms, services and demo pictures', async () => {
    const [before] = await rows<{ max: number; n: number }>(
      'select max(id)::int as max, count(*)::int as n from hotels',
    );
    const report = await seedLargeCatalogue(db, { hotels: 500, storage: uploads });
    expect(report.hotels).toBe(500);
    const [after] = await rows<{ n: number }>('select count(*)::int as n from hotels');
    expect(after?.n).toBe((before?.n ?? 0) + 500);

    const added = await rows<{
      name: string;
      name_key: string;
      qualification: number;
      image: ImageRef[];
      location_id: number;
      rooms: number;
      unserved: number;
      services: number;
    }>(
      `select h.name, h.name_key, h.qualification, h.image, h.location_id,
              (select count(*)::int from rooms r where r.hotel_id = h.id) as rooms,
              (select count(*)::int from rooms r where r.hotel_id = h.id
                 and not exists (select 1 from room_room_services s where s.room_id = r.id)) as unserved,
              (select count(*)::int from hotel_services s where s.hotel_id = h.id) as services
       from hotels h where h.id > $1`,
      [before?.max ?? 0],
    );
    expect(added).toHaveLength(500);
    const known = new Set(
      (await rows<{ url: string }>('select url from images')).map((i) => i.url),
    );
    for (const h of added) {
      expect(h.name_key).toBe(searchKey(h.name));
      expect(h.qualification).toBeGreaterThanOrEqual(1);
      expect(h.qualification).toBeLessThanOrEqual(5);
      expect(h.rooms).toBeGreaterThanOrEqual(1);
      expect(h.rooms).toBeLessThanOrEqual(3);
      expect(h.unserved).toBe(0);
      expect(h.services).toBeGreaterThanOrEqual(1);
      expect(h.image.length).toBeGreaterThanOrEqual(3);
      for (const i of h.image) expect(known.has(i.url)).toBe(true);
    }
    expect(new Set(added.map((h) => h.location_id)).size).toBeGreaterThan(100);
    expect(new Set(added.map((h) => h.name)).size).toBeGreaterThan(450);
    // Every reference points at a row, foreign-key checks skipped or not.
    const [orphans] = await rows<{ n: number }>(
      `select (select count(*) from hotels h where not exists (select 1 from locations l where l.id = h.location_id))
            + (select count(*) from rooms r where not exists (select 1 from hotels h where h.id = r.hotel_id))
            + (select count(*) from hotel_services s where not exists (select 1 from hotels h where h.id = s.hotel_id))
            + (select count(*) from room_rates rr where not exists (select 1 from rooms r where r.id = rr.room_id))
            + (select count(*) from room_room_services x
               where not exists (select 1 from rooms r where r.id = x.room_id)
                  or not exists (select 1 from room_services s where s.id = x.room_service_id)) as n`,
    );
    expect(Number(orphans?.n)).toBe(0);
    // Rooms stay within the limits.
    const [bad] = await rows<{ n: number }>(
      `select count(*)::int as n from rooms r where r.hotel_id > $1
         and (price_cents not between $2 and $3 or stock not between $4 and $5)`,
      [before?.max ?? 0, PRICE_MIN * 100, PRICE_MAX * 100, STOCK_MIN, STOCK_MAX],
    );
    expect(bad?.n).toBe(0);
    // Nightly rates on the new rooms: a season next January and February, Friday and Saturday
    // rules and a finished season, each within the price limits.
    const rates = await rows<{ kind: string; weekdays: number[] | null; n: number; bad: number }>(
      `select rr.kind, rr.weekdays, count(*)::int as n,
              count(*) filter (where rr.price_cents not between $2 and $3)::int as bad
       from room_rates rr join rooms r on r.id = rr.room_id
       where r.hotel_id > $1 group by 1, 2 order by 1`,
      [before?.max ?? 0, PRICE_MIN * 100, PRICE_MAX * 100],
    );
    expect(rates.map((r) => [r.kind, r.weekdays])).toEqual([
      ['season', null],
      ['weekdays', [5, 6]],
    ]);
    for (const r of rates) {
      expect(r.n).toBeGreaterThan(50);
      expect(r.bad).toBe(0);
    }
    expect(report.roomRates).toBe(rates.reduce((sum, r) => sum + r.n, 0));
    const [seasons] = await rows<{ coming: number; over: number }>(
      `select count(*) filter (where first_night > current_date)::int as coming,
              count(*) filter (where last_night < current_date)::int as over
       from room_rates rr join rooms r on r.id = rr.room_id
       where r.hotel_id > $1 and rr.kind = 'season'`,
      [before?.max ?? 0],
    );
    expect(seasons?.coming).toBeGreaterThan(50);
    expect(seasons?.over).toBeGreaterThan(10);
    // Every hotel's card "from" stored (hotels.from_cents), the demo's and the load's alike (its
    // triggers skipped with the foreign-key checks or not): what its rooms and rules give, as
    // the product states it — a room's base or a cheaper weekday rule or season not yet over,
    // the least of its rooms'.
    const [from] = await rows<{ hotels: number; wrong: number }>(
      `select count(*)::int as hotels,
              count(*) filter (where h.from_cents is distinct from (
                select min(least(r.price_cents, (select min(rr.price_cents) from room_rates rr
                  where rr.room_id = r.id and (rr.kind = 'weekdays' or rr.last_night >= current_date))))
                from rooms r where r.hotel_id = h.id))::int as wrong
       from hotels h`,
    );
    expect(from?.hotels).toBeGreaterThan(0);
    expect(from?.wrong).toBe(0);
    // Every hotel's largest room kept (migration 0031) by the same rule, and its search copy
    // (migration 0032) as its row holds it, triggers skipped or not.
    const [largest] = await rows<{ wrong: number; uncopied: number }>(
      `select count(*) filter (where h.largest_room_capacity <> coalesce(
           (select max(r.capacity) from rooms r where r.hotel_id = h.id), 0))::int as wrong,
         count(*) filter (where (s.search_key, s.largest_room_capacity, s.time_zone)
           is distinct from (h.search_key, h.largest_room_capacity, h.time_zone))::int as uncopied
       from hotels h left join hotel_search s on s.hotel_id = h.id`,
    );
    expect(largest).toEqual({ wrong: 0, uncopied: 0 });
    // Compacted and every page marked all-visible: a list page's index-only scans read no row.
    const [visible] = await rows<{ pages: number; visible: number }>(
      `select relpages as pages, relallvisible as visible from pg_class where relname = 'hotels'`,
    );
    expect(visible?.visible).toBe(visible?.pages);
  });

  test('refuses a count that is not a whole number', async () => {
    await expect(seedLargeCatalogue(db, { hotels: -1, storage: uploads })).rejects.toThrow(
      /whole number/,
    );
    await expect(seedLargeCatalogue(db, { hotels: 1.5, storage: uploads })).rejects.toThrow(
      /whole number/,
    );
  });
});

describe('seed command', () => {
  const cli = fileURLToPath(new URL('./seed-cli.ts', import.meta.url));
  const run = promisify(execFile);

  test('a bad --hotels value is a clear error, before anything starts', async () => {
    const fail = (args: string[]) =>
      run(process.execPath, [cli, ...args]).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error,
      );
    for (const bad of ['abc', '0', '-5', '2.5', '99999999', '']) {
      const failure = await fail([`--hotels=${bad}`]);
      expect(failure.code, bad).toBe(2);
      expect(failure.stderr).toContain('--hotels must be a whole number from 1 to 1000000');
    }
    const unknown = await fail(['--hotel', '5']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown option '--hotel'");
    expect(unknown.stderr).toContain('Usage: npm run seed');
  });
});
