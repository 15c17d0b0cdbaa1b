import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { createReplicaReads } from './db/replica-reads.ts';
import { ANNOUNCEMENTS_CHANNEL, AnnouncementDelivery } from './lib/announcements.ts';
import { registerErrorHandling } from './lib/errors.ts';
import { registerJsonBodyParser } from './lib/json-body.ts';
import { loggerOptions } from './lib/log.ts';
import { REQUEST_ID_HEADER, requestIds } from './lib/request-id.ts';
import { receiptUrl } from './lib/site-links.ts';
import { validatorCompiler } from './lib/validation.ts';
import { createAuth } from './modules/auth/auth.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { availabilityRoutes } from './modules/availability/routes.ts';
import { refundDueLines } from './modules/bookings/cancel-line.ts';
import { holdSweep } from './modules/bookings/hold-sweeper.ts';
import { bookingReceiptRoutes } from './modules/bookings/receipt-routes.ts';
import { bookingRoutes } from './modules/bookings/routes.ts';
import { calendarRoutes } from './modules/calendar/routes.ts';
import { channelRoutes } from './modules/channels/routes.ts';
import { contentPickerRoutes } from './modules/content/picker-routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { eventRoutes } from './modules/events/routes.ts';
import { favoriteRoutes } from './modules/favorites/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { hotelRoutes } from './modules/hotels/routes.ts';
import { imageStorageOf } from './modules/images/configured-storage.ts';
import { imageRoutes } from './modules/images/routes.ts';
import type { ImageStorage } from './modules/images/storage.ts';
import type { UploadsUnderWay } from './modules/images/under-way.ts';
import { invoiceRoutes } from './modules/invoices/routes.ts';
import { locationRoutes } from './modules/locations/routes.ts';
import { subscribeBookingMails } from './modules/mail/booking-mails.ts';
import { devInboxRoutes } from './modules/mail/routes.ts';
import { startConfiguredMailWorker } from './modules/mail/worker.ts';
import { offerRoutes } from './modules/offers/routes.ts';
import { reconcilePayments } from './modules/payments/pay.ts';
import type { PaymentProvider } from './modules/payments/provider.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { createStripeProvider } from './modules/payments/stripe-provider.ts';
import { createTestCardProvider } from './modules/payments/test-card-provider.ts';
import { paymentWebhookRoutes } from './modules/payments/webhook-routes.ts';
import { rateRoutes } from './modules/rates/routes.ts';
import { reviewRoutes } from './modules/reviews/routes.ts';
import { roomRoutes } from './modules/rooms/routes.ts';
import { serviceRoutes } from './modules/services/routes.ts';
import { subscribeTripMails } from './modules/trips/mails.ts';
import { tripRoutes } from './modules/trips/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { subscribeWaitlistOffers } from './modules/waitlist/offers.ts';
import { waitlistRoutes } from './modules/waitlist/routes.ts';
import { swaggerOptions } from './openapi.ts';
import { authorization } from './plugins/authorization.ts';
import { backgroundWork } from './plugins/background-work.ts';
import { CATALOGUE_CHANNEL, catalogueCache } from './plugins/catalogue-cache.ts';
import { changeNotices } from './plugins/change-notices.ts';
import { hostCheck, ownHostNames } from './plugins/host-check.ts';
import { KeptAnswers } from './plugins/kept-answers.ts';
import { metrics } from './plugins/metrics.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { SESSION_CHANNEL, sessionCache } from './plugins/session-cache.ts';
import { webApp } from './web-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** The card processor payments go through. */
    payments: PaymentProvider;
    /** Where picture files are stored (local disk or an S3 bucket, from the configuration). */
    imageStorage: ImageStorage;
    /**
     * The time every rule about "now" goes by (a guest's free-cancellation window, a hotel's
     * today, a lapsed hold): read here, never from the system clock (wall-clock.test.ts).
     */
    clock: () => Date;
    /** This app's subscribers to the booking's announcements, and their delivery. */
    announcements: AnnouncementDelivery;
    /** Answers kept whole and sent before routing (plugins/kept-answers.ts). */
    keptAnswers: KeptAnswers;
    /** Set by the server when it stops: readiness answers 503 while requests still run. */
    lifecycle: { draining: boolean };
  }
}

