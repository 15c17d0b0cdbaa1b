import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectImageType } from './image-type.ts';
import {
  encodeImage,
  ImageRejectedError,
  storeDrawing,
  storeImage,
  variantWidths,
} from './pipeline.ts';
import { localDiskStorage } from './storage.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'devstay-images-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A real picture: a gradient, so encoders have something to do. */
function picture(width: number, height: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#0b7285"/><stop offset="1" stop-color="#f59f00"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="30%" cy="40%" r="20%" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg));
}

async function rejection(promise: Promise<unknown>): Promise<ImageRejectedError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageRejectedError);
  return error as ImageRejectedError;
}

/** A PNG whose header claims `width` × `height` pixels, with one row of data: a decompression bomb. */
function pngHeaderClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(width * 3 + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('image pipeline', () => {
  it('drops EXIF (GPS included) from a JPEG', async () => {
    const jpeg = await picture(640, 480)
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'Pocket 9' },
        IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '34/1 36/1 0/1' },
      })
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect(before.exif?.includes(Buffer.from('PhoneCo'))).toBe(true);

    const encoded = await encodeImage(jpeg);
    expect(encoded.sourceType).toBe('jpeg');
    for (const variant of encoded.variants) {
      const after = await sharp(variant.data).metadata();
      expect(after.format).toBe('webp');
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(variant.data.includes(Buffer.from('PhoneCo'))).toBe(false);
    }
  });

  it('turns a picture upright from its EXIF orientation before dropping it', async () => {
    // Stored 600×400, orientation 6: shown turned a quarter, 400 wide.
    const jpeg = await picture(600, 400).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const encoded = await encodeImage(jpeg);
    expect(encoded.width).toBe(400);
    expect(encoded.height).toBe(600);
  });

  it('reads the type from the bytes, not the name: a PNG named .jpg is a PNG', async () => {
    const file = path.join(dir, 'holiday.jpg');
    await writeFile(file, await picture(300, 200).png().toBuffer());
    const bytes = await readFile(file);
    expect(detectImageType(bytes)).toBe('png');
    expect((await encodeImage(bytes)).sourceType).toBe('png');
  });

  it('tells JPEG, PNG, WebP and AVIF apart', async () => {
    const base = picture(64, 64);
    expect(detectImageType(await base.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(detectImageType(await base.clone().png().toBuffer())).toBe('png');
    expect(detectImageType(await base.clone().webp().toBuffer())).toBe('webp');
    const avif = await base.clone().avif().toBuffer();
    expect(detectImageType(avif)).toBe('avif');
    expect((await encodeImage(avif)).variants.map((v) => v.width)).toEqual([64]);
  });

  it('refuses a text file, saying why', async () => {
    const error = await rejection(encodeImage(Buffer.from('name,price\nsuite,120\n'.repeat(10))));
    expect(error.reason).toBe('unsupported-type');
    expect(error.message).toBe('The file is not a JPEG, PNG, WebP or AVIF image');
  });

  it('refuses an empty file and one over the byte limit', async () => {
    expect((await rejection(encodeImage(Buffer.alloc(0)))).reason).toBe('empty');
    const png = await picture(200, 200).png().toBuffer();
    const error = await rejection(
      encodeImage(png, { limits: { maxBytes: 100, maxPixels: 1_000_000 } }),
    );
    expect(error.reason).toBe('too-large');
    expect(error.message).toMatch(/at most 0\.0 MiB/);
  });

  it('refuses a picture with too many pixels before decoding it', async () => {
    // 50,000 × 50,000 = 2.5 gigapixels claimed by a file of a few hundred bytes.
    const bomb = pngHeaderClaiming(50_000, 50_000);
    expect(bomb.length).toBeLessThan(1000);
    const error = await rejection(encodeImage(bomb));
    expect(error.reason).toBe('too-many-pixels');
    expect(error.message).toBe(
      'The image is 50000×50000 pixels; images may have at most 40 megapixels',
    );

    const real = await picture(2000, 1000).png().toBuffer();
    const limited = await rejection(
      encodeImage(real, { limits: { maxBytes: 10_000_000, maxPixels: 1_000_000 } }),
    );
    expect(limited.reason).toBe('too-many-pixels');
  });

  it('refuses a damaged picture as unreadable, not as a server fault', async () => {
    const png = await picture(300, 200).png().toBuffer();
    const error = await rejection(encodeImage(png.subarray(0, 60)));
    expect(error.reason).toBe('unreadable');
  });

  it('makes the widths asked for and never enlarges', async () => {
    expect(variantWidths(3000)).toEqual([400, 800, 1200]);
    expect(variantWidths(1000)).toEqual([400, 800, 1000]);
    expect(variantWidths(300)).toEqual([300]);

    const wide = await encodeImage(await picture(1600, 1000).png().toBuffer());
    expect(wide.variants.map((v) => [v.width, v.height])).toEqual([
      [400, 250],
      [800, 500],
      [1200, 750],
    ]);
    const small = await encodeImage(await picture(500, 250).png().toBuffer());
    expect(small.variants.map((v) => [v.width, v.height])).toEqual([
      [400, 200],
      [500, 250],
    ]);
    for (const variant of [...wide.variants, ...small.variants]) {
      const metadata = await sharp(variant.data).metadata();
      expect([metadata.width, metadata.height]).toEqual([variant.width, variant.height]);
    }
  });

  it('stores content-addressed files: the same bytes get the same names', async () => {
    const storage = localDiskStorage(path.join(dir, 'uploads'));
    const png = await picture(900, 600).png().toBuffer();
    const first = await storeImage(storage, png);
    const again = await storeImage(storage, Buffer.from(png));
    expect(again).toEqual(first);
    expect(first.publicId).toMatch(/^images\/[0-9a-f]{16}$/);
    expect(first.variants.map((v) => v.url)).toEqual([
      `/uploads/${first.publicId}-400.webp`,
      `/uploads/${first.publicId}-800.webp`,
      `/uploads/${first.publicId}-900.webp`,
    ]);
    expect(first.url).toBe(`/uploads/${first.publicId}-900.webp`);
    expect([first.width, first.height]).toEqual([900, 600]);
    for (const variant of first.variants) {
      const file = await readFile(path.join(dir, 'uploads', variant.key));
      expect(file.length).toBe(variant.bytes);
    }

    const other = await storeImage(storage, await picture(900, 601).png().toBuffer());
    expect(other.publicId).not.toBe(first.publicId);
  });

  it('stores a drawing of its own as an upload is stored, named by the drawing', async () => {
    const storage = localDiskStorage(path.join(dir, 'drawings'));
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 20">
      <rect width="30" height="20" fill="#0b7285"/><circle cx="10" cy="8" r="5" fill="#f59f00"/></svg>`;
    const drawn = await storeDrawing(
      storage,
      { svg, width: 1000, height: 700 },
      { folder: 'seed' },
    );
    expect(drawn.publicId).toMatch(/^seed\/[0-9a-f]{16}$/);
    expect(drawn.variants.map((v) => [v.width, v.height])).toEqual([
      [400, 280],
      [800, 560],
      [1000, 700],
    ]);
    for (const variant of drawn.variants) {
      const file = await readFile(path.join(dir, 'drawings', variant.key));
      expect(file.length).toBe(variant.bytes);
      const metadata = await sharp(file).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual([
        'webp',
        variant.width,
        variant.height,
      ]);
      // The drawing's colours, not an empty frame.
      const { channels } = await sharp(file).stats();
      expect(Math.max(...channels.map((c) => c.stdev))).toBeGreaterThan(20);
    }
    // The variants an upload of its pixels gets.
    const png = await sharp(Buffer.from(svg)).resize(1000, 700).png().toBuffer();
    const uploaded = await storeImage(storage, png);
    expect(uploaded.variants.map((v) => [v.width, v.height])).toEqual(
      drawn.variants.map((v) => [v.width, v.height]),
    );
    // Named by the drawing: the same drawing, the same files; another size, others.
    expect(
      await storeDrawing(storage, { svg, width: 1000, height: 700 }, { folder: 'seed' }),
    ).toEqual(drawn);
    const smaller = await storeDrawing(
      storage,
      { svg, width: 600, height: 420 },
      { folder: 'seed' },
    );
    expect(smaller.publicId).not.toBe(drawn.publicId);
  });

  it('keeps storage keys inside the storage root', async () => {
    const storage = localDiskStorage(path.join(dir, 'uploads'));
    await expect(storage.put('../outside.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      'Invalid storage key',
    );
    await expect(storage.get('images/missing.webp')).resolves.toBeNull();
    await storage.put('images/a.webp', Buffer.from('x'), 'image/webp');
    expect(await storage.has('images/a.webp')).toBe(true);
    await storage.delete('images/a.webp');
    expect(await storage.has('images/a.webp')).toBe(false);
  });
});
