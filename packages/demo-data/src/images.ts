/**
 * Draws the planned SVG scenes and stores them through the image pipeline (the variants admin
 * uploads get) in the configured storage: WebP variants under `seed/` (on disk
 * `${UPLOADS_DIR}/seed/`, served at `/uploads/seed/…`; or in the S3 bucket), named by a hash of
 * the drawing.
 *
 * Encoded pictures are also kept in a machine-wide cache folder, keyed by a hash of the drawing:
 * a fresh storage (a new data folder, each test run, a new bucket) copies them instead of
 * drawing and encoding them again. The cache is best effort; when it cannot be written, nothing
 * fails.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { drawingRef, type StoredPicture, storeDrawing } from '@devstay/api/modules/images/pipeline';
import { type ImageStorage, localDiskStorage } from '@devstay/api/modules/images/storage';
import type { UploadsUnderWay } from '@devstay/api/modules/images/under-way';
import type { PlannedImage } from './demo-plan.ts';

export const SEED_IMAGE_DIR = 'seed';
/**
 * libwebp effort for the seed: the encoding is most of a first start's work. Effort 0 takes
 * about a sixth less CPU than effort 1 for files an eighth larger; effort 4 takes three times as
 * long (docs/scaling.md, Figures behind the code's choices).
 */
const SEED_WEBP_EFFORT = 0;
/** Pictures drawn at once: one a core, at most the four threads of libuv's pool sharp runs on. */
const CONCURRENCY = Math.min(4, Math.max(2, availableParallelism()));
/** Existence checks at once: one request each on S3. */
const CHECKS_AT_ONCE = 16;

/** The default cache of encoded seed pictures, shared by every data folder of this machine. */
const SEED_IMAGE_CACHE_DIR = path.join(tmpdir(), 'devstay-seed-pictures');

export interface RenderReport {
  /** Every planned picture by key. */
  images: Map<string, StoredPicture>;
  /** Drawn and encoded now. */
  rendered: number;
  /** Already in the uploads folder. */
  reused: number;
  /** Copied from the cache. */
  cached: number;
}

/** Identifies a drawing and how it is encoded: the cache key. */
function drawingHash(image: PlannedImage): string {
  return createHash('sha256')
    .update(`${image.width}x${image.height}:e${SEED_WEBP_EFFORT}:${image.svg}`)
    .digest('hex')
    .slice(0, 16);
}

async function hasAll(storage: ImageStorage, picture: StoredPicture): Promise<boolean> {
  for (const variant of picture.variants) if (!(await storage.has(variant.key))) return false;
  return true;
}

/** A cached picture as `storage` serves it: the manifest holds the URLs of where it was made. */
function servedBy(storage: ImageStorage, picture: StoredPicture): StoredPicture {
  const variants = picture.variants.map((v) => ({ ...v, url: storage.url(v.key) }));
  return { ...picture, url: variants.at(-1)?.url ?? picture.url, variants };
}

async function readManifest(file: string): Promise<StoredPicture | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as StoredPicture;
  } catch {
    return undefined;
  }
}

/** How the seed draws and stores a planned picture. */
const SEED_DRAWING = { folder: SEED_IMAGE_DIR, effort: SEED_WEBP_EFFORT } as const;

/** How entities reference a planned picture, and its files' keys, before it is drawn. */
export function plannedRef(uploads: ImageStorage, image: PlannedImage) {
  return drawingRef(uploads, image, SEED_DRAWING);
}

/**
 * Stores every planned picture that is missing, `CONCURRENCY` at a time; returns them all by
 * key. `cacheDir: null` turns the cache off. Once `signal` is aborted no further picture is
 * begun (those under way are finished) and the promise rejects with its reason.
 *
 * With `underWay`, every planned picture's files are promised there until stored: a request
 * for one has its picture drawn next, and waits for it.
 */
