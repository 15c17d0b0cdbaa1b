import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers on every answer, worked out once: building helmet's middleware at
 * every request (parsing the Content-Security-Policy directives, checking every option) costs a
 * tenth of a cached list page's CPU (docs/scaling.md, Figures behind the code's choices). The
 * options hold no per-request value (no directive is a function), so
 * the headers helmet sets are the same for every request: they are recorded from its
 * middleware at start and set among the reply's headers, before any route runs (a route may
 * still set its own).
 */
export const securityHeaders: FastifyPluginAsync<HelmetOptions> = async (app, options) => {
  const headers: Record<string, string> = {};
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    // X-Powered-By: neither Node nor Fastify sets it, but helmet's word is kept.
    for (const name of removed) reply.raw.removeHeader(name);
    done();
  });
};
// Hooks land in the application's context (what fastify-plugin does): every route has them.
Object.assign(securityHeaders, { [Symbol.for('skip-override')]: true });
