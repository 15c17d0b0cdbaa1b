/**
 * Picture files in an S3 bucket (AWS S3 or any S3-compatible store: MinIO, R2, …), behind the
 * same five calls as the local disk. Files are written whole by one PutObject; names are
 * content hashes, so they are served as immutable.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertStorageKey, type ImageStorage } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** A non-AWS endpoint (e.g. http://localhost:9000); unset: AWS's own. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Where browsers fetch the files (a CDN or the bucket's public URL); default from the endpoint. */
  publicUrl?: string;
  /** Path-style addressing (endpoint/bucket/key), which most S3-compatible stores need. */
  forcePathStyle?: boolean;
}

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

export function s3Storage(options: S3StorageOptions): ImageStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
  });
  const base = (
    options.publicUrl ??
    (options.endpoint
      ? `${options.endpoint.replace(/\/$/, '')}/${options.bucket}`
      : `https://${options.bucket}.s3.${options.region}.amazonaws.com`)
  ).replace(/\/$/, '');
  const Bucket = options.bucket;
  return {
    async put(key, bytes, contentType) {
      assertStorageKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      assertStorageKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        const body = await answer.Body?.transformToByteArray();
        return body ? Buffer.from(body) : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async has(key) {
      assertStorageKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return (head.ContentLength ?? 0) > 0;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    url(key) {
      assertStorageKey(key);
      return `${base}/${key}`;
    },
  };
}
