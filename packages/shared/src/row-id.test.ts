import fc from 'fast-check';
import { expect, test } from 'vitest';
import { idParam } from './contracts/common.ts';
import { ID_MAX, parseRowId } from './row-id.ts';

test('an id in an address is its digits, in one spelling', () => {
  expect(parseRowId('17')).toBe(17);
  expect(parseRowId(String(ID_MAX))).toBe(ID_MAX);
  for (const text of [
    '0x10',
    '1e1',
    '0b101',
    '0o7',
    ' 17',
    '17 ',
    '17.0',
    '+18',
    '017',
    '0',
    '-1',
    String(ID_MAX + 1),
    '١٧',
    '',
    null,
    undefined,
  ]) {
    expect(parseRowId(text), JSON.stringify(text)).toBeNull();
    expect(idParam.safeParse(text).success, JSON.stringify(text)).toBe(false);
  }
});

test('every id has exactly one spelling: its decimal digits', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: ID_MAX }), (id) => {
      expect(parseRowId(String(id))).toBe(id);
      expect(idParam.parse(String(id))).toBe(id);
    }),
  );
  fc.assert(
    fc.property(fc.string(), (text) => {
      const id = parseRowId(text);
      if (id !== null) expect(String(id)).toBe(text);
      expect(idParam.safeParse(text).success).toBe(id !== null);
    }),
  );
});
