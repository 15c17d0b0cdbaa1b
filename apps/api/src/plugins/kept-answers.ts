import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { BUFFER_BYTES, ENTRY_BYTES, ownTextBytes, textBytes } from '../lib/held-bytes.ts';
import {
  acceptedEncoding,
  type EncodedBody,
  type Encoding,
  encodedBody,
  hasBody,
  offeredEncodings,
  type ReadyBody,
  sharedAnswerOf,
} from '../lib/http.ts';
import { keptAddress, pathOf } from '../lib/kept-address.ts';
import { CATALOGUE_TTL_MS, type CacheUse, ReadCache } from '../lib/read-cache.ts';
import { REQUEST_ID_HEADER, requestIds } from '../lib/request-id.ts';
import { answersHost } from './host-check.ts';
import { HSTS } from './security-headers.ts';

/**
 * Answers the same for every visitor until the catalogue changes (a page of the hotel list, a
 * hotel, a rendered page), kept whole after the application sent them once and sent again by
 * the HTTP server before the application's routing: by their address, as they went out (the
 * security headers, ETag, cache rules, counts), in the encoding the client accepts. The address
 * is kept with only the query parameters its route reads (lib/kept-address.ts): a parameter a
 * visitor invents is answered from the entry of the address without it.
 *
 * Why: a popular search answered from the read cache still went through routing, validation,
 * the request hooks and the reply's assembly, about twice the work of the bare health route;
 * from here it costs less than that route (docs/scaling.md, Hotel list).
 *
 * What stays the application's, so that no rule is written twice:
 * - Which answers may be kept: the route says so (`sendReady(…, { shared: true })`, for a body
 *   from a catalogue cache), and only a 200 to a GET without a cookie being set is kept.
 * - The encoding a client gets and whether its If-None-Match earns a 304 are decided by the
 *   same functions as the application's (`offeredEncodings`, `acceptedEncoding`, `hasBody` in
 *   lib/http.ts). An answer keeps the bytes of each compressed form the application sent it
 *   in (zstd, Brotli, gzip), not its text: a page of cards is kept as its 1–2 kB of zstd, not
 *   its 6 kB of JSON (which the read cache holds), so the budget keeps three times the pages.
 *   Its text is kept only when too short to compress; a rendered page keeps its zipped parts,
 *   smaller than its gzip form. A client asking for a form not kept is answered by the
 *   application, and a compressed form is kept then.
 * - Every request this does not answer plainly goes on to the application: another method, a
 *   body, a host name the host check (host-check.ts) does not accept or a forwarded one, a
 *   forwarded protocol (Strict-Transport-Security goes out over https only: security-headers.ts),
 *   an address not kept.
 * - Keeping it true: the catalogue cache drops every kept answer on any change it hears of (in
 *   every process, with the read caches); an answer worked out before a change is not kept, and
 *   none lives longer than TTL_MS (a safety net should a notice be lost).
 */
