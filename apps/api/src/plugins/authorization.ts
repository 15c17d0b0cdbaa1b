import { ROLES, type Role } from '@devstay/shared/constants';
import { CSRF_HEADER } from '@devstay/shared/http';
import { GUARD_MESSAGES } from '@devstay/shared/messages';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type Config, trustedOrigins } from '../config.ts';
import { HttpError } from '../lib/errors.ts';
import { toWebHeaders } from '../lib/http.ts';
import { canManageHotels, rolesWhere, type SessionUser, STAFF_ROLES } from '../lib/policies.ts';
import type { KnownSession } from '../lib/session-cache.ts';
import type { Auth } from '../modules/auth/auth.ts';

/**
 * Who may call a route, declared on the route itself (`config: { access }`), from the role
 * matrix of product §6. Every /api route must declare one: the app refuses to start otherwise.
 * This plugin's guard enforces it; handlers never re-check roles.
 *
 * Shorthands:
 * - `'public'`: anyone, signed in or not.
 * - `'signedIn'`: any signed-in account, whatever its role.
 * - `'user'`: accounts with rol user (own favourites, bookings, reviews, payment).
 * - `'admin'`: staff, i.e. rol admin or superAdmin (every admin capability is also the
 *   superAdmin's).
 * - `'superAdmin'`: rol superAdmin only.
 *
 * Narrowing rules, built with `access.hotel(schema, resolve)`, `access.account(schema, resolve,
 * policy)` and
 * `access.owner(schema, resolve)` so that the resolver is typed from the route's own schema (a
 * wrong param does not compile):
 * - hotel: the hotel id(s) the request touches. An admin passes only when canManageHotels
 *   (lib/policies.ts) says so; a superAdmin always passes (the resolver is not called).
 *   Returning null/undefined refuses admins (fail closed); a resolver that looks a resource up
 *   should throw `notFound(...)` when it does not exist. It runs after validation.
 * - account: an account id; the account policy (`canSeeAccount`, `canManageAccount` of
 *   lib/policies.ts) decides who passes, whatever the role (the person themselves passes).
 * - owner: an account id; only that account passes, and only with one of the roles (a guest's
 *   own favourites: neither another guest nor staff).
 *
 * Visitor on a non-public route → 401 UNAUTHENTICATED; signed in without the role → 403
 * FORBIDDEN; another hotel's admin → 403 OTHER_HOTEL; a cross-site change → 403 CROSS_SITE.
 */
export type Access = 'public' | 'signedIn' | 'user' | 'admin' | 'superAdmin' | AccessRule;

export interface AccessRule {
  roles: readonly Role[];
  hotel?: (request: FastifyRequest) => HotelIds | Promise<HotelIds>;
  account?: {
    resolve: (request: FastifyRequest) => string;
    policy: AccountPolicy;
  };
  owner?: (request: FastifyRequest) => string | undefined;
}

export type HotelIds = number | readonly number[] | null | undefined;

/** Who may act on the account `accountId` names (lib/policies.ts). */
export type AccountPolicy = (user: SessionUser, accountId: string) => boolean;

/** The parts of a route's schema a resolver may read. */
export interface RequestSchema {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
}

type Parsed<T> = T extends z.ZodType ? z.output<T> : unknown;

/** A request as the route's schema has parsed it (resolvers run after validation). */
export type ParsedRequest<S extends RequestSchema> = Omit<
  FastifyRequest,
  'params' | 'query' | 'body'
> & {
  params: Parsed<S['params']>;
  query: Parsed<S['querystring']>;
  body: Parsed<S['body']>;
};

/** Builders of the narrowing rules; pass the same schema object the route declares. */
export const access = {
  /** Staff (or `roles`), admins narrowed to the hotel(s) `resolve` names. */
  hotel<S extends RequestSchema>(
    _schema: S,
    resolve: (request: ParsedRequest<S>) => HotelIds | Promise<HotelIds>,
    roles: readonly Role[] = STAFF_ROLES,
  ): AccessRule {
    return { roles, hotel: resolve as unknown as AccessRule['hotel'] };
  },
  /**
   * Whoever `policy` lets act on the account whose id `resolve` names. `roles` (what the
   * OpenAPI description lists) are those the policy lets act on another's account.
   */
  account<S extends RequestSchema>(
    _schema: S,
    resolve: (request: ParsedRequest<S>) => string,
    policy: AccountPolicy,
  ): AccessRule {
    return {
      roles: rolesWhere((user) => policy(user, `${user.id} (another account)`)),
      account: { resolve: resolve as unknown as (request: FastifyRequest) => string, policy },
    };
  },
  /** The account whose id `resolve` names, alone, when it has one of `roles`. */
  owner<S extends RequestSchema>(
    _schema: S,
    resolve: (request: ParsedRequest<S>) => string | undefined,
    roles: readonly Role[],
  ): AccessRule {
    return { roles, owner: resolve as unknown as AccessRule['owner'] };
  },
};

