import { expect, test } from 'vitest';
import { acceptedEncoding } from './http.ts';

test.each([
  [undefined, undefined],
  ['', undefined],
  ['identity', undefined],
  ['gzip', 'gzip'],
  ['gzip, deflate, br, zstd', 'br'],
  ['BR;q=0.8, gzip;q=1', 'br'],
  ['br;q=0, gzip', 'gzip'],
  ['br;q=0, gzip;q=0', undefined],
  ['*', 'br'],
  ['deflate', undefined],
  ['br;q=0, *', 'gzip'],
])('Accept-Encoding %j → %s', (header, expected) => {
  expect(acceptedEncoding(header)).toBe(expected);
});

test.each([
  ['gzip, deflate, br, zstd', 'gzip'],
  ['*', 'gzip'],
  ['br', undefined],
  ['gzip;q=0, *', undefined],
])('a body offered gzipped only: Accept-Encoding %j → %s', (header, expected) => {
  expect(acceptedEncoding(header, ['gzip'])).toBe(expected);
});
