import { authErrorBody } from '@devstay/shared/contracts/auth';
import { errorBody } from '@devstay/shared/contracts/common';
import type { FastifyDynamicSwaggerOptions, SwaggerTransform } from '@fastify/swagger';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Auth } from './modules/auth/auth.ts';
import { AUTH_TAG, sessionCookieScheme, withAuthDocs } from './modules/auth/openapi.ts';

/**
 * The OpenAPI document of /api (served at /api/docs/json, shown at /api/docs): built by
 * @fastify/swagger from each route's zod schemas, then completed here so that it passes
 * Redocly's recommended rules and swagger-cli's validation (app-openapi.test.ts runs both):
 * shared components for the error bodies, a description on every response, an operationId on
 * every operation, the session cookie where a route's `access` needs a session
 * (plugins/authorization.ts), Better Auth's endpoints merged (modules/auth/openapi.ts).
 */

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Documentation only: the request body of a route that reads it itself (a multipart
     * stream), as an OpenAPI schema. It is not validated; the route's handler checks it.
     */
    documentedBody?: Record<string, unknown>;
  }
}

/** Where an operation or a component schema is referenced from. */
const schemaRef = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/**
 * The zod schemas every route shares, documented once in components/schemas and referenced by
 * `$ref` wherever a route answers with them.
 */
const components = z.registry<{ id?: string; [key: string]: unknown }>();
const ERROR_SCHEMA = 'Error';
const AUTH_ERROR_SCHEMA = 'AuthError';
components.add(errorBody, { id: ERROR_SCHEMA });
components.add(authErrorBody, { id: AUTH_ERROR_SCHEMA });

/**
 * The tags of the document, in the order /api/docs lists them.
 * @internal
 */
export const TAGS = [
  { name: 'hotels', description: 'The hotel catalogue: search, filters, a hotel’s page.' },
  { name: 'rooms', description: 'The rooms of a hotel and their detail.' },
  {
    name: 'rates',
    description:
      "A room's nightly prices and its rate rules (seasons, weekdays; event-night premium).",
  },
  {
    name: 'channels',
    description:
      'A room’s calendar shared with other sales channels: its export feed, imported calendars, ' +
      'their conflicts and staff blocks, on the one ledger of nights.',
  },
  {
    name: 'reviews',
    description:
      'Guests’ reviews of hotels: one per guest and hotel; the superAdmin removes abuse.',
  },
  { name: 'services', description: 'Room and hotel services (fibre, standing desks, …).' },
  { name: 'events', description: 'The IT events hotels host.' },
  { name: 'locations', description: 'States, departments and cities, for the address pickers.' },
  { name: 'offers', description: 'Sign-ups for the hotel deals e-mail.' },
  {
    name: 'booking',
    description:
      'Cart pricing, checkout (rooms held while unpaid), card payment, bookings, cancellation ' +
      'and receipts.',
  },
  {
    name: 'content',
    description:
      'Staff screens: create and modify hotels, rooms, services, events and their pictures.',
  },
  { name: 'users', description: 'Accounts: the signed-in profile, the user and admin tables.' },
  { name: 'favorites', description: 'A guest’s favourite rooms: the heart and its list.' },
  {
    name: 'waitlist',
    description:
      'The waitlist of sold-out stays: join, leave, read; freed units offered first joined first.',
  },
  { name: 'auth', description: 'What the sign-in screens need to know besides Better Auth.' },
  { name: 'health', description: 'Liveness of the API process.' },
  {
    name: 'development',
    description: 'The development inbox of sent e-mails; absent when NODE_ENV is production.',
  },
];

/** What each status means across the API (errorBody's `code` says which case it is). */
const RESPONSE_DESCRIPTIONS: Record<string, string> = {
  '200': 'OK: the result, as described below.',
  '201': 'Created: what was stored, as described below.',
  '204': 'Done; no body.',
  '302': 'A redirect: the browser is sent on to the `Location` header.',
  '400':
    'Bad input: `VALIDATION_FAILED` (params, query or body broke the schema; `field` and ' +
    '`fields` name the inputs) or another refusal of the input (`BAD_REQUEST`).',
  '401': 'No session, or an expired one (`UNAUTHENTICATED`): sign in first.',
  '402': 'The card was declined (`PAYMENT_DECLINED`); the booking’s hold is released.',
  '403':
    'Not allowed: the account’s role does not permit it (`FORBIDDEN`), an admin reached for ' +
    'another hotel (`OTHER_HOTEL`), or a change came from another site (`CROSS_SITE`).',
  '404': 'Not found (`NOT_FOUND`): what the path or the body names does not exist.',
  '409':
    'Conflict with the data as it is (`CONFLICT`, or a more precise code such as `SOLD_OUT`, ' +
    '`PRICE_CHANGED` or `EMAIL_ALREADY_IN_USE`).',
  '413': 'Too large (`PAYLOAD_TOO_LARGE`): a file, or too many files.',
  '415': 'Unsupported media type (`UNSUPPORTED_MEDIA_TYPE`).',
  '422':
    'Well-formed, but the request cannot be applied as it stands (e.g. `HOLD_EXPIRED`, ' +
    '`IDEMPOTENCY_MISMATCH`, `AMOUNT_TOO_LARGE`, `TOO_MANY_GUESTS`, `BOOKING_NOT_CONFIRMED`).',
  '429': 'Too many requests (`RATE_LIMITED`, `HOLD_LIMIT`): wait the seconds of `Retry-After`.',
  '500': 'An unexpected failure of the server (`INTERNAL`); nothing is said about its cause.',
  '502':
    'The payment processor could not be reached (`PAYMENT_PROVIDER_UNAVAILABLE`); retrying ' +
    'with the same idempotency key is safe.',
  '503': 'Not applied now; deliver it again later.',
};

