import type {
  Event,
  HotelCard,
  HotelDetail,
  RoomDetail,
} from '@devstay/shared/contracts/catalogue';
import type { ImageItem } from '@devstay/shared/contracts/common';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function getJson<T>(url: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.json() as T;
}

/** A seeded picture: the product's shape, its size, variants narrowest first, the widest being `url`. */
async function expectSrcsetReady(item: ImageItem | null | undefined) {
  expect(item).toBeTruthy();
  if (!item) return;
  expect(item.public_id).toMatch(/^seed\/[0-9a-f]{16}$/);
  expect(item.width).toBeGreaterThan(0);
  expect(item.height).toBeGreaterThan(0);
  const widths = item.variants.map((v) => v.width);
  expect(widths).toEqual([...widths].sort((a, b) => a - b));
  expect(item.variants.at(-1)).toEqual({ url: item.url, width: item.width });
  // The narrowest variant is really served, as WebP of its width.
  const first = item.variants[0];
  if (!first) throw new Error('no variant');
  const res = await t.app.inject({ method: 'GET', url: first.url });
  expect(res.statusCode, first.url).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  expect((await sharp(res.rawPayload).metadata()).width).toBe(first.width);
}

describe('picture answers carry what srcset needs', () => {
  test('hotel cards: the product’s URL list and the card picture with its variants', async () => {
    const [card] = await getJson<HotelCard[]>('/api/hotels?pageSize=1');
    expect(card?.image[0]).toBe(card?.picture?.url);
    await expectSrcsetReady(card?.picture);
    expect(card?.picture?.variants.map((v) => v.width)).toEqual([400, 800, 1200]);
    expect([card?.picture?.width, card?.picture?.height]).toEqual([1200, 800]);
  });

  test('hotel detail: every picture, rooms with theirs', async () => {
    const [card] = await getJson<HotelCard[]>('/api/hotels?pageSize=1');
    const hotel = await getJson<HotelDetail>(`/api/hotels/${card?.id}`);
    expect(hotel.pictures.map((p) => p.url)).toEqual(hotel.image);
    for (const picture of hotel.pictures) await expectSrcsetReady(picture);
    await expectSrcsetReady(hotel.Rooms[0]?.image[0]);
  });

  test('room detail and events', async () => {
    const [card] = await getJson<HotelCard[]>('/api/hotels?pageSize=1');
    const hotel = await getJson<HotelDetail>(`/api/hotels/${card?.id}`);
    const room = await getJson<RoomDetail>(`/api/rooms/${hotel.Rooms[0]?.id}`);
    for (const picture of room.image) await expectSrcsetReady(picture);
    await expectSrcsetReady(room.ServicesRooms[0]?.image[0]);
    const [event] = await getJson<Event[]>('/api/events?pageSize=1');
    await expectSrcsetReady(event?.image[0]);
  });
});
