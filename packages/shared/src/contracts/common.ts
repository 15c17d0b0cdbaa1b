import { z } from 'zod';
import { HOTELS_PER_PAGE, MAX_PAGE_SIZE } from '../constants.ts';
import { isIsoDate } from '../stay.ts';

/** A positive integer id in a path, e.g. /hotels/{id}. */
export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(HOTELS_PER_PAGE),
});

export const isoDate = z.string().refine(isIsoDate, { message: 'Must be a date as yyyy-MM-dd' });

/** One stored width of a picture, for `srcset`. */
export const imageVariant = z.object({ url: z.string(), width: z.number().int().positive() });
export type ImageVariant = z.infer<typeof imageVariant>;

/**
 * A picture: the spec's `url` (the largest variant) and `public_id`, plus its size (absent for
 * pictures stored before sizes were recorded) and its variants, narrowest first, for `srcset`.
 */
export const imageItem = z.object({
  url: z.string(),
  public_id: z.string(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  variants: z.array(imageVariant),
});
export type ImageItem = z.infer<typeof imageItem>;

export const locationLine = z.object({
  city: z.string(),
  department: z.string(),
  state: z.string(),
});
export type LocationLine = z.infer<typeof locationLine>;

/** Every 4xx/5xx body of the API. `field` names the offending input when there is one. */
export const errorBody = z.object({
  error: z.string(),
  message: z.string(),
  field: z.string().optional(),
  statusCode: z.number().int(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** Paged lists return a JSON array; the total number of matches travels in this header. */
export const TOTAL_COUNT_HEADER = 'x-total-count';
