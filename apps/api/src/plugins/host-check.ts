import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';
import { HttpError } from '../lib/errors.ts';

/**
 * The server answers only requests addressed to one of its own names (the `Host` header, or
 * `X-Forwarded-Host` from a proxy TRUST_PROXY believes), on any port:
 * - this machine's loopback names: `localhost`, `127.x.x.x`, `[::1]`;
 * - PUBLIC_URL's host and the hosts of TRUSTED_ORIGINS.
 *
 * Every path is covered (API, pages, uploads), in every mode. Why: a page of any site can make
 * its own name resolve to 127.0.0.1 (DNS rebinding) and then call this server as if it were that
 * site — same origin for the browser, so no CORS or origin rule stops it, and it could read the
 * development inbox and reset any account's password. Such a request carries the page's name in
 * `Host`, which is never one of ours. The port is not compared: a rebinding page controls only
 * the name, and the port differs behind proxies (the Vite dev server, a forwarded port).
 *
 * Behind a proxy in production the proxy must pass the public name (nginx: `proxy_set_header
 * Host $host`, or `X-Forwarded-Host` with TRUST_PROXY); loopback names keep working for checks
 * made on the machine itself (docs/auth.md).
 */
export const hostCheck: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const names = ownHostNames(config);
  const sample = config.PUBLIC_URL;
  app.addHook('onRequest', async (request) => {
    if (answersHost(names, request.host)) return;
    throw new HttpError(
      421,
      `This server does not answer to the host "${String(request.host ?? '').slice(0, 100)}": ` +
        `open the site at ${sample}. It answers to localhost, 127.0.0.1, [::1] and the hosts ` +
        'of PUBLIC_URL and TRUSTED_ORIGINS.',
      undefined,
      'MISDIRECTED_REQUEST',
    );
  });
};
// Share the application's context (what fastify-plugin does): the hook sees every route.
Object.assign(hostCheck, { [Symbol.for('skip-override')]: true });

/** The configured names (lower case, no port): PUBLIC_URL's and TRUSTED_ORIGINS' hosts. */
export function ownHostNames(config: Config): Set<string> {
  return new Set(
    [config.PUBLIC_URL, ...config.TRUSTED_ORIGINS].map((origin) => new URL(origin).hostname),
  );
}

/**
 * The name of a `Host` header, lower case and without its port (`[::1]` keeps its brackets);
 * undefined when it is not a bare host[:port] (a path, credentials, an empty or bad port).
 */
export function hostNameOf(host: string | undefined): string | undefined {
  if (!host) return undefined;
  let url: URL;
  try {
    url = new URL(`http://${host}`);
  } catch {
    return undefined;
  }
  const bare = !url.username && !url.password && url.pathname === '/' && !url.search && !url.hash;
  return bare && url.hostname ? url.hostname : undefined;
}

/** Whether a host name is this machine's loopback interface: localhost, 127.x.x.x, [::1]. */
export function isLoopbackName(name: string | undefined): boolean {
  return name === 'localhost' || name === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(name ?? '');
}

/** Whether a `Host` header names this server: a loopback name or one of `names`, any port. */
export function answersHost(names: ReadonlySet<string>, host: string | undefined): boolean {
  const name = hostNameOf(host);
  return name !== undefined && (isLoopbackName(name) || names.has(name));
}
