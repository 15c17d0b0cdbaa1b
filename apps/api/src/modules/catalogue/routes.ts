import type { City } from '@devstay/shared/contracts/catalogue';
import etag from '@fastify/etag';
import type { FastifyPluginAsync } from 'fastify';
import { eventRoutes } from '../events/routes.ts';
import { healthRoutes } from '../health/routes.ts';
import type { CachedHotelPages } from '../hotels/routes.ts';
import { hotelRoutes } from '../hotels/routes.ts';
import { locationRoutes } from '../locations/routes.ts';
import { offerRoutes } from '../offers/routes.ts';
import { roomRoutes } from '../rooms/routes.ts';
import { serviceRoutes } from '../services/routes.ts';
import { ReadCache } from './cache.ts';
import { CATALOGUE_CACHE_CONTROL } from './http.ts';

/** The catalogue's read caches, one set per application instance. */
export interface CatalogueCache {
  hotelPages: ReadCache<CachedHotelPages>;
  hotelCounts: ReadCache<number>;
  cities: ReadCache<City[]>;
  /** Forget everything: called after this process changes data. */
  clear(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogueCache: CatalogueCache;
  }
}

/** How long another process's change may take to show in this process's lists. */
const CACHE_TTL_MS = 10_000;

export function createCatalogueCache(): CatalogueCache {
  const hotelPages = new ReadCache<CachedHotelPages>({
    ttlMs: CACHE_TTL_MS,
    // Some 64 MB: a stretch of 5 pages of 8 cards is about 25 kB of JSON, plus room for the
    // compressed forms made when asked for.
    max: 48_000_000,
    weigh: (v) => v.pages.reduce((sum, p) => sum + p.body.length * 1.5, 200),
  });
  const hotelCounts = new ReadCache<number>({ ttlMs: CACHE_TTL_MS, max: 20_000 });
  const cities = new ReadCache<City[]>({ ttlMs: CACHE_TTL_MS, max: 1 });
  return {
    hotelPages,
    hotelCounts,
    cities,
    clear() {
      hotelPages.clear();
      hotelCounts.clear();
      cities.clear();
    },
  };
}

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Writes that never change the catalogue: sign-in and friends, the offers sign-up. */
const NOT_CATALOGUE = /^\/api\/(auth|offers)(\/|\?|$)/;

/**
 * Reads carry a (weak) ETag and may be stored, to be revalidated before use: a client or proxy
 * revalidating an unchanged answer gets a body-less 304.
 */
const catalogueReads: FastifyPluginAsync = async (app) => {
  await app.register(etag, { weak: true });
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      (reply.statusCode === 200 || reply.statusCode === 304) &&
      !reply.hasHeader('cache-control')
    ) {
      reply.header('cache-control', CATALOGUE_CACHE_CONTROL);
    }
    return payload;
  });

  await app.register(hotelRoutes);
  await app.register(roomRoutes);
  await app.register(serviceRoutes);
  await app.register(eventRoutes);
  await app.register(locationRoutes);
};

const api: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
  await app.register(catalogueReads);
  await app.register(offerRoutes);
};

/**
 * The catalogue modules: hotels, rooms, services, events, locations, the offers sign-up and the
 * liveness probe, under `prefix` (/api). Registered at the application's level (not
 * encapsulated) so that any successful write of this process, whichever module makes it,
 * empties the catalogue's read cache before its reply leaves.
 */
export const catalogueRoutes: FastifyPluginAsync<{ prefix?: string }> = async (app, options) => {
  app.decorate('catalogueCache', createCatalogueCache());
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      MUTATIONS.has(request.method) &&
      reply.statusCode < 400 &&
      !NOT_CATALOGUE.test(request.url)
    ) {
      app.catalogueCache.clear();
    }
    return payload;
  });
  await app.register(api, { prefix: options.prefix ?? '/api' });
};
// Share the application's context (what fastify-plugin does): the hook above sees every route.
Object.assign(catalogueRoutes, { [Symbol.for('skip-override')]: true });
