import { PASSWORD_MIN } from '@devstay/shared/constants';
import { AUTH_ERRORS, type AuthErrorCode } from '@devstay/shared/contracts/auth';
import { findNul, NUL_MESSAGE } from '@devstay/shared/contracts/common';
import { profileFields } from '@devstay/shared/contracts/users';
import { paths } from '@devstay/shared/paths';
import { sameSitePath } from '@devstay/shared/return-path';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { genericOAuth, openAPI } from 'better-auth/plugins';
import { z } from 'zod';
import { type Config, trustedOrigins } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { accounts, rateLimits, sessions, users, verifications } from '../../db/schema.ts';
import { siteUrl } from '../../lib/site-links.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { resetPasswordMail, verificationMail } from './mails.ts';

/** Id of the generic OpenID Connect provider (callback: /api/auth/callback/oidc). */
export const OIDC_PROVIDER_ID = 'oidc';
/** Better Auth endpoints DevStay does not offer. */
export const DISABLED_PATHS = ['/delete-user', '/delete-user/callback', '/change-email'];
/** Session cookie prefix: cookies are `devstay.session_token` (`__Secure-…` over https). */
export const COOKIE_PREFIX = 'devstay';

interface AuthLog {
  debug(msg: string): void;
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

/** Better Auth configured for DevStay; see docs/auth.md for what it does and what we add. */
export function createAuth({ config, db, log }: { config: Config; db: Db; log?: AuthLog }) {
  const site = new URL(config.PUBLIC_URL);
  const google =
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? { clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET }
      : undefined;
  const oidc =
    config.OIDC_ISSUER_URL && config.OIDC_CLIENT_ID
      ? {
          providerId: OIDC_PROVIDER_ID,
          name: config.OIDC_PROVIDER_NAME,
          discoveryUrl: `${config.OIDC_ISSUER_URL.replace(/\/$/, '')}/.well-known/openid-configuration`,
          clientId: config.OIDC_CLIENT_ID,
          clientSecret: config.OIDC_CLIENT_SECRET,
          scopes: ['openid', 'email', 'profile'],
          pkce: true,
        }
      : undefined;

  return betterAuth({
    appName: 'DevStay',
    baseURL: site.origin,
    basePath: '/api/auth',
    secret: config.AUTH_SECRET,
    trustedOrigins: trustedOrigins(config),
    telemetry: { enabled: false },
    // Accounts are deleted by the superAdmin (DELETE /api/users/{id}); e-mails do not change.
    disabledPaths: DISABLED_PATHS,
    // Its messages go to the application's logger (JSON lines, client text bounded: lib/log.ts).
    // An error thrown by an endpoint is not logged by it but thrown: an APIError becomes its
    // answer, anything else reaches the application's error handler. Left to itself it would
    // print the error's message (a client's header or query text) raw on the console.
    onAPIError: { throw: true },
    logger: {
      level: 'warn',
      log: (level, message) => {
        if (!log) return;
        if (level === 'error') log.error(message);
        else if (level === 'warn') log.warn(message);
        else log.debug(message);
      },
    },
    database: drizzleAdapter(db, {
      provider: 'pg',
      usePlural: true,
      transaction: true,
      schema: { users, sessions, accounts, verifications, rateLimits },
    }),

    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: 128,
      // Registration signs the person in and goes to /home (product §4); the e-mail is verified later.
      autoSignIn: true,
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: 3600,
      revokeSessionsOnPasswordReset: true,
      // Hashing: Better Auth's default, scrypt (N=16384, r=16, p=1: 32 MiB per hash), kept on purpose.
      async sendResetPassword({ user, token }) {
        const url = `${siteUrl(site.origin, paths.resetPassword)}?token=${encodeURIComponent(token)}`;
        await enqueueMail(db, resetPasswordMail(user.email, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: 24 * 3600,
      async sendVerificationEmail({ user, url }) {
        await enqueueMail(db, verificationMail(user.email, url));
      },
    },

    user: {
      // Ours, never the client's: `input: false` makes Better Auth refuse them on sign-up and
      // update-user; only our users API (superAdmin) changes a hotel, nothing changes a role.
      additionalFields: {
        rol: { type: 'string', input: false, required: false, defaultValue: 'user' },
        hotelId: { type: 'number', input: false, required: false },
      },
    },
    session: {
      expiresIn: 7 * 24 * 3600,
      updateAge: 24 * 3600,
    },
    verification: {
      // Reset and verification tokens are stored hashed: a database leak does not leak them.
      storeIdentifier: 'hashed',
    },

    socialProviders: google ? { google: { ...google, prompt: 'select_account' } } : {},
    plugins: [
      ...(oidc ? [genericOAuth({ config: [oidc] })] : []),
      // Its generated description joins /api/docs; its own reference page stays off.
      openAPI({ disableDefaultReference: true }),
    ],

    rateLimit: {
      enabled: config.AUTH_RATE_LIMIT,
      storage: 'database',
      window: 60,
      max: 200,
      customRules: {
        '/sign-in/*': { window: 60, max: 10 },
        '/sign-up/*': { window: 60, max: 5 },
        '/request-password-reset': { window: 300, max: 3 },
        '/reset-password': { window: 300, max: 10 },
        '/send-verification-email': { window: 300, max: 3 },
        '/get-session': false,
      },
    },

    databaseHooks: {
      user: {
        create: {
          // Whoever signs up (form, Google, OIDC) is a user with no hotel.
          async before(user) {
            return { data: { ...user, rol: 'user', hotelId: null } };
          },
        },
        update: {
          // Belt and braces: no Better Auth endpoint may touch the role or the hotel.
          async before(data) {
            const { rol: _rol, hotelId: _hotelId, ...rest } = data as Record<string, unknown>;
            return { data: rest };
          },
        },
      },
    },

    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const profile = checkInput(ctx.path, ctx.body, ctx.query);
        const query = isObject(ctx.query) ? readInput(ctx.path, ctx.query) : undefined;
        let body = isObject(ctx.body) ? readInput(ctx.path, ctx.body) : undefined;
        if (isObject(ctx.body)) {
          // The register form sends only e-mail and password: the display name starts empty.
          if (ctx.path === '/sign-up/email') {
            body = { ...(body ?? ctx.body), name: profile?.name ?? '' };
          } else if (profile) {
            body = { ...(body ?? ctx.body), ...profile };
          }
          // A new password ends every other session of the account, whatever the caller asked:
          // whoever knew the old one is signed out everywhere.
          if (ctx.path === '/change-password') {
            body = { ...(body ?? ctx.body), revokeOtherSessions: true };
          }
        }
        return { context: { ...(body && { body }), ...(query && { query }) } };
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        if (!isAPIError(returned)) return;
        const mapped = await productError(ctx.path, returned, ctx.body, site.origin, (email) =>
          ctx.context.internalAdapter.findUserByEmail(email),
        );
        if (mapped) throw mapped;
      }),
    },

    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: site.protocol === 'https:',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // Explicit: Better Auth would skip its origin checks when NODE_ENV is 'test'.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      // The Fastify route puts the client address (per TRUST_PROXY) in this header.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      // A session is read with its account in one query (schema.ts declares the relations):
      // every signed-in request makes that read, so it is one round trip, not two.
      database: { joins: true },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * The profile rules of the users API (shared `profileFields`) for the two Better Auth calls
 * that write a profile: its `name` is our display name, its `image` our photo.
 */
const profileWrites = z.object({
  name: profileFields.shape.displayName.optional(),
  image: profileFields.shape.photoURL.optional(),
});
const PROFILE_WRITES = new Set(['/sign-up/email', '/update-user']);

/**
 * The input rules of every other route, for /api/auth/*: no NUL anywhere; the profile rules
 * on profile writes, whose checked (trimmed) fields it returns.
 */
function checkInput(path: string, body: unknown, query: unknown) {
  for (const [part, value] of [
    ['body', body],
    ['query', query],
  ] as const) {
    const at = findNul(value);
    if (at) {
      const field = at.join('.') || part;
      throw new APIError('BAD_REQUEST', {
        code: 'INVALID_INPUT',
        message: `${field}: ${NUL_MESSAGE}`,
        field,
      });
    }
  }
  if (PROFILE_WRITES.has(path) && isObject(body)) {
    const checked = profileWrites.safeParse({ name: body.name, image: body.image ?? undefined });
    const issue = checked.error?.issues[0];
    if (issue) {
      const field = String(issue.path[0] ?? 'body');
      throw new APIError('BAD_REQUEST', { code: 'INVALID_INPUT', message: issue.message, field });
    }
    const { name, image } = checked.data ?? {};
    return {
      ...(name === undefined ? {} : { name }),
      ...(image === undefined ? {} : { image: image || null }),
    };
  }
  return undefined;
}

/** The fields of Better Auth's calls that name where to send the browser back. */
const RETURN_ADDRESSES = ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL', 'redirectTo'];

/** A full address (`https://…`): Better Auth accepts only those of trustedOrigins. */
const FULL_ADDRESS = /^[a-z][a-z\d+.-]*:/i;

/**
 * What a provider may say went wrong when it sends the browser back (RFC 6749 §4.1.2.1,
 * OpenID Connect Core §3.1.2.6). Any other `error` is passed on as `unknown_error`.
 */
const PROVIDER_ERRORS = new Set([
  'invalid_request',
  'unauthorized_client',
  'access_denied',
  'unsupported_response_type',
  'invalid_scope',
  'server_error',
  'temporarily_unavailable',
  'interaction_required',
  'login_required',
  'account_selection_required',
  'consent_required',
  'invalid_request_uri',
  'invalid_request_object',
  'request_not_supported',
  'request_uri_not_supported',
  'registration_not_supported',
]);

/**
 * The longest value a provider's callback may carry (a code, a state, an issuer): the callback
 * sends them on in a redirect's address, and an address must stay small enough for any proxy.
 */
const CALLBACK_VALUE_MAX = 2048;

/**
 * A body or query of an identity call, with what it may not carry as sent:
 * - a return address that is a path is the path on this site it leads to (the shared
 *   `sameSitePath`, as the login page reads its `next`); one leading elsewhere is refused;
 * - a provider's callback passes on its `error` only from PROVIDER_ERRORS and never its
 *   `error_description` (which would come back in the redirect's address, at any length), and
 *   refuses a value longer than CALLBACK_VALUE_MAX.
 * Undefined when nothing changes. (A field is emptied rather than removed: Better Auth merges
 * what a hook returns over the request's own input.)
 */
function readInput(path: string, input: Record<string, unknown>) {
  let changed: Record<string, unknown> | undefined;
  const set = (name: string, value: unknown) => {
    if (input[name] === value) return;
    changed ??= { ...input };
    changed[name] = value;
  };
  for (const name of RETURN_ADDRESSES) {
    const address = input[name];
    if (typeof address !== 'string' || FULL_ADDRESS.test(address.trim())) continue;
    const onSite = sameSitePath(address);
    if (onSite === null) {
      throw new APIError('BAD_REQUEST', {
        code: 'INVALID_INPUT',
        message: `${name}: must be an address of this site`,
        field: name,
      });
    }
    set(name, onSite);
  }
  if (path === '/callback/:id') {
    for (const [name, value] of Object.entries(input)) {
      if (typeof value !== 'string') continue;
      if (name === 'error_description') set(name, '');
      else if (name === 'error') set(name, PROVIDER_ERRORS.has(value) ? value : 'unknown_error');
      else if (value.length > CALLBACK_VALUE_MAX) {
        throw new APIError('BAD_REQUEST', {
          code: 'INVALID_INPUT',
          message: `${name}: must be ${CALLBACK_VALUE_MAX} characters at most`,
          field: name,
        });
      }
    }
  }
  return changed;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function authError(
  code: AuthErrorCode,
  status: 'BAD_REQUEST' | 'UNAUTHORIZED' | 'UNPROCESSABLE_ENTITY',
  field: string,
) {
  return new APIError(status, { code, message: AUTH_ERRORS[code], field });
}

/**
 * Better Auth's errors → the product's exact texts (§8) for the calls the web shows them for.
 * The status stays Better Auth's. Sign-in tells an unknown e-mail from a wrong password, as the
 * product §8 requires (docs/auth.md: the enumeration trade-off and what limits it).
 */
async function productError(
  path: string,
  error: APIError,
  body: unknown,
  site: string,
  findUserByEmail: (email: string) => Promise<unknown>,
): Promise<APIError | undefined> {
  const code = isObject(error.body) ? error.body.code : undefined;
  // The page was opened at an address this server does not serve: say where it does.
  if (code === 'INVALID_ORIGIN') {
    return new APIError('FORBIDDEN', {
      code,
      message: `This page is not open at DevStay's address. Open ${site} and try again.`,
    });
  }
  const message =
    isObject(error.body) && typeof error.body.message === 'string' ? error.body.message : '';
  // Body validation errors read "[body.<field>] …".
  const invalid = code === 'VALIDATION_ERROR' ? /\[body\.(\w+)\]/.exec(message)?.[1] : undefined;
  const input = isObject(body) ? body : {};
  const email = typeof input.email === 'string' ? input.email.trim().toLowerCase() : '';

  if (path === '/sign-in/email') {
    if (code === 'INVALID_EMAIL' || invalid === 'email')
      return authError('EMAIL_INVALID', 'BAD_REQUEST', 'email');
    if (code === 'INVALID_EMAIL_OR_PASSWORD') {
      return (await findUserByEmail(email))
        ? authError('WRONG_PASSWORD', 'UNAUTHORIZED', 'password')
        : authError('USER_NOT_FOUND', 'UNAUTHORIZED', 'email');
    }
  }
  if (path === '/sign-up/email') {
    if (code === 'USER_ALREADY_EXISTS' || code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
      return authError('EMAIL_ALREADY_IN_USE', 'UNPROCESSABLE_ENTITY', 'email');
    }
    if (code === 'INVALID_EMAIL' || invalid === 'email')
      return authError('EMAIL_INVALID', 'BAD_REQUEST', 'email');
    if (code === 'PASSWORD_TOO_SHORT' || code === 'INVALID_PASSWORD' || invalid === 'password') {
      return authError('WEAK_PASSWORD', 'BAD_REQUEST', 'password');
    }
  }
  if (path === '/reset-password' && (code === 'PASSWORD_TOO_SHORT' || invalid === 'newPassword')) {
    return authError('WEAK_PASSWORD', 'BAD_REQUEST', 'newPassword');
  }
  if (path === '/request-password-reset' && invalid === 'email') {
    return authError('EMAIL_INVALID', 'BAD_REQUEST', 'email');
  }
  return undefined;
}
