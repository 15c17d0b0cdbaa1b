/**
 * The demo seed, run at every start: on an empty database it adds Argentina's location
 * hierarchy, 45 hotels with rooms, services and reviews, IT events and their pictures.
 * Everything goes in one transaction under an advisory lock, so a crash never leaves half a
 * seed and processes starting together seed once.
 */

import type { Db, Executor, Tx } from '@devstay/api/db/client';
import {
  events,
  hotelServices,
  hotels,
  type ImageRef,
  images,
  locations,
  reviews,
  roomRates,
  roomRoomServices,
  roomServices,
  rooms,
} from '@devstay/api/db/schema';
import type { StartLog } from '@devstay/api/lib/start-steps';
import type { StoredPicture } from '@devstay/api/modules/images/pipeline';
import type { ImageStorage } from '@devstay/api/modules/images/storage';
import type { UploadsUnderWay } from '@devstay/api/modules/images/under-way';
import { calendarDateIn } from '@devstay/shared/stay';
import { placeKey, searchKey } from '@devstay/shared/text';
import { like, sql } from 'drizzle-orm';
import { buildDemoPlan, DEMO_TIME_ZONE, type DemoPlan, type PlannedImage } from './demo-plan.ts';
import { anyVariantMissing, plannedRef, renderImages, SEED_IMAGE_DIR } from './images.ts';

/** Key of the advisory lock that serialises seeding across processes. */
const SEED_LOCK = 7_300_117;

export interface SeedReport {
  /** False when the database already had hotels (nothing was changed). */
  seeded: boolean;
  ms: number;
  imagesRendered: number;
  imagesReused: number;
  imagesCached: number;
  counts?: SeedCounts;
}

interface SeedCounts {
  locations: number;
  hotels: number;
  rooms: number;
  roomServices: number;
  hotelServices: number;
  events: number;
  reviews: number;
  images: number;
}

/** How the pictures were had. */
export type PicturesReport = Pick<SeedReport, 'imagesRendered' | 'imagesReused' | 'imagesCached'>;

export interface SeedOptions {
  /** Where the pictures go: the configured storage (imageStorageOf). */
  storage: ImageStorage;
  today?: string;
  imageCacheDir?: string | null;
  /** Told how long the pictures and the catalogue took. */
  log?: StartLog;
}

async function hasHotels(db: Executor): Promise<boolean> {
  const result = await db.execute<{ found: boolean }>(
    sql`select exists (select 1 from hotels) as found`,
  );
  return result.rows[0]?.found === true;
}

/**
 * Seeds the demo data when the hotels table is empty; otherwise puts back seed pictures the
 * storage lost. `today` (yyyy-MM-dd, default the demo hotels' date, in Buenos Aires) anchors the
 * event dates; `imageCacheDir` is the cache of drawn pictures (default: a folder in the system's
 * temporary directory; null: none). Resolves once the catalogue and every picture are in.
 */
export async function seedIfEmpty(
  database: Db | Promise<Db>,
  options: SeedOptions,
): Promise<SeedReport> {
  const { report, pictures } = await seedDemo(database, options);
  const drawn = await pictures;
  return { ...report, ...drawn, ms: performance.now() - report.startedAt };
}

/**
 * The seed with its pictures to follow: resolves once the catalogue is in (or found there), with
 * `pictures`, which resolves once every picture is stored and recorded. The catalogue names each
 * picture by its drawing before it is drawn, so it can go in first; with `underWay` (pictures
 * served by this process, from local disk) a request for a picture not stored yet waits for it,
 * and it is drawn next. Without it the catalogue waits for its pictures, as pages show them at
 * once from wherever they are stored (an S3 bucket).
 *
 * Given the database while it still opens (npm start), the pictures are drawn at once: an empty
 * database needs every one, and a seeded one whose storage lost them the same drawings. A seeded
 * database with every picture in place stops the drawing.
 */
