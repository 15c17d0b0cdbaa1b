import { expect, test } from 'vitest';
import { acceptedEncoding } from './http.ts';

test.each([
  [undefined, undefined],
  ['', undefined],
  ['identity', undefined],
  ['gzip', 'gzip'],
  // What browsers send: zstd when named (it costs a third of Brotli's CPU for as few bytes).
  ['gzip, deflate, br, zstd', 'zstd'],
  ['gzip, deflate, br', 'br'],
  ['zstd;q=0, gzip, deflate, br', 'br'],
  ['BR;q=0.8, gzip;q=1', 'br'],
  ['br;q=0, gzip', 'gzip'],
  ['br;q=0, gzip;q=0', undefined],
  // A wildcard promises no zstd decoder.
  ['*', 'br'],
  ['zstd, *', 'zstd'],
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
  ['zstd', undefined],
])('a body offered gzipped only: Accept-Encoding %j → %s', (header, expected) => {
  expect(acceptedEncoding(header, ['gzip'])).toBe(expected);
});
