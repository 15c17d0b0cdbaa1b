/**
 * What keeping something costs the process, in bytes, as the caches count it against their
 * budgets (docs/scaling.md, Memory): estimates that err on the high side.
 */

/** A Map entry, the cache's record of it and the object kept (V8's headers, its fields). */
export const ENTRY_BYTES = 200;

/** A Buffer besides its bytes: the typed array and its backing store's record. */
export const BUFFER_BYTES = 120;

/**
 * A string as V8 holds it: one byte a character when they are all Latin-1 (URLs, JSON, the
 * catalogue's Spanish names: "Tucumán" is one byte a letter), else two. Counted as two for
 * any accent, a page of cards weighed twice what it holds and the caches kept half the pages
 * their budgets allow.
 */
export function textBytes(text: string): number {
  return BEYOND_LATIN1.test(text) ? 2 * text.length : text.length;
}

/** A UTF-16 unit past Latin-1 (a surrogate half included): the string is held in two bytes a unit. */
const BEYOND_LATIN1 = /[\u0100-\uffff]/;

/**
 * A copy of `bytes` that owns exactly its length. zlib's one-shot functions return a slice of
 * their 64 kB output chunk: a 2 kB compressed body kept as it came would hold the whole chunk.
 */
export function ownBytes(bytes: Buffer): Buffer {
  if (bytes.byteLength === bytes.buffer.byteLength) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.byteLength);
  bytes.copy(own);
  return own;
}

/**
 * A text's UTF-8 bytes in a buffer of exactly their length. Node 24's `Buffer.from(text)` puts
 * a text of 4 kB or more in a 64 kB buffer of its own (a kept 6 kB page held 64 kB), a shorter
 * one in a slice of a shared 8 kB pool.
 */
export function ownTextBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}
