import { SharedLoads } from './shared-loads.ts';

/**
 * How long the catalogue's caches keep what they read, at most (plugins/catalogue-cache.ts), and
 * the answers kept whole sent from them (plugins/kept-answers.ts): a safety net only, should a
 * change notice be lost; every change heard of drops them.
 */
export const CATALOGUE_TTL_MS = 60_000;

/**
 * A small in-process cache of reads (hotel list pages, match counts, the city list, hotel
 * details, the pages the server renders).
 *
 * Read traffic on a catalogue repeats itself: the first page of /home, popular cities, the star
 * filters, the pages after them. When full, the entry read least recently goes first. Entries
 * are dropped when the data behind them changes
 * (`delete`/`clear`, driven by plugins/catalogue-cache.ts in every process) and live `ttlMs` at
 * most, a safety net should a change notice be lost. Concurrent misses of one key share a
 * single load (no stampede on the database when an entry expires under load).
 */
/** What a cache holds against its budget (its weight, in bytes where it weighs bytes). */
export interface CacheUse {
  readonly size: number;
  readonly weight: number;
  readonly budget: number;
}

export class ReadCache<V> implements CacheUse {
  readonly #ttlMs: number;
  readonly #maxWeight: number;
  readonly #weigh: (value: V, key: string) => number;
  readonly #entries = new Map<string, { value: V; expires: number; weight: number }>();
  #weight = 0;
  readonly #loading = new SharedLoads<V>();
  /**
   * Bumped by clear() and delete(): a load that started before either is not stored (it may
   * have read the data as it was before the change).
   */
  #generation = 0;
  hits = 0;
  misses = 0;

  /**
   * `max`: how much the cache holds, as a number of entries, or as a total weight when
   * `weigh` tells each entry's (e.g. its size in characters, key included when keys are long).
   */
  constructor(options: { ttlMs: number; max: number; weigh?: (value: V, key: string) => number }) {
    this.#ttlMs = options.ttlMs;
    this.#maxWeight = options.max;
    this.#weigh = options.weigh ?? (() => 1);
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The most weight it holds (`max`). */
  get budget(): number {
    return this.#maxWeight;
  }

  /** The total weight held (the number of entries unless `weigh` was given). */
  get weight(): number {
    return this.#weight;
  }

  /**
   * Bumped by clear() and delete(). A value worked out from what was read under an older
   * generation may be stale: `set` refuses it.
   */
  get generation(): number {
    return this.#generation;
  }

  /** The value kept for `key` and not expired, without loading it; counts a hit. */
  find(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry || entry.expires <= Date.now()) return undefined;
    this.hits += 1;
    // To the back of the line: when full, the entry read least recently goes first.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /**
   * Keeps a value worked out elsewhere, unless the cache was cleared or a key deleted since
   * `generation` (read before the work began).
   */
  set(key: string, value: V, generation: number): void {
    if (generation === this.#generation) this.#store(key, value);
  }

  /** `keep`: whether the value just loaded is kept (not asked: always); either way it is returned. */
  async get(key: string, load: () => Promise<V>, keep?: (value: V) => boolean): Promise<V> {
    const found = this.find(key);
    if (found !== undefined) return found;
    const pending = this.#loading.pending(key);
    if (pending) {
      this.hits += 1;
      return pending;
    }
    this.misses += 1;
    const generation = this.#generation;
    return this.#loading.start(key, () =>
      load().then((value) => {
        if (generation === this.#generation && (keep?.(value) ?? true)) this.#store(key, value);
        return value;
      }),
    );
  }

  /** Forgets one key (and lets no load begun before now store it). */
  delete(key: string): void {
    this.#generation += 1;
    this.#delete(key);
    this.#loading.delete(key);
  }

  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#loading.clear();
    this.#weight = 0;
  }

  #store(key: string, value: V): void {
    this.#delete(key);
    const weight = this.#weigh(value, key);
    if (weight > this.#maxWeight) return;
    this.#entries.set(key, { value, expires: Date.now() + this.#ttlMs, weight });
    this.#weight += weight;
    // Map keeps insertion order, and a hit puts its entry back at the end: the first key is
    // the entry read least recently.
    while (this.#weight > this.#maxWeight) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#delete(oldest.value);
    }
  }

  #delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#weight -= entry.weight;
  }
}
