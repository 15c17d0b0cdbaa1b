import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, constants, gzipSync, zstdCompressSync } from 'node:zlib';
import { errorBody } from '@devstay/shared/contracts/common';
import { TOTAL_COUNT_HEADER, TOTAL_COUNT_LOWER_BOUND_HEADER } from '@devstay/shared/http';
import etag from '@fastify/etag';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { BUFFER_BYTES, ENTRY_BYTES, ownBytes, textBytes } from './held-bytes.ts';
import { ReadCache } from './read-cache.ts';

/**
 * Catalogue reads may be stored by browsers and shared caches but are revalidated before each
 * use: the ETag makes an unchanged answer a body-less 304, served from the read cache, and an
 * admin who just changed a hotel sees the change at once (a max-age would show the old one).
 */
const CATALOGUE_CACHE_CONTROL = 'public, no-cache';

/**
 * Registered by a module that serves public reads (the catalogue's): its GET answers carry a
 * weak ETag and CATALOGUE_CACHE_CONTROL unless a route set its own, so a client or proxy
 * revalidating an unchanged answer gets a body-less 304. Applies to the registering module only.
 */
export const revalidatedReads: FastifyPluginAsync = async (app) => {
  await app.register(etag, { weak: true });
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      (reply.statusCode === 200 || reply.statusCode === 304) &&
      !reply.hasHeader('cache-control')
    ) {
      reply.header('cache-control', CATALOGUE_CACHE_CONTROL);
    }
    // A 304 has no body, and no length: the ETag plugin's empty payload would be sent as
    // `Content-Length: 0`, a length the answer does not have (RFC 9110 §8.6).
    if (reply.statusCode === 304) return null;
    return payload;
  });
};
// Hooks land in the registering module's context (what fastify-plugin does), not a child's.
Object.assign(revalidatedReads, { [Symbol.for('skip-override')]: true });

/** Error replies every catalogue read may give. */
export const readErrors = { 400: errorBody, 404: errorBody } as const;

/**
 * Paged lists answer with a bare JSON array; the number of matches travels in a header, and
 * another says when there are more than that (`lowerBound`: the count stopped early).
 */
export function setTotalCount(reply: FastifyReply, total: number, lowerBound = false): void {
  reply.header(TOTAL_COUNT_HEADER, String(total));
  if (lowerBound) {
    reply.header(TOTAL_COUNT_LOWER_BOUND_HEADER, 'true');
    reply.header(
      'access-control-expose-headers',
      `${TOTAL_COUNT_HEADER}, ${TOTAL_COUNT_LOWER_BOUND_HEADER}`,
    );
  } else {
    reply.header('access-control-expose-headers', TOTAL_COUNT_HEADER);
  }
}

/**
 * A body kept ready to send again (in a read cache): its text and its weak ETag, so a repeated
 * answer costs no serialising or hashing. Its compressed forms are kept apart, by ETag, in
 * `compressedForms` (one budget for every body's), unless it makes its gzip form itself.
 */
export interface ReadyBody {
  body: string;
  etag: string;
  /** Its gzip form, when it puts that together itself (a spliced body). */
  gzip?: Buffer;
  /** The encodings it goes out in, best first: all three unless told (a spliced body, gzip). */
  encodings?: readonly Encoding[];
  /** The size of its text in bytes, when known without counting. */
  bytes?: number;
  /** What keeping it costs in bytes (lib/held-bytes.ts): its text, or its parts, and its ETag. */
  weight: number;
}

export type Encoding = 'zstd' | 'br' | 'gzip';
/**
 * zstd first: at level 1 it makes a page of cards as small as Brotli at quality 4 for about a
 * third of the CPU (docs/scaling.md, Figures behind the code's choices), which a page read once
 * (most of a search's tail) pays in full. Browsers that name it decode it; the others get Brotli or gzip.
 */
