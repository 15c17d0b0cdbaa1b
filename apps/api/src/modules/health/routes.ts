import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { primaryReachable } from './repository.ts';

/** How long readiness waits for the primary's answer: a balancer checks every second or so. */
const READY_TIMEOUT_MS = 1000;

const readiness = z.object({ ready: z.boolean(), draining: z.boolean(), primary: z.boolean() });

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
        response: { 200: readiness, 503: readiness },
      },
    },
    async (_request, reply) => {
      const draining = app.lifecycle.draining;
      const primary = !draining && (await primaryReachable(app.db, READY_TIMEOUT_MS));
      const ready = !draining && primary;
      return reply
        .code(ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ ready, draining, primary });
    },
  );
};