const describeStatus = (status: string) =>
  RESPONSE_DESCRIPTIONS[status] ??
  (status.startsWith('2') ? 'Success.' : 'An error, described by its `code`.');

type JsonSchema = Record<string, unknown>;

const zodTransform = createJsonSchemaTransform({ schemaRegistry: components });

/**
 * Per route: its zod schemas made JSON schemas (shared ones as `$ref`s), then a 400 where the
 * route validates any input, a description on every response, and the documented body.
 */
const routeTransform: SwaggerTransform = (input) => {
  const declared = input.schema;
  if (!declared || declared.hide) return zodTransform(input);
  const hasInput = Boolean(
    declared.body || declared.querystring || declared.params || declared.headers,
  );
  const response = { ...(declared.response as Record<string, unknown> | undefined) };
  // Every input goes through validation: a bad one is a 400 VALIDATION_FAILED.
  if (hasInput && !response['400']) response['400'] = errorBody;
  const { schema, url } = zodTransform({ ...input, schema: { ...declared, response } });
  const out = schema as JsonSchema & { response: Record<string, JsonSchema> };
  const produces = (declared.produces as string[] | undefined) ?? ['application/json'];

  const responses: Record<string, JsonSchema> = {};
  for (const [status, body] of Object.entries(out.response)) {
    const description = (body.description as string | undefined) ?? describeStatus(status);
    if ('content' in body) responses[status] = { ...body, description };
    // No body on a 204 (its schema only says so).
    else if (status === '204') responses[status] = { description, type: 'null' };
    else {
      // Errors are JSON whatever the route produces (lib/errors.ts).
      const types = Number(status) >= 400 ? ['application/json'] : produces;
      const content = Object.fromEntries(types.map((type) => [type, { schema: body }]));
      responses[status] = { description, content };
    }
  }
  if (!Object.keys(responses).some((status) => status.startsWith('2'))) {
    // A route that declares no reply schema (an HTML page): what it sends, without a schema.
    const content = Object.fromEntries(
      produces.map((type) => [type, { schema: { type: 'string' } }]),
    );
    responses['200'] = { description: describeStatus('200'), content };
  }
  out.response = responses;

  if (declared.documentedBody) {
    out.body = declared.documentedBody;
    delete out.documentedBody;
  }
  return { schema: out, url };
};

type Operation = { operationId?: string } & Record<string, unknown>;

type OpenApiDoc = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
  tags?: { name: string; description?: string }[];
} & Record<string, unknown>;

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * The operationId of an operation that declares none: its method and path, camel-cased
 * (`GET /api/hotels/{id}` → `getHotelsById`). Stable as long as the route's path is.
 * @internal
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      const parts = (param ? `by-${param[1]}` : segment).split(/[^A-Za-z0-9]+/).filter(Boolean);
      return parts;
    });
  return (
    method.toLowerCase() + words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join('')
  );
}

/** Every `$ref` target under `value`. */
function referencedSchemas(value: unknown, found: Set<string>) {
  if (Array.isArray(value)) {
    for (const item of value) referencedSchemas(item, found);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') {
        found.add(item.replace('#/components/schemas/', ''));
      } else referencedSchemas(item, found);
    }
  }
}

/** The last pass over the whole document: operationIds, and no component left unused. */
function finishDocument(doc: OpenApiDoc): OpenApiDoc {
  const taken = new Set<string>();
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!METHODS.has(method)) continue;
      if (!operation.operationId || taken.has(operation.operationId)) {
        operation.operationId = operationIdOf(method, path);
      }
      taken.add(operation.operationId);
    }
  }

  // Components reachable from the paths (the input copies zod makes of each shared schema, and
  // Better Auth's tables no endpoint returns, are not).
  const schemas = doc.components.schemas ?? {};
  const used = new Set<string>();
  referencedSchemas(doc.paths, used);
  for (let grown = true; grown; ) {
    const before = used.size;
    for (const id of [...used]) referencedSchemas(schemas[id], used);
    grown = used.size > before;
  }
  doc.components.schemas = Object.fromEntries(
    Object.entries(schemas).filter(([id]) => used.has(id)),
  );
  return doc;
}

/** The options of @fastify/swagger for the app. */
export async function swaggerOptions(auth: Auth): Promise<FastifyDynamicSwaggerOptions> {
  const zodComponents = createJsonSchemaTransformObject({ schemaRegistry: components });
  const mergeAuth = await withAuthDocs(auth, { error: schemaRef(AUTH_ERROR_SCHEMA) });
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'DevStay API',
        description: 'Hotels, rooms and IT events for software developers.',
        version: '1.0.0',
      },
      // Relative: the origin the document is read from (PUBLIC_URL, or a loopback name).
      servers: [{ url: '/', description: 'The DevStay server serving this document' }],
      tags: [...TAGS, { name: AUTH_TAG.name, description: AUTH_TAG.description }],
      components: { securitySchemes: { sessionCookie: sessionCookieScheme } },
    },
    transform: routeTransform,
    transformObject: (document) => {
      if (!('openapiObject' in document)) return document.swaggerObject;
      const doc = zodComponents(document) as OpenApiDoc;
      return finishDocument(mergeAuth(doc)) as ReturnType<
        NonNullable<FastifyDynamicSwaggerOptions['transformObject']>
      >;
    },
  };
}
