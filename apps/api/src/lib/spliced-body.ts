import { createHash } from 'node:crypto';
import { constants, crc32, deflateRawSync, gunzipSync } from 'node:zlib';
import { BUFFER_BYTES, ownBytes } from './held-bytes.ts';
import type { ReadyBody } from './http.ts';

/**
 * A large stretch that many bodies share (a rendered page's styles): its text, and its gzip
 * form made once, at the highest level, to be spliced into each body that holds it.
 */
export interface KeptPart {
  text: string;
  bytes: number;
  crc: number;
  /** Raw deflate, flushed to a byte boundary and not final: another stream may follow it. */
  deflated: Buffer;
  hash: string;
}

export function keptPart(text: string): KeptPart {
  return {
    text,
    bytes: Buffer.byteLength(text),
    crc: crc32(text),
    deflated: ownBytes(deflateRawSync(text, { level: 9, finishFlush: constants.Z_SYNC_FLUSH })),
    hash: createHash('sha1').update(text).digest('base64'),
  };
}

/** A spliced body's object, its getters' closure and its list besides their contents. */
const SPLICED_BODY_BYTES = 300;

/** Level of the parts compressed for each body: 5–10 % larger than level 9, a fifth of its time. */
const BODY_LEVEL = 3;
/** gzip's header: deflate, no name, no time, unknown system (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A final, empty block (fixed Huffman codes): closes a stream of blocks that are not final. */
const FINAL_BLOCK = Buffer.from([3, 0]);

/**
 * A body made of `parts`, ready to send, gzip being its compressed form: only its own parts are
 * compressed, each kept part is spliced in as it was compressed once. Raw deflate streams that
 * end on a byte boundary with no final block follow one another as one stream; a stream starts
 * with no memory of what came before, so the kept part is as small as it was alone.
 * Its ETag covers every part, a kept one by its hash. It holds its own parts compressed and
 * nothing else (its `weight`): the gzip form is put together, and the text unzipped, when asked.
 * Each part is copied out of zlib's output chunk (held-bytes.ts, ownBytes).
 */
export function splicedBody(parts: (string | KeptPart)[]): ReadyBody {
  const etag = createHash('sha1');
  const deflated: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let bytes = 0;
  let weight = 0;
  for (const part of parts) {
    if (typeof part === 'string') {
      // Encoded once, for the hash, the CRC and the compression alike.
      const text = Buffer.from(part);
      etag.update(`${text.length}:`).update(text);
      if (text.length === 0) continue;
      const own = ownBytes(
        deflateRawSync(text, {
          level: BODY_LEVEL,
          memLevel: 9,
          finishFlush: constants.Z_SYNC_FLUSH,
        }),
      );
      deflated.push(own);
      weight += own.length + BUFFER_BYTES;
      crc = crc32Combine(crc, crc32(text), text.length);
      bytes += text.length;
    } else {
      etag.update(`#${part.hash}`);
      deflated.push(part.deflated);
      crc = crc32Combine(crc, part.crc, part.bytes);
      bytes += part.bytes;
    }
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(bytes % 2 ** 32, 4);
  deflated.push(FINAL_BLOCK, trailer);
  const hash = `W/"${etag.digest('base64')}"`;
  return {
    etag: hash,
    encodings: ['gzip'],
    bytes,
    // Its own parts, its ETag, the list of its parts and the object (a kept part is the
    // screen's, kept once for all its pages).
    weight: weight + hash.length + deflated.length * 8 + SPLICED_BODY_BYTES,
    get gzip() {
      return Buffer.concat(deflated);
    },
    get body() {
      return gunzipSync(Buffer.concat(deflated)).toString();
    },
  };
}

// The CRC-32 of two stretches one after the other from the CRC of each (zlib's crc32_combine):
// a kept part's text is not read again for each body. Polynomials over GF(2), bit-reversed.
const POLY = 0xedb88320;

/** a × b modulo the CRC polynomial (a ≠ 0). */
function multiplyModPoly(a: number, b: number): number {
  let m = 0x80000000;
  let product = 0;
  for (;;) {
    if (a & m) {
      product ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0…31. */
const X_POWERS: number[] = [];
for (let p = 0x40000000, k = 0; k < 32; k++) {
  X_POWERS.push(p);
  p = multiplyModPoly(p, p);
}

/** x^(8n) modulo the polynomial: n bytes of zeros appended. */
function xPowerOfBytes(n: number): number {
  let p = 0x80000000;
  for (let k = 3; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2 === 1) p = multiplyModPoly(X_POWERS[k % 32] as number, p);
  }
  return p;
}

function crc32Combine(crc1: number, crc2: number, bytes2: number): number {
  return (multiplyModPoly(xPowerOfBytes(bytes2), crc1) ^ crc2) >>> 0;
}
