import {
  blockCreateBody,
  CHANNEL_MESSAGES,
  channelConflictList,
  channelFeed,
  channelFeedList,
  channelHorizon,
  exportAddress,
  exportFeedQuery,
  feedCreateBody,
  feedPatchBody,
  roomBlock,
  roomBlockList,
  syncOutcome,
} from '@devstay/shared/contracts/channels';
import { errorBody, idParams } from '@devstay/shared/contracts/common';
import { calendarDateIn } from '@devstay/shared/stay';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, notFound } from '../../lib/errors.ts';
import { access, signedInUser } from '../../plugins/authorization.ts';
import { CALENDAR_CONTENT_TYPE } from '../calendar/ics.ts';
import { exportCalendar, exportFeedUrl, newExportKey } from './export-feed.ts';
import {
  blocksOfRoom,
  channelRoom,
  conflictsOfRoom,
  createFeed,
  createStaffBlock,
  deleteFeed,
  deleteStaffBlock,
  dueFeeds,
  exportedNights,
  exportKeyCreatedAt,
  feedsOfRoom,
  hotelOfBlock,
  hotelOfChannelRoom,
  hotelOfFeed,
  roomOfFeed,
  setFeedPaused,
  storeExportKey,
} from './repository.ts';
import { type SyncSettings, syncFeed } from './sync.ts';

const staffErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody } as const;
const ACCESS = 'Staff of the room’s hotel and the superAdmin.';

/**
 * The sync's settings from the configuration (tests build their own).
 * @internal
 */
export function syncSettings(app: FastifyInstance): SyncSettings {
  const c = app.config;
  return {
    policy: { production: c.NODE_ENV === 'production', allowed: c.CHANNEL_FETCH_ALLOW },
    timeoutMs: c.CHANNEL_FEED_TIMEOUT_MS,
    maxBytes: c.CHANNEL_FEED_MAX_BYTES,
    maxEvents: c.CHANNEL_FEED_MAX_EVENTS,
    publicUrl: c.PUBLIC_URL,
  };
}

/**
 * The export feed's answer: 304 when the client's copy (ETag, else Last-Modified) is current,
 * else the file. `private, no-cache`: the key is in the address, and every poll revalidates.
 */
function sendFeed(
  reply: FastifyReply,
  found: NonNullable<Awaited<ReturnType<typeof exportedNights>>>,
  headers: FastifyRequest['headers'],
  publicUrl: string,
) {
  const etag = `"${found.digest}"`;
  reply
    .header('cache-control', 'private, no-cache')
    .header('etag', etag)
    .header('last-modified', found.changedAt.toUTCString());
  const ifNoneMatch = headers['if-none-match'];
  const ifModifiedSince = headers['if-modified-since'];
  const fresh = ifNoneMatch
    ? ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)
    : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= found.changedAt.getTime();
  if (fresh) return reply.code(304).send();
  return reply
    .header('content-type', CALENDAR_CONTENT_TYPE)
    .send(exportCalendar(publicUrl, found.room, found.nights, found.changedAt));
}

/**
 * Channels (calendar sync per room): the room's export feed for other channels, the calendars
 * imported from them, their conflicts, and staff blocks — all on the room's one ledger.
 */
