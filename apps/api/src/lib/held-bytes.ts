/**
 * What keeping something costs the process, in bytes, as the caches count it against their
 * budgets (docs/scaling.md, Memory): estimates that err on the high side.
 */

/** A Map entry, the cache's record of it and the object kept (V8's headers, its fields). */
export const ENTRY_BYTES = 200;

/** A Buffer besides its bytes: the typed array and its backing store's record. */
export const BUFFER_BYTES = 120;

/**
 * A string as V8 holds it: one byte a character when they are all ASCII (URLs, most JSON),
 * else counted as two (V8 keeps Latin-1 in one byte, anything else in two).
 */
export function textBytes(text: string): number {
  return Buffer.byteLength(text) === text.length ? text.length : 2 * text.length;
}

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
