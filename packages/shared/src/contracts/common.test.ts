import { describe, expect, test } from 'vitest';
import { findNul, NUL_MESSAGE, text } from './common.ts';

describe('the text rule of every input', () => {
  test('trims, limits the length and refuses NUL, naming the reason', () => {
    const name = text(5);
    expect(name.parse('  ab  ')).toBe('ab');
    expect(name.safeParse('abcdef').error?.issues[0]?.message).toBe('must be 5 characters at most');
    expect(name.safeParse('a\u0000b').error?.issues[0]?.message).toBe(NUL_MESSAGE);
    expect(text(5, 'Too long').safeParse('abcdef').error?.issues[0]?.message).toBe('Too long');
  });

  test('keeps emoji and other characters people type', () => {
    expect(text(20).parse('Café 🚀 ​x')).toBe('Café 🚀 ​x');
  });

  test('finds NUL anywhere in an input and says where', () => {
    expect(findNul({ a: 'x', b: [1, { c: 'y\u0000' }] })).toEqual(['b', 1, 'c']);
    expect(findNul({ 'k\u0000': 1 })).toEqual(['k\u0000']);
    expect(findNul('\u0000')).toEqual([]);
    expect(findNul({ a: ['x', 2, null], b: true })).toBeUndefined();
  });
});
