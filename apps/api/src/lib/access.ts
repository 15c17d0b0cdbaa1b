import type { Role } from '@devstay/shared/constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Who may call a route, declared on the route itself (`config: { access }`), from the role
 * matrix of spec §6. Every /api route must declare one: the app refuses to start otherwise.
 * The guard (lib/guard.ts) enforces it; handlers never re-check roles.
 *
 * Shorthands:
 * - `'public'`: anyone, signed in or not.
 * - `'signedIn'`: any signed-in account, whatever its role.
 * - `'user'`: accounts with rol user (own favourites, bookings, reviews, payment).
 * - `'admin'`: staff, i.e. rol admin or superAdmin (every admin capability is also the
 *   superAdmin's). Add a `hotel` rule (object form) to restrict admins to their own hotel.
 * - `'superAdmin'`: rol superAdmin only.
 *
 * The object form names the roles and, optionally, two narrowing rules:
 * - `hotel(request)`: the hotel id(s) the request touches. An admin passes only when every id
 *   is their hotel; a superAdmin always passes (the resolver is not called). Returning
 *   null/undefined refuses admins (fail closed); a resolver that looks a resource up should
 *   throw `notFound(...)` when it does not exist. It runs after validation, so `params`,
 *   `query` and `body` are parsed.
 * - `self(request)`: an account id; the account with that id passes whatever its role
 *   (e.g. reading or editing one's own profile).
 *
 * Visitor on a non-public route → 401; signed in without the role, another hotel's admin,
 * or not the account itself → 403.
 */
export type Access = 'public' | 'signedIn' | 'user' | 'admin' | 'superAdmin' | AccessRule;

export interface AccessRule {
  roles: readonly Role[];
  // biome-ignore lint/suspicious/noExplicitAny: resolvers read the route's own typed request
  hotel?: (request: any) => HotelIds | Promise<HotelIds>;
  // biome-ignore lint/suspicious/noExplicitAny: resolvers read the route's own typed request
  self?: (request: any) => string | undefined;
}

export type HotelIds = number | readonly number[] | null | undefined;

/** The resolved form of any declaration: `null` for public routes. */
export interface ResolvedAccess {
  /** Roles that pass; `null` means any signed-in account. */
  roles: readonly Role[] | null;
  hotel?: (request: FastifyRequest) => HotelIds | Promise<HotelIds>;
  self?: (request: FastifyRequest) => string | undefined;
}

const SHORTHANDS: Record<Exclude<Access, 'public' | AccessRule>, ResolvedAccess> = {
  signedIn: { roles: null },
  user: { roles: ['user'] },
  admin: { roles: ['admin', 'superAdmin'] },
  superAdmin: { roles: ['superAdmin'] },
};

export function resolveAccess(access: Access): ResolvedAccess | null {
  if (access === 'public') return null;
  if (typeof access === 'string') return SHORTHANDS[access];
  return { roles: access.roles, hotel: access.hotel, self: access.self };
}

/** One line for people: what the OpenAPI description says about a route's access. */
export function describeAccess(access: Access): string {
  const rule = resolveAccess(access);
  if (!rule) return 'Public.';
  const who = rule.roles ? rule.roles.join(', ') : 'any signed-in account';
  const parts = [`Requires a session: ${who}`];
  if (rule.hotel) parts.push('(admins: their own hotel only)');
  if (rule.self) parts.push('— or the account itself');
  return `${parts.join(' ')}.`;
}

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
    if (typeof access === 'object' && access.roles.length === 0) {
      throw new Error(`Route ${String(route.method)} ${url} allows no role`);
    }
    // Document it: a line in the OpenAPI description and the session cookie as security.
    if (route.schema && !route.schema.hide) {
      const schema = route.schema as { description?: string; security?: unknown };
      const line = `Access: ${describeAccess(access)}`;
      if (schema.description?.includes(line)) return;
      schema.description = schema.description ? `${schema.description}\n\n${line}` : line;
      if (access !== 'public') schema.security = [{ sessionCookie: [] }];
    }
  });
}
