/**
 * Loads under way, one a key: callers that miss the same key at once share one load instead of
 * each reading the database (no stampede when a popular entry expires under load). A load is
 * forgotten when it settles, whether it resolved or failed, so a failure is not served again.
 */
export class SharedLoads<V> {
  readonly #loading = new Map<string, Promise<V>>();

  /** The load under way for `key`, if one is. */
  pending(key: string): Promise<V> | undefined {
    return this.#loading.get(key);
  }

  /** Starts `load` for `key` and shares it with the callers that come while it runs. */
  start(key: string, load: () => Promise<V>): Promise<V> {
    const loading = load();
    this.#loading.set(key, loading);
    const forget = () => {
      if (this.#loading.get(key) === loading) this.#loading.delete(key);
    };
    loading.then(forget, forget);
    return loading;
  }

  /** Stops sharing the load of `key` (it still runs and answers those who wait for it). */
  delete(key: string): void {
    this.#loading.delete(key);
  }

  clear(): void {
    this.#loading.clear();
  }
}
