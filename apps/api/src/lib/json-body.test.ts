import { expect, test } from 'vitest';
import { JSON_MAX_DEPTH, jsonNestsDeeperThan } from './json-body.ts';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

test('counts arrays and objects inside each other, up to JSON_MAX_DEPTH', () => {
  expect(jsonNestsDeeperThan(nested(JSON_MAX_DEPTH))).toBe(false);
  expect(jsonNestsDeeperThan(nested(JSON_MAX_DEPTH + 1))).toBe(true);
  expect(jsonNestsDeeperThan('{"a":{"b":[1,{"c":2}]}}', 4)).toBe(false);
  expect(jsonNestsDeeperThan('{"a":{"b":[1,{"c":2}]}}', 3)).toBe(true);
  // Siblings do not add up.
  expect(jsonNestsDeeperThan(`[${Array(1000).fill('[1]').join(',')}]`, 2)).toBe(false);
});

test('brackets inside strings, escaped quotes included, do not count', () => {
  expect(jsonNestsDeeperThan(JSON.stringify({ text: '['.repeat(500) }), 1)).toBe(false);
  expect(jsonNestsDeeperThan(JSON.stringify({ text: `"\\${'{'.repeat(500)}` }), 1)).toBe(false);
  expect(jsonNestsDeeperThan(`["\\\\", ${nested(10)}]`, 5)).toBe(true);
});
