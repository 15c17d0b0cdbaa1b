import { type AuthProviders, authProviders } from '@devstay/shared/contracts/auth';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { toWebHeaders } from '../../lib/http.ts';
import { assertJsonDepth } from '../../lib/json-body.ts';
import type { Auth } from './auth.ts';
import { OIDC_PROVIDER_ID } from './auth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
  }
}

/** Hop-by-hop and recomputed headers are not forwarded to Better Auth. */
const DROPPED = [
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'x-forwarded-for',
];

/**
 * Better Auth under /api/auth/*: the request is handed over as a Web Request with its raw body,
 * the client's address (per TRUST_PROXY) in x-forwarded-for for the rate limits; the Web
 * Response comes back with every Set-Cookie intact.
 */
const betterAuthHandler: FastifyPluginAsync = async (app) => {
  // Better Auth reads the body itself (JSON or form): keep it raw here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  async function forward(request: FastifyRequest, reply: FastifyReply) {
    const headers = toWebHeaders(request.headers);
    for (const name of DROPPED) headers.delete(name);
    headers.set('x-forwarded-for', request.ip);
    const url = new URL(request.url, app.config.PUBLIC_URL);
    const body =
      request.body instanceof Buffer && request.body.length > 0 ? request.body : undefined;
    // The depth rule of every other JSON route (lib/json-body.ts): Better Auth would overflow.
    if (body && /json/i.test(request.headers['content-type'] ?? '')) {
      assertJsonDepth(body.toString('utf8'));
    }
    const response = await app.auth.handler(
      new Request(url, {
        method: request.method,
        headers,
        body: body ? new Uint8Array(body) : undefined,
      }),
    );
    reply.status(response.status);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    // A call that may have ended sessions or changed an account (sign-out, revocations, a
    // password reset or change, a profile or e-mail verification) answers once every process
    // has dropped what it kept of them: the next request, wherever it goes, reads afresh.
    if (
      response.status < 400 &&
      (request.method !== 'GET' || url.pathname.endsWith('/verify-email'))
    ) {
      await app.changeNotices.settle();
    }
    // Identity answers are personal: never cached by a browser or proxy.
    reply.header('cache-control', 'no-store');
    return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
  }

  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    config: { access: 'public' },
    schema: { hide: true },
    handler: forward,
  });
};

/** Identity: Better Auth's endpoints and what the web needs to know about them. */
export const authRoutes: FastifyPluginAsync = async (app) => {
  await app.register(betterAuthHandler);

  const providers: AuthProviders = {
    emailPassword: true,
    providers: [
      ...(app.config.GOOGLE_CLIENT_ID && app.config.GOOGLE_CLIENT_SECRET
        ? [{ id: 'google', name: 'Google', kind: 'google' as const }]
        : []),
      ...(app.config.OIDC_ISSUER_URL && app.config.OIDC_CLIENT_ID
        ? [{ id: OIDC_PROVIDER_ID, name: app.config.OIDC_PROVIDER_NAME, kind: 'oidc' as const }]
        : []),
    ],
  };

  app.withTypeProvider<ZodTypeProvider>().get(
    '/auth-providers',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign-in methods this server offers',
        description:
          'The web hides "Continue with Google" unless `google` is listed. Start a listed provider ' +
          'with POST /api/auth/sign-in/social `{ "provider": id, "callbackURL": "/home", ' +
          '"errorCallbackURL": "/login" }` and send the browser to the returned `url`.',
        response: { 200: authProviders },
      },
    },
    async () => providers,
  );
};
