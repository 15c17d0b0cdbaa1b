import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('the OpenAPI document describes every catalogue call with its parameters and replies', async () => {
  const res = await t.app.inject('/api/docs/json');
  expect(res.statusCode).toBe(200);
  const doc = res.json<{
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { name: string; in: string }[];
          responses: Record<string, unknown>;
          requestBody?: unknown;
        }
      >
    >;
  }>();
  const expected: [string, string][] = [
    ['/api/hotels', 'get'],
    ['/api/hotels/{id}', 'get'],
    ['/api/filtersHotels/location', 'get'],
    ['/api/filtersHotels/cities', 'get'],
    ['/api/rooms/{id}', 'get'],
    ['/api/rooms/allRooms/{id}', 'get'],
    ['/api/serviceRooms', 'get'],
    ['/api/serviceRooms/{id}', 'get'],
    ['/api/serviceHotels/hotel/{id}', 'get'],
    ['/api/serviceHotels/{id}', 'get'],
    ['/api/events', 'get'],
    ['/api/events/{id}', 'get'],
    ['/api/events/hotel/{idHotel}', 'get'],
    ['/api/locations', 'get'],
    ['/api/locations/city', 'get'],
    ['/api/offers', 'post'],
  ];
  for (const [path, method] of expected) {
    const op = doc.paths[path]?.[method];
    expect(op, `${method.toUpperCase()} ${path}`).toBeDefined();
    expect(Object.keys(op?.responses ?? {})).toContain(method === 'post' ? '201' : '200');
  }

  const list = doc.paths['/api/hotels']?.get;
  expect(list?.parameters?.map((p) => p.name).sort()).toEqual(
    ['city', 'name', 'page', 'pageSize', 'qualification', 'sort'].sort(),
  );
  expect(Object.keys(doc.paths['/api/hotels/{id}']?.get?.responses ?? {}).sort()).toEqual([
    '200',
    '400',
    '404',
  ]);
  expect(doc.paths['/api/offers']?.post?.requestBody).toBeDefined();
});
