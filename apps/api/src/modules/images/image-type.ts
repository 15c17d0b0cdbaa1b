/** The picture formats the pipeline accepts, told apart by their first bytes, never by a name. */
export type ImageType = 'jpeg' | 'png' | 'webp' | 'avif';

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

/** The format the bytes really are (magic numbers), or null for anything else. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes[0] === 0x89 &&
    ascii(bytes, 1, 4) === 'PNG' &&
    bytes[4] === 0x0d &&
    bytes[5] === 0x0a &&
    bytes[6] === 0x1a &&
    bytes[7] === 0x0a
  ) {
    return 'png';
  }
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  // ISO base media file: a `ftyp` box whose major or compatible brands name AVIF.
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const boxSize = Math.min(
      bytes.length,
      (bytes[0] ?? 0) * 2 ** 24 +
        ((bytes[1] ?? 0) << 16) +
        ((bytes[2] ?? 0) << 8) +
        (bytes[3] ?? 0),
    );
    for (let at = 8; at + 4 <= boxSize; at += 4) {
      const brand = ascii(bytes, at, at + 4);
      if (brand === 'avif' || brand === 'avis') return 'avif';
    }
  }
  return null;
}
