import type { FastifyPluginAsync } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers on every answer, its middleware built once. (`@fastify/helmet`
 * builds it again at every request — parsing the Content-Security-Policy directives, checking
 * every option — which was ≈ 20 µs of each request's CPU, a tenth of a cached list page's.)
 * The headers are set on the raw response as helmet sets them, before any route runs: a route
 * may still set its own.
 */
export const securityHeaders: FastifyPluginAsync<HelmetOptions> = async (app, options) => {
  const setHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    // helmet 8 throws its errors rather than passing them on: `done` gets none.
    setHeaders(request.raw, reply.raw, done as () => void);
  });
};
// Hooks land in the application's context (what fastify-plugin does): every route has them.
Object.assign(securityHeaders, { [Symbol.for('skip-override')]: true });
