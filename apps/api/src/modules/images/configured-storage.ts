import path from 'node:path';
import type { Config } from '../../config.ts';
import { s3Storage } from './s3-storage.ts';
import { type ImageStorage, localDiskStorage } from './storage.ts';

/** The storage configuration names: an S3 bucket when S3_BUCKET is set, else UPLOADS_DIR. */
export function imageStorageOf(config: Config): ImageStorage {
  if (config.S3_BUCKET) {
    return s3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      publicUrl: config.S3_PUBLIC_URL,
    });
  }
  return localDiskStorage(path.resolve(config.UPLOADS_DIR));
}