export async function seedDemo(
  database: Db | Promise<Db>,
  options: SeedOptions & { underWay?: UploadsUnderWay },
): Promise<{
  report: Omit<SeedReport, keyof PicturesReport | 'ms'> & { startedAt: number };
  pictures: Promise<PicturesReport>;
}> {
  const startedAt = performance.now();
  const { storage, underWay, log } = options;
  const plan = buildDemoPlan(options.today ?? calendarDateIn(DEMO_TIME_ZONE));
  const stop = new AbortController();
  const draw = () =>
    renderImages(plan.images, storage, {
      cacheDir: options.imageCacheDir,
      signal: stop.signal,
      underWay,
    });
  const early = database instanceof Promise ? draw() : undefined;
  // Awaited below, or stopped.
  early?.catch(() => {});
  // Stored, then recorded (the images table); then reported.
  const picturesIn = async (db: Db, step: string): Promise<PicturesReport> => {
    const drawn = await (early ?? draw());
    await recordPictures(db, drawn.images);
    log?.(step, startedAt, picturesDetail(drawn));
    return {
      imagesRendered: drawn.rendered,
      imagesReused: drawn.reused,
      imagesCached: drawn.cached,
    };
  };
  try {
    const db = await database;
    if (await hasHotels(db)) {
      if (await picturesInPlace(db, storage, plan)) {
        stop.abort();
        await early?.catch(() => {});
        return {
          report: { seeded: false, startedAt },
          pictures: Promise.resolve({
            imagesRendered: 0,
            imagesReused: plan.images.length,
            imagesCached: 0,
          }),
        };
      }
      // Every lost picture comes back, unless the drawings changed since.
      const restored = picturesIn(db, 'demo pictures restored');
      if (!underWay) await restored;
      return { report: { seeded: false, startedAt }, pictures: restored };
    }
    const pictures = underWay ? picturesIn(db, 'demo pictures ready') : undefined;
    // Handed to the caller below, or stopped with the seed.
    pictures?.catch(() => {});
    // Without anyone to wait for them, the pictures first, outside the transaction: files are
    // idempotent and appear atomically.
    const stored = pictures ? undefined : await (early ?? draw());
    if (stored) log?.('demo pictures ready', startedAt, picturesDetail(stored));

    const inserting = performance.now();
    const counts = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
      if (await hasHotels(tx)) return undefined;
      if (stored) await recordPictures(tx, stored.images);
      return insertPlan(tx, plan, (image) => plannedRef(storage, image).ref);
    });
    if (counts) {
      log?.(
        'demo catalogue seeded',
        inserting,
        `${counts.hotels} hotels, ${counts.rooms} rooms, ${counts.events} events`,
      );
    }
    return {
      report: { seeded: counts !== undefined, startedAt, counts },
      pictures:
        pictures ??
        Promise.resolve({
          imagesRendered: stored?.rendered ?? 0,
          imagesReused: stored?.reused ?? 0,
          imagesCached: stored?.cached ?? 0,
        }),
    };
  } catch (error) {
    stop.abort();
    throw error;
  }
}

/**
 * Whether every picture of the seed is stored and recorded: those the images table lists (a
 * seed of other drawings) and those of this plan (its rows come once its pictures are stored).
 */
async function picturesInPlace(db: Db, storage: ImageStorage, plan: DemoPlan): Promise<boolean> {
  const stored = await db
    .select({ publicId: images.publicId, variants: images.variants })
    .from(images)
    .where(like(images.publicId, `${SEED_IMAGE_DIR}/%`));
  const recorded = new Set(stored.map((row) => row.publicId));
  const planned = plan.images.map((image) => plannedRef(storage, image).ref.public_id);
  return planned.every((id) => recorded.has(id)) && !(await anyVariantMissing(storage, stored));
}

/** The images table's rows of stored seed pictures (one per picture; known ones kept). */
async function recordPictures(db: Executor, stored: Map<string, StoredPicture>): Promise<void> {
  const unique = new Map([...stored.values()].map((i) => [i.publicId, i]));
  if (unique.size === 0) return;
  await db
    .insert(images)
    .values([...unique.values()].map((i) => ({ ...i, uploadedBy: null })))
    .onConflictDoNothing();
}

/** How the pictures were had: `247 drawn, 0 copied from the cache, 0 already stored`. */
function picturesDetail(report: { rendered: number; cached: number; reused: number }): string {
  return `${report.rendered} drawn, ${report.cached} copied from the cache, ${report.reused} already stored`;
}

