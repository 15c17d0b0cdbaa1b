import { errorBody } from '@devstay/shared/contracts/common';
import type { ImageRefInput } from '@devstay/shared/contracts/content';
import {
  editableEvent,
  editableHotel,
  editableHotelService,
  editableRoom,
  editableRoomService,
  eventCreateBody,
  eventModifyBody,
  hotelCreateBody,
  hotelModifyBody,
  hotelServiceCreateBody,
  hotelServiceModifyBody,
  roomCreateBody,
  roomModifyBody,
  roomServiceCreateBody,
  roomServiceModifyBody,
} from '@devstay/shared/contracts/content';
import { CONTENT_MESSAGES, ERROR_MESSAGES } from '@devstay/shared/messages';
import { calendarDateIn } from '@devstay/shared/stay';
import { priceToCents, searchKey } from '@devstay/shared/text';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Tx } from '../../db/client.ts';
import {
  events,
  hotelServices,
  hotels,
  type ImageRef,
  roomRoomServices,
  roomServices,
  rooms,
} from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { canCreateHotel, canManageRoomServices, rolesWhere } from '../../lib/policies.ts';
import { access } from '../../plugins/authorization.ts';
import type { CatalogueChange } from '../../plugins/catalogue-cache.ts';
import { busiestNight } from '../availability/ledger.ts';
import { deleteUnusedPictures, droppedPictures, resolveImageRefs } from '../images/references.ts';
import {
  hotelOf,
  editableEvent as readEvent,
  editableHotel as readHotel,
  editableHotelService as readHotelService,
  editableRoom as readRoom,
  editableRoomService as readRoomService,
  requireEventDate,
  requireHotel,
  requireLocation,
  roomServiceIds,
  staleVersion,
  updateVersioned,
} from './repository.ts';

/** Answers of every writer besides its 200/201. */
const writeErrors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
} as const;

/** The hotel a modify touches: the record's own (404 when there is none) and the one sent. */
async function storedAndSent(
  app: FastifyInstance,
  table: typeof rooms | typeof events | typeof hotelServices,
  what: string,
  id: number,
  sentHotel: number,
): Promise<number[]> {
  const stored = await hotelOf(app.db, table, id);
  if (stored === null) throw notFound(what);
  return [stored, sentHotel];
}

/** The record a writer just committed, read back. */
function written<T>(record: T | undefined): T {
  if (!record) throw new Error('written record not found');
  return record;
}

/** Locks a record's row and reads what a modify must compare: its hotel and its pictures. */
async function lockRow(
  tx: Tx,
  table: typeof hotels | typeof rooms | typeof events | typeof hotelServices | typeof roomServices,
  what: string,
  id: number,
  version: number,
) {
  const t = table as typeof rooms;
  const [row] = await tx
    .select({ image: t.image, version: t.version })
    .from(t)
    .where(eq(t.id, id))
    .for('update');
  if (!row)
    throw new HttpError(
      404,
      ERROR_MESSAGES.notFound(what.charAt(0).toUpperCase() + what.slice(1)),
      'id',
    );
  if (row.version !== version) throw staleVersion(what);
  return row as { image: ImageRef[]; version: number };
}

