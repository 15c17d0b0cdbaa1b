import { errorBody } from '@devstay/shared/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AnyContentKind, CONTENT_KINDS } from './kinds.ts';
import { createRecord, modifyRecord } from './repository.ts';

/** Answers of every writer besides its 200/201. */
const writeErrors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
} as const;

/**
 * Content management (product §2.13, §7.1): for each kind of content (kinds.ts), POST creates and
 * PUT modifies. Admins write only their own hotel's rooms, events and services and modify only
 * their hotel; the superAdmin writes everything and alone creates hotels and room services
 * (lib/policies.ts). A modify applies only over the version it loaded (409 otherwise). Each
 * writer tells the catalogue cache what it changed, in its transaction, and answers once every
 * process has heard it: the writer's next page, whichever process serves it, shows the change
 * (from the primary or a replica that has replayed it, db/replica-reads.ts). Pictures a modify
 * dropped are deleted once nothing uses them (repository.ts).
 */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  function writersOf(kind: AnyContentKind) {
    app.post(
      kind.path,
      {
        config: { access: kind.create.access },
        schema: {
          tags: ['content'],
          summary: kind.create.summary,
          body: kind.create.body,
          response: { 201: kind.editable, ...writeErrors },
        },
      },
      async (request, reply) => {
        const record = await createRecord(app, kind, request.body);
        await app.changeNotices.settle();
        return reply.status(201).send(record);
      },
    );

    app.put(
      kind.path,
      {
        config: { access: kind.modify.access },
        schema: {
          tags: ['content'],
          summary: kind.modify.summary,
          ...(kind.modify.description && { description: kind.modify.description }),
          body: kind.modify.body,
          response: { 200: kind.editable, ...writeErrors },
        },
      },
      async (request) => {
        const record = await modifyRecord(app, kind, request.body);
        await app.changeNotices.settle();
        return record;
      },
    );
  }

  for (const kind of CONTENT_KINDS) writersOf(kind);
};
