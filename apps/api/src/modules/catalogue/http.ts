import { errorBody, TOTAL_COUNT_HEADER } from '@devstay/shared/contracts/common';
import type { FastifyReply } from 'fastify';

/**
 * Catalogue reads may be stored by browsers and shared caches but are revalidated before each
 * use: the ETag makes an unchanged answer a body-less 304, served from the read cache, and an
 * admin who just changed a hotel sees the change at once (a max-age would show the old one).
 */
export const CATALOGUE_CACHE_CONTROL = 'public, no-cache';

/** Error replies every catalogue read may give. */
export const readErrors = { 400: errorBody, 404: errorBody } as const;

/** Paged lists answer with a bare JSON array; the number of matches travels in a header. */
export function setTotalCount(reply: FastifyReply, total: number): void {
  reply.header(TOTAL_COUNT_HEADER, String(total));
  reply.header('access-control-expose-headers', TOTAL_COUNT_HEADER);
}

/** The header as OpenAPI shows it on paged lists. */
export const totalCountHeader = {
  [TOTAL_COUNT_HEADER]: { type: 'integer', description: 'Number of matches over all pages' },
} as const;
