import type { ImageItem } from '@devstay/shared/contracts/common';
import type { ImageRef } from '../../db/schema.ts';

/**
 * A picture as the API answers it: the product's `{url, public_id}` plus what `srcset` and
 * `sizes` need. References stored before the pipeline made variants have no size: they answer
 * with their one URL and no variants.
 */
export function toImageItem(ref: ImageRef): ImageItem {
  return {
    url: ref.url,
    public_id: ref.public_id,
    ...(ref.width && ref.height ? { width: ref.width, height: ref.height } : {}),
    variants: ref.variants ?? [],
  };
}