/** The resolved form of any declaration: `null` for public routes. */
interface ResolvedAccess {
  /** Roles that pass; `null` means any signed-in account. */
  roles: readonly Role[] | null;
  hotel?: AccessRule['hotel'];
  account?: AccessRule['account'];
  owner?: AccessRule['owner'];
}

const SHORTHANDS: Record<Exclude<Access, 'public' | AccessRule>, ResolvedAccess> = {
  signedIn: { roles: null },
  user: { roles: ['user'] },
  admin: { roles: STAFF_ROLES },
  superAdmin: { roles: ['superAdmin'] },
};

function resolveAccess(access: Access): ResolvedAccess | null {
  if (access === 'public') return null;
  if (typeof access === 'string') return SHORTHANDS[access];
  return { roles: access.roles, hotel: access.hotel, account: access.account, owner: access.owner };
}

/** One line for people: what the OpenAPI description says about a route's access. */
function describeAccess(access: Access): string {
  const rule = resolveAccess(access);
  if (!rule) return 'Public.';
  const who = rule.roles ? rule.roles.join(', ') : 'any signed-in account';
  const parts = [`Requires a session: ${who}`];
  if (rule.hotel) parts.push('(admins: their own hotel only)');
  if (rule.account) parts.push('— or the account itself');
  if (rule.owner) parts.push('— the account the request names, and no other');
  return `${parts.join(' ')}.`;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /**
     * Set by the guard on every non-public route; null on public ones. Handlers of signed-in
     * routes read it through `signedInUser(request)`, which is never null.
     */
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** Who is calling, on any route (null for visitors). */
    currentUser(request: FastifyRequest, reply?: FastifyReply): Promise<SessionUser | null>;
  }
}

/**
 * The account of a route whose access is not 'public': the guard has already refused visitors,
 * so this only asserts it (a route declared 'public' that calls it answers 401).
 */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user)
    throw new HttpError(401, GUARD_MESSAGES.signedOut, undefined, 'UNAUTHENTICATED');
  return request.user;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const looked = Symbol('sessionLooked');

function requireAccessDeclarations(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return;
    if (route.method === 'HEAD' || route.method === 'OPTIONS') return;
    const declared = (route.config as { access?: Access } | undefined)?.access;
    if (!declared) throw new Error(`Route ${String(route.method)} ${url} declares no access rule`);
    if (typeof declared === 'object' && declared.roles.length === 0) {
      throw new Error(`Route ${String(route.method)} ${url} allows no role`);
    }
    // Document it: a line in the OpenAPI description and the session cookie as security.
    if (route.schema && !route.schema.hide) {
      const schema = route.schema as { description?: string; security?: unknown };
      const line = `Access: ${describeAccess(declared)}`;
      if (schema.description?.includes(line)) return;
      schema.description = schema.description ? `${schema.description}\n\n${line}` : line;
      // Public routes say so (`[]`): no session needed, whatever the document's default.
      schema.security = declared === 'public' ? [] : [{ sessionCookie: [] }];
    }
  });
}