export const channelRoutes: FastifyPluginAsyncZod = async (app) => {
  const ofRoom = access.hotel({ params: idParams }, (r) =>
    hotelOfChannelRoom(r.server.db, r.params.id),
  );
  const ofFeed = access.hotel({ params: idParams }, (r) => hotelOfFeed(r.server.db, r.params.id));
  const ofBlock = access.hotel({ params: idParams }, (r) => hotelOfBlock(r.server.db, r.params.id));
  const deps = () => ({ db: app.db, log: app.log, clock: app.clock, settings: syncSettings(app) });

  async function roomOr404(id: number) {
    const room = await channelRoom(app.db, id);
    if (!room) throw notFound('Room');
    return room;
  }

  app.get(
    '/rooms/:id/availability.ics',
    {
      config: { access: 'public' },
      schema: {
        tags: ['channels'],
        summary: 'A room’s export feed: the nights it has no unit left, for other channels',
        description:
          'iCalendar (RFC 5545), for Booking.com, Airbnb and any calendar to import: one all-day ' +
          'VEVENT "Not available" per run of nights on which the room has no unit left (confirmed ' +
          'bookings, live holds, staff blocks and imported blocks all count), from the hotel’s ' +
          'today for 18 months; no guest, price or booking. Stable UIDs; DTSTAMP and ' +
          'Last-Modified are when the nights last changed; ETag and 304. The `key` is the one ' +
          'the export address was made with: a wrong, missing or rotated key is 404, as for a ' +
          'room that does not exist.',
        params: idParams,
        querystring: exportFeedQuery,
        produces: ['text/calendar'],
        response: { 304: z.null().describe('Not modified'), 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const key = request.query.key;
      const room = key ? await channelRoom(app.db, request.params.id) : null;
      const today = room ? calendarDateIn(room.timeZone, app.clock()) : '';
      const found =
        room && key
          ? await exportedNights(app.db, room.id, key, { from: today, to: channelHorizon(today) })
          : null;
      if (!found) throw notFound('Calendar');
      return sendFeed(reply, found, request.headers, app.config.PUBLIC_URL);
    },
  );

  app.post(
    '/rooms/:id/export-key',
    {
      config: { access: ofRoom },
      schema: {
        tags: ['channels'],
        summary: 'Make or rotate a room’s export address',
        description: `A new secret key (256 bits, kept hashed): its address is answered this once. The previous address stops at once (404). ${ACCESS}`,
        params: idParams,
        response: { 200: exportAddress, ...staffErrors },
      },
    },
    async (request, reply) => {
      const room = await roomOr404(request.params.id);
      const key = newExportKey();
      await storeExportKey(app.db, room.id, key);
      reply.header('cache-control', 'private, no-store');
      return { url: exportFeedUrl(app.config.PUBLIC_URL, room.id, key) };
    },
  );

  app.get(
    '/rooms/:id/feeds',
    {
      config: { access: ofRoom },
      schema: {
        tags: ['channels'],
        summary: 'A room’s imported calendars with their status',
        description: `Each with its last sync, last success, last error in plain words and the nights it blocks from the hotel’s today; its address shown by host only. ${ACCESS}`,
        params: idParams,
        response: { 200: channelFeedList, ...staffErrors },
      },
    },
    async (request, reply) => {
      const room = await roomOr404(request.params.id);
      const today = calendarDateIn(room.timeZone, app.clock());
      const [feeds, keyAt] = await Promise.all([
        feedsOfRoom(app.db, room.id, today),
        exportKeyCreatedAt(app.db, room.id),
      ]);
      reply.header('cache-control', 'private, no-store');
      return { exportKeyCreatedAt: keyAt?.toISOString() ?? null, feeds };
    },
  );

  app.post(
    '/rooms/:id/feeds',
    {
      config: { access: ofRoom },
      schema: {
        tags: ['channels'],
        summary: 'Import a channel’s calendar into a room',
        description: `\`{url, name, unitsPerEvent}\`: each event of the calendar will hold \`unitsPerEvent\` units (default 1, at most the room’s stock) on its nights. Synced every CHANNEL_SYNC_MINUTES and on demand. ${ACCESS}`,
        params: idParams,
        body: feedCreateBody,
        response: { 201: channelFeed, ...staffErrors },
      },
    },
    async (request, reply) => {
      const room = await roomOr404(request.params.id);
      if (request.body.unitsPerEvent > room.stock) {
        throw new HttpError(400, CHANNEL_MESSAGES.unitsOverStock(room.stock), 'unitsPerEvent');
      }
      const id = await createFeed(app.db, { roomId: room.id, ...request.body });
      const today = calendarDateIn(room.timeZone, app.clock());
      const feed = (await feedsOfRoom(app.db, room.id, today)).find((f) => f.id === id);
      if (!feed) throw notFound('Feed');
      return reply.code(201).send(feed);
    },
  );

  const feedView = async (id: number) => {
    const room = await roomOr404(await roomOfFeed(app.db, id));
    const today = calendarDateIn(room.timeZone, app.clock());
    const feed = (await feedsOfRoom(app.db, room.id, today)).find((f) => f.id === id);
    if (!feed) throw notFound('Feed');
    return feed;
  };

  app.patch(
    '/feeds/:id',
    {
      config: { access: ofFeed },
      schema: {
        tags: ['channels'],
        summary: 'Pause or resume an imported calendar',
        description: `A paused calendar is not synced on schedule (its blocks stay); "Sync now" still syncs it. ${ACCESS}`,
        params: idParams,
        body: feedPatchBody,
        response: { 200: channelFeed, ...staffErrors },
      },
    },
    async (request) => {
      await setFeedPaused(app.db, request.params.id, request.body.paused);
      return feedView(request.params.id);
    },
  );

  app.delete(
    '/feeds/:id',
    {
      config: { access: ofFeed },
      schema: {
        tags: ['channels'],
        summary: 'Remove an imported calendar',
        description: `Its blocks give their units back (announced as units freed), its conflicts go. ${ACCESS}`,
        params: idParams,
        response: { 204: z.null().describe('Removed'), ...staffErrors },
      },
    },
    async (request, reply) => {
      await deleteFeed(app.db, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/feeds/:id/sync',
    {
      config: { access: ofFeed },
      schema: {
        tags: ['channels'],
        summary: 'Sync an imported calendar now',
        description: `Answers when the sync is done, with its outcome: synced (events read, nights blocked, conflicts), unchanged (304) or failed with its reason in plain words. 409 while another sync of it runs, in any process. ${ACCESS}`,
        params: idParams,
        response: { 200: syncOutcome, ...staffErrors, 409: errorBody },
      },
    },
    async (request) => {
      const outcome = await syncFeed(deps(), request.params.id, { demand: true });
      if (outcome === null) throw notFound('Feed');
      if (outcome === 'busy') throw new HttpError(409, CHANNEL_MESSAGES.syncUnderWay, 'id');
      return outcome;
    },
  );

  app.get(
    '/rooms/:id/conflicts',
    {
      config: { access: ofRoom },
      schema: {
        tags: ['channels'],
        summary: 'A room’s channel conflicts',
        description: `Imported events that did not fit because their nights are sold here, each with the bookings holding those nights. ${ACCESS}`,
        params: idParams,
        response: { 200: channelConflictList, ...staffErrors },
      },
    },
    async (request, reply) => {
      await roomOr404(request.params.id);
      reply.header('cache-control', 'private, no-store');
      return conflictsOfRoom(app.db, request.params.id);
    },
  );

  app.get(
    '/rooms/:id/blocks',
    {
      config: { access: ofRoom },
      schema: {
        tags: ['channels'],
        summary: 'A room’s blocks from the hotel’s today on',
        description: `Staff blocks and imported ones (with their feed). ${ACCESS}`,
        params: idParams,
        response: { 200: roomBlockList, ...staffErrors },
      },
    },
    async (request, reply) => {
      const room = await roomOr404(request.params.id);
      reply.header('cache-control', 'private, no-store');
      return blocksOfRoom(app.db, room.id, calendarDateIn(room.timeZone, app.clock()));
    },
  );

  app.post(
    '/rooms/:id/blocks',
    {
      config: { access: ofRoom },
      schema: {
        tags: ['channels'],
        summary: 'Block units of a room for some nights',
        description: `\`{from, to, units, reason}\`: the nights [from, to) lose \`units\` units, on the ledger bookings use (409 SOLD_OUT naming the first night without them free). ${ACCESS}`,
        params: idParams,
        body: blockCreateBody,
        response: { 201: roomBlock, ...staffErrors, 409: errorBody },
      },
    },
    async (request, reply) => {
      const room = await roomOr404(request.params.id);
      const { from, to, units, reason } = request.body;
      if (units > room.stock) {
        throw new HttpError(400, CHANNEL_MESSAGES.unitsOverStock(room.stock), 'units');
      }
      if (from < calendarDateIn(room.timeZone, app.clock())) {
        throw new HttpError(400, CHANNEL_MESSAGES.fromPast, 'from');
      }
      const block = await createStaffBlock(app.db, {
        roomId: room.id,
        from,
        to,
        units,
        reason,
        by: signedInUser(request).id,
      });
      return reply.code(201).send(block);
    },
  );

  app.delete(
    '/blocks/:id',
    {
      config: { access: ofBlock },
      schema: {
        tags: ['channels'],
        summary: 'Lift a staff block',
        description: `Its units come back (announced as units freed). A channel’s block is 409: it goes with its event or its calendar. ${ACCESS}`,
        params: idParams,
        response: { 204: z.null().describe('Lifted'), ...staffErrors, 409: errorBody },
      },
    },
    async (request, reply) => {
      await deleteStaffBlock(app.db, request.params.id);
      return reply.code(204).send(null);
    },
  );

  // Every process syncs the feeds that are due, each feed by whichever claims its lease first.
  const every = app.config.CHANNEL_SYNC_MINUTES;
  app.registerWorker({
    name: 'channel-sync',
    intervalMs: Math.min(60_000, every * 60_000),
    run: async () => {
      for (const id of await dueFeeds(app.db, every, 20)) {
        await syncFeed(deps(), id, { demand: false });
      }
    },
  });
};
