/** A picture shown when an item has no image of its own. */
export const PLACEHOLDER_IMAGE = '/placeholder-hotel.svg';

export function firstImage(images: ReadonlyArray<string | { url: string }> | undefined): string {
  const first = images?.[0];
  if (!first) return PLACEHOLDER_IMAGE;
  return typeof first === 'string' ? first : first.url;
}