const ENCODINGS: readonly Encoding[] = ['zstd', 'br', 'gzip'];
/** Only sent to a client that names it: a `*` is no promise that a client decodes zstd. */
const NAMED_ONLY: ReadonlySet<Encoding> = new Set(['zstd']);

export function readyBody(body: string): ReadyBody {
  const etag = `W/"${createHash('sha1').update(body).digest('base64')}"`;
  // Its byte length is left uncounted: `compressible` needs it only for a short text.
  return { body, etag, weight: textBytes(body) + etag.length + READY_BODY_BYTES };
}

/** A ready body's object and fields besides its text and ETag. */
const READY_BODY_BYTES = 100;

/**
 * The compressed forms of the bodies sent lately, by encoding and ETag (the hash of the body:
 * a form never goes stale), made when a client first asks for one. One cache for the bodies
 * of every other cache: bounded by the bytes it holds; the form read least recently goes first
 * and is compressed again when asked for.
 */
const COMPRESSED_FORMS_BYTES = 24_000_000;
/** @internal */
export const compressedForms = new ReadCache<Buffer>({
  ttlMs: Number.POSITIVE_INFINITY,
  max: COMPRESSED_FORMS_BYTES,
  weigh: (form, key) => form.byteLength + BUFFER_BYTES + key.length + ENTRY_BYTES,
});

/** Bodies smaller than this go out as they are (as the app-wide compression does). */
const COMPRESS_MIN_BYTES = 1024;

function compressible(ready: ReadyBody): boolean {
  if (ready.bytes !== undefined) return ready.bytes >= COMPRESS_MIN_BYTES;
  // A string's UTF-8 bytes are at least as many as its length: most bodies are not counted.
  const { body } = ready;
  return body.length >= COMPRESS_MIN_BYTES || Buffer.byteLength(body) >= COMPRESS_MIN_BYTES;
}

/** Accept-Encoding headers as parsed, by their text: clients send a handful of them. */
const parsedAcceptEncodings = new Map<string, { accepted: Set<string>; refused: Set<string> }>();
const PARSED_ACCEPT_ENCODINGS_MAX = 100;
const PARSED_ACCEPT_ENCODING_LENGTH = 200;

function parseAcceptEncoding(header: string) {
  let parsed = parsedAcceptEncodings.get(header);
  if (parsed) return parsed;
  parsed = { accepted: new Set<string>(), refused: new Set<string>() };
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    (q && Number(q.slice(2)) === 0 ? parsed.refused : parsed.accepted).add(name);
  }
  // Headers are the client's to write (up to the 16 kB of a request's head): long ones are
  // parsed each time rather than kept.
  if (header.length > PARSED_ACCEPT_ENCODING_LENGTH) return parsed;
  if (parsedAcceptEncodings.size >= PARSED_ACCEPT_ENCODINGS_MAX) parsedAcceptEncodings.clear();
  parsedAcceptEncodings.set(header, parsed);
  return parsed;
}

/** The first of `offered` that an Accept-Encoding header allows, if any. */
export function acceptedEncoding(
  header: string | undefined,
  offered: readonly Encoding[] = ENCODINGS,
): Encoding | undefined {
  if (!header || offered.length === 0) return undefined;
  const { accepted, refused } = parseAcceptEncoding(header);
  return offered.find(
    (name) =>
      !refused.has(name) && (accepted.has(name) || (accepted.has('*') && !NAMED_ONLY.has(name))),
  );
}

function compress(body: string, encoding: Encoding): Buffer {
  switch (encoding) {
    case 'zstd':
      return ownBytes(
        zstdCompressSync(body, { params: { [constants.ZSTD_c_compressionLevel]: 1 } }),
      );
    case 'br':
      return ownBytes(
        brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
      );
    case 'gzip':
      return ownBytes(gzipSync(body));
  }
}

/** The encodings a ready body goes out in, best first: none when too short to be worth it. */
export function offeredEncodings(ready: ReadyBody): readonly Encoding[] {
  return compressible(ready) ? (ready.encodings ?? ENCODINGS) : [];
}

