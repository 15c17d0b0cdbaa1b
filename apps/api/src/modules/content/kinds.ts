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
import { CONTENT_MESSAGES } from '@devstay/shared/messages';
import { priceToCents, searchKey } from '@devstay/shared/text';
import type { z } from 'zod';
import { canCreateHotel, canManageRoomServices, rolesWhere } from '../../lib/policies.ts';
import { type Access, access } from '../../plugins/authorization.ts';
import { lockHotelPrices } from '../rates/price-locks.ts';
import {
  editableEvent as readEvent,
  editableHotel as readHotel,
  editableHotelService as readHotelService,
  editableRoom as readRoom,
  editableRoomService as readRoomService,
} from './editable-records.ts';
import {
  type ContentKey,
  changeStock,
  type EditableRecord,
  requireEventDate,
  requireLocation,
  roomServiceIds,
  type SentModify,
  type SentRecord,
  type StoredKind,
  setRoomServices,
  storedAndSentHotels,
} from './repository.ts';

/**
 * A kind of content the admin forms write (product §2.13, §7.1): `POST path` creates one, `PUT
 * path` modifies one over the version it loaded. Each kind declares its contracts, who may
 * write it and how it is stored (repository.ts); the create and the modify are the same for all.
 */
type ContentKind<
  Key extends ContentKey,
  C extends SentRecord,
  M extends SentModify,
  E extends EditableRecord,
  Checked = void,
> = StoredKind<Key, C, M, E, Checked> & {
  path: string;
  create: { summary: string; body: z.ZodType<C>; access: Access };
  modify: { summary: string; description?: string; body: z.ZodType<M>; access: Access };
  /** The record as the modify forms load it: what both answer. */
  editable: z.ZodType<E>;
};

/** A capability of a role alone (lib/policies.ts), whatever the record. */
const allowedTo = (policy: Parameters<typeof rolesWhere>[0]): Access => ({
  roles: rolesWhere(policy),
});

/** A modify of a record of a hotel: staff; an admin only from their hotel and into it. */
const ofItsHotel = <M extends SentModify & { idHotel: number }>(
  key: 'room' | 'event' | 'hotelService',
  body: z.ZodType<M>,
) => access.hotel({ body }, (r) => storedAndSentHotels(r.server.db, key, r.body));

const hotel: ContentKind<
  'hotel',
  z.output<typeof hotelCreateBody>,
  z.output<typeof hotelModifyBody>,
  z.output<typeof editableHotel>
> = {
  key: 'hotel',
  path: '/hotels',
  create: { summary: 'Create a hotel', body: hotelCreateBody, access: allowedTo(canCreateHotel) },
  modify: {
    summary: 'Modify a hotel',
    body: hotelModifyBody,
    access: access.hotel({ body: hotelModifyBody }, (r) => r.body.id),
  },
  editable: editableHotel,
  // Its event-night premium prices its rooms' nights (and its time zone dates them).
  lockFirst: async (tx, _body, id) => {
    if (id !== undefined) await lockHotelPrices(tx, [id]);
  },
  check: (tx, body) => requireLocation(tx, body.idLocation),
  values: (body) => ({
    name: body.name,
    nameKey: searchKey(body.name),
    qualification: body.qualification,
    description: body.description,
    address: body.address,
    locationId: body.idLocation,
    // A modify without a time zone or a cancellation window keeps the hotel's.
    ...(body.timeZone !== undefined && { timeZone: body.timeZone }),
    ...(body.freeCancellationDays !== undefined && {
      freeCancellationDays: body.freeCancellationDays,
    }),
    ...(body.eventNightPremiumPercent !== undefined && {
      eventNightPremiumPercent: body.eventNightPremiumPercent,
    }),
  }),
  read: readHotel,
  invalidates: (id) => ({ hotel: id }),
};

const room: ContentKind<
  'room',
  z.output<typeof roomCreateBody>,
  z.output<typeof roomModifyBody>,
  z.output<typeof editableRoom>,
  number[]
