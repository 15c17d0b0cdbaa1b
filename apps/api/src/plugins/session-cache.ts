import type { FastifyPluginAsync } from 'fastify';
import type { SessionUser } from '../lib/policies.ts';
import { type KnownSession, SessionCache } from '../lib/session-cache.ts';

/**
 * Each API process keeps the sessions it has just read for SESSION_CACHE_MS (a few seconds),
 * and every process drops one the moment it ends or its account changes (docs/auth.md,
 * "Sessions kept per process"). The notices come from the database itself: triggers on
 * `sessions` and `users` (migration 0014) send them in the transaction that makes the change,
 * whoever makes it (Better Auth, the users API, the command line, an operator's SQL).
 *
 * Notices on SESSION_CHANNEL: `{"session": sha256 of the token}` when a session row is
 * updated or deleted (sign-out, revocation, password reset or change, expiry cleanup, the
 * account's removal); `{"user": id}` when an account's email, verification, display name,
 * role or hotel changes, or the account is removed.
 */
export const SESSION_CHANNEL = 'devstay_session_changes';

/** Sessions one process keeps at most (a few hundred bytes each), and the bytes they may hold. */
const SESSION_CACHE_MAX = 20_000;
const SESSION_CACHE_BYTES = 8_000_000;

type SessionNotice = { session: string } | { user: string };

/**
 * A notice's payload, or null when it is not one (then every kept session is dropped).
 * @internal
 */
export function parseSessionNotice(payload: string): SessionNotice | null {
  try {
    const value: unknown = JSON.parse(payload);
    if (typeof value !== 'object' || value === null) return null;
    const entries = Object.entries(value);
    const [key, id] = entries[0] ?? [];
    if (entries.length !== 1 || typeof id !== 'string' || id === '') return null;
    if (key === 'session' && /^[0-9a-f]{64}$/.test(id)) return { session: id };
    if (key === 'user') return { user: id };
    return null;
  } catch {
    return null;
  }
}

interface SessionKeeper {
  /**
   * The account of the session whose cookie has `cookieValue`, from this process's memory when
   * it was read less than SESSION_CACHE_MS ago, else through `load` (Better Auth). While the
   * process does not hear notices, nothing is served from memory.
   */
  account(
    cookieValue: string,
    load: () => Promise<KnownSession<SessionUser> | null>,
  ): Promise<SessionUser | null>;
  /** The kept sessions (sizes and hit counts, for tests and benchmarks). */
  readonly kept: SessionCache<SessionUser>;
  /** Whether sessions are served from memory now (configured on, and notices heard). */
  readonly serving: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionKeeper;
  }
}

/** Registered at the application's level, after `changeNotices` and before `authorization`. */
export const sessionCache: FastifyPluginAsync<{ ttlMs: number }> = async (app, { ttlMs }) => {
  const kept = new SessionCache<SessionUser>({
    ttlMs,
    max: SESSION_CACHE_MAX,
    maxBytes: SESSION_CACHE_BYTES,
  });

  app.changeNotices.on(SESSION_CHANNEL, {
    notice(payload) {
      const notice = parseSessionNotice(payload);
      if (!notice) {
        app.log.warn({ payload }, 'unreadable session notice: kept sessions dropped');
        kept.clear();
      } else if ('session' in notice) kept.dropSession(notice.session);
      else kept.dropUser(notice.user);
    },
    // Sessions ended while no connection listened were missed: forget every kept one.
    connected: () => kept.clear(),
  });

  const keeper: SessionKeeper = {
    account(cookieValue, load) {
      if (!keeper.serving) return load().then((found) => found?.user ?? null);
      return kept.get(cookieValue, load);
    },
    kept,
    get serving() {
      return ttlMs > 0 && app.changeNotices.listening;
    },
  };
  app.decorate('sessions', keeper);
};
// Share the application's context (what fastify-plugin does): the guard sees `sessions`.
Object.assign(sessionCache, { [Symbol.for('skip-override')]: true });
