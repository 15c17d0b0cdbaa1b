import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { keptPart, splicedBody } from './spliced-body.ts';

const styles = keptPart(
  `<style>${'.card{border:1px solid #ddd;padding:12px}'.repeat(500)}</style>`,
);

test('a spliced body unzips to its parts in order, whatever they hold', () => {
  fc.assert(
    fc.property(
      fc.array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 3000 }), fc.constant(styles)), {
        maxLength: 6,
      }),
      (parts) => {
        const ready = splicedBody(parts);
        const text = parts.map((part) => (typeof part === 'string' ? part : part.text)).join('');
        expect(ready.body).toBe(text);
        expect(gunzipSync(ready.gzip as Buffer).toString()).toBe(text);
      },
    ),
  );
});

test('the kept part goes in as it was compressed once: a page costs only its own parts', () => {
  const page = splicedBody(['<html><head><title>Inn</title>', styles, '</head><body>Inn</body>']);
  expect((page.gzip as Buffer).includes(styles.deflated)).toBe(true);
  expect(page.encodings).toEqual(['gzip']);
});

test('the ETag follows every part and where it ends', () => {
  const etag = (parts: (string | typeof styles)[]) => splicedBody(parts).etag;
  expect(etag(['a', styles, 'b'])).toBe(etag(['a', styles, 'b']));
  expect(etag(['a', styles, 'b'])).not.toBe(etag(['a', styles, 'c']));
  expect(etag(['a', styles, 'b'])).not.toBe(etag(['a', keptPart('<style>x</style>'), 'b']));
  expect(etag(['ab', styles, ''])).not.toBe(etag(['a', styles, 'b']));
  expect(etag(['a', styles, 'b'])).toMatch(/^W\/"/);
});
