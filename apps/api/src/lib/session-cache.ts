import { createHash } from 'node:crypto';
import { ENTRY_BYTES, textBytes } from './held-bytes.ts';
import type { CacheUse } from './read-cache.ts';
import { SharedLoads } from './shared-loads.ts';

/**
 * The sessions a process has just read, kept for a few seconds so that a signed-in request
 * does not read its session and account from PostgreSQL again (docs/auth.md, "Sessions kept
 * per process").
 *
 * Keyed by a hash of the session cookie's value (token and signature): no token is kept in
 * memory, and a cookie whose signature Better Auth did not accept never matches; a session is
 * kept only when the one read is the cookie's (the token it came with). Each entry
 * knows its session (by a hash of the token, what the database's notices name) and its
 * account, so that a revoked session or a changed account is dropped at once. An entry lives
 * `ttlMs` at most, and never past its session's expiry. When full, the entry read least
 * recently goes first. Concurrent misses of one cookie share one read; a read begun before a
 * drop is not kept (it may have seen the session as it was before the change).
 */
export interface KnownSession<U> {
  user: U;
  /** The session's token as read: kept only when it is the cookie's. */
  token: string;
  /** When the session itself expires. */
  expiresAt: Date;
}

interface Entry<U> {
  user: U;
  tokenHash: string;
  expires: number;
  /** What keeping it costs (held-bytes.ts): its key and hash, the account, the entry. */
  bytes: number;
}

/** @internal */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The hash notices name a session by: of its token, the cookie's value before the signature
 * (the cookie holds `token.signature`, URL-encoded). The database computes the same
 * (migration 0014).
 * @internal
 */
export function sessionTokenHash(cookieValue: string): string {
  let value = cookieValue;
  try {
    value = decodeURIComponent(cookieValue);
  } catch {}
  const dot = value.lastIndexOf('.');
  return sha256(dot > 0 ? value.slice(0, dot) : value);
}

export class SessionCache<U extends { id: string }> implements CacheUse {
  readonly #ttlMs: number;
  readonly #max: number;
  readonly #maxBytes: number;
  #bytes = 0;
  readonly #now: () => number;
  readonly #entries = new Map<string, Entry<U>>();
  readonly #loading = new SharedLoads<U | null>();
  /** Bumped by every drop: a read that started before one is not kept. */
  #generation = 0;
  hits = 0;
  misses = 0;

  /** `max`: how many sessions it keeps at most; `maxBytes`: how many bytes they may hold. */
  constructor(options: { ttlMs: number; max: number; maxBytes?: number; now?: () => number }) {
    this.#ttlMs = options.ttlMs;
    this.#max = options.max;
    this.#maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The bytes the kept sessions hold, as counted against `maxBytes`. */
  get weight(): number {
    return this.#bytes;
  }

  get budget(): number {
    return this.#maxBytes;
  }

  /** The account of the session whose cookie has `cookieValue`; `load` reads it on a miss. */
  async get(cookieValue: string, load: () => Promise<KnownSession<U> | null>): Promise<U | null> {
    const key = sha256(cookieValue);
    const entry = this.#entries.get(key);
    if (entry) {
      if (entry.expires > this.#now()) {
        this.hits += 1;
        // To the back of the line: when full, the entry read least recently goes first.
        this.#entries.delete(key);
        this.#entries.set(key, entry);
        return entry.user;
      }
      this.#delete(key);
    }
    const pending = this.#loading.pending(key);
    if (pending) {
      this.hits += 1;
      return pending;
    }
    this.misses += 1;
    const generation = this.#generation;
    return this.#loading.start(key, () =>
      load().then((found) => {
        const tokenHash = found && sha256(found.token);
        if (
          found &&
          tokenHash === sessionTokenHash(cookieValue) &&
          generation === this.#generation
        ) {
          const expires = Math.min(this.#now() + this.#ttlMs, found.expiresAt.getTime());
          // The two hashes, the account's fields (as JSON, twice for the object's own), the entry.
          const bytes = 2 * 64 + 2 * textBytes(JSON.stringify(found.user)) + 2 * ENTRY_BYTES;
          this.#store(key, { user: found.user, tokenHash, expires, bytes });
        }
        return found?.user ?? null;
      }),
    );
  }

  /** Forgets the session whose token has this hash. */
  dropSession(tokenHash: string): void {
    this.#dropWhere((entry) => entry.tokenHash === tokenHash);
  }

  /** Forgets every session of the account. */
  dropUser(userId: string): void {
    this.#dropWhere((entry) => entry.user.id === userId);
  }

  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#bytes = 0;
    this.#loading.clear();
  }

  #dropWhere(test: (entry: Entry<U>) => boolean): void {
    this.#generation += 1;
    // Reads under way may belong to the dropped session: none of them is kept, and the next
    // request for it reads again.
    this.#loading.clear();
    for (const [key, entry] of this.#entries) if (test(entry)) this.#delete(key);
  }

  #delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  #store(key: string, entry: Entry<U>): void {
    if (entry.expires <= this.#now() || this.#max <= 0 || entry.bytes > this.#maxBytes) return;
    this.#delete(key);
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    // Map keeps insertion order, and a hit puts its entry back at the end: the first key is
    // the entry read least recently.
    while (this.#entries.size > this.#max || this.#bytes > this.#maxBytes) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#delete(oldest.value);
    }
  }
}
