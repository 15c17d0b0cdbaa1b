/**
 * The one way a picture enters DevStay (demo seed now, admin uploads later): its type is read
 * from its bytes, oversized input is refused before decoding, it is turned upright and every
 * metadata block (EXIF with GPS, XMP, ICC comments) is dropped, and it is re-encoded as WebP at
 * a few widths for `srcset`, never wider than it came. File names carry a hash of the input and
 * of the encoding settings: the same picture is stored once, and a file's bytes never change
 * under its name (so it is served as immutable).
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { ImageRef } from '../../db/schema.ts';
import { detectImageType, type ImageType } from './image-type.ts';
import type { ImageStorage } from './storage.ts';

interface ImageLimits {
  /** Largest accepted input file. */
  maxBytes: number;
  /** Largest accepted width × height: refuses decompression bombs before decoding. */
  maxPixels: number;
}

/** The defaults of IMAGE_MAX_BYTES and IMAGE_MAX_PIXELS (config.ts). */
const DEFAULT_IMAGE_LIMITS: ImageLimits = {
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 40_000_000,
};

export function imageLimits(config: { IMAGE_MAX_BYTES: number; IMAGE_MAX_PIXELS: number }) {
  return { maxBytes: config.IMAGE_MAX_BYTES, maxPixels: config.IMAGE_MAX_PIXELS };
}

/** Widths of the stored variants: phone card (400), tablet and 2× phone (800), desktop (1200). */
const VARIANT_WIDTHS: readonly number[] = [400, 800, 1200];
const WEBP_QUALITY = 78;
/** libwebp effort 0–6; 4 (libwebp's default) balances size and encoding time. */
const WEBP_EFFORT = 4;

export type ImageRejection =
  | 'empty'
  | 'too-large'
  | 'unsupported-type'
  | 'too-many-pixels'
  | 'unreadable';

/** Input the pipeline refuses; `message` says why in words a person can act on. */
export class ImageRejectedError extends Error {
  readonly reason: ImageRejection;
  constructor(reason: ImageRejection, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ImageRejectedError';
    this.reason = reason;
  }
}

export interface EncodeOptions {
  limits?: ImageLimits;
  widths?: readonly number[];
  quality?: number;
  effort?: number;
}

interface EncodedVariant {
  width: number;
  height: number;
  data: Buffer;
}

interface EncodedImage {
  /** Hash of the input bytes and the encoding settings (hex, 16 characters). */
  hash: string;
  /** What the input really was. */
  sourceType: ImageType;
  /** The largest variant's size. */
  width: number;
  height: number;
  /** Narrowest first. */
  variants: EncodedVariant[];
}

/**
 * The widths to make from a picture `sourceWidth` wide: those asked for, none wider than it.
 * @internal
 */
