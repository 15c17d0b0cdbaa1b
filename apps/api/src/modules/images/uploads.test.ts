import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePort } from '../../lib/free-port.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { DEMO, ORIGIN, signIn, withSession } from '../../test/auth.ts';
import { sweepUnusedUploads } from './references.ts';

function picture(width: number, height: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#0b7285"/><circle cx="40%" cy="40%" r="20%" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg));
}

/** A PNG whose header claims width × height pixels with one row of data. */
function pngClaiming(width: number, height: number): Buffer {
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
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(width * 3 + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart body of `files`, as a browser's FormData sends it. */
async function multipart(files: { name: string; bytes: Buffer; type?: string }[]) {
  const form = new FormData();
  for (const f of files) {
    form.append(
      'file',
      new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'image/jpeg' }),
      f.name,
    );
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

async function upload(t: TestApp, cookie: string | null, files: Parameters<typeof multipart>[0]) {
  const body = await multipart(files);
  return t.app.inject({
    method: 'POST',
    url: '/api/images',
    headers: { ...(cookie ? withSession(cookie) : { origin: ORIGIN }), ...body.headers },
    payload: body.payload,
  });
}

describe('POST /api/images (local disk)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    // A small byte limit so an oversized file stays small in the test.
    t = await createTestApp({ IMAGE_MAX_BYTES: String(300 * 1024) });
    admin = await signIn(t.app, DEMO.admin);
  });
  afterAll(() => t?.close());

  test('real JPEG, PNG, WebP and AVIF in one request: variants, no metadata, recorded', async () => {
    const jpeg = await picture(1600, 900)
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo' },
        IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '34/1 36/1 0/1' },
      })
      .toBuffer();
    const files = [
      { name: 'a.jpg', bytes: jpeg },
      { name: 'b.png', bytes: await picture(500, 300).png().toBuffer() },
      { name: 'c.webp', bytes: await picture(300, 300).webp().toBuffer() },
      { name: 'd.avif', bytes: await picture(200, 100).avif().toBuffer() },
    ];
    const res = await upload(t, admin, files);
    expect(res.statusCode, res.body).toBe(201);
    const items = res.json() as {
      url: string;
      public_id: string;
      width: number;
      variants: { url: string; width: number }[];
    }[];
    expect(items.map((i) => i.width)).toEqual([1200, 500, 300, 200]);
    expect(items[0]?.variants.map((v) => v.width)).toEqual([400, 800, 1200]);
    const served = await t.app.inject({ method: 'GET', url: items[0]?.url ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.includes(Buffer.from('PhoneCo'))).toBe(false);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    const rows = await t.db.execute(
      sql`select uploaded_by from images where public_id = ${items[0]?.public_id ?? ''}`,
    );
    expect(rows.rows).toHaveLength(1);
  });

  test('a renamed non-image, an oversized file and a decompression bomb are refused, naming why', async () => {
    const text = await upload(t, admin, [
      { name: 'holiday.jpg', bytes: Buffer.from('name,price\nsuite,120\n'.repeat(20)) },
    ]);
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe(
      'holiday.jpg: The file is not a JPEG, PNG, WebP or AVIF image',
    );

    const noise = await sharp(
      Buffer.alloc(800 * 800 * 3, 0).map(() => Math.floor(Math.random() * 256)),
      {
        raw: { width: 800, height: 800, channels: 3 },
      },
    )
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(300 * 1024);
    const big = await upload(t, admin, [{ name: 'big.png', bytes: noise, type: 'image/png' }]);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/^big\.png: the file is larger than 0\.3 MiB/);

    const bomb = await upload(t, admin, [
      { name: 'bomb.png', bytes: pngClaiming(50_000, 50_000), type: 'image/png' },
    ]);
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json().message).toBe(
      'bomb.png: The image is 50000×50000 pixels; images may have at most 40 megapixels',
    );
  });

  test('only staff upload; a request with no file or not multipart is 4xx', async () => {
    const png = await picture(50, 50).png().toBuffer();
    expect((await upload(t, null, [{ name: 'a.png', bytes: png }])).statusCode).toBe(401);
    const user = await signIn(t.app, DEMO.user);
    expect((await upload(t, user, [{ name: 'a.png', bytes: png }])).statusCode).toBe(403);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: withSession(admin),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect((await upload(t, admin, [])).statusCode).toBe(400);
  });

  test('a multipart body without its boundary or cut off is a 400 saying so', async () => {
    const png = await picture(50, 50).png().toBuffer();
    const whole = await multipart([{ name: 'a.png', bytes: png, type: 'image/png' }]);
    const boundary = whole.headers['content-type'].split('boundary=')[1] ?? '';
    const cases: [string, string, Buffer][] = [
      ['no boundary', 'multipart/form-data', whole.payload],
      ['cut off', whole.headers['content-type'], whole.payload.subarray(0, 300)],
      [
        'cut off in the part header',
        whole.headers['content-type'],
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filena`),
      ],
    ];
    for (const [what, contentType, payload] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/images',
        headers: { ...withSession(admin), 'content-type': contentType },
        payload,
      });
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.json(), what).toMatchObject({
        code: 'BAD_REQUEST',
        field: 'file',
        message: expect.stringMatching(/^The multipart\/form-data body could not be read \(.+\)/),
      });
    }
  });

  test('uploads no content took up are swept after the grace period, used ones stay', async () => {
    const res = await upload(t, admin, [
      { name: 'a.png', bytes: await picture(123, 45).png().toBuffer() },
      { name: 'b.png', bytes: await picture(124, 45).png().toBuffer() },
    ]);
    const [unused, used] = res.json() as { url: string; public_id: string }[];
    await t.db.execute(sql`update hotels set image = image || ${JSON.stringify([used])}::jsonb
      where id = (select min(id) from hotels)`);
    await t.db.execute(sql`update images set created_at = now() - interval '2 days'
      where public_id in (${unused?.public_id}, ${used?.public_id})`);
    const swept = await sweepUnusedUploads(t.db, t.app.imageStorage, 24 * 3_600_000);
    expect(swept).toContain(unused?.public_id);
    expect(swept).not.toContain(used?.public_id);
    expect((await t.app.inject({ method: 'GET', url: unused?.url ?? '' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: used?.url ?? '' })).statusCode).toBe(200);
  });
});

describe('POST /api/images through the S3 driver', () => {
  let t: TestApp;
  let s3: S3rver;
  let dir: string;
  let endpoint: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'devstay-s3-'));
    const port = await freePort();
    s3 = new S3rver({
      port,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'devstay-pictures', configs: [] }],
    });
    await s3.run();
    endpoint = `http://127.0.0.1:${port}`;
    t = await createTestApp({
      S3_BUCKET: 'devstay-pictures',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('stores every variant in the bucket, served from its URL, and deletes them', async () => {
    const admin = await signIn(t.app, DEMO.superAdmin);
    const res = await upload(t, admin, [
      { name: 'x.jpg', bytes: await picture(900, 600).jpeg().toBuffer() },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const [item] = res.json() as { url: string; public_id: string; variants: { url: string }[] }[];
    expect(item?.url.startsWith(`${endpoint}/devstay-pictures/images/`)).toBe(true);
    for (const variant of item?.variants ?? []) {
      const fetched = await fetch(variant.url);
      expect(fetched.status).toBe(200);
      expect((await sharp(Buffer.from(await fetched.arrayBuffer())).metadata()).format).toBe(
        'webp',
      );
    }
    const storage = t.app.imageStorage;
    const key = `${item?.public_id}-900.webp`;
    expect(await storage.has(key)).toBe(true);
    await storage.delete(key);
    expect(await storage.has(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
  });
});
