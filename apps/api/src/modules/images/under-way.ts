/**
 * Picture files promised but not written yet: a first start's demo pictures, drawn while the
 * server already answers (the catalogue that names them is in the database before they are).
 * A request for one of them waits for it, and asks for it to be drawn next; the uploads route
 * (app.ts) consults this before it looks on disk.
 */
export class UploadsUnderWay {
  readonly #files = new Map<string, () => Promise<void>>();

  /**
   * Promises the files under `keys`; `hurry` stores them next if they are not begun yet, and
   * resolves once they are written (or their storing failed: the request then finds no file).
   */
  promise(keys: readonly string[], hurry: () => Promise<void>): void {
    for (const key of keys) this.#files.set(key, hurry);
  }

  /** The files under `keys` are written, or will not be. */
  settle(keys: readonly string[]): void {
    for (const key of keys) this.#files.delete(key);
  }

  /** Waits for the file under `key` when it is promised; undefined when it is not. */
  whenStored(key: string): Promise<void> | undefined {
    return this.#files.get(key)?.();
  }

  get size(): number {
    return this.#files.size;
  }
}