async function insertPlan(
  tx: Tx,
  plan: DemoPlan,
  refOf: (image: PlannedImage) => ImageRef,
): Promise<SeedCounts> {
  const planned = new Map(plan.images.map((image) => [image.key, image]));
  const ref = (key: string) => {
    const image = planned.get(key);
    if (!image) throw new Error(`Seed image ${key} is not in the plan`);
    return refOf(image);
  };

  const locationRows = await tx
    .insert(locations)
    .values(
      plan.locations.map((l) => ({ ...l, cityKey: searchKey(l.city), placeKey: placeKey(l) })),
    )
    .onConflictDoNothing()
    .returning({
      id: locations.id,
      state: locations.state,
      department: locations.department,
      city: locations.city,
    });
  const locationKey = (l: { state: string; department: string; city: string }) =>
    `${l.state}|${l.department}|${l.city}`;
  const locationIds = new Map(locationRows.map((l) => [locationKey(l), l.id]));
  if (locationIds.size < plan.locations.length) {
    // Locations added before the first hotel (by an admin) are reused, not duplicated.
    const existing = await tx
      .select({
        id: locations.id,
        state: locations.state,
        department: locations.department,
        city: locations.city,
      })
      .from(locations);
    for (const l of existing) locationIds.set(locationKey(l), l.id);
  }

  const serviceRows = await tx
    .insert(roomServices)
    .values(
      plan.roomServices.map((s) => ({
        name: s.name,
        nameKey: searchKey(s.name),
        image: s.images.map(ref),
      })),
    )
    .onConflictDoUpdate({ target: roomServices.nameKey, set: { name: sql`excluded.name` } })
    .returning({ id: roomServices.id, name: roomServices.name });
  const serviceIds = new Map(serviceRows.map((s) => [s.name, s.id]));

  const hotelRows = await tx
    .insert(hotels)
    .values(
      plan.hotels.map((h) => {
        const locationId = locationIds.get(locationKey(h.location));
        if (locationId === undefined) throw new Error(`No location id for ${h.name}`);
        return {
          name: h.name,
          nameKey: h.nameKey,
          image: h.images.map(ref),
          qualification: h.qualification,
          description: h.description,
          address: h.address,
          locationId,
          timeZone: h.timeZone,
          eventNightPremiumPercent: h.eventNightPremiumPercent,
          reviewCount: h.reviews.length,
          ratingSum: h.reviews.reduce((sum, r) => sum + r.rating, 0),
        };
      }),
    )
    .returning({ id: hotels.id, name: hotels.name });
  const hotelIds = new Map(hotelRows.map((h) => [h.name, h.id]));
  const hotelId = (name: string) => {
    const id = hotelIds.get(name);
    if (id === undefined) throw new Error(`No hotel id for ${name}`);
    return id;
  };

  const roomRows = await tx
    .insert(rooms)
    .values(
      plan.hotels.flatMap((h) =>
        h.rooms.map((r) => ({
          hotelId: hotelId(h.name),
          name: r.name,
          image: r.images.map(ref),
          priceCents: r.priceCents,
          description: r.description,
          category: r.category,
          stock: r.stock,
          capacity: r.capacity,
        })),
      ),
    )
    .returning({
      id: rooms.id,
      hotelId: rooms.hotelId,
      name: rooms.name,
      category: rooms.category,
    });
  const roomIds = new Map(roomRows.map((r) => [`${r.hotelId}|${r.name}|${r.category}`, r.id]));

  const links = plan.hotels.flatMap((h) =>
    h.rooms.flatMap((r) => {
      const roomId = roomIds.get(`${hotelId(h.name)}|${r.name}|${r.category}`);
      if (roomId === undefined) throw new Error(`No room id for ${h.name} ${r.name}`);
      return r.services.map((s) => {
        const roomServiceId = serviceIds.get(s);
        if (roomServiceId === undefined) throw new Error(`No room service ${s}`);
        return { roomId, roomServiceId };
      });
    }),
  );
  await tx.insert(roomRoomServices).values(links);

  const rateRows = plan.hotels.flatMap((h) =>
    h.rooms.flatMap((r) => {
      const roomId = roomIds.get(`${hotelId(h.name)}|${r.name}|${r.category}`) as number;
      return (r.rates ?? []).map((rate) => ({
        roomId,
        kind: rate.kind,
        firstNight: rate.from ?? null,
        lastNight: rate.to ?? null,
        weekdays: rate.weekdays ?? null,
        priceCents: rate.priceCents,
      }));
    }),
  );
  if (rateRows.length > 0) await tx.insert(roomRates).values(rateRows);

  const hotelServiceRows = plan.hotels.flatMap((h) =>
    h.services.map((s) => ({
      hotelId: hotelId(h.name),
      name: s.name,
      description: s.description,
      image: s.images.map(ref),
    })),
  );
  await tx.insert(hotelServices).values(hotelServiceRows);

  await tx.insert(events).values(
    plan.events.map((e) => ({
      hotelId: hotelId(e.hotel),
      name: e.name,
      date: e.date,
      time: e.time,
      image: e.images.map(ref),
      description: e.description,
    })),
  );

  const now = Date.now();
  const reviewRows = plan.hotels.flatMap((h) =>
    h.reviews.map((r) => ({
      hotelId: hotelId(h.name),
      name: r.name,
      rating: r.rating,
      comment: r.comment,
      verifiedStay: r.verifiedStay,
      createdAt: new Date(now - r.daysAgo * 86_400_000),
    })),
  );
  if (reviewRows.length > 0) await tx.insert(reviews).values(reviewRows);

  return {
    locations: plan.locations.length,
    hotels: hotelRows.length,
    rooms: roomRows.length,
    roomServices: serviceRows.length,
    hotelServices: hotelServiceRows.length,
    events: plan.events.length,
    reviews: reviewRows.length,
    images: plan.images.length,
  };
}