export function variantWidths(sourceWidth: number, widths: readonly number[] = VARIANT_WIDTHS) {
  const largest = Math.min(sourceWidth, Math.max(...widths));
  return [...new Set([...widths.filter((w) => w < largest), largest])].sort((a, b) => a - b);
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** The WebP variants of decoded sRGB pixels, narrowest first. */
async function encodeVariants(
  pixels: { data: Buffer; info: { width: number; height: number; channels: number } },
  widths: readonly number[],
  quality: number,
  effort: number,
): Promise<EncodedVariant[]> {
  const raw = {
    width: pixels.info.width,
    height: pixels.info.height,
    channels: pixels.info.channels as 1 | 2 | 3 | 4,
  };
  const variants: EncodedVariant[] = [];
  for (const width of widths) {
    const { data, info } = await sharp(pixels.data, { raw })
      .resize({ width, withoutEnlargement: true })
      .webp({ quality, effort })
      .toBuffer({ resolveWithObject: true });
    variants.push({ width: info.width, height: info.height, data });
  }
  return variants;
}

/**
 * Validates, cleans and encodes a picture; throws ImageRejectedError for input it refuses.
 * @internal
 */
export async function encodeImage(
  input: Uint8Array,
  options: EncodeOptions = {},
): Promise<EncodedImage> {
  const limits = options.limits ?? DEFAULT_IMAGE_LIMITS;
  const quality = options.quality ?? WEBP_QUALITY;
  const effort = options.effort ?? WEBP_EFFORT;
  if (input.length === 0) throw new ImageRejectedError('empty', 'The file is empty');
  if (input.length > limits.maxBytes) {
    throw new ImageRejectedError(
      'too-large',
      `The file is ${mib(input.length)}; images may be at most ${mib(limits.maxBytes)}`,
    );
  }
  const sourceType = detectImageType(input);
  if (!sourceType) {
    throw new ImageRejectedError(
      'unsupported-type',
      'The file is not a JPEG, PNG, WebP or AVIF image',
    );
  }
  // Reads the header only (no pixel limit yet: the check below names the size).
  const metadata = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new ImageRejectedError(
        'unreadable',
        `The file is a damaged ${sourceType.toUpperCase()} image`,
      );
    });
  const { width: storedWidth = 0, height: storedHeight = 0 } = metadata;
  if (storedWidth * storedHeight > limits.maxPixels) {
    throw new ImageRejectedError(
      'too-many-pixels',
      `The image is ${storedWidth}×${storedHeight} pixels; images may have at most ${(limits.maxPixels / 1e6).toFixed(0)} megapixels`,
    );
  }
  // EXIF orientations 5–8 turn the picture a quarter: its upright width is the stored height.
  const sideways = (metadata.orientation ?? 1) >= 5;
  const sourceWidth = sideways ? storedHeight : storedWidth;
  const widths = variantWidths(sourceWidth, options.widths);
  const hash = createHash('sha256')
    .update(`webp q${quality} e${effort} w${widths.join(',')}\n`)
    .update(input)
    .digest('hex')
    .slice(0, 16);

  try {
    // Decoded once, upright, at the largest width; the variants are made from these pixels.
    const largest = await sharp(input, { limitInputPixels: limits.maxPixels })
      .rotate()
      .resize({ width: widths.at(-1), withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const variants = await encodeVariants(largest, widths, quality, effort);
    const top = variants.at(-1) as EncodedVariant;
    return { hash, sourceType, width: top.width, height: top.height, variants };
  } catch (error) {
    throw new ImageRejectedError(
      'unreadable',
      `The ${sourceType.toUpperCase()} image could not be decoded`,
      {
        cause: error,
      },
    );
  }
}

/** A stored picture: what the `images` table records and what entities reference. */
export interface StoredPicture {
  publicId: string;
  /** The largest variant. */
  url: string;
  contentType: string;
  width: number;
  height: number;
  /** Bytes of all variants together. */
  bytes: number;
  variants: { key: string; url: string; width: number; height: number; bytes: number }[];
}

/** Encodes a picture and puts its variants in `storage` under `${folder}/${hash}-${width}.webp`. */
export async function storeImage(
  storage: ImageStorage,
  input: Uint8Array,
  options: EncodeOptions & { folder?: string } = {},
): Promise<StoredPicture> {
  return storeEncoded(storage, await encodeImage(input, options), options.folder ?? 'images');
}

/** A picture the server draws itself: SVG it wrote. */
export interface Drawing {
  svg: string;
  width: number;
  height: number;
}

export type DrawingOptions = Omit<EncodeOptions, 'limits'> & { folder?: string };

/** What a drawing's files are named: a hash of the drawing and of how it is encoded. */
function drawingName(drawing: Drawing, options: DrawingOptions) {
  const quality = options.quality ?? WEBP_QUALITY;
  const effort = options.effort ?? WEBP_EFFORT;
  const widths = variantWidths(drawing.width, options.widths);
  const hash = createHash('sha256')
    .update(`webp q${quality} e${effort} w${widths.join(',')}\n`)
    .update(`svg ${drawing.width}x${drawing.height}\n${drawing.svg}`)
    .digest('hex')
    .slice(0, 16);
  return { hash, widths };
}

/**
 * How entities will reference a drawing once `storeDrawing` has stored it, and the keys of its
 * files, known before it is drawn: a first start puts the demo catalogue in while its pictures
 * are still being drawn.
 */
export function drawingRef(
  storage: ImageStorage,
  drawing: Drawing,
  options: DrawingOptions = {},
): { ref: ImageRef; keys: string[] } {
  const folder = options.folder ?? 'images';
  const { hash, widths } = drawingName(drawing, options);
  const variants = widths.map((width) => {
    const key = variantKey(folder, hash, width);
    return { key, url: storage.url(key), width };
  });
  const top = widths.at(-1) as number;
  return {
    ref: {
      url: variants.at(-1)?.url ?? '',
      public_id: `${folder}/${hash}`,
      width: top,
      // Scaled as the encoder scales it (none of the demo's drawings is wider than the widest).
      height: Math.round((drawing.height * top) / drawing.width),
      variants: variants.map(({ url, width }) => ({ url, width })),
    },
    keys: variants.map((v) => v.key),
  };
}

const variantKey = (folder: string, hash: string, width: number) =>
  `${folder}/${hash}-${width}.webp`;

/**
 * Stores a drawing the server made itself (the demo's scenes: SVG it wrote, never an upload, so
 * nothing to refuse or clean) as an uploaded picture is stored: rasterised once at its size, the
 * same WebP variants. Named by a hash of the drawing and the encoding settings; no image file is
 * made in between (a first start stores hundreds of these).
 */
export async function storeDrawing(
  storage: ImageStorage,
  drawing: Drawing,
  options: DrawingOptions = {},
): Promise<StoredPicture> {
  const quality = options.quality ?? WEBP_QUALITY;
  const effort = options.effort ?? WEBP_EFFORT;
  const { hash, widths } = drawingName(drawing, options);
  const pixels = await sharp(Buffer.from(drawing.svg))
    .resize(drawing.width, drawing.height)
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const variants = await encodeVariants(pixels, widths, quality, effort);
  const top = variants.at(-1) as EncodedVariant;
  return storeEncoded(
    storage,
    { hash, width: top.width, height: top.height, variants },
    options.folder ?? 'images',
  );
}

async function storeEncoded(
  storage: ImageStorage,
  encoded: Omit<EncodedImage, 'sourceType'>,
  folder: string,
): Promise<StoredPicture> {
  const variants = [];
  for (const variant of encoded.variants) {
    const key = variantKey(folder, encoded.hash, variant.width);
    await storage.put(key, variant.data, 'image/webp');
    variants.push({
      key,
      url: storage.url(key),
      width: variant.width,
      height: variant.height,
      bytes: variant.data.length,
    });
  }
  return {
    publicId: `${folder}/${encoded.hash}`,
    url: variants.at(-1)?.url ?? '',
    contentType: 'image/webp',
    width: encoded.width,
    height: encoded.height,
    bytes: variants.reduce((sum, v) => sum + v.bytes, 0),
    variants,
  };
}

/** How an entity's `image` column references a stored picture. */
export function pictureRef(picture: StoredPicture): ImageRef {
  return {
    url: picture.url,
    public_id: picture.publicId,
    width: picture.width,
    height: picture.height,
    variants: picture.variants.map((v) => ({ url: v.url, width: v.width })),
  };
}