/**
 * What a ready body goes out as for a client's Accept-Encoding: the form it accepts first
 * (compressed once, then kept in `compressedForms`), or its text.
 */
export function encodedBody(ready: ReadyBody, acceptEncoding: string | undefined): EncodedBody {
  const encoding = acceptedEncoding(acceptEncoding, offeredEncodings(ready));
  if (!encoding) return { payload: ready.body };
  const own = encoding === 'gzip' ? ready.gzip : undefined;
  if (own) return { encoding, payload: own };
  const key = encoding + ready.etag;
  let compressed = compressedForms.find(key);
  if (!compressed) {
    compressed = compress(ready.body, encoding);
    compressedForms.set(key, compressed, compressedForms.generation);
  }
  return { encoding, payload: compressed };
}

/** Whether a client's If-None-Match says it holds the body of this ETag already (then: 304). */
export function hasBody(ifNoneMatch: string | undefined, etag: string): boolean {
  return ifNoneMatch === etag;
}

const SHARED = Symbol('shared answer');
type SharedMark = FastifyReply & { [SHARED]?: SharedAnswer };

/** An answer the same for every visitor: its body, and the query parameters it depends on. */
export interface SharedAnswer {
  ready: ReadyBody;
  /** The query parameters its route reads; undefined when that cannot be told (never kept). */
  params: readonly string[] | undefined;
  /** The form its body went out in (none for a 304). */
  sent?: EncodedBody;
}

/** A body as it goes out: compressed (`encoding`), or its text. */
export interface EncodedBody {
  encoding?: Encoding;
  payload: string | Buffer;
}

/** The answer `sendReady` sent as `shared`, if it did. */
export function sharedAnswerOf(reply: FastifyReply): SharedAnswer | undefined {
  return (reply as SharedMark)[SHARED];
}

/**
 * The query parameters a route reads: the names of its querystring schema (a route sees no
 * other parameter: the schema strips them), none when it has no schema; undefined when the
 * schema does not name them.
 */
function routeParams(request: FastifyRequest): readonly string[] | undefined {
  const schema = request.routeOptions.schema?.querystring as
    | { shape?: Record<string, unknown>; properties?: Record<string, unknown> }
    | undefined;
  if (schema === undefined) return [];
  const names = schema.shape ?? schema.properties;
  return names ? Object.keys(names) : undefined;
}

/**
 * Sends a ready body (JSON unless `type` says otherwise): 304 when the client has it,
 * compressed once when it accepts so. `shared`: the answer is the same for every visitor until
 * the catalogue changes (the body comes from a catalogue cache), so it may be kept whole and
 * served again before routing (plugins/kept-answers.ts), under its address with only the query
 * parameters the route reads: `params`, else its querystring schema's.
 */
export function sendReady(
  request: FastifyRequest,
  reply: FastifyReply,
  ready: ReadyBody,
  {
    type = 'application/json; charset=utf-8',
    shared = false,
    params,
  }: { type?: string; shared?: boolean; params?: readonly string[] } = {},
) {
  reply.header('etag', ready.etag).header('vary', 'accept-encoding').type(type);
  const answer: SharedAnswer | undefined = shared
    ? { ready, params: params ?? routeParams(request) }
    : undefined;
  if (answer) (reply as SharedMark)[SHARED] = answer;
  if (hasBody(request.headers['if-none-match'], ready.etag)) return reply.code(304).send();
  const sent = encodedBody(ready, request.headers['accept-encoding']);
  // Kept with the answer as it went out (plugins/kept-answers.ts).
  if (answer) answer.sent = sent;
  if (sent.encoding) reply.header('content-encoding', sent.encoding);
  return reply.send(sent.payload);
}

/** Node's request headers as a fetch `Headers` (what Better Auth's API takes). */
export function toWebHeaders(headers: IncomingHttpHeaders): Headers {
  const out = new Headers();
  for (const [key, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) out.append(key, v);
    else out.set(key, String(value));
  }
  return out;
}
