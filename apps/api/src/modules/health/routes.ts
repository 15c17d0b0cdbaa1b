import { errorBody } from '@devstay/shared/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/errors.ts';
import { primaryReachable } from './repository.ts';

/** How long readiness waits for the primary's answer: a balancer checks every second or so. */
const READY_TIMEOUT_MS = 1000;

/**
 * GET /api/health — answers without touching the database (liveness: restart me if this fails).
 * GET /api/ready — readiness: 503 while the process is draining (stopping) or cannot reach a
 * primary database, so a load balancer sends its traffic elsewhere without restarting it.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      // The balancer asks every second: not a line of the log each time.
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary: 'Liveness of the API process',
        response: { 200: z.object({ ok: z.boolean() }) },
      },
    },
    async () => ({ ok: true }),
  );

  app.get(
    '/ready',
    {
      config: { access: 'public' },
      // The balancer asks every second: not a line of the log each time.
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary: 'Readiness of the API process for traffic',
        response: { 200: z.object({ ready: z.literal(true) }), 503: errorBody },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (app.lifecycle.draining) {
        throw new HttpError(503, 'This process is stopping.', undefined, 'NOT_READY');
      }
      if (!(await primaryReachable(app.db, READY_TIMEOUT_MS))) {
        throw new HttpError(503, 'The primary database cannot be reached.', undefined, 'NOT_READY');
      }
      return { ready: true as const };
    },
  );
};
