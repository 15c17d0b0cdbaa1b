import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { ReplicaReads } from '../db/replica-reads.ts';

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
   * A finished run of the hold sweeper and the lapsed holds it gave back (bookings by outcome:
   * `expired`; the run's end: `devstay_hold_sweep_last_success_timestamp_seconds`).
   */
  recordHoldSweep(released: number): void;
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
  /** The catalogue's reads: their replica's lag is read at each scrape. */
  reads?: Pick<ReplicaReads, 'lag'>;
}

/**
 * How long a scrape waits for the gauges read from a database. Past it (the database away, a
 * failover under way) they are left out of that scrape — Prometheus marks them stale — and the
 * process's own metrics are served all the same.
 */
const DATABASE_GAUGES_TIMEOUT_MS = 2000;

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
      recordHoldSweep() {},
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

  // Gauges read from a database at each scrape, in registries of their own: the primary's
  // (outbox, refunds) and the replica's (its lag). Each may fail or time out without the rest.
  const onPrimary = new Registry();
  const onReplica = new Registry();
  const databaseUp = new Gauge({
    name: 'devstay_database_gauges_up',
    help: 'Whether the last scrape read the gauges of this database (primary, replica) in time; 0: they were left out.',
    labelNames: ['database'],
    registers: [registry],
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
    registers: [onPrimary],
    async collect() {
      this.set((await outboxOnce()).depth);
    },
  });
  new Gauge({
    name: 'devstay_outbox_oldest_age_seconds',
    help: 'Age of the oldest e-mail waiting in the outbox; 0 when none waits.',
    registers: [onPrimary],
    async collect() {
      this.set((await outboxOnce()).oldest ?? 0);
    },
  });
  new Gauge({
    name: 'devstay_refunds_refused',
    help: 'Payments whose refund the processor refused, left to people (read from the database).',
    registers: [onPrimary],
    async collect() {
      const result = await app.db.execute<{ n: number }>(
        sql`select count(*)::int as n from payments where refund_refusal is not null`,
      );
      this.set(result.rows[0]?.n ?? 0);
    },
  });

  // Read on scrape, once for both gauges.
  const { reads } = options;
  let lastLag: ReturnType<ReplicaReads['lag']> | undefined;
  const lagOnce = () => {
    lastLag ??= (reads?.lag() ?? Promise.resolve(null)).finally(() => {
      setImmediate(() => {
        lastLag = undefined;
      });
    });
    return lastLag;
  };
  new Gauge({
    name: 'devstay_replica_lag_bytes',
    help: 'WAL the primary has written that the replica this process reads the catalogue from has not replayed (a replica cut off from the primary falls behind too).',
    registers: [onReplica],
    async collect() {
      this.set((await lagOnce())?.bytes ?? 0);
    },
  });
  new Gauge({
    name: 'devstay_replica_lag_seconds',
    help: 'While the replica is behind, the age of the last transaction it replayed; 0 when it has replayed all the primary wrote.',
    registers: [onReplica],
    async collect() {
      this.set((await lagOnce())?.seconds ?? 0);
    },
  });

  /**
   * A database registry's text within DATABASE_GAUGES_TIMEOUT_MS, or undefined. One reading at a
   * time: a database that does not answer holds one reading, not one per scrape.
   */
  const timed = (database: 'primary' | 'replica', from: Registry) => {
    let reading: Promise<string> | undefined;
    let away = false;
    return async (): Promise<string | undefined> => {
      reading ??= from.metrics().finally(() => {
        reading = undefined;
      });
      let timer: NodeJS.Timeout | undefined;
      const text = await Promise.race([
        reading,
        new Promise<undefined>((resolve) => {
          timer = setTimeout(() => resolve(undefined), DATABASE_GAUGES_TIMEOUT_MS);
        }),
      ])
        .catch((error: unknown) => {
          if (!away) app.log.warn({ err: error, database }, 'metrics: database gauges not read');
          return undefined;
        })
        .finally(() => clearTimeout(timer));
      away = text === undefined;
      databaseUp.set({ database }, away ? 0 : 1);
      return text;
    };
  };
  const primaryText = timed('primary', onPrimary);
  const replicaText = reads ? timed('replica', onReplica) : async () => '';

  /** The scrape: the database gauges that answered in time, and every metric of the process. */
  const scrape = async () => {
    const [primary, replica] = await Promise.all([primaryText(), replicaText()]);
    return `${await registry.metrics()}${primary ?? ''}${replica ?? ''}`;
  };

  const sweeps = new Gauge({
    name: 'devstay_hold_sweep_last_success_timestamp_seconds',
    help: "When this process's hold sweeper last finished releasing lapsed holds (it runs every BOOKING_SWEEP_MS).",
    registers: [registry],
  });

  let server: Server | undefined;
  app.decorate('metrics', {
    recordHoldSweep(released: number) {
      bookings.inc({ outcome: 'expired' }, released);
      sweeps.setToCurrentTime();
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
      scrape().then(
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
