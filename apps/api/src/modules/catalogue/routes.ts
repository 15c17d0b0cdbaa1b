import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { config: { access: 'public' } }, async () => ({ ok: true }));
};
