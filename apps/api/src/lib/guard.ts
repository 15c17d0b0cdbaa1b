import type { IncomingHttpHeaders } from 'node:http';
import { ROLES, type Role } from '@devstay/shared/constants';
import { CSRF_HEADER } from '@devstay/shared/contracts/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Config, trustedOrigins } from '../config.ts';
import type { Auth } from '../modules/auth/auth.ts';
import { type HotelIds, resolveAccess } from './access.ts';
import { HttpError } from './errors.ts';

/** The signed-in account as every guarded handler sees it (`request.user`). */
export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  /** Display name. */
  name: string;
  rol: Role;
  /** The hotel an admin runs. */
  hotelId: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the guard on every non-public route; null on public ones (see `currentUser`). */
    user: SessionUser | null;
  }
}

export const MESSAGES = {
  signedOut: 'You must log in',
  forbidden: 'Unauthorized entry',
  otherHotel: 'Unauthorized entry: this belongs to another hotel',
  crossSite: 'Cross-site request refused',
} as const;

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const looked = Symbol('sessionLooked');

export function toWebHeaders(headers: IncomingHttpHeaders): Headers {
  const out = new Headers();
  for (const [key, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) out.append(key, v);
    else out.set(key, String(value));
  }
  return out;
}

/**
 * The central authorisation of /api: one onRequest hook and one preHandler hook read each
 * route's declared `access` (lib/access.ts) and the session.
 *
 * 1. CSRF (every mutating /api call carrying cookies, except /api/auth/* which Better Auth
 *    checks itself): the Origin header must be a trusted origin; without Origin, the Referer's
 *    origin; without either, the `x-requested-with` header must be present (browsers cannot
 *    send it cross-site without a CORS preflight, which this API never grants).
 * 2. Session and role, before the body is read: no session → 401, wrong role → 403.
 * 3. After validation: the `self` rule, then the `hotel` rule for admins → 403.
 */
export function registerGuard(
  app: FastifyInstance,
  { auth, config }: { auth: Auth; config: Config },
) {
  const trusted = new Set(trustedOrigins(config));
  app.decorateRequest('user', null);

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
    const access = request.routeOptions.config?.access;
    if (!access) return;
    const url = request.routeOptions.url ?? '';
    if (
      MUTATING.has(request.method) &&
      request.headers.cookie &&
      !url.startsWith('/api/auth/') &&
      !sameSite(request)
    ) {
      throw new HttpError(403, MESSAGES.crossSite);
    }
    const rule = resolveAccess(access);
    if (!rule) return;
    const user = await currentUser(request, reply);
    if (!user) throw new HttpError(401, MESSAGES.signedOut);
    // With a `self` rule the decision waits for the parsed params (preHandler).
    if (rule.roles && !rule.roles.includes(user.rol) && !rule.self) {
      throw new HttpError(403, MESSAGES.forbidden);
    }
  });

  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    const rule = resolveAccess(access);
    const user = request.user;
    if (!rule || !user) return;
    if (rule.self && rule.self(request) === user.id) return;
    if (rule.roles && !rule.roles.includes(user.rol)) throw new HttpError(403, MESSAGES.forbidden);
    if (rule.hotel && user.rol === 'admin') {
      const ids = normalise(await rule.hotel(request));
      if (ids.length === 0 || user.hotelId === null || ids.some((id) => id !== user.hotelId)) {
        throw new HttpError(403, MESSAGES.otherHotel);
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
    if (!request.headers.cookie) return null;
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
    request.user = {
      id: u.id,
      email: u.email,
      emailVerified: u.emailVerified,
      name: u.name,
      rol,
      hotelId: typeof u.hotelId === 'number' ? u.hotelId : null,
    };
    return request.user;
  }

  app.decorate('currentUser', currentUser);
}

function normalise(ids: HotelIds): number[] {
  if (ids === null || ids === undefined) return [];
  return (Array.isArray(ids) ? ids : [ids]).map(Number);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Who is calling, on any route (null for visitors). */
    currentUser(request: FastifyRequest, reply?: FastifyReply): Promise<SessionUser | null>;
  }
}
