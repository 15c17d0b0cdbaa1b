import { describe, expect, test } from 'vitest';
import { keptAddress } from './kept-address.ts';

const params = ['name', 'city', 'sort', 'page'];

describe('the address an answer is kept under', () => {
  test.each([
    ['/api/hotels', '/api/hotels'],
    ['/api/hotels?name=sur&city=Salta&page=2', '/api/hotels?name=sur&city=Salta&page=2'],
    // Its route's parameters in its order, whatever order they were sent in.
    ['/api/hotels?page=2&name=sur', '/api/hotels?name=sur&page=2'],
    [
      '/api/hotels?sort=name_asc&city=Salta&name=sur',
      '/api/hotels?name=sur&city=Salta&sort=name_asc',
    ],
    // Invented ones and empty pairs dropped.
    ['/api/hotels?utm_source=mail&name=sur', '/api/hotels?name=sur'],
    ['/api/hotels?name=sur&utm_source=mail', '/api/hotels?name=sur'],
    ['/api/hotels?name=sur&&page=2', '/api/hotels?name=sur&page=2'],
    ['/api/hotels?', '/api/hotels'],
    ['/api/hotels?x=1', '/api/hotels'],
    // A repeated parameter keeps its values in the order sent.
    ['/api/hotels?page=3&name=a&page=2', '/api/hotels?name=a&page=3&page=2'],
    ['/api/hotels?name=a&name=b', '/api/hotels?name=a&name=b'],
    // Values as sent.
    ['/api/hotels?name=caf%C3%A9+sur', '/api/hotels?name=caf%C3%A9+sur'],
  ])('%s → %s', (url, kept) => {
    expect(keptAddress(url, params)).toBe(kept);
  });

  test.each([
    '/api/hotels?na%6De=sur',
    '/api/hotels?na+me=sur',
    '/api/hotels?name=sur#top',
    '/api/hotels/%31%37',
  ])('%s has no kept form', (url) => {
    expect(keptAddress(url, params)).toBeUndefined();
  });

  test('any order of the same parameters is kept under one address', () => {
    const pairs = ['name=sur', 'city=Salta', 'sort=name_desc', 'page=4', 'ref=x'];
    const addresses = new Set<string | undefined>();
    for (let i = 0; i < 200; i++) {
      const shuffled = [...pairs].sort(() => Math.random() - 0.5);
      addresses.add(keptAddress(`/api/hotels?${shuffled.join('&')}`, params));
    }
    expect([...addresses]).toEqual(['/api/hotels?name=sur&city=Salta&sort=name_desc&page=4']);
  });
});