export interface BuildOptions {
  config: Config;
  db: Db;
  /**
   * The card processor. Default: the built-in test provider (one per app). Several app
   * instances standing for several processes pass the same one.
   */
  payments?: PaymentProvider;
  /** What time it is, for the rules that depend on it. Default: the system clock. */
  clock?: () => Date;
  /** Picture files promised but not written yet (a first start's demo pictures). */
  uploadsUnderWay?: UploadsUnderWay;
  /**
   * Whether the background work (plugins/background-work.ts) runs from `ready` to `close`.
   * Default: yes. Off for a test that drives a sweep or the mail by hand.
   */
  workers?: boolean;
}

/** The whole HTTP application as a plugin-composed Fastify instance; server.ts only listens. */
export async function buildApp({
  config,
  db,
  payments,
  clock,
  uploadsUnderWay,
  workers = true,
}: BuildOptions): Promise<FastifyInstance> {
  // Answers the same for everyone, kept whole and sent before routing (plugins/kept-answers.ts).
  // A proxy's request id is taken only from a proxy TRUST_PROXY believes (lib/request-id.ts).
  const requestId = requestIds(config.TRUST_PROXY);
  const keptAnswers = new KeptAnswers(ownHostNames(config), requestId);
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Every log line of a request carries it (as `reqId`), and the answer echoes it.
    genReqId: requestId,
    requestIdHeader: false,
    serverFactory: (handler, options) => keptAnswers.server(handler, options),
    // Loading the server render's bundle takes more than Fastify's 10 s on a busy machine (a
    // cluster's processes starting together beside its databases): a slow start, not a failure.
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('payments', payments ?? configuredProvider(config, db));
  if (config.NODE_ENV === 'production' && config.PAYMENTS_TEST_PROCESSOR) {
    app.log.warn(
      'PAYMENTS TAKE TEST CARDS ONLY (PAYMENTS_TEST_PROCESSOR): bookings are confirmed with ' +
        'nothing charged; set the STRIPE_* keys to take real payments',
    );
  }
  app.decorate('imageStorage', imageStorageOf(config));
  app.decorate('clock', clock ?? (() => new Date()));
  // The booking's announcements, delivered after their commit to this app's subscribers.
  const announcements = new AnnouncementDelivery({ db, log: app.log });
  app.decorate('announcements', announcements);
  subscribeBookingMails(announcements, { publicUrl: config.PUBLIC_URL });
  subscribeWaitlistOffers(announcements, {
    holdMinutes: config.WAITLIST_HOLD_MINUTES,
    publicUrl: config.PUBLIC_URL,
    clock: app.clock,
  });
  subscribeTripMails(announcements, { publicUrl: config.PUBLIC_URL });
  app.decorate('keptAnswers', keptAnswers);
  app.decorate('lifecycle', { draining: false });
  registerErrorHandling(app);
  registerJsonBodyParser(app);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  await app.register(backgroundWork, { run: workers });
  await app.register(keptAnswers.plugin);
  // First of the request hooks: a request for another host name is refused before any work.
  await app.register(hostCheck, { config });
  const stripe = app.payments.name === 'stripe';
  const auth = createAuth({ config, db, log: app.log });
  app.decorate('auth', auth);
  // One LISTEN connection per process hears the catalogue's and the sessions' change notices.
  await app.register(changeNotices, {
    db,
    channels: [CATALOGUE_CHANNEL, SESSION_CHANNEL, ANNOUNCEMENTS_CHANNEL],
  });
  // An announcement's commit wakes every process's delivery (the first to claim it delivers).
  app.changeNotices.on(ANNOUNCEMENTS_CHANNEL, {
    notice: () => announcements.wake(),
    connected: () => announcements.wake(),
  });
  await app.register(sessionCache, { ttlMs: config.SESSION_CACHE_MS });
  await app.register(authorization, { auth, config });
  // Catalogue reads from the replica once it has replayed what was heard (DATABASE_REPLICA_URL).
  const reads = createReplicaReads({
    primary: db,
    replicaUrl: config.DATABASE_REPLICA_URL,
    unreachable: (error) => app.log.warn({ err: error }, 'replica unreachable: read from primary'),
  });
  app.addHook('onClose', () => reads.close());
  await app.register(catalogueCache, { db, reads, keptAnswers });
  // Metrics on a port of their own (METRICS_PORT), read from the caches registered above.
  await app.register(metrics, {
    port: config.METRICS_PORT,
    host: config.METRICS_HOST,
    reads: config.DATABASE_REPLICA_URL ? reads : undefined,
  });

  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        // Stripe's Payment Element: its script, its frames and its API, when Stripe takes payments.
        'script-src': ["'self'", ...(stripe ? ['https://js.stripe.com'] : [])],
        'frame-src': [
          "'self'",
          ...(stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : []),
        ],
        'connect-src': ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
        'font-src': ["'self'", 'data:'],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { threshold: 1024 });

  // The OpenAPI document of /api (src/openapi.ts), at /api/docs/json.
  await app.register(swagger, await swaggerOptions(auth));
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // The API's modules, each under /api. A new domain adds its routes here, and nowhere else.
  const modules = [
    healthRoutes,
    hotelRoutes,
    reviewRoutes,
    roomRoutes,
    rateRoutes,
    serviceRoutes,
    eventRoutes,
    contentRoutes,
    contentPickerRoutes,
    imageRoutes,
    locationRoutes,
    offerRoutes,
    authRoutes,
    userRoutes,
    favoriteRoutes,
    availabilityRoutes,
    bookingRoutes,
    tripRoutes,
    bookingReceiptRoutes,
    waitlistRoutes,
    calendarRoutes,
    invoiceRoutes,
    channelRoutes,
    paymentRoutes,
    paymentWebhookRoutes,
    dashboardRoutes,
    ...(config.NODE_ENV === 'production' ? [] : [devInboxRoutes]),
  ];
  for (const routes of modules) await app.register(routes, { prefix: '/api' });

  // Background work of every process (the uploads' sweep is registered with its routes).
  // Lapsed checkout holds give their rooms back, then payments a stopped process left are
  // finished; each hold is released once whichever process sweeps.
  app.registerWorker({
    name: 'hold-sweeper',
    intervalMs: config.BOOKING_SWEEP_MS,
    run: holdSweep(db, {
      log: app.log,
      clock: app.clock,
      swept: (released) => app.metrics.recordHoldSweep(released),
      after: async () => {
        await reconcilePayments({ db, provider: app.payments, log: app.log });
        // Refunds of travellers' stays cancelled alone still due (a stop after the cancel).
        await refundDueLines({ db, provider: app.payments, log: app.log });
      },
    }),
  });
  app.registerWorker({ name: 'announcements', start: () => announcements.start() });
  app.registerWorker({
    name: 'mail',
    start: () => startConfiguredMailWorker(db, config, app.log) ?? { stop: async () => {} },
  });

  // Stored images (local disk driver). Names are content hashes: a name's bytes never change.
  await mkdir(config.UPLOADS_DIR, { recursive: true });
  await app.register(async (uploads) => {
    // A file promised but not written yet is waited for (and drawn next), then served.
    if (uploadsUnderWay) {
      uploads.addHook('onRequest', async (request) => {
        const key = request.url.slice('/uploads/'.length).split('?')[0] ?? '';
        await uploadsUnderWay.whenStored(key);
      });
    }
    await uploads.register(fastifyStatic, {
      root: path.resolve(config.UPLOADS_DIR),
      prefix: '/uploads/',
      decorateReply: false,
      maxAge: '365d',
      immutable: true,
    });
  });

  // The web app: built assets, and its pages for every other non-API GET.
  const webDist = path.resolve(config.WEB_DIST_DIR);
  if (existsSync(path.join(webDist, 'index.html'))) {
    await app.register(webApp, { distDir: webDist });
  }

  return app;
}

/**
 * Stripe when its keys are set, else the built-in test provider (one per app): in production
 * only with PAYMENTS_TEST_PROCESSOR, the configuration refuses it otherwise (config.ts).
 */
function configuredProvider(config: Config, db: Db): PaymentProvider {
  const receiptOf = (bookingId: string) => receiptUrl(config.PUBLIC_URL, bookingId);
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) {
    return createStripeProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      apiBase: config.STRIPE_API_BASE,
      receiptUrl: receiptOf,
    });
  }
  return createTestCardProvider({ db, receiptUrl: receiptOf });
}