export class KeptAnswers {
  readonly #answers = new ReadCache<KeptAnswer>({
    ttlMs: TTL_MS,
    // Mostly bodies the read caches hold too, counted here again.
    max: KEPT_ANSWERS_BYTES,
    weigh: (answer, address) => textBytes(address) + ENTRY_BYTES + answer.weight,
  });
  /**
   * The query parameters the route of each path reads, learnt when an answer to it was kept:
   * how an address with a query is looked up before routing.
   */
  readonly #params = new ReadCache<readonly string[]>({
    ttlMs: Number.POSITIVE_INFINITY,
    max: KEPT_PARAMS_BYTES,
    weigh: (params, path) => textBytes(path) + ENTRY_BYTES + params.join('').length + 16,
  });
  readonly #names: ReadonlySet<string>;
  /** Whether the host check accepts a Host header, by its text: clients send a few. */
  readonly #hosts = new Map<string, boolean>();
  #open = true;
  #served = 0;
  #missed = 0;
  /** The application's logger, when it logs requests (Fastify logs each at level info). */
  #log: FastifyBaseLogger | undefined;

  /** The id of a request answered here, by the application's rule (requestIds). */
  readonly #requestId: (request: IncomingMessage) => string;

  /**
   * `names`: the host names the server answers to besides loopback (ownHostNames);
   * `requestId`: the application's request ids (default: no proxy trusted).
   */
  constructor(names: ReadonlySet<string>, requestId = requestIds(false)) {
    this.#names = names;
    this.#requestId = requestId;
    // The hooks land in the application's context (what fastify-plugin does): every route.
    Object.assign(this.plugin, { [Symbol.for('skip-override')]: true });
  }

  /** How many requests were answered here (the server render's reads not counted). */
  get hits(): number {
    return this.#served;
  }

  /** How many plain GETs found no kept answer and went on to the application. */
  get misses(): number {
    return this.#missed;
  }

  /** How many answers are kept. */
  get size(): number {
    return this.#answers.size;
  }

  /** The caches it holds, for their budgets: the answers, the parameters of each path. */
  get caches(): { answers: CacheUse; params: CacheUse } {
    return { answers: this.#answers, params: this.#params };
  }

  /**
   * The HTTP server for Fastify's `serverFactory`: answers what is kept, hands the rest to the
   * application, with the timeouts Fastify gives its own servers.
   */
  server(
    app: (request: IncomingMessage, response: ServerResponse) => void,
    options: FastifyServerOptions,
  ): Server {
    const server = createServer((request, response) => {
      if (!this.serve(request, response)) app(request, response);
    });
    server.keepAliveTimeout = options.keepAliveTimeout ?? server.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout ?? server.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  }

  /** Sends the kept answer to `request`; false when the application must answer it. */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET' || !this.#open) return false;
    const { headers } = request;
    if (
      headers['x-forwarded-host'] !== undefined ||
      // Its protocol decides Strict-Transport-Security: the application reads it (this server's
      // own socket is plain http, where the header is never sent).
      headers['x-forwarded-proto'] !== undefined ||
      headers['content-length'] !== undefined ||
      headers['transfer-encoding'] !== undefined ||
      !this.#ownHost(headers.host)
    ) {
      return false;
    }
    const answer = this.#find(request.url ?? '');
    // As the application answers it: a 304 has the same headers, no body and no length.
    const status = answer && hasBody(headers['if-none-match'], answer.etag) ? 304 : 200;
    const sent = answer && status === 200 ? sending(answer, headers['accept-encoding']) : undefined;
    if (!answer || (status === 200 && !sent)) {
      this.#missed += 1;
      return false;
    }
    this.#served += 1;
    const reqId = this.#requestId(request);
    const out = answer.headers.slice();
    out.push(REQUEST_ID_HEADER, reqId);
    const payload = sent?.payload;
    if (sent?.encoding) out.push('content-encoding', sent.encoding);
    if (payload !== undefined) out.push('content-length', String(Buffer.byteLength(payload)));
    response.writeHead(status, out);
    response.end(payload);
    if (this.#log) {
      this.#log.info(
        {
          reqId,
          req: { method: 'GET', url: request.url, host: headers.host },
          res: { statusCode: status },
          remoteAddress: request.socket.remoteAddress,
        },
        'request completed from a kept answer',
      );
    }
    return true;
  }

  /**
   * The answer kept for `url`, for a reader in this process (the server render's reads): its
   * headers (name, value, …) and its text.
   */
  read(url: string): { headers: readonly string[]; body: string } | undefined {
    if (!this.#open) return undefined;
    const answer = this.#find(url);
    const body = answer?.source.deref()?.body ?? answer?.forms.get(IDENTITY)?.toString();
    return answer && body !== undefined ? { headers: answer.headers, body } : undefined;
  }

  /** Forgets every kept answer, and lets no answer worked out before now be kept. */
  clear(): void {
    this.#answers.clear();
  }

  /** Called with the application: keeps what its routes send as shared (see above). */
  readonly plugin: FastifyPluginAsync = async (app: FastifyInstance) => {
    const log = app.log as FastifyBaseLogger & { isLevelEnabled?(level: string): boolean };
    if (log.isLevelEnabled?.('info')) this.#log = log;
    const stamped = new WeakMap<FastifyRequest, number>();
    app.addHook('onRequest', (request, _reply, done) => {
      stamped.set(request, this.#answers.generation);
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      const shared = sharedAnswerOf(reply);
      const generation = stamped.get(request);
      if (
        shared?.params &&
        generation !== undefined &&
        request.method === 'GET' &&
        reply.statusCode === 200
      ) {
        const url = request.raw.url ?? request.url;
        const address = keptAddress(url, shared.params);
        const answer =
          address === undefined || !shared.sent
            ? null
            : keptAnswer(
                shared.ready,
                reply.getHeaders(),
                shared.sent,
                this.#answers.find(address),
              );
        if (address !== undefined && answer) {
          this.#answers.set(address, answer, generation);
          if (url.includes('?'))
            this.#params.set(pathOf(url), shared.params, this.#params.generation);
        }
      }
      done();
    });
    // A closing server answers nothing more from here (the application answers 503).
    app.addHook('preClose', (done) => {
      this.#open = false;
      this.clear();
      done();
    });
  };

  /** The answer kept for `url`: under the address itself, or its kept form when it has a query. */
  #find(url: string): KeptAnswer | undefined {
    const direct = this.#answers.find(url);
    if (direct || !url.includes('?')) return direct;
    const params = this.#params.find(pathOf(url));
    const address = params && keptAddress(url, params);
    return address === undefined || address === url ? undefined : this.#answers.find(address);
  }

  #ownHost(host: string | undefined): boolean {
    if (host === undefined) return false;
    let ok = this.#hosts.get(host);
    if (ok === undefined) {
      ok = answersHost(this.#names, host);
      // The client writes it: a long one is judged each time rather than kept.
      if (host.length > HOST_LENGTH_MAX) return ok;
      if (this.#hosts.size >= HOSTS_MAX) this.#hosts.clear();
      this.#hosts.set(host, ok);
    }
    return ok;
  }
}
/**
 * A safety net only: the catalogue cache drops kept answers on every change. The read caches'
 * own: kept 15 s, the answers to a popular list's tail were sent through the application again
 * every 15 s although the read cache still held their pages (docs/scaling.md, Hotel list).
 */
const TTL_MS = CATALOGUE_TTL_MS;
const HOSTS_MAX = 100;
const HOST_LENGTH_MAX = 255;
/** The budgets in bytes (held-bytes.ts; docs/scaling.md, Memory). */
const KEPT_ANSWERS_BYTES = 24_000_000;
const KEPT_PARAMS_BYTES = 1_000_000;

interface KeptAnswer {
  etag: string;
  /** The answer's headers as name, value, name, value… without its length and encoding. */
  headers: string[];
  /** The encodings its body goes out in for a client that accepts one (offeredEncodings). */
  encodings: readonly Encoding[];
  /** Its body's bytes in each form sent so far: an encoding's, or its text's (IDENTITY). */
  forms: ReadonlyMap<Encoding | typeof IDENTITY, Buffer>;
  /**
   * A body that puts its gzip form together from parts it holds zipped (a rendered page,
   * lib/spliced-body.ts): kept itself, a fraction of that form (the screen's styles, a part
   * of every page of the screen, are kept once), and sent as `sendReady` sends it.
   */
  spliced?: ReadyBody;
  /**
   * Its body, for a reader in this process (the server render), while the read cache that
   * made it holds it: not kept alive from here, nor counted.
   */
  source: WeakRef<ReadyBody>;
  weight: number;
}

/** The form of a body sent as its text, uncompressed. */
const IDENTITY = 'identity';

/** How a kept answer goes out to a client: the form it accepts first, if kept. */
function sending(answer: KeptAnswer, acceptEncoding: string | undefined): EncodedBody | undefined {
  if (answer.spliced) return encodedBody(answer.spliced, acceptEncoding);
  const encoding = acceptedEncoding(acceptEncoding, answer.encodings);
  const payload = answer.forms.get(encoding ?? IDENTITY);
  return payload && { encoding, payload };
}

/** Headers that belong to one sending of an answer, not to the answer. */
const PER_SENDING = new Set([
  REQUEST_ID_HEADER,
  HSTS,
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'date',
  'connection',
  'keep-alive',
]);

/**
 * The answer to keep, from the headers it went out with and the form it went out in (added to
 * the forms of `kept`, the same body kept before); null when it sets a cookie.
 */
function keptAnswer(
  ready: ReadyBody,
  sentHeaders: Record<string, number | string | string[] | undefined>,
  sent: EncodedBody,
  kept: KeptAnswer | undefined,
): KeptAnswer | null {
  if (sentHeaders['set-cookie'] !== undefined) return null;
  const headers: string[] = [];
  for (const [name, value] of Object.entries(sentHeaders)) {
    if (value === undefined || PER_SENDING.has(name)) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.push(name, String(one));
  }
  const spliced = 'gzip' in ready ? ready : undefined;
  const encodings = offeredEncodings(ready);
  const forms = new Map(kept?.etag === ready.etag ? kept.forms : []);
  // A compressed form is the one `compressedForms` holds, counted here again. A text is kept
  // only for a body too short to compress, in bytes of exactly its length (ownTextBytes): a
  // longer one goes out as text to few clients, and to the server render's own reads, which
  // take the read cache's text (`read`); the application answers those from the read cache.
  const { encoding, payload } = sent;
  if (!spliced && typeof payload !== 'string') forms.set(encoding ?? IDENTITY, payload);
  if (!spliced && typeof payload === 'string' && encodings.length === 0) {
    forms.set(IDENTITY, ownTextBytes(payload));
  }
  let weight = textBytes(ready.etag) + 100 + (spliced?.weight ?? 0);
  for (const text of headers) weight += textBytes(text) + 16;
  for (const form of forms.values()) weight += form.byteLength + BUFFER_BYTES;
  return {
    etag: ready.etag,
    headers,
    encodings,
    forms,
    spliced,
    source: new WeakRef(ready),
    weight,
  };
}