/**
 * Content management (spec §2.13, §7.1): POST creates, PUT modifies. Admins write only their
 * own hotel's rooms, events and services and modify only their hotel; the superAdmin writes
 * everything and alone creates hotels and room services (lib/policies.ts). A modify applies
 * only over the version it loaded (409 otherwise). Each writer tells the catalogue cache what
 * it changed, in its transaction; pictures a modify dropped are deleted once nothing uses them.
 */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  /** After a commit: the pictures a modify dropped go when no content references them. */
  async function forgetPictures(before: readonly ImageRef[], after: readonly ImageRef[]) {
    const dropped = droppedPictures(before, after);
    if (dropped.length === 0) return;
    await deleteUnusedPictures(app.db, app.imageStorage, dropped).catch((error: unknown) => {
      app.log.warn({ err: error, dropped }, 'unused pictures not deleted');
    });
  }

  /**
   * Modifies a record of a hotel that has no rule of its own (an event, a hotel service): over
   * the version it loaded, perhaps moved to another hotel, the catalogue told of both hotels;
   * pictures it dropped are forgotten after the commit. Returns the record as read back.
   */
  async function modifyHotelRecord<R extends { image: ImageRef[] }>(
    kind: { table: typeof events | typeof hotelServices; what: string; name: string },
    body: { id: number; idHotel: number; version: number; image: ImageRefInput[] },
    values: Partial<(typeof events)['$inferInsert'] & (typeof hotelServices)['$inferInsert']>,
    change: (hotel: number) => CatalogueChange,
    read: (id: number) => Promise<R | undefined>,
    /** A rule of the record against the hotel it is saved to (given that hotel's time zone). */
    check?: (hotel: { timeZone: string }) => void,
  ): Promise<R> {
    const { table, what, name } = kind;
    const before = await app.db.transaction(async (tx) => {
      const row = await lockRow(tx, table, what, body.id, body.version);
      const stored = await hotelOf(tx, table, body.id);
      const hotel = await requireHotel(tx, body.idHotel, 'idHotel');
      check?.(hotel);
      const image = await resolveImageRefs(tx, body.image, row.image);
      await updateVersioned(tx, table, what, body.id, body.version, {
        ...values,
        hotelId: body.idHotel,
        image,
      });
      await app.catalogue.invalidate(change(body.idHotel), tx);
      if (stored !== null && stored !== body.idHotel) {
        await app.catalogue.invalidate(change(stored), tx);
      }
      return row.image;
    });
    const record = await read(body.id);
    if (!record) throw notFound(name);
    await forgetPictures(before, record.image);
    return record;
  }

  // ── Hotels ──────────────────────────────────────────────────────────────────────────────
  app.post(
    '/hotels',
    {
      config: { access: { roles: rolesWhere(canCreateHotel) } },
      schema: {
        tags: ['content'],
        summary: 'Create a hotel',
        body: hotelCreateBody,
        response: { 201: editableHotel, ...writeErrors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const id = await app.db.transaction(async (tx) => {
        await requireLocation(tx, body.idLocation);
        const image = await resolveImageRefs(tx, body.image);
        const [row] = await tx
          .insert(hotels)
          .values({
            name: body.name,
            nameKey: searchKey(body.name),
            image,
            qualification: body.qualification,
            description: body.description,
            address: body.address,
            locationId: body.idLocation,
            timeZone: body.timeZone,
          })
          .returning({ id: hotels.id });
        if (!row) throw new Error('hotel not inserted');
        await app.catalogue.invalidate({ hotel: row.id }, tx);
        return row.id;
      });
      return reply.status(201).send(written(await readHotel(app.db, id)));
    },
  );

  app.put(
    '/hotels',
    {
      config: { access: access.hotel({ body: hotelModifyBody }, (r) => r.body.id) },
      schema: {
        tags: ['content'],
        summary: 'Modify a hotel',
        body: hotelModifyBody,
        response: { 200: editableHotel, ...writeErrors },
      },
    },
    async (request) => {
      const body = request.body;
      const before = await app.db.transaction(async (tx) => {
        const row = await lockRow(tx, hotels, 'hotel', body.id, body.version);
        await requireLocation(tx, body.idLocation);
        const image = await resolveImageRefs(tx, body.image, row.image);
        await updateVersioned(tx, hotels, 'hotel', body.id, body.version, {
          name: body.name,
          nameKey: searchKey(body.name),
          image,
          qualification: body.qualification,
          description: body.description,
          address: body.address,
          locationId: body.idLocation,
          ...(body.timeZone === undefined ? {} : { timeZone: body.timeZone }),
          updatedAt: new Date(),
        });
        await app.catalogue.invalidate({ hotel: body.id }, tx);
        return row.image;
      });
      const hotel = await readHotel(app.db, body.id);
      if (!hotel) throw notFound('Hotel');
      await forgetPictures(before, hotel.image);
      return hotel;
    },
  );

  // ── Rooms ───────────────────────────────────────────────────────────────────────────────
  app.post(
    '/rooms',
    {
      config: { access: access.hotel({ body: roomCreateBody }, (r) => r.body.id) },
      schema: {
        tags: ['content'],
        summary: 'Create a room of hotel `id`',
        body: roomCreateBody,
        response: { 201: editableRoom, ...writeErrors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const id = await app.db.transaction(async (tx) => {
        await requireHotel(tx, body.id, 'id');
        const serviceIds = await roomServiceIds(tx, body.services);
        const image = await resolveImageRefs(tx, body.image);
        const [row] = await tx
          .insert(rooms)
          .values({
            hotelId: body.id,
            name: body.name,
            image,
            priceCents: priceToCents(body.price),
            description: body.description,
            category: body.category,
            stock: body.stock,
          })
          .returning({ id: rooms.id });
        if (!row) throw new Error('room not inserted');
        await tx
          .insert(roomRoomServices)
          .values(serviceIds.map((roomServiceId) => ({ roomId: row.id, roomServiceId })));
        await app.catalogue.invalidate({ room: row.id, hotel: body.id }, tx);
        return row.id;
      });
      return reply.status(201).send(written(await readRoom(app.db, id)));
    },
  );

  app.put(
    '/rooms',
    {
      config: {
        access: access.hotel({ body: roomModifyBody }, (r) =>
          storedAndSent(app, rooms, 'Room', r.body.id, r.body.idHotel),
        ),
      },
      schema: {
        tags: ['content'],
        summary: 'Modify a room',
        description:
          'Lowering the stock under the units already booked on a coming night is refused (409), naming the night.',
        body: roomModifyBody,
        response: { 200: editableRoom, ...writeErrors },
      },
    },
    async (request) => {
      const body = request.body;
      const before = await app.db.transaction(async (tx) => {
        const row = await lockRow(tx, rooms, 'room', body.id, body.version);
        const [stored] = await tx
          .select({ hotelId: rooms.hotelId, stock: rooms.stock, timeZone: hotels.timeZone })
          .from(rooms)
          .innerJoin(hotels, eq(hotels.id, rooms.hotelId))
          .where(eq(rooms.id, body.id));
        if (!stored) throw notFound('Room');
        if (body.idHotel !== stored.hotelId) await requireHotel(tx, body.idHotel, 'idHotel');
        if (body.stock < stored.stock) {
          // The room row is locked (lockRow): checkouts share-lock it before taking units, so
          // none is under way and none starts until this commits. Nights before the hotel's
          // today (in its time zone) are past.
          const busiest = await busiestNight(tx, body.id, calendarDateIn(stored.timeZone));
          if (busiest && busiest.taken > body.stock) {
            throw new HttpError(
              409,
              CONTENT_MESSAGES.stockBelowBooked(busiest.taken, busiest.night),
              'stock',
              'CONFLICT',
            );
          }
        }
        const serviceIds = await roomServiceIds(tx, body.services);
        const image = await resolveImageRefs(tx, body.image, row.image);
        await updateVersioned(tx, rooms, 'room', body.id, body.version, {
          hotelId: body.idHotel,
          name: body.name,
          image,
          priceCents: priceToCents(body.price),
          description: body.description,
          category: body.category,
          stock: body.stock,
          updatedAt: new Date(),
        });
        await tx.delete(roomRoomServices).where(eq(roomRoomServices.roomId, body.id));
        await tx
          .insert(roomRoomServices)
          .values(serviceIds.map((roomServiceId) => ({ roomId: body.id, roomServiceId })));
        await app.catalogue.invalidate({ room: body.id, hotel: body.idHotel }, tx);
        if (stored.hotelId !== body.idHotel) {
          await app.catalogue.invalidate({ room: body.id, hotel: stored.hotelId }, tx);
        }
        return row.image;
      });
      const room = await readRoom(app.db, body.id);
      if (!room) throw notFound('Room');
      await forgetPictures(before, room.image);
      return room;
    },
  );

  // ── Events ──────────────────────────────────────────────────────────────────────────────
  app.post(
    '/events',
    {
      config: { access: access.hotel({ body: eventCreateBody }, (r) => r.body.idHotel) },
      schema: {
        tags: ['content'],
        summary: 'Create an event',
        body: eventCreateBody,
        response: { 201: editableEvent, ...writeErrors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const id = await app.db.transaction(async (tx) => {
        const hotel = await requireHotel(tx, body.idHotel, 'idHotel');
        requireEventDate(body.date, hotel.timeZone);
        const image = await resolveImageRefs(tx, body.image);
        const [row] = await tx
          .insert(events)
          .values({
            hotelId: body.idHotel,
            name: body.name,
            date: body.date,
            time: body.time,
            image,
            description: body.description,
          })
          .returning({ id: events.id });
        if (!row) throw new Error('event not inserted');
        await app.catalogue.invalidate({ event: row.id, hotel: body.idHotel }, tx);
        return row.id;
      });
      return reply.status(201).send(written(await readEvent(app.db, id)));
    },
  );

  app.put(
    '/events',
    {
      config: {
        access: access.hotel({ body: eventModifyBody }, (r) =>
          storedAndSent(app, events, 'Event', r.body.id, r.body.idHotel),
        ),
      },
      schema: {
        tags: ['content'],
        summary: 'Modify an event',
        body: eventModifyBody,
        response: { 200: editableEvent, ...writeErrors },
      },
    },
    async (request) => {
      const { name, date, time, description } = request.body;
      return modifyHotelRecord(
        { table: events, what: 'event', name: 'Event' },
        request.body,
        { name, date, time, description },
        (hotel) => ({ event: request.body.id, hotel }),
        (id) => readEvent(app.db, id),
        (hotel) => requireEventDate(date, hotel.timeZone),
      );
    },
  );

  // ── Hotel services ──────────────────────────────────────────────────────────────────────
  app.post(
    '/serviceHotels',
    {
      config: { access: access.hotel({ body: hotelServiceCreateBody }, (r) => r.body.idHotel) },
      schema: {
        tags: ['content'],
        summary: 'Create a service of a hotel',
        body: hotelServiceCreateBody,
        response: { 201: editableHotelService, ...writeErrors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const id = await app.db.transaction(async (tx) => {
        await requireHotel(tx, body.idHotel, 'idHotel');
        const image = await resolveImageRefs(tx, body.image);
        const [row] = await tx
          .insert(hotelServices)
          .values({
            hotelId: body.idHotel,
            name: body.name,
            image,
            description: body.description,
          })
          .returning({ id: hotelServices.id });
        if (!row) throw new Error('hotel service not inserted');
        await app.catalogue.invalidate({ hotelService: row.id, hotel: body.idHotel }, tx);
        return row.id;
      });
      return reply.status(201).send(written(await readHotelService(app.db, id)));
    },
  );

  app.put(
    '/serviceHotels',
    {
      config: {
        access: access.hotel({ body: hotelServiceModifyBody }, (r) =>
          storedAndSent(app, hotelServices, 'Hotel service', r.body.id, r.body.idHotel),
        ),
      },
      schema: {
        tags: ['content'],
        summary: 'Modify a service of a hotel',
        body: hotelServiceModifyBody,
        response: { 200: editableHotelService, ...writeErrors },
      },
    },
    async (request) => {
      const { name, description } = request.body;
      return modifyHotelRecord(
        { table: hotelServices, what: 'hotel service', name: 'Hotel service' },
        request.body,
        { name, description },
        (hotel) => ({ hotelService: request.body.id, hotel }),
        (id) => readHotelService(app.db, id),
      );
    },
  );

  // ── Room services (one catalogue for every hotel: the superAdmin's) ─────────────────────
  const roomServiceAccess = { roles: rolesWhere(canManageRoomServices) };

  /** A second service of the same name → 409 naming the field (the column is unique). */
  const uniqueName = (error: unknown): never => {
    const code = (error as { cause?: { code?: string }; code?: string }).cause?.code;
    if (code === '23505' || (error as { code?: string }).code === '23505') {
      throw new HttpError(409, CONTENT_MESSAGES.roomServiceNameTaken, 'name', 'CONFLICT');
    }
    throw error;
  };

  app.post(
    '/serviceRooms',
    {
      config: { access: roomServiceAccess },
      schema: {
        tags: ['content'],
        summary: 'Create a room service',
        body: roomServiceCreateBody,
        response: { 201: editableRoomService, ...writeErrors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const id = await app.db
        .transaction(async (tx) => {
          const image = await resolveImageRefs(tx, body.image);
          const [row] = await tx
            .insert(roomServices)
            .values({ name: body.name, image })
            .returning({ id: roomServices.id });
          if (!row) throw new Error('room service not inserted');
          await app.catalogue.invalidate({ service: row.id }, tx);
          return row.id;
        })
        .catch(uniqueName);
      return reply.status(201).send(written(await readRoomService(app.db, id)));
    },
  );

  app.put(
    '/serviceRooms',
    {
      config: { access: roomServiceAccess },
      schema: {
        tags: ['content'],
        summary: 'Modify a room service',
        body: roomServiceModifyBody,
        response: { 200: editableRoomService, ...writeErrors },
      },
    },
    async (request) => {
      const body = request.body;
      const before = await app.db
        .transaction(async (tx) => {
          const row = await lockRow(tx, roomServices, 'room service', body.id, body.version);
          const image = await resolveImageRefs(tx, body.image, row.image);
          await updateVersioned(tx, roomServices, 'room service', body.id, body.version, {
            name: body.name,
            image,
          });
          await app.catalogue.invalidate({ service: body.id }, tx);
          return row.image;
        })
        .catch(uniqueName);
      const service = await readRoomService(app.db, body.id);
      if (!service) throw notFound('Room service');
      await forgetPictures(before, service.image);
      return service;
    },
  );
};
