import { describe, expect, test } from 'vitest';
import { ReadCache } from './read-cache.ts';

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('ReadCache', () => {
  test('answers a repeated key from memory until the entry expires', async () => {
    const cache = new ReadCache<number>({ ttlMs: 40, max: 10 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    expect(loads).toBe(1);
    await new Promise((r) => setTimeout(r, 60));
    expect(await cache.get('k', load)).toBe(2);
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 1, misses: 2 });
  });

  test('concurrent misses of one key share a single load', async () => {
    const cache = new ReadCache<string>({ ttlMs: 1000, max: 10 });
    const gate = deferred<string>();
    let loads = 0;
    const load = () => {
      loads += 1;
      return gate.promise;
    };
    const all = Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    gate.resolve('v');
    expect(await all).toEqual(['v', 'v', 'v']);
    expect(loads).toBe(1);
  });

  test('a value its caller says not to keep is returned, not kept', async () => {
    const cache = new ReadCache<string>({ ttlMs: 1000, max: 10 });
    let loads = 0;
    const load = async () => (++loads === 1 ? 'live' : 'kept');
    const keep = (value: string) => value !== 'live';
    expect(await cache.get('k', load, keep)).toBe('live');
    expect(cache.size).toBe(0);
    expect(await cache.get('k', load, keep)).toBe('kept');
    expect(await cache.get('k', load, keep)).toBe('kept');
    expect(loads).toBe(2);
  });

  test('a failed load is not kept: the next call tries again', async () => {
    const cache = new ReadCache<number>({ ttlMs: 1000, max: 10 });
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 7)).toBe(7);
  });

  test('when full, drops the entry read least recently', async () => {
    const cache = new ReadCache<string>({ ttlMs: 1000, max: 2 });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    // Read again: now b is the one read least recently.
    expect(await cache.get('a', async () => 'a2')).toBe('a1');
    await cache.get('c', async () => 'c1');
    expect(await cache.get('a', async () => 'a3')).toBe('a1');
    expect(await cache.get('b', async () => 'b2')).toBe('b2');
  });

  test('keeps at most `max` entries, dropping the oldest', async () => {
    const cache = new ReadCache<string>({ ttlMs: 1000, max: 2 });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('c', async () => 'c1');
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
    expect(await cache.get('c', async () => 'c2')).toBe('c1');
  });

  test('with `weigh`, keeps the total weight under `max`', async () => {
    const cache = new ReadCache<string>({ ttlMs: 1000, max: 10, weigh: (v) => v.length });
    await cache.get('a', async () => 'aaaa');
    await cache.get('b', async () => 'bbbb');
    expect(cache.weight).toBe(8);
    await cache.get('c', async () => 'cccc');
    expect(cache.weight).toBe(8);
    expect(await cache.get('a', async () => 'new')).toBe('new');
    // Too heavy to keep at all: answered, not stored.
    expect(await cache.get('big', async () => 'x'.repeat(11))).toHaveLength(11);
    expect(await cache.get('big', async () => 'again')).toBe('again');
  });

  test('`weigh` can count the key: long keys with small values fill it too', async () => {
    const cache = new ReadCache<null>({ ttlMs: 1000, max: 100, weigh: (_, key) => key.length });
    for (const n of [1, 2, 3, 4]) await cache.get(`/${String(n).repeat(39)}`, async () => null);
    expect(cache.size).toBe(2);
    expect(cache.weight).toBe(80);
  });

  test('clear() forgets entries, and a load begun before it is not stored', async () => {
    const cache = new ReadCache<string>({ ttlMs: 1000, max: 10 });
    await cache.get('k', async () => 'old');
    cache.clear();
    expect(await cache.get('k', async () => 'new')).toBe('new');

    const gate = deferred<string>();
    const inFlight = cache.get('slow', () => gate.promise);
    cache.clear();
    gate.resolve('before the write');
    expect(await inFlight).toBe('before the write');
    expect(await cache.get('slow', async () => 'after the write')).toBe('after the write');
  });
});

describe('ReadCache.delete', () => {
  test('forgets one key, keeps the others, and a load begun before it is not stored', async () => {
    const cache = new ReadCache<string>({ ttlMs: 1000, max: 10 });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    cache.delete('a');
    expect(cache.size).toBe(1);
    expect(await cache.get('b', async () => 'b2')).toBe('b1');
    expect(await cache.get('a', async () => 'a2')).toBe('a2');

    const gate = deferred<string>();
    const inFlight = cache.get('c', () => gate.promise);
    cache.delete('c');
    gate.resolve('read before the change');
    expect(await inFlight).toBe('read before the change');
    expect(await cache.get('c', async () => 'read after the change')).toBe('read after the change');
  });
});
