import { expect, test } from 'vitest';
import { loginPath, safeNext } from './login-return.ts';

test('only routes that ask for it get a way back, and only to this site', () => {
  expect(loginPath({ returnAfterLogin: true }, '/home/stripe')).toBe(
    '/login?next=%2Fhome%2Fstripe',
  );
  expect(loginPath(undefined, '/profileusers')).toBe('/login');
  expect(safeNext('/home/stripe')).toBe('/home/stripe');
  for (const outside of ['//evil.test', 'https://evil.test', '/\\evil.test', null]) {
    expect(safeNext(outside)).toBeNull();
  }
});
