import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { CRASH_POINTS } from './lib/crash-point.ts';

/** The repository root: default data folders live under it, whatever the working directory. */
export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** SEARCH_COUNT_CAP's default: "1,000+ hotels", as booking sites show. */
export const SEARCH_COUNT_CAP = 1000;

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Interface to listen on. Default: loopback only (`localhost`: 127.0.0.1 and ::1) outside
   * production, so a development start is not reachable from the network; all interfaces in
   * production.
   */
  HOST: z.string().min(1).optional(),
  /**
   * Public origin of the site: e-mailed links, the trusted origin. Required in production;
   * elsewhere it defaults to http://localhost:{PORT}.
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http(s) address' })
    .transform((v) => new URL(v).origin)
    .optional(),
  /** Any PostgreSQL 15+. Unset: an embedded PostgreSQL is started with data in PG_DATA_DIR. */
  DATABASE_URL: z.url().optional(),
  /**
   * The database's owner, used only to apply the migrations at start, where DATABASE_URL's role
   * reads and writes rows but may not change the schema (the cluster, db/roles.ts). Unset: the
   * migrations run as DATABASE_URL's role.
   */
  MIGRATION_DATABASE_URL: z.url().optional(),
  /**
   * A streaming replica (or a balancer's door to the replicas) the catalogue's reads may come
   * from once it has replayed the changes heard (db/replica-reads.ts). Unset: every read
   * from DATABASE_URL's server.
   */
  DATABASE_REPLICA_URL: z.url().optional(),
  PG_DATA_DIR: z.string().default(path.join(ROOT_DIR, '.data/postgres')),
  PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  /** Where uploaded and generated images are stored (local disk driver). */
  UPLOADS_DIR: z.string().default(path.join(ROOT_DIR, '.data/uploads')),
  /** Largest picture file the image pipeline accepts (bytes). */
  IMAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  /** Largest width × height it decodes: refuses decompression bombs. */
  IMAGE_MAX_PIXELS: z.coerce.number().int().min(10_000).default(40_000_000),
  /** Files one POST /api/images may carry. */
  IMAGE_MAX_FILES: z.coerce.number().int().min(1).max(50).default(10),
  /** Uploads no content uses after this many hours are deleted (an abandoned form's). */
  IMAGE_UNUSED_HOURS: z.coerce.number().min(0).default(24),
  /**
   * Pictures in an S3 bucket instead of UPLOADS_DIR: set S3_BUCKET (and S3_ENDPOINT for an
   * S3-compatible store). Keys from S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY, or the AWS SDK's
   * usual sources (environment, instance role) when unset.
   */
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, message: 'must be an http(s) address' }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Where browsers fetch the pictures (a CDN); default: the endpoint's bucket URL. */
  S3_PUBLIC_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s) address' }).optional(),
  /** The built web app served at `/`. */
  WEB_DIST_DIR: z.string().default(path.join(ROOT_DIR, 'apps/web/dist')),
  /**
   * On SIGTERM/SIGINT, how long the process keeps answering (readiness 503, every other request
   * served) before it closes: the time a load balancer needs to take it out of rotation. 0
   * (default): close at once, as a lone process does.
   */
  DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Prometheus metrics (docs/operations.md, "Metrics") at /metrics on this port, a server of
   * their own apart from the site. Unset: no metrics are kept or served.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The interface the metrics listen on: loopback unless a scraper elsewhere must reach it. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * Which client addresses to believe in X-Forwarded-For: unset or `false` trusts none (the
   * socket's address is the client), `true` trusts every hop, a number the last n hops, or a
   * comma-separated list of proxy addresses/CIDRs. Rate limits key on the address it yields.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v): boolean | string | ((address: string, hop: number) => boolean) => {
      if (v === undefined || v === 'false') return false;
      if (v === 'true') return true;
      if (/^\d+$/.test(v)) {
        const hops = Number(v);
        return (_address, hop) => hop < hops;
      }
      return v;
    }),

  // ── Identity (Better Auth). See docs/auth.md.
  /**
   * Signs and encrypts session and verification tokens. Required in production (32+ chars).
   * Elsewhere, unset: a random secret made on the first start and kept in AUTH_SECRET_FILE
   * (tests: a random one per process).
   */
  AUTH_SECRET: z.string().min(32).optional(),
  AUTH_SECRET_FILE: z.string().default(path.join(ROOT_DIR, '.data/auth-secret')),
  /**
   * Further origins allowed to call the API with cookies (comma-separated); their hosts are also
   * names the server answers to (plugins/host-check.ts).
   */
  TRUSTED_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((o) => o.trim())
            .filter(Boolean)
        : [],
    )
    .pipe(z.array(z.url({ protocol: /^https?$/, message: 'must list http(s) origins' }))),
  /** Rate limits on sign-in, sign-up, password reset and verification e-mails (stored in PostgreSQL). */
  AUTH_RATE_LIMIT: z.stringbool().default(true),
  /** 'Continue with Google', shown when both are set. */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** Any OpenID Connect issuer (discovery at {issuer}/.well-known/openid-configuration). */
  OIDC_ISSUER_URL: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** The button label of the OpenID Connect provider. */
  OIDC_PROVIDER_NAME: z.string().default('Single sign-on'),
  /** A superAdmin created at start when no account has this e-mail. */
  SUPERADMIN_EMAIL: z.email().optional(),
  SUPERADMIN_PASSWORD: z.string().min(6).optional(),
  /** Demo accounts of each role (docs/auth.md). Default: on, except in production. */
  DEMO_ACCOUNTS: z.stringbool().optional(),
  /**
   * How long a process keeps a session it has read, so that signed-in requests do not read it
   * from PostgreSQL each time; every process drops it at once when it ends or its account
   * changes (docs/auth.md). 0: read at every request.
   */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),

  // ── E-mail: every message goes through the mail_outbox table.
  /** smtp(s)://user:pass@host:port — unset: nothing leaves the machine (dev inbox at /api/dev/inbox). */
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('DevStay <no-reply@devstay.dev>'),
  /** Delivery attempts before a message is marked failed. */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** First retry delay; doubles on each further attempt (capped at 6 hours). */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).default(30_000),
  /** How often the mail worker looks for due messages. */
  MAIL_POLL_MS: z.coerce.number().int().min(10).default(1000),
  /**
   * How long a claimed message stays reserved to its worker, renewed while it is sent: the delay
   * before another process delivers the messages of one that died.
   */
  MAIL_LEASE_MS: z.coerce.number().int().min(100).default(120_000),

  // ── Catalogue.
  /**
   * A hotel list search by name or on rooms (a stay, units, room services) counts its matches
   * up to the page's end rounded up to a multiple of this, then says "more than that" ("1,000+
   * hotels"): whole, such a count tests every hotel (a stay's at every request).
   */
  SEARCH_COUNT_CAP: z.coerce.number().int().min(1).default(SEARCH_COUNT_CAP),

  // ── Booking and payment. See docs/architecture.md (Booking).
  /** How long a checkout holds its units while the guest pays. */
  BOOKING_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(10),
  /**
   * How long a waitlist's offer holds the units that came free for the first guest in line; not
   * paid by then, they pass to the next.
   */
  WAITLIST_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** How often each server process releases lapsed holds. */
  BOOKING_SWEEP_MS: z.coerce.number().int().min(10).default(30_000),
  /**
   * Unpaid holds (pending bookings) an account may have at once, and the rooms (units) they may
   * hold together: enough for a team's trip, too few to keep a hotel out of sale without paying.
   * Paid bookings do not count.
   */
  HOLDS_PER_ACCOUNT: z.coerce.number().int().min(1).default(3),
  HELD_UNITS_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  /**
   * Holds an account may let lapse unpaid in a day; then it holds nothing more until a day has
   * passed since those lapses or one of its payments succeeds.
   */
  LAPSED_HOLDS_PER_DAY: z.coerce.number().int().min(1).default(3),
  /** Checkouts (holds) per account per minute, and per client address per minute. */
  CHECKOUT_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  CHECKOUT_ADDRESS_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  /** Card payment attempts per account per minute. */
  PAYMENT_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /**
   * Stripe takes the payments when its keys are set (all three); unset: the built-in test
   * provider. See docs/decisions/0008-checkout-and-payments.md.
   */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_\w+$/, 'must be a Stripe secret key (sk_… or rk_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_\w+$/, 'must be a Stripe publishable key (pk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  /**
   * Production takes the built-in test processor (test cards, nothing charged) only when this
   * says so: a staging copy, a benchmark, a drill. Unset, production without Stripe's keys
   * refuses to start, so no deployment confirms bookings nobody paid for.
   */
  PAYMENTS_TEST_PROCESSOR: z.stringbool().default(false),
  /** Another address for Stripe's API, e.g. a local stand-in in tests. Default: Stripe's. */
  STRIPE_API_BASE: z
    .url({ protocol: /^https?$/, message: 'must be an http(s) address' })
    .optional(),
  /** How often each imported channel calendar is synced (minutes). */
  CHANNEL_SYNC_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** How long one fetch of a channel calendar may take, redirects included. */
  CHANNEL_FEED_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** The largest channel calendar read (bytes), and the most events it may hold in 18 months. */
  CHANNEL_FEED_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(2 * 1024 * 1024),
  CHANNEL_FEED_MAX_EVENTS: z.coerce.number().int().min(1).default(5000),
  /**
   * Addresses a channel calendar may be fetched from although they are internal (a calendar on
   * the hotel's own network), comma-separated IPs. Every other loopback, private, link-local or
   * metadata address is refused in production.
   */
  CHANNEL_FETCH_ALLOW: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    ),
  /** Tests only: the server kills itself at this step of the booking flow (lib/crash-point.ts). */
  CRASH_AT: z.enum(CRASH_POINTS).optional(),
});

