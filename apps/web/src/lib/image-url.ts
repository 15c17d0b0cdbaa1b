import type { ImageItem } from '@devstay/shared/contracts/common';

/** A picture shown when an item has no image of its own. */
const PLACEHOLDER_IMAGE = '/placeholder-hotel.svg';

/**
 * How wide pictures are drawn, for `sizes` (Mantine breakpoints: xs 36em, md 62em, lg 75em).
 * The browser picks the narrowest variant covering that width times the screen's density.
 */
export const IMAGE_SIZES = {
  /** Hotel and room cards: 1, 2, 3 then 4 columns in a container at most ~1200 px wide. */
  card: '(min-width: 75em) 300px, (min-width: 62em) 33vw, (min-width: 36em) 50vw, 100vw',
  /** The detail carousel: the container's width. */
  carousel: '(min-width: 75em) 1140px, 100vw',
  /** Small thumbnails (cart lines). */
  thumbnail: '120px',
  /** Service pictures beside their names. */
  icon: '56px',
} as const;

export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  sizes?: string;
  width?: number;
  height?: number;
}

/**
 * `src`, `srcSet`, `sizes` and the intrinsic size of a picture (no layout shift). Pictures
 * without variants (stored before the image pipeline, or in an old saved cart) get `src` alone.
 */
export function responsiveImage(
  image: Partial<ImageItem> | string | null | undefined,
  sizes: string,
): ResponsiveImage {
  if (!image) return { src: PLACEHOLDER_IMAGE };
  if (typeof image === 'string') return { src: image };
  const variants = image.variants ?? [];
  return {
    src: image.url ?? PLACEHOLDER_IMAGE,
    ...(variants.length > 1
      ? { srcSet: variants.map((v) => `${v.url} ${v.width}w`).join(', '), sizes }
      : {}),
    ...(image.width && image.height ? { width: image.width, height: image.height } : {}),
  };
}
