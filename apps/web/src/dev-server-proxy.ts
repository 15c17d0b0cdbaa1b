import type { ProxyOptions } from 'vite';

/**
 * How the Vite development server (vite.config.ts, port 5173) forwards `/api` and `/uploads` to
 * the API: as if the page were the API's own origin. The API then trusts no development port of
 * its own (config.ts `trustedOrigins`): when no Vite server runs, nothing at :5173 is trusted.
 *
 * - `Host` becomes the API's (`changeOrigin`), one of the names it answers to.
 * - `Origin` (and `Referer`) become the API's only when they are the dev server's own origin,
 *   i.e. a page the dev server served. Any other page's keeps its own, so the API's CSRF rule
 *   and Better Auth's origin check still refuse it. Pages reached under a foreign name (DNS
 *   rebinding) never get this far: Vite answers only its allowed hosts (`server.allowedHosts`).
 */
export function apiProxy(target: string): ProxyOptions {
  const apiOrigin = new URL(target).origin;
  return {
    target,
    changeOrigin: true,
    configure(proxy) {
      proxy.on('proxyReq', (proxyReq, request) => {
        const changed = asApiOrigin(request.headers, apiOrigin);
        for (const [name, value] of Object.entries(changed)) proxyReq.setHeader(name, value);
      });
    },
  };
}

interface ForwardedHeaders {
  host?: string;
  origin?: string;
  referer?: string;
}

/**
 * The headers to change on a request the dev server forwards: its own origin (`http://` + the
 * `Host` it was asked under) becomes `apiOrigin`; anything else is left as it is.
 * @internal
 */
export function asApiOrigin(
  headers: ForwardedHeaders,
  apiOrigin: string,
): { origin?: string; referer?: string } {
  if (!headers.host) return {};
  const own = `http://${headers.host.toLowerCase()}`;
  const changed: { origin?: string; referer?: string } = {};
  if (headers.origin?.toLowerCase() === own) changed.origin = apiOrigin;
  const referer = headers.referer;
  if (referer && (referer.toLowerCase() === own || referer.toLowerCase().startsWith(`${own}/`))) {
    changed.referer = `${apiOrigin}${referer.slice(own.length) || '/'}`;
  }
  return changed;
}
