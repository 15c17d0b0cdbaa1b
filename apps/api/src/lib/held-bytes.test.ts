import { describe, expect, test } from 'vitest';
import { ownTextBytes, textBytes } from './held-bytes.ts';
import { readyBody } from './http.ts';

describe('a text weighs what V8 holds it in', () => {
  test('one byte a character while every one is Latin-1: ASCII, the accents of Spanish names', () => {
    expect(textBytes('/api/hotels?page=2')).toBe(18);
    expect(textBytes('San Miguel de Tucumán, Córdoba, Ñuñoa')).toBe(37);
    expect(textBytes('ÿ')).toBe(1);
  });

  test('two bytes a unit as soon as one is beyond Latin-1', () => {
    expect(textBytes('Łódź')).toBe(8);
    expect(textBytes('a€')).toBe(4);
    // An emoji is two UTF-16 units.
    expect(textBytes('🏨')).toBe(4);
  });

  test('a page of cards with accents weighs its length, not twice it', () => {
    const body = JSON.stringify([{ city: 'Tucumán', state: 'Córdoba', pad: 'x'.repeat(5000) }]);
    const ready = readyBody(body);
    expect(ready.weight).toBeLessThan(body.length + 200);
    expect(ready.weight).toBeGreaterThanOrEqual(body.length);
  });
});

describe("a text's bytes kept in a buffer of their own", () => {
  test.each([
    ['a page of cards', JSON.stringify([{ name: 'Hotel', pad: 'x'.repeat(6000) }])],
    ['a short answer', '{"id":1}'],
    ['accents and beyond Latin-1', `Tucumán Łódź 🏨 ${'ñ'.repeat(3000)}`],
  ])('%s: its buffer holds exactly its UTF-8 bytes', (_name, text) => {
    const bytes = ownTextBytes(text);
    expect(bytes.toString()).toBe(text);
    expect(bytes.byteLength).toBe(Buffer.byteLength(text));
    // Not a slice of a larger one (Buffer.from: 64 kB for 4 kB and more, else a shared pool).
    expect(bytes.buffer.byteLength).toBe(bytes.byteLength);
  });
});