> = {
  key: 'room',
  path: '/rooms',
  create: {
    summary: 'Create a room of hotel `id`',
    body: roomCreateBody,
    access: access.hotel({ body: roomCreateBody }, (r) => r.body.id),
  },
  modify: {
    summary: 'Modify a room',
    description:
      'Lowering the stock under the units already booked on a coming night is refused (409), naming the night.',
    body: roomModifyBody,
    access: ofItsHotel('room', roomModifyBody),
  },
  editable: editableRoom,
  // POST /rooms names the room's hotel `id` (product §7.1).
  hotelField: 'id',
  check: async (tx, body, { id, now }) => {
    if (id !== undefined) await changeStock(tx, id, body.stock, now);
    return roomServiceIds(tx, body.services);
  },
  values: (body) => ({
    name: body.name,
    priceCents: priceToCents(body.price),
    description: body.description,
    category: body.category,
    stock: body.stock,
    // A modify without it keeps the room's.
    ...(body.capacity === undefined ? {} : { capacity: body.capacity }),
  }),
  link: setRoomServices,
  read: readRoom,
  invalidates: (id, hotel) => ({ room: id, hotel }),
};

const event: ContentKind<
  'event',
  z.output<typeof eventCreateBody>,
  z.output<typeof eventModifyBody>,
  z.output<typeof editableEvent>
> = {
  key: 'event',
  path: '/events',
  create: {
    summary: 'Create an event',
    body: eventCreateBody,
    access: access.hotel({ body: eventCreateBody }, (r) => r.body.idHotel),
  },
  modify: {
    summary: 'Modify an event',
    body: eventModifyBody,
    access: ofItsHotel('event', eventModifyBody),
  },
  editable: editableEvent,
  hotelField: 'idHotel',
  // Its date is an event night of its hotel's rooms, the one it leaves and the one it joins.
  lockFirst: async (tx, body, id) =>
    lockHotelPrices(
      tx,
      id === undefined
        ? [body.idHotel]
        : await storedAndSentHotels(tx, 'event', { id, idHotel: body.idHotel }),
    ),
  check: async (_tx, body, { hotel, now }) => requireEventDate(body.date, hotel.timeZone, now),
  values: (body) => ({
    name: body.name,
    date: body.date,
    time: body.time,
    description: body.description,
  }),
  read: readEvent,
  invalidates: (id, hotel) => ({ event: id, hotel }),
};

const hotelService: ContentKind<
  'hotelService',
  z.output<typeof hotelServiceCreateBody>,
  z.output<typeof hotelServiceModifyBody>,
  z.output<typeof editableHotelService>
> = {
  key: 'hotelService',
  path: '/serviceHotels',
  create: {
    summary: 'Create a service of a hotel',
    body: hotelServiceCreateBody,
    access: access.hotel({ body: hotelServiceCreateBody }, (r) => r.body.idHotel),
  },
  modify: {
    summary: 'Modify a service of a hotel',
    body: hotelServiceModifyBody,
    access: ofItsHotel('hotelService', hotelServiceModifyBody),
  },
  editable: editableHotelService,
  hotelField: 'idHotel',
  values: (body) => ({ name: body.name, description: body.description }),
  read: readHotelService,
  invalidates: (id, hotel) => ({ hotelService: id, hotel }),
};

/** Room services are one catalogue for every hotel: the superAdmin's alone. */
const roomService: ContentKind<
  'roomService',
  z.output<typeof roomServiceCreateBody>,
  z.output<typeof roomServiceModifyBody>,
  z.output<typeof editableRoomService>
> = {
  key: 'roomService',
  path: '/serviceRooms',
  create: {
    summary: 'Create a room service',
    body: roomServiceCreateBody,
    access: allowedTo(canManageRoomServices),
  },
  modify: {
    summary: 'Modify a room service',
    body: roomServiceModifyBody,
    access: allowedTo(canManageRoomServices),
  },
  editable: editableRoomService,
  values: (body) => ({ name: body.name, nameKey: searchKey(body.name) }),
  read: readRoomService,
  invalidates: (id) => ({ service: id }),
  nameTaken: CONTENT_MESSAGES.roomServiceNameTaken,
};

/** A kind as the routes take it, whichever it is (each is checked against its types above). */
export type AnyContentKind = ContentKind<
  ContentKey,
  SentRecord,
  SentModify,
  EditableRecord,
  unknown
>;

/** Every kind, in the order the API document lists them. */
export const CONTENT_KINDS: readonly AnyContentKind[] = [
  hotel,
  room,
  event,
  hotelService,
  roomService,
];
