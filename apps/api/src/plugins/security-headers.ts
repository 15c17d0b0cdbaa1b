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
/** The one security header that depends on the request: its protocol. */
export const HSTS = 'strict-transport-security';

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
  // Strict-Transport-Security means something over https only (a browser ignores it over plain
  // http): sent when the request came over https, by its socket or per a proxy TRUST_PROXY
  // believes (X-Forwarded-Proto), as Fastify's `request.protocol` reads it.
  const hsts = headers[HSTS];
  delete headers[HSTS];
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (hsts !== undefined && request.protocol === 'https') reply.header(HSTS, hsts);
    // X-Powered-By: neither Node nor Fastify sets it, but helmet's word is kept.
    for (const name of removed) reply.raw.removeHeader(name);
    done();
  });
};
// Hooks land in the application's context (what fastify-plugin does): every route has them.
Object.assign(securityHeaders, { [Symbol.for('skip-override')]: true });
