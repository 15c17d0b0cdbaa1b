import { expect, test } from 'vitest';
import { loginPath, safeNext } from './login-return.ts';

test('only routes that ask for it get a way back, and only to this site', () => {
  expect(loginPath({ returnAfterLogin: true }, '/home/stripe')).toBe(
    '/login?next=%2Fhome%2Fstripe',
  );
  expect(loginPath(undefined, '/profileusers')).toBe('/login');
  expect(safeNext('/home/stripe')).toBe('/home/stripe');
  expect(safeNext('/hotel/3?checkIn=2030-01-01#rooms')).toBe('/hotel/3?checkIn=2030-01-01#rooms');
  for (const outside of ['//evil.test', 'https://evil.test', '/\\evil.test', 'home', '', null]) {
    expect(safeNext(outside)).toBeNull();
  }
});

test('tabs, newlines and edge control characters are dropped as a browser drops them', () => {
  expect(safeNext('/home\t')).toBe('/home');
  expect(safeNext('/home\n')).toBe('/home');
  expect(safeNext('/ho\tme/str\r\nipe')).toBe('/home/stripe');
  expect(safeNext(' \u0000/home/stripe\u001f ')).toBe('/home/stripe');
  expect(safeNext('\t/home')).toBe('/home');
});

test('what becomes another site once cleaned, or the login page itself, is refused', () => {
  for (const next of [
    '/\t/evil.test',
    '/\n/evil.test',
    '\n//evil.test',
    '/\r\n\\evil.test',
    '/\\\t\\evil.test',
    'java\tscript:alert(1)',
    '/login',
    '/login\t?next=/home',
    '/./login',
  ]) {
    expect(safeNext(next), JSON.stringify(next)).toBeNull();
  }
});

test('the path is the one the browser would open (dot segments, backslashes)', () => {
  expect(safeNext('/a/../home')).toBe('/home');
  expect(safeNext('/home\\stripe')).toBe('/home/stripe');
});
