import etag from '@fastify/etag';
import type { FastifyPluginAsync } from 'fastify';
import { eventRoutes } from '../events/routes.ts';
import { healthRoutes } from '../health/routes.ts';
import { hotelRoutes } from '../hotels/routes.ts';
import { locationRoutes } from '../locations/routes.ts';
import { offerRoutes } from '../offers/routes.ts';
import { roomRoutes } from '../rooms/routes.ts';
import { serviceRoutes } from '../services/routes.ts';
import { CATALOGUE_CACHE_CONTROL } from './http.ts';

/**
 * The public catalogue under /api: hotels, rooms, services, events, locations and the offers
 * sign-up. Successful reads are cacheable for a short while and carry a (weak) ETag, so a
 * client or proxy revalidating an unchanged answer gets a body-less 304.
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

/** Every route of the catalogue modules, plus the liveness probe (never cached). */
export const catalogueRoutes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
  await app.register(catalogueReads);
  await app.register(offerRoutes);
};
