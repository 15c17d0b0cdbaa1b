import type { City } from '@devstay/shared/contracts/catalogue';
import { compareText } from '@devstay/shared/text';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { insertLocation, uniqueToken } from '../../test/catalogue-rows.ts';

let t: TestApp;
const token = uniqueToken();
const state = `Ñuble ${token}`;
const otherState = `Zeta ${token}`;
let ids: number[] = [];

const get = (url: string) => t.app.inject(url);
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

beforeAll(async () => {
  t = await createTestApp();
  ids = [
    (await insertLocation(t.db, { state, department: `Valle ${token}`, city: 'zapallar' })).id,
    (await insertLocation(t.db, { state, department: `Valle ${token}`, city: 'Ácora' })).id,
    (await insertLocation(t.db, { state, department: `alto ${token}`, city: 'Beta' })).id,
    // The same department name in another state.
    (await insertLocation(t.db, { state: otherState, department: `Valle ${token}`, city: 'Mid' }))
      .id,
  ];
});
afterAll(() => t.close());

describe('GET /api/locations', () => {
  test('lists every state once, sorted ignoring case and accents', async () => {
    const res = await get('/api/locations');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/public/);
    const states = res.json<string[]>();
    expect(states.filter((s) => s.includes(token))).toEqual([state, otherState]);
    expect(new Set(states).size).toBe(states.length);
    expect(states).toEqual([...states].sort(compareText));
  });

  test('with ?name={state}, lists the departments of that state', async () => {
    const res = await get(`/api/locations?${q({ name: state })}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([`alto ${token}`, `Valle ${token}`]);
  });

  test('an unknown state has no departments', async () => {
    const res = await get(`/api/locations?${q({ name: `Nowhere ${token}` })}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  test('a blank or too long name is a 400 naming name', async () => {
    for (const name of ['', 'x'.repeat(101)]) {
      const res = await get(`/api/locations?${q({ name })}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, field: 'name' });
    }
  });
});

describe('GET /api/locations/city', () => {
  test('lists the cities of a department, sorted ignoring case and accents', async () => {
    const res = await get(`/api/locations/city?${q({ name: `Valle ${token}`, state })}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<City[]>()).toEqual([
      { id: ids[1], city: 'Ácora', department: `Valle ${token}`, state },
      { id: ids[0], city: 'zapallar', department: `Valle ${token}`, state },
    ]);
  });

  test('without the state, a shared department name lists the cities of both states', async () => {
    const res = await get(`/api/locations/city?${q({ name: `Valle ${token}` })}`);
    expect(res.json<City[]>().map((c) => c.city)).toEqual(['Ácora', 'Mid', 'zapallar']);
  });

  test('an unknown department has no cities', async () => {
    const res = await get(`/api/locations/city?${q({ name: `Nowhere ${token}` })}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  test('the department is required', async () => {
    const res = await get('/api/locations/city');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, field: 'name' });
  });
});