const refinedConfigSchema = configSchema
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production' && !c.AUTH_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_SECRET'],
        message: 'is required in production (32+ random characters, e.g. openssl rand -base64 32)',
      });
    }
    if (c.NODE_ENV === 'production' && !c.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message:
          'is required in production (the https origin people open, e.g. https://devstay.example)',
      });
    }
    const stripeKeys = [
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ] as const;
    if (stripeKeys.some((k) => c[k])) {
      for (const key of stripeKeys.filter((k) => !c[k])) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message:
            'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET go together',
        });
      }
    }
    if (c.PAYMENTS_TEST_PROCESSOR && c.STRIPE_SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS_TEST_PROCESSOR'],
        message: 'takes test cards instead of Stripe: unset it or the STRIPE_* keys',
      });
    }
    // Production without any of them (a partial set is named above) takes no test card unasked.
    if (
      c.NODE_ENV === 'production' &&
      !c.PAYMENTS_TEST_PROCESSOR &&
      !stripeKeys.some((k) => c[k])
    ) {
      for (const key of stripeKeys) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message:
            'is required in production: Stripe takes the payments (or PAYMENTS_TEST_PROCESSOR=true ' +
            'for a copy that takes test cards only, nothing charged)',
        });
      }
    }
    if (c.CRASH_AT && c.NODE_ENV !== 'test') {
      ctx.addIssue({ code: 'custom', path: ['CRASH_AT'], message: 'is for NODE_ENV=test only' });
    }
    if (Boolean(c.SUPERADMIN_EMAIL) !== Boolean(c.SUPERADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [c.SUPERADMIN_EMAIL ? 'SUPERADMIN_PASSWORD' : 'SUPERADMIN_EMAIL'],
        message: 'SUPERADMIN_EMAIL and SUPERADMIN_PASSWORD go together',
      });
    }
  })
  .transform((c) => ({
    ...c,
    HOST: c.HOST ?? (c.NODE_ENV === 'production' ? '0.0.0.0' : 'localhost'),
    PUBLIC_URL: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    AUTH_SECRET:
      c.AUTH_SECRET ??
      (c.NODE_ENV === 'test'
        ? randomBytes(32).toString('base64url')
        : localSecret(c.AUTH_SECRET_FILE)),
    DEMO_ACCOUNTS: c.DEMO_ACCOUNTS ?? c.NODE_ENV !== 'production',
  }));

/**
 * The development secret: random, made on the first start and kept with the local data (owner
 * read/write only), so sessions survive restarts and nobody can sign tokens with a secret
 * written in the source.
 */
function localSecret(file: string): string {
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export type Config = z.infer<typeof refinedConfigSchema>;

/** Reads the environment once; a bad value stops the start with every bad key named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = refinedConfigSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The names of this machine's loopback interface, as browsers write them in an origin. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Origins whose browsers may call the API with cookies: the site itself and TRUSTED_ORIGINS.
 * Outside production also the origin the server is actually opened at on this machine —
 * localhost, 127.0.0.1 or [::1] on its own port (no other port). No development port: the Vite
 * dev server forwards its pages' calls as this origin (apps/web/src/dev-server-proxy.ts), so
 * nothing else listening at :5173 is trusted.
 */
export function trustedOrigins(config: Config): string[] {
  const origins = [config.PUBLIC_URL, ...config.TRUSTED_ORIGINS];
  if (config.NODE_ENV !== 'production') {
    for (const host of LOOPBACK_HOSTS) origins.push(`http://${host}:${config.PORT}`);
  }
  return [...new Set(origins.map((o) => new URL(o).origin))];
}
