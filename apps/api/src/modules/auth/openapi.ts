import type { Auth } from './auth.ts';
import { COOKIE_PREFIX, DISABLED_PATHS } from './auth.ts';

type Schema = Record<string, unknown>;
type Operation = { tags?: string[]; responses?: Record<string, Schema> } & Record<string, unknown>;
type OpenApiDoc = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
} & Record<string, unknown>;

export const AUTH_TAG = {
  name: 'auth (Better Auth)',
  description:
    'Sign-up, sign-in, sign-out, sessions, e-mail verification, password reset and social ' +
    'sign-in, served by Better Auth. Errors are `{ code, message, field? }` (429: `{ message }` ' +
    'and `X-Retry-After`); see docs/auth.md.',
};

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
 * Better Auth's endpoints that answer 401 UNAUTHORIZED without a session (app-openapi.test.ts
 * calls each); every other one is public: sign-up, sign-in, sign-out, get-session (null for a
 * visitor), e-mail verification, password reset, social sign-in and its callback.
 * @internal
 */
export const SESSION_PATHS: readonly string[] = [
  '/update-user',
  '/change-password',
  '/verify-password',
  '/update-session',
  '/list-sessions',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  '/link-social',
  '/list-accounts',
  '/unlink-account',
  '/refresh-token',
  '/get-access-token',
  '/account-info',
];

/**
 * Operations Better Auth describes but does not answer as configured: POST /get-session is 405
 * without its `deferSessionRefresh` option (which DevStay leaves off: the web reads the
 * session with GET). The document lists what the server answers (app-openapi.test.ts calls
 * every operation).
 */
const UNANSWERED = new Set(['post /get-session']);

/** Summaries of the operations Better Auth describes without a text of their own. */
const SUMMARIES: Record<string, string> = {
  'get /callback/{id}': 'Where a social provider sends the browser back after sign-in',
  'post /callback/{id}': 'Where a social provider posts back after sign-in (form_post)',
};

/** Better Auth's rate limiter answers 429 with this body alone (no `code`). */
const RATE_LIMITED_SCHEMA = 'AuthRateLimited';
const rateLimited = {
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
};

const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf'];

/**
 * One schema of Better Auth's description (JSON Schema 2020-12 in places) as OpenAPI 3.0 has
 * it: `type: [t, 'null']` → `type: t, nullable: true`; `const` → a one-value `enum`; no
 * `propertyNames`; nothing beside a `$ref`.
 */
function toOpenApi30(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const source = schema as Schema;
  if (typeof source.$ref === 'string') return { $ref: source.$ref };
  const out: Schema = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === 'propertyNames' || key === '$schema' || key === '$id') continue;
    if (key === 'type' && Array.isArray(value)) {
      const types = value.filter((t) => t !== 'null');
      if (types.length < value.length) out.nullable = true;
      if (types.length === 1) out.type = types[0];
      else if (types.length > 1) out.anyOf = types.map((type) => ({ type }));
    } else if (key === 'const') out.enum = [value];
    else if (key === 'examples' && Array.isArray(value)) out.example = value[0];
    else if (key === 'properties' && value && typeof value === 'object') {
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, property]) => [name, toOpenApi30(property)]),
      );
    } else if (key === 'items' || key === 'additionalProperties' || key === 'not') {
      out[key] = toOpenApi30(value);
    } else if (SCHEMA_LISTS.includes(key) && Array.isArray(value)) {
      out[key] = value.map(toOpenApi30);
    } else out[key] = value;
  }
  return out;
}

/** The schemas of one media-type map, made OpenAPI 3.0. */
function contentOf(content: unknown): Record<string, Schema> | undefined {
  if (!content || typeof content !== 'object') return undefined;
  return Object.fromEntries(
    Object.entries(content as Record<string, Schema>).map(([type, media]) => [
      type,
      { ...media, ...(media.schema ? { schema: toOpenApi30(media.schema) } : {}) },
    ]),
  );
}

/**
 * Our /api/docs describes Better Auth's endpoints too: its generated OpenAPI description (paths
 * under /api/auth, its schemas) is merged into ours, made OpenAPI 3.0, with its tag; each
 * operation needs the session cookie when SESSION_PATHS says so and is public otherwise; its
 * errors reference `error` (the `{ code, message, field? }` component).
 */
export async function withAuthDocs(auth: Auth, { error }: { error: { $ref: string } }) {
  const generated = (await auth.api.generateOpenAPISchema()) as unknown as Partial<OpenApiDoc>;
  return (doc: OpenApiDoc): OpenApiDoc => {
    const rateLimitedRef = { $ref: `#/components/schemas/${RATE_LIMITED_SCHEMA}` };
    for (const [path, operations] of Object.entries(generated.paths ?? {})) {
      const bare = path.replace(/\{\w+\}/g, '');
      if (path.startsWith('/open-api') || DISABLED_PATHS.includes(bare)) continue;
      const merged: Record<string, Operation> = {};
      for (const [method, operation] of Object.entries(operations)) {
        if (UNANSWERED.has(`${method} ${path}`)) continue;
        const { security: _bearer, requestBody, parameters, responses, ...rest } = operation;
        const summary =
          (rest.summary as string | undefined) ??
          SUMMARIES[`${method} ${path}`] ??
          (rest.description as string | undefined);
        const documented: Record<string, Schema> = {};
        for (const [status, response] of Object.entries(responses ?? {})) {
          if (Number(status) < 400) {
            documented[status] = { ...response, content: contentOf(response.content) };
            if (!response.content) delete documented[status].content;
            continue;
          }
          const limited = status === '429';
          documented[status] = {
            description: response.description ?? status,
            ...(limited
              ? {
                  headers: {
                    'X-Retry-After': {
                      description: 'Seconds to wait before trying again.',
                      schema: { type: 'integer' },
                    },
                  },
                }
              : {}),
            content: { 'application/json': { schema: limited ? rateLimitedRef : error } },
          };
        }
        if (!Object.keys(documented).some((status) => /^[23]/.test(status))) {
          documented['302'] = {
            description: 'A redirect: the browser is sent on to the `Location` header.',
          };
        }
        merged[method] = {
          ...rest,
          ...(summary ? { summary } : {}),
          tags: [AUTH_TAG.name],
          ...(parameters
            ? {
                parameters: (parameters as Schema[]).map((p) => ({
                  ...p,
                  ...(p.schema ? { schema: toOpenApi30(p.schema) } : {}),
                })),
              }
            : {}),
          ...(requestBody
            ? {
                requestBody: {
                  ...(requestBody as Schema),
                  content: contentOf((requestBody as Schema).content),
                },
              }
            : {}),
          responses: documented,
          // Sessions travel in the cookie here, not in a bearer header.
          security: SESSION_PATHS.includes(path) ? [{ sessionCookie: [] }] : [],
        };
      }
      doc.paths[`/api/auth${path}`] = merged;
    }
    doc.components.schemas = {
      ...Object.fromEntries(
        Object.entries(generated.components?.schemas ?? {}).map(([id, schema]) => [
          id,
          toOpenApi30(schema),
        ]),
      ),
      [RATE_LIMITED_SCHEMA]: rateLimited,
      ...(doc.components.schemas ?? {}),
    };
    return doc;
  };
}
