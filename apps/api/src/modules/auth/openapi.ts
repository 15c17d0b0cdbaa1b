import type { Auth } from './auth.ts';
import { COOKIE_PREFIX, DISABLED_PATHS } from './auth.ts';

type OpenApiDoc = {
  paths?: Record<string, Record<string, { tags?: string[] } & Record<string, unknown>>>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
  tags?: { name: string; description?: string }[];
} & Record<string, unknown>;

const AUTH_TAG = 'auth (Better Auth)';

/** The session cookie as an OpenAPI security scheme; every non-public route lists it. */
export const sessionCookieScheme = {
  type: 'apiKey' as const,
  in: 'cookie' as const,
  name: `${COOKIE_PREFIX}.session_token`,
  description:
    'The HttpOnly session cookie set by /api/auth/sign-in/* and /api/auth/sign-up/email ' +
    '(named `__Secure-devstay.session_token` over https).',
};

/**
 * Our /api/docs describes Better Auth's endpoints too: its generated OpenAPI description (paths
 * under /api/auth, its schemas) is merged into ours, and its tag.
 */
export async function withAuthDocs(auth: Auth) {
  const generated = (await auth.api.generateOpenAPISchema()) as unknown as OpenApiDoc;
  return (document: { openapiObject: object } | { swaggerObject: object }) => {
    if (!('openapiObject' in document)) return document.swaggerObject;
    const doc = document.openapiObject as OpenApiDoc;
    doc.paths ??= {};
    for (const [path, operations] of Object.entries(generated.paths ?? {})) {
      if (path.startsWith('/open-api') || DISABLED_PATHS.includes(path.replace(/\{\w+\}/g, '')))
        continue;
      const merged: Record<string, { tags?: string[] } & Record<string, unknown>> = {};
      for (const [method, operation] of Object.entries(operations)) {
        const { security, ...rest } = operation as { security?: unknown } & typeof operation;
        merged[method] = {
          ...rest,
          tags: [AUTH_TAG],
          // Sessions travel in the cookie here, not in a bearer header.
          ...(security ? { security: [{ sessionCookie: [] }] } : {}),
        };
      }
      doc.paths[`/api/auth${path}`] = merged;
    }
    doc.components ??= {};
    doc.components.schemas = {
      ...(generated.components?.schemas ?? {}),
      ...(doc.components.schemas ?? {}),
    };
    doc.tags = [
      ...(doc.tags ?? []),
      {
        name: AUTH_TAG,
        description:
          'Sign-up, sign-in, sign-out, sessions, e-mail verification, password reset and social ' +
          'sign-in, served by Better Auth. Errors are `{ code, message, field? }`; see docs/auth.md.',
      },
    ];
    return doc;
  };
}
