import type { FastifyInstance } from 'fastify';

/**
 * Who may call a route, declared on the route itself (`config: { access }`), from the role
 * matrix of spec §6. Every /api route must declare one: the app refuses to start otherwise.
 * - 'public': anyone, signed in or not.
 * Further levels ('user', 'admin', 'superAdmin', hotel-scoped) are enforced by the auth guard.
 */
export type Access = 'public' | 'signedIn' | 'user' | 'admin' | 'superAdmin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

export function requireAccessDeclarations(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return;
    if (route.method === 'HEAD' || route.method === 'OPTIONS') return;
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${url} declares no access rule`);
  });
}