export async function renderImages(
  images: readonly PlannedImage[],
  uploads: ImageStorage,
  options: { cacheDir?: string | null; signal?: AbortSignal; underWay?: UploadsUnderWay } = {},
): Promise<RenderReport> {
  const out = new Map<string, StoredPicture>();
  const report = { rendered: 0, reused: 0, cached: 0 };
  const waiting = [...images];
  // Each picture's end (stored, or failed), for the requests waiting for its files.
  const ends = new Map<PlannedImage, { end: () => void; keys: string[] }>();
  const { underWay } = options;
  if (underWay) {
    for (const image of images) {
      const { promise, resolve } = Promise.withResolvers<void>();
      const { keys } = plannedRef(uploads, image);
      ends.set(image, { end: resolve, keys });
      underWay.promise(keys, () => {
        // Not begun yet: next.
        const at = waiting.indexOf(image);
        if (at > 0) waiting.unshift(...waiting.splice(at, 1));
        return promise;
      });
    }
  }
  const cacheDir = options.cacheDir === undefined ? SEED_IMAGE_CACHE_DIR : options.cacheDir;
  const cache =
    cacheDir !== null &&
    (await mkdir(path.join(cacheDir, 'manifests'), { recursive: true }).then(
      () => true,
      () => false,
    ))
      ? localDiskStorage(cacheDir)
      : undefined;
  const ended = (image: PlannedImage) => {
    const end = ends.get(image);
    if (!end) return;
    underWay?.settle(end.keys);
    end.end();
  };

  const one = async (image: PlannedImage) => {
    const manifestFile = cacheDir && path.join(cacheDir, 'manifests', `${drawingHash(image)}.json`);
    const manifest = cache && manifestFile ? await readManifest(manifestFile) : undefined;
    const known = manifest && servedBy(uploads, manifest);
    if (known && (await hasAll(uploads, known))) {
      report.reused++;
      out.set(image.key, known);
      return;
    }
    if (known && cache && (await hasAll(cache, known))) {
      for (const variant of known.variants) {
        const bytes = await cache.get(variant.key);
        if (bytes) await uploads.put(variant.key, bytes, known.contentType);
      }
      report.cached++;
      out.set(image.key, known);
      return;
    }
    let picture: StoredPicture;
    try {
      picture = await storeDrawing(uploads, image, SEED_DRAWING);
    } catch (error) {
      throw new Error(`Could not store the seed image ${image.key}`, { cause: error });
    }
    report.rendered++;
    out.set(image.key, picture);
    ended(image);
    if (cache && manifestFile) {
      try {
        for (const variant of picture.variants) {
          const bytes = await uploads.get(variant.key);
          if (bytes) await cache.put(variant.key, bytes, picture.contentType);
        }
        await writeFile(manifestFile, JSON.stringify(picture));
      } catch {
        // The cache only saves time.
      }
    }
  };

  let failed = false;
  const worker = async () => {
    let image = waiting.shift();
    while (image && !failed) {
      options.signal?.throwIfAborted();
      try {
        await one(image);
      } finally {
        ended(image);
      }
      image = waiting.shift();
    }
  };
  const workers = Array.from({ length: Math.min(CONCURRENCY, images.length) }, () =>
    worker().catch((error: unknown) => {
      // The others finish the picture they are on, and begin no other.
      failed = true;
      throw error;
    }),
  );
  const outcomes = await Promise.allSettled(workers);
  // Whatever was not stored will not be: nobody waits for it any longer.
  for (const image of images) ended(image);
  const failure = outcomes.find((o) => o.status === 'rejected');
  if (failure) throw failure.reason;
  return { images: out, ...report };
}

/** Whether any file of the stored pictures is missing from the storage. */
export async function anyVariantMissing(
  storage: ImageStorage,
  pictures: readonly { variants: { key: string }[] }[],
): Promise<boolean> {
  const keys = pictures.flatMap((p) => p.variants.map((v) => v.key));
  for (let i = 0; i < keys.length; i += CHECKS_AT_ONCE) {
    const found = await Promise.all(keys.slice(i, i + CHECKS_AT_ONCE).map((k) => storage.has(k)));
    if (found.includes(false)) return true;
  }
  return false;
}
