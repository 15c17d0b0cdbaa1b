/**
 * A small in-process cache for catalogue reads (hotel pages, match counts, the city list).
 *
 * Read traffic on a catalogue repeats itself: the first page of /home, popular cities, the star
 * filters, the pages after them. Each entry lives `ttlMs` at most; the whole cache is emptied
 * whenever this process changes data (see catalogue/routes.ts), so a process always sees its
 * own writes at once, and another process's writes within `ttlMs`. Concurrent misses of one key
 * share a single load (no stampede on the database when an entry expires under load).
 */
export class ReadCache<V> {
  readonly #ttlMs: number;
  readonly #max: number;
  readonly #entries = new Map<string, { value: V; expires: number }>();
  readonly #loading = new Map<string, Promise<V>>();
  /** Bumped by clear(): a load that started before a clear is not stored. */
  #generation = 0;
  hits = 0;
  misses = 0;

  constructor(options: { ttlMs: number; max: number }) {
    this.#ttlMs = options.ttlMs;
    this.#max = options.max;
  }

  get size(): number {
    return this.#entries.size;
  }

  async get(key: string, load: () => Promise<V>): Promise<V> {
    const entry = this.#entries.get(key);
    if (entry && entry.expires > Date.now()) {
      this.hits += 1;
      return entry.value;
    }
    const pending = this.#loading.get(key);
    if (pending) {
      this.hits += 1;
      return pending;
    }
    this.misses += 1;
    const generation = this.#generation;
    const loading = load().then((value) => {
      if (generation === this.#generation) this.#store(key, value);
      return value;
    });
    this.#loading.set(key, loading);
    const forget = () => {
      if (this.#loading.get(key) === loading) this.#loading.delete(key);
    };
    loading.then(forget, forget);
    return loading;
  }

  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#loading.clear();
  }

  #store(key: string, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expires: Date.now() + this.#ttlMs });
    // Map keeps insertion order: the first key is the oldest entry.
    while (this.#entries.size > this.#max) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
  }
}
