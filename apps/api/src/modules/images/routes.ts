import { errorBody } from '@devstay/shared/contracts/common';
import { imageUploadReply } from '@devstay/shared/contracts/content';
import { UPLOAD_MESSAGES } from '@devstay/shared/messages';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/errors.ts';
import { canUploadImages, rolesWhere } from '../../lib/policies.ts';
import { signedInUser } from '../../plugins/authorization.ts';
import { toImageItem } from './image-item.ts';
import {
  ImageRejectedError,
  type ImageRejection,
  imageLimits,
  pictureRef,
  storeImage,
} from './pipeline.ts';
import { recordUpload, sweepUnusedUploads } from './references.ts';

/** How a refused file answers: too big → 413, not a picture we take → 415, else 400. */
const STATUS_OF: Record<ImageRejection, number> = {
  empty: 400,
  'too-large': 413,
  'too-many-pixels': 413,
  'unsupported-type': 415,
  unreadable: 400,
};

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** Codes of @fastify/multipart's own refusals, answered by the route's catch below. */
const MULTIPART_LIMITS = new Set([
  'FST_FILES_LIMIT',
  'FST_PARTS_LIMIT',
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
  'FST_MULTIPART_INVALID_CONTENT_TYPE',
]);

/**
 * An error met while reading the multipart body: ours and the plugin's limits pass on; anything
 * else (busboy's 'Multipart: Boundary not found', 'Unexpected end of form', a malformed part
 * header, a closed connection) is the request's fault: 400 saying so, never a 500.
 */
function unreadable(error: unknown): never {
  const code = (error as { code?: string }).code;
  if (error instanceof HttpError || (code && MULTIPART_LIMITS.has(code))) throw error;
  const why = error instanceof Error && error.message ? error.message : 'unreadable';
  throw new HttpError(400, UPLOAD_MESSAGES.malformed(why.slice(0, 200)), 'file');
}

/** How often each process deletes uploads no content took up within IMAGE_UNUSED_HOURS. */
const SWEEP_MS = 60 * 60 * 1000;

/**
 * POST /images: staff upload pictures for their content (multipart, one or more files). Each
 * goes through the image pipeline — type from its bytes, byte and pixel limits, metadata dropped,
 * WebP variants — into the configured storage, and is answered as `{url, public_id, width,
 * height, variants}`, in the order sent. A refused file fails the request, naming the file and
 * why; pictures stored before it, unused, are swept like any abandoned upload.
 */
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = imageLimits(app.config);
  await app.register(multipart, {
    limits: {
      // One byte over the limit is enough to know a file is too big.
      fileSize: limits.maxBytes + 1,
      files: app.config.IMAGE_MAX_FILES,
      fields: 10,
      parts: app.config.IMAGE_MAX_FILES + 10,
    },
  });

  const tooLarge = `the file is larger than ${mib(limits.maxBytes)}; images may be at most ${mib(limits.maxBytes)}`;
  const graceMs = app.config.IMAGE_UNUSED_HOURS * 3_600_000;
  app.registerWorker({
    name: 'unused-uploads',
    intervalMs: SWEEP_MS,
    run: () => sweepUnusedUploads(app.db, app.imageStorage, graceMs),
  });

  app.post(
    '/images',
    {
      config: { access: { roles: rolesWhere(canUploadImages) } },
      schema: {
        tags: ['content'],
        summary: 'Upload pictures (multipart/form-data, one or more files)',
        description: `JPEG, PNG, WebP or AVIF, read from the bytes; at most IMAGE_MAX_BYTES each (default 10 MiB) and IMAGE_MAX_PIXELS (default 40 megapixels); at most IMAGE_MAX_FILES files (default 10).`,
        consumes: ['multipart/form-data'],
        // Read from the stream by the handler below, not validated as a body: documented only.
        documentedBody: {
          type: 'object',
          properties: {
            file: {
              type: 'array',
              items: { type: 'string', format: 'binary' },
              maxItems: app.config.IMAGE_MAX_FILES,
              description:
                'The pictures, one file part each (the web names them `file`; every file part ' +
                'is taken, whatever its name), stored in the order sent.',
            },
          },
          required: ['file'],
        },
        response: {
          201: imageUploadReply,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          413: errorBody,
          415: errorBody,
        },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      if (!request.isMultipart()) {
        throw new HttpError(415, UPLOAD_MESSAGES.notMultipart, 'file');
      }
      const stored = [];
      const parts = request.files();
      try {
        while (true) {
          // Reading the body: whatever fails here is the request's (no boundary, cut off, …).
          const next = await parts.next().catch(unreadable);
          if (next.done) break;
          const part = next.value;
          const name = part.filename || part.fieldname;
          const bytes = await part.toBuffer().catch((error: unknown) => {
            if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
              throw new HttpError(413, `${name}: ${tooLarge}`, 'file');
            }
            return unreadable(error);
          });
          try {
            const picture = await storeImage(app.imageStorage, bytes, { limits });
            await recordUpload(app.db, picture, user.id);
            stored.push(toImageItem(pictureRef(picture)));
          } catch (error) {
            if (error instanceof ImageRejectedError) {
              throw new HttpError(STATUS_OF[error.reason], `${name}: ${error.message}`, 'file');
            }
            throw error;
          }
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
          throw new HttpError(
            413,
            UPLOAD_MESSAGES.tooManyFiles(app.config.IMAGE_MAX_FILES),
            'file',
          );
        }
        if (
          code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' ||
          code === 'FST_MULTIPART_INVALID_CONTENT_TYPE'
        ) {
          throw new HttpError(415, UPLOAD_MESSAGES.notMultipart, 'file');
        }
        throw error;
      } finally {
        // What `for await` would do: a refused file stops the reading of the rest.
        await parts.return?.(undefined).catch(() => {});
      }
      if (stored.length === 0) throw new HttpError(400, UPLOAD_MESSAGES.noFile, 'file');
      return reply.status(201).send(stored);
    },
  );
};
