/**
 * Where stored picture files live. Keys are relative, slash-separated names such as
 * `images/3f9c…-800.webp`; the driver decides where the bytes go and which URL serves them.
 * Two drivers: the local disk below (default) and an S3 bucket (s3-storage.ts), chosen by
 * configuration (`imageStorageOf`).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface ImageStorage {
  /** Stores the bytes under `key`, whole or not at all; an existing key is overwritten. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  has(key: string): Promise<boolean>;
  /** Removes `key`; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** The URL browsers fetch `key` from. */
  url(key: string): string;
}

const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/;

/** Refuses keys that could leave the storage root or need escaping in a URL. */
export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`Invalid storage key: ${key}`);
}

/**
 * Files under `root`, served by the app at `urlPrefix` (`/uploads/`, see app.ts). Files appear
 * atomically (written aside, then renamed): a crash or two writers never leave half a file.
 */
export function localDiskStorage(root: string, urlPrefix = '/uploads/'): ImageStorage {
  const file = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, bytes) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await writeFile(temporary, bytes);
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(file(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async has(key) {
      try {
        return (await stat(file(key))).size > 0;
      } catch {
        return false;
      }
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
    url(key) {
      assertStorageKey(key);
      return `${urlPrefix}${key}`;
    },
  };
}