/** The value of the cookie `name` in a Cookie header, or null. */
function cookieNamed(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

function hotelIdList(ids: HotelIds): number[] {
  if (ids === null || ids === undefined) return [];
  return (Array.isArray(ids) ? ids : [ids]).map(Number);
}

/**
 * The central authorisation of /api: every route's declared `access` and the session, checked
 * by one onRequest hook and one preHandler hook.
 *
 * 1. CSRF (every mutating /api call carrying cookies, except /api/auth/* which Better Auth
 *    checks itself): the Origin header must be a trusted origin; without Origin, the Referer's
 *    origin; without either, the `x-requested-with` header must be present (browsers cannot
 *    send it cross-site without a CORS preflight, which this API never grants).
 * 2. Session and role, before the body is read: no session → 401, wrong role → 403.
 * 3. After validation: the `account` rule, the `owner` rule, then the `hotel` rule for admins → 403.
 *
 * Registered at the application's level, after `sessionCache` and before any route (it checks
 * each as it is added).
 */
export const authorization: FastifyPluginAsync<{ auth: Auth; config: Config }> = async (
  app,
  { auth, config },
) => {
  const trusted = new Set(trustedOrigins(config));
  const sessionCookie = (await auth.$context).authCookies.sessionToken.name;
  app.decorateRequest('user', null);
  requireAccessDeclarations(app);

  function sameSite(request: FastifyRequest): boolean {
    const origin = request.headers.origin;
    if (origin) return trusted.has(origin);
    const referer = request.headers.referer;
    if (referer) {
      try {
        return trusted.has(new URL(referer).origin);
      } catch {
        return false;
      }
    }
    return Boolean(request.headers[CSRF_HEADER]);
  }

  app.addHook('onRequest', async (request, reply) => {
    const declared = request.routeOptions.config?.access;
    if (!declared) return;
    const url = request.routeOptions.url ?? '';
    if (
      MUTATING.has(request.method) &&
      request.headers.cookie &&
      !url.startsWith('/api/auth/') &&
      !sameSite(request)
    ) {
      throw new HttpError(403, GUARD_MESSAGES.crossSite, undefined, 'CROSS_SITE');
    }
    const rule = resolveAccess(declared);
    if (!rule) return;
    const user = await currentUser(request, reply);
    if (!user) throw new HttpError(401, GUARD_MESSAGES.signedOut, undefined, 'UNAUTHENTICATED');
    // With an `account` rule the decision waits for the parsed params (preHandler).
    if (rule.roles && !rule.roles.includes(user.rol) && !rule.account) {
      throw new HttpError(403, GUARD_MESSAGES.forbidden, undefined, 'FORBIDDEN');
    }
  });

  app.addHook('preHandler', async (request) => {
    const declared = request.routeOptions.config?.access;
    if (!declared) return;
    const rule = resolveAccess(declared);
    const user = request.user;
    if (!rule || !user) return;
    if (rule.account) {
      if (rule.account.policy(user, rule.account.resolve(request))) return;
      throw new HttpError(403, GUARD_MESSAGES.forbidden, undefined, 'FORBIDDEN');
    }
    if (rule.roles && !rule.roles.includes(user.rol)) {
      throw new HttpError(403, GUARD_MESSAGES.forbidden, undefined, 'FORBIDDEN');
    }
    if (rule.owner && rule.owner(request) !== user.id) {
      throw new HttpError(403, GUARD_MESSAGES.otherAccount, undefined, 'FORBIDDEN');
    }
    if (rule.hotel && user.rol === 'admin') {
      if (!canManageHotels(user, hotelIdList(await rule.hotel(request)))) {
        throw new HttpError(403, GUARD_MESSAGES.otherHotel, undefined, 'OTHER_HOTEL');
      }
    }
  });

  /**
   * The account of the request's session, or null; looked up once per request. Public routes
   * that want to know who is calling (without requiring it) call this.
   */
  async function currentUser(
    request: FastifyRequest,
    reply?: FastifyReply,
  ): Promise<SessionUser | null> {
    const memo = request as FastifyRequest & { [looked]?: true };
    if (memo[looked]) return request.user;
    memo[looked] = true;
    const header = request.headers.cookie;
    if (!header) return null;
    const read = async (): Promise<KnownSession<SessionUser> | null> => {
      const result = await auth.api.getSession({
        headers: toWebHeaders(request.headers),
        returnHeaders: true,
      });
      // A session refreshed on use comes with a renewed cookie.
      const cookies = result.headers?.getSetCookie() ?? [];
      if (reply && cookies.length > 0) reply.header('set-cookie', cookies);
      const found = result.response;
      if (!found) return null;
      const u = found.user as typeof found.user & { rol?: unknown; hotelId?: unknown };
      const rol = ROLES.includes(u.rol as Role) ? (u.rol as Role) : 'user';
      return {
        // Shared by the requests that find it kept: nobody may change it.
        user: Object.freeze({
          id: u.id,
          email: u.email,
          emailVerified: u.emailVerified,
          name: u.name,
          rol,
          hotelId: typeof u.hotelId === 'number' ? u.hotelId : null,
        }),
        token: found.session.token,
        expiresAt: new Date(found.session.expiresAt),
      };
    };
    // Kept by this process for a few seconds (plugins/session-cache.ts), else read.
    const cookieValue = cookieNamed(header, sessionCookie);
    request.user = cookieValue
      ? await app.sessions.account(cookieValue, read)
      : ((await read())?.user ?? null);
    return request.user;
  }

  app.decorate('currentUser', currentUser);
};
// Share the application's context (what fastify-plugin does): the hooks see every route.
Object.assign(authorization, { [Symbol.for('skip-override')]: true });
