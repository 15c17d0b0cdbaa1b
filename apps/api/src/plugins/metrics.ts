import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics of one API process (docs/operations.md, "Metrics"), served on a port of
 * their own (METRICS_PORT, on METRICS_HOST: loopback unless set) and never by the public site.
 *
 * Label values come from fixed sets only — the route's pattern (`/api/hotels/:id`), never the
 * address asked for; a status code; an outcome or a cache from the lists below — so no visitor
 * can grow the number of series.
 */
interface Metrics {
  /**
   * The replica's replay lag a reader has just seen, in seconds: how far behind the primary the
   * replica it reads from is (e.g. `now() - pg_last_xact_replay_timestamp()` read on the
   * replica). Sets `devstay_replica_lag_seconds`, which exists from the first call on.
   */
  recordReplicaLag(seconds: number): void;
  /** Lapsed holds given back by the sweeper (bookings by outcome: `expired`). */
  recordExpiredHolds(count: number): void;
  /** The address the metrics are served at; null when METRICS_PORT is unset or not yet open. */
  address(): AddressInfo | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export interface MetricsOptions {
  /** Unset: no metrics are kept or served. */
  port: number | undefined;
  host: string;
}

const HOLD_OUTCOMES = ['held', 'refused', 'limited', 'denied', 'invalid', 'error'] as const;
const PAYMENT_OUTCOMES = [
  'confirmed',
  'declined',
  'hold_lost',
  'limited',
  'unavailable',
  'denied',
  'invalid',
  'error',
] as const;
const BOOKING_OUTCOMES = ['confirmed', 'cancelled', 'expired'] as const;

/** A refusal's outcome by status, the same for each of the routes below. */
function refusal(status: number): 'limited' | 'denied' | 'invalid' | 'error' {
  if (status === 429) return 'limited';
  if (status === 401 || status === 403) return 'denied';
  return status >= 500 ? 'error' : 'invalid';
}

/** What a checkout (POST /api/booking) answered: the hold made, or why not. */
function holdOutcome(status: number): (typeof HOLD_OUTCOMES)[number] {
  if (status < 300) return 'held';
  // Sold out meanwhile, the price moved since the quote, the stay no longer bookable.
  if (status === 409 || status === 422) return 'refused';
  return refusal(status);
}

/** What a card payment (POST /api/payments/card) answered (see its route's description). */
function paymentOutcome(status: number): (typeof PAYMENT_OUTCOMES)[number] {
  if (status < 300) return 'confirmed';
  if (status === 402) return 'declined';
  if (status === 409) return 'hold_lost';
  if (status === 502) return 'unavailable';
  return refusal(status);
}

/** Caches whose hits and misses are counted, by the name the metrics give them. */
function cachesOf(app: FastifyInstance) {
  const { catalogue } = app;
  return {
    hotel_pages: catalogue.hotelPages,
    hotel_counts: catalogue.hotelCounts,
    cities: catalogue.cities,
    hotel_details: catalogue.hotelDetails,
    hotel_services: catalogue.hotelServices,
    rendered_pages: catalogue.renderedPages,
    kept_answers: app.keptAnswers,
    sessions: app.sessions.kept,
  } satisfies Record<string, { hits: number; misses: number }>;
}

export const metrics: FastifyPluginAsync<MetricsOptions> = async (app, options) => {
  if (options.port === undefined) {
    app.decorate('metrics', {
      recordReplicaLag() {},
      recordExpiredHolds() {},
      address: () => null,
    });
    return;
  }
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'devstay_http_request_duration_seconds',
    help: 'Requests answered by the application, by method, route pattern and status: time to the last byte.',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const holds = new Counter({
    name: 'devstay_holds_total',
    help: 'Checkouts (POST /api/booking) by outcome.',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const payments = new Counter({
    name: 'devstay_payments_total',
    help: 'Card payments (POST /api/payments/card) by outcome.',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const bookings = new Counter({
    name: 'devstay_bookings_total',
    help: 'Bookings confirmed (paid), cancelled, or expired (a lapsed hold given back by the sweeper).',
    labelNames: ['outcome'],
    registers: [registry],
  });
  // Every outcome present from the start: a rate over a series that appears late is wrong.
  for (const outcome of HOLD_OUTCOMES) holds.inc({ outcome }, 0);
  for (const outcome of PAYMENT_OUTCOMES) payments.inc({ outcome }, 0);
  for (const outcome of BOOKING_OUTCOMES) bookings.inc({ outcome }, 0);

  const caches = cachesOf(app);
  const cacheCount = (
    name: string,
    help: string,
    read: (c: { hits: number; misses: number }) => number,
  ) =>
    new Counter({
      name,
      help,
      labelNames: ['cache'],
      registers: [registry],
      collect() {
        // The caches count for themselves; a scrape reads their totals.
        this.reset();
        for (const [cache, counted] of Object.entries(caches)) this.inc({ cache }, read(counted));
      },
    });
  cacheCount(
    'devstay_cache_hits_total',
    'Reads answered from a cache of this process.',
    (c) => c.hits,
  );
  cacheCount(
    'devstay_cache_misses_total',
    'Reads a cache of this process did not have.',
    (c) => c.misses,
  );

  const pool = app.db.$client;
  new Gauge({
    name: 'devstay_db_pool_connections',
    help: "The database pool's connections (total, idle) and the queries waiting for one (waiting).",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });

  // Read on scrape: the pending messages are few, found through mail_outbox_due_idx.
  const outbox = async () => {
    const result = await app.db.execute<{ depth: number; oldest: number | null }>(sql`
      select count(*)::int as depth,
             extract(epoch from now() - min(created_at))::float8 as oldest
        from mail_outbox where status = 'pending'`);
    return result.rows[0] ?? { depth: 0, oldest: null };
  };
  let lastOutbox: Promise<{ depth: number; oldest: number | null }> | undefined;
  const outboxOnce = () => {
    // The two gauges of one scrape share one query.
    lastOutbox ??= outbox().finally(() => {
      setImmediate(() => {
        lastOutbox = undefined;
      });
    });
    return lastOutbox;
  };
  new Gauge({
    name: 'devstay_outbox_depth',
    help: 'E-mails waiting in the outbox (pending).',
    registers: [registry],
    async collect() {
      this.set((await outboxOnce()).depth);
    },
  });
  new Gauge({
    name: 'devstay_outbox_oldest_age_seconds',
    help: 'Age of the oldest e-mail waiting in the outbox; 0 when none waits.',
    registers: [registry],
    async collect() {
      this.set((await outboxOnce()).oldest ?? 0);
    },
  });
  new Gauge({
    name: 'devstay_refunds_refused',
    help: 'Payments whose refund the processor refused, left to people (read from the database).',
    registers: [registry],
    async collect() {
      const result = await app.db.execute<{ n: number }>(
        sql`select count(*)::int as n from payments where refund_refusal is not null`,
      );
      this.set(result.rows[0]?.n ?? 0);
    },
  });

  let replicaLag: Gauge | undefined;
  let server: Server | undefined;
  app.decorate('metrics', {
    recordReplicaLag(seconds: number) {
      replicaLag ??= new Gauge({
        name: 'devstay_replica_lag_seconds',
        help: 'How far behind the primary the replica this process reads from was when last seen.',
        registers: [registry],
      });
      replicaLag.set(seconds);
    },
    recordExpiredHolds(count: number) {
      bookings.inc({ outcome: 'expired' }, count);
    },
    address() {
      const address = server?.address();
      return address && typeof address === 'object' ? address : null;
    },
  });

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    requests.observe(
      { method: request.method, route, status: String(status) },
      reply.elapsedTime / 1000,
    );
    const key = `${request.method} ${route}`;
    if (key === 'POST /api/booking') holds.inc({ outcome: holdOutcome(status) });
    else if (key === 'POST /api/payments/card') {
      const outcome = paymentOutcome(status);
      payments.inc({ outcome });
      if (outcome === 'confirmed') bookings.inc({ outcome: 'confirmed' });
    } else if (key === 'PUT /api/booking/status' && status === 200) {
      bookings.inc({ outcome: 'cancelled' });
    }
    done();
  });

  app.addHook('onReady', async () => {
    server = createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
        return;
      }
      registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
        (error: unknown) => {
          app.log.warn({ err: error }, 'metrics not collected');
          response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable\n');
        },
      );
    });
    const listening = server;
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(options.port, options.host, () => {
        listening.off('error', reject);
        resolve();
      });
    });
  });
  app.addHook('onClose', async () => {
    const open = server;
    if (!open) return;
    open.closeAllConnections();
    await new Promise<void>((resolve) => open.close(() => resolve()));
  });
};

// Share the application's context (what fastify-plugin does): its hook sees every route.
Object.assign(metrics, { [Symbol.for('skip-override')]: true });
