/**
 * Renders the planned SVG scenes to WebP files under `${uploadsDir}/seed/`, served by the app
 * at `/uploads/seed/<file>`. A file's name carries a hash of its drawing, so a file that
 * exists is never drawn again and a changed drawing gets a new file. Files appear atomically
 * (written aside, then renamed): a crash or a concurrent start never leaves a half-written one.
 *
 * Drawn files are also kept in a machine-wide cache folder, content-addressed by the same
 * names: a fresh uploads folder (a new data folder, each test run) copies them instead of
 * drawing them again. The cache is best effort; when it cannot be written, nothing fails.
 */
import { createHash, randomBytes } from 'node:crypto';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { ImageRef } from '../schema.ts';
import type { PlannedImage } from './demo-plan.ts';

export const SEED_IMAGE_DIR = 'seed';
export const WEBP_QUALITY = 78;
/**
 * libwebp effort 0–6. Encoding is most of the drawing time: effort 1 encodes these flat
 * pictures in a third of the time of the default 4, for files about a fifth larger (~27 KiB
 * for a 1200×800 facade).
 */
const WEBP_EFFORT = 1;
const CONCURRENCY = 2;

/** The default cache of drawn seed images, shared by every data folder of this machine. */
export const SEED_IMAGE_CACHE_DIR = path.join(tmpdir(), 'devstay-seed-images');

export interface StoredImage {
  publicId: string;
  url: string;
  contentType: string;
  width: number;
  height: number;
  bytes: number;
}

export interface RenderReport {
  images: Map<string, StoredImage>;
  /** Drawn now. */
  rendered: number;
  /** Already in the uploads folder. */
  reused: number;
  /** Copied from the cache. */
  cached: number;
}

export function imageRef(image: StoredImage): ImageRef {
  return { url: image.url, public_id: image.publicId };
}

/** The file of a stored seed image, from its public URL. */
export function seedImagePath(uploadsDir: string, url: string): string {
  const prefix = `/uploads/${SEED_IMAGE_DIR}/`;
  if (!url.startsWith(prefix)) throw new Error(`Not a seed image URL: ${url}`);
  return path.join(uploadsDir, SEED_IMAGE_DIR, url.slice(prefix.length));
}

function fileName(image: PlannedImage): string {
  const hash = createHash('sha256')
    .update(`${image.width}x${image.height}:q${WEBP_QUALITY}:e${WEBP_EFFORT}:${image.svg}`)
    .digest('hex')
    .slice(0, 10);
  return `${image.key}-${hash}`;
}

/** The public URL a planned image gets once rendered. */
export function seedImageUrl(image: PlannedImage): string {
  return `/uploads/${SEED_IMAGE_DIR}/${fileName(image)}.webp`;
}

/** The stored seed images (by URL) whose files are missing from the uploads folder. */
export async function missingSeedImages(
  uploadsDir: string,
  urls: readonly string[],
): Promise<Set<string>> {
  const missing = new Set<string>();
  for (const url of urls) {
    if ((await sizeOf(seedImagePath(uploadsDir, url))) === 0) missing.add(url);
  }
  return missing;
}

async function sizeOf(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch {
    return 0;
  }
}

/** Writes `file` through a temporary name, so it appears whole or not at all. */
async function writeAtomically(file: string, write: (temporary: string) => Promise<unknown>) {
  const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await write(temporary);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Renders what is missing, `CONCURRENCY` pictures at a time; returns every image by key.
 * `cacheDir: null` turns the cache off.
 */
export async function renderImages(
  images: readonly PlannedImage[],
  uploadsDir: string,
  options: { cacheDir?: string | null } = {},
): Promise<RenderReport> {
  const dir = path.join(uploadsDir, SEED_IMAGE_DIR);
  await mkdir(dir, { recursive: true });
  const cacheDir = options.cacheDir === undefined ? SEED_IMAGE_CACHE_DIR : options.cacheDir;
  const useCache =
    cacheDir !== null &&
    (await mkdir(cacheDir, { recursive: true }).then(
      () => true,
      () => false,
    ));
  const out = new Map<string, StoredImage>();
  const report = { rendered: 0, reused: 0, cached: 0 };
  let next = 0;

  const one = async (image: PlannedImage) => {
    const name = fileName(image);
    const file = path.join(dir, `${name}.webp`);
    const cached = useCache && cacheDir ? path.join(cacheDir, `${name}.webp`) : undefined;
    let bytes = await sizeOf(file);
    const cachedBytes = bytes === 0 && cached ? await sizeOf(cached) : 0;
    if (bytes > 0) {
      report.reused++;
    } else if (cached && cachedBytes > 0) {
      await writeAtomically(file, (temporary) => copyFile(cached, temporary));
      bytes = cachedBytes;
      report.cached++;
    } else {
      try {
        await writeAtomically(file, async (temporary) => {
          const info = await sharp(Buffer.from(image.svg))
            .resize(image.width, image.height)
            .removeAlpha()
            .webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT })
            .toFile(temporary);
          bytes = info.size;
        });
      } catch (error) {
        throw new Error(`Could not render the seed image ${image.key}`, { cause: error });
      }
      report.rendered++;
      if (cached)
        await writeAtomically(cached, (temporary) => copyFile(file, temporary)).catch(() => {});
    }
    out.set(image.key, {
      publicId: `${SEED_IMAGE_DIR}/${name}`,
      url: seedImageUrl(image),
      contentType: 'image/webp',
      width: image.width,
      height: image.height,
      bytes,
    });
  };

  const worker = async () => {
    while (next < images.length) {
      const image = images[next++];
      if (image) await one(image);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, images.length) }, worker));
  return { images: out, ...report };
}
