import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { loginPath, safeNext } from './login-return.ts';

const SITE = 'https://devstay.test';

test('only routes that ask for it get a way back', () => {
  expect(loginPath({ returnAfterLogin: true }, '/home/stripe')).toBe(
    '/login?next=%2Fhome%2Fstripe',
  );
  expect(loginPath(undefined, '/profileusers')).toBe('/login');
});

describe('the way back after a sign-in', () => {
  test('is the path on this site that `next` names', () => {
    expect(safeNext('/home/stripe')).toBe('/home/stripe');
    expect(safeNext('/hotel/3?checkIn=2030-01-01#rooms')).toBe('/hotel/3?checkIn=2030-01-01#rooms');
    expect(safeNext('/hotel/3/review?next=%2Fhome')).toBe('/hotel/3/review?next=%2Fhome');
  });

  test('is the path the browser would open (dot segments, backslashes, encoded dots)', () => {
    expect(safeNext('/a/../home')).toBe('/home');
    expect(safeNext('/home/./stripe')).toBe('/home/stripe');
    expect(safeNext('/home\\stripe')).toBe('/home/stripe');
    expect(safeNext('/a/%2e%2e/home')).toBe('/home');
    expect(safeNext('/a/%2E./home')).toBe('/home');
    expect(safeNext('/../../home')).toBe('/home');
  });

  test('drops tabs, newlines and edge control characters as a browser does', () => {
    expect(safeNext('/home\t')).toBe('/home');
    expect(safeNext('/home\n')).toBe('/home');
    expect(safeNext('/ho\tme/str\r\nipe')).toBe('/home/stripe');
    expect(safeNext(' \u0000/home/stripe\u001f ')).toBe('/home/stripe');
    expect(safeNext('\t/home')).toBe('/home');
  });

  test('is /home for any other site, once resolved, and for the login page itself', () => {
    for (const next of [
      null,
      '',
      'home',
      '//evil.example',
      '///evil.example',
      'https://evil.example',
      'HTTPS://evil.example/home',
      '/\\evil.example',
      '\\\\evil.example',
      '\\/evil.example',
      '/..//evil.example',
      '/../..//evil.example',
      '/.//evil.example',
      '/a/../..//evil.example',
      '/%2e%2e//evil.example',
      '/%2E%2E//evil.example',
      '/.%2e//evil.example',
      '/..\\/evil.example',
      '/..\\\\evil.example',
      '/%2F%2Fevil.example',
      '/%2f/evil.example',
      '/%5C%5Cevil.example',
      '/..%2F%2Fevil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '\n//evil.example',
      '/\r\n\\evil.example',
      '/\\\t\\evil.example',
      '/.\t.//evil.example',
      'java\tscript:alert(1)',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '/login',
      '/login\t?next=/home',
      '/./login',
      '/a/../login?next=%2Fhome',
      '/login#x',
    ]) {
      expect(safeNext(next), JSON.stringify(next)).toBe('/home');
    }
  });

  test('always leads to one path of this site, whatever `next` is', () => {
    // Strings built from the pieces that make addresses tricky, and any text at all.
    const piece = fc.constantFrom(
      '/',
      '//',
      '/..',
      '/.',
      '\\',
      '%2e%2e',
      '%2f',
      '%5c',
      '\t',
      '\n',
      ' ',
      '?',
      '#',
      'https:',
      'evil.example',
      'login',
    );
    const address = fc.oneof(
      { arbitrary: fc.array(piece, { maxLength: 6 }).map((p) => p.join('')), weight: 4 },
      { arbitrary: fc.string(), weight: 1 },
    );
    fc.assert(
      fc.property(address, (next) => {
        const result = safeNext(next);
        expect(result).toMatch(/^\/(?![/\\])/);
        const url = new URL(result, SITE);
        expect(url.origin).toBe(SITE);
        // What the page navigates to is what the browser opens: no second reading changes it.
        expect(`${url.pathname}${url.search}${url.hash}`).toBe(result);
      }),
      { numRuns: 5_000 },
    );
  }, 30_000);
});
