import { z } from 'zod';
import { isIsoDate } from '../calendar-date.ts';
import { HOTELS_PER_PAGE, MAX_PAGE_SIZE, PAGE_MAX } from '../constants.ts';
import { ERROR_CODES } from '../http.ts';
import { ID_MAX, ID_TEXT, parseRowId, parseWhole, WHOLE_TEXT } from '../row-id.ts';

const ID_RANGE = `must be a whole number from 1 to ${ID_MAX}`;

/**
 * A row id in a JSON body: a whole number from 1 to ID_MAX. Every id a contract takes is built
 * with it (or with `idParam` in a path or query); `message` replaces the range text, for a
 * form's own wording.
 */
export function rowId(message: string = ID_RANGE) {
  return z.number({ error: message }).int(message).positive(message).max(ID_MAX, message);
}

const ID_TEXT_RULE = `must be a whole number from 1 to ${ID_MAX}, in digits only`;

/** A row id in a path or a query string, read by `parseRowId`: every route's one id rule. */
export const idParam = z
  .string({ error: ID_TEXT_RULE })
  // The pattern also tells the OpenAPI document the rule; the refinement adds the range.
  .regex(ID_TEXT, { error: ID_TEXT_RULE, abort: true })
  .refine((text) => parseRowId(text) !== null, ID_TEXT_RULE)
  .transform(Number);

/** A row id in a path, e.g. /hotels/{id}. */
export const idParams = z.object({ id: idParam });

/**
 * A whole number in a path or a query string (a page, a size, a limit, a position), read by
 * `parseWhole`: every route's one rule for them, as `idParam` is for ids.
 */
export function wholeParam(min: number, max: number) {
  const rule = `must be a whole number from ${min} to ${max}, in digits only`;
  return (
    z
      .string({ error: rule })
      // The pattern also tells the OpenAPI document the rule; the refinement adds the range.
      .regex(WHOLE_TEXT, { error: rule, abort: true })
      .refine((text) => parseWhole(text, min, max) !== null, rule)
      .transform(Number)
  );
}

export const pageQuery = z.object({
  page: wholeParam(1, PAGE_MAX).default(1),
  pageSize: wholeParam(1, MAX_PAGE_SIZE).default(HOTELS_PER_PAGE),
});

/**
 * An amount of money in cents: a whole number from 0 up to 2^53 − 1, the exact range of a
 * JSON number (the database keeps 64-bit integers; real totals stay far below this).
 */
export const cents = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const isoDate = z.string().refine(isIsoDate, { message: 'Must be a date as yyyy-MM-dd' });

// ── Text: one rule for every text a client sends ─────────────────────────────────────────────

/** PostgreSQL text cannot hold NUL, and no input of ours needs it: refused wherever it appears. */
export const NUL_MESSAGE = 'must not contain the NUL character';

export function hasNul(value: string): boolean {
  return value.includes('\u0000');
}

/**
 * A text field: trimmed, at most `max` characters, no NUL. Every text input of a contract is
 * built with it (the API also refuses NUL anywhere in a request, whatever its schema says).
 */
export function text(max: number, message?: string) {
  return z
    .string()
    .trim()
    .max(max, message ?? `must be ${max} characters at most`)
    .refine((v) => !hasNul(v), NUL_MESSAGE);
}

/**
 * Where a string holding NUL sits in a parsed input (query, params, JSON body), as a path of
 * keys and indexes; undefined when there is none. Keys count too.
 */
export function findNul(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | undefined {
  if (typeof value === 'string') return hasNul(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findNul(item, [...path, i]);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (hasNul(key)) return [...path, key];
      const found = findNul(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/** One stored width of a picture, for `srcset`. */
const imageVariant = z.object({ url: z.string(), width: z.number().int().positive() });

/**
 * A picture: the product's `url` (the largest variant) and `public_id`, plus its size (absent for
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

/**
 * Every 4xx/5xx body of the API. `code` is stable and machine-readable (ERROR_CODES of
 * ../http.ts); `message` is for people; `field` names the offending input when there is one.
 */
export const errorBody = z.object({
  error: z.string(),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  field: z.string().optional(),
  /**
   * On VALIDATION_FAILED: every failing body field with its first message (the content forms'
   * messages of product §5), so a form can show them all; `field` is the first of them.
   */
  fields: z.record(z.string(), z.string()).optional(),
  statusCode: z.number().int(),
});
export type ErrorBody = z.infer<typeof errorBody>;
