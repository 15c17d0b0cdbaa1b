import { errorBody, idParams } from '@devstay/shared/contracts/common';
import {
  editableEventList,
  editableHotel,
  editableHotelServiceList,
  editableRoomList,
  editableRoomServiceList,
  hotelPickerList,
  hotelPickerQuery,
  hotelScopeQuery,
} from '@devstay/shared/contracts/content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.ts';
import { canManageRoomServices, linesHotel, rolesWhere } from '../../lib/policies.ts';
import { access, signedInUser } from '../../plugins/authorization.ts';
import {
  editableEvents,
  editableHotelServices,
  editableRoomServices,
  editableRooms,
  editableHotel as readHotel,
} from './editable-records.ts';
import { requireHotel, searchHotelPicker } from './repository.ts';

const readErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody } as const;

/**
 * What the admin forms' pickers load, each record with its `version` for the modify that
 * follows. Lists are sorted by name ignoring accents and case. Staff only, never cached
 * (private: an admin sees their own hotel's records).
 */
export const contentPickerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/content/hotels',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['content'],
        summary: 'Hotel picker: hotels whose name, city, department or state hold every word of q',
        description:
          'Ignoring case and accents, by name, at most `limit` (default 20). An admin finds only their own hotel.',
        querystring: hotelPickerQuery,
        response: { 200: hotelPickerList, ...readErrors },
      },
    },
    async (request) => {
      const own = linesHotel(signedInUser(request));
      if (own === null) return [];
      return searchHotelPicker(app.db, request.query.q, request.query.limit, own);
    },
  );

  app.get(
    '/content/hotels/:id',
    {
      config: { access: access.hotel({ params: idParams }, (r) => r.params.id) },
      schema: {
        tags: ['content'],
        summary: 'A hotel as the modify hotel form edits it',
        params: idParams,
        response: { 200: editableHotel, ...readErrors },
      },
    },
    async (request) => {
      const hotel = await readHotel(app.db, request.params.id);
      if (!hotel) throw notFound('Hotel');
      return hotel;
    },
  );

  const scoped = access.hotel({ querystring: hotelScopeQuery }, (r) => r.query.idHotel);

  app.get(
    '/content/rooms',
    {
      config: { access: scoped },
      schema: {
        tags: ['content'],
        summary: "The rooms of hotel idHotel, for the modify room form's picker",
        querystring: hotelScopeQuery,
        response: { 200: editableRoomList, ...readErrors },
      },
    },
    async (request) => {
      await requireHotel(app.db, request.query.idHotel, 'idHotel');
      return editableRooms(app.db, request.query.idHotel);
    },
  );

  app.get(
    '/content/events',
    {
      config: { access: scoped },
      schema: {
        tags: ['content'],
        summary: "The events of hotel idHotel, for the modify event form's picker",
        querystring: hotelScopeQuery,
        response: { 200: editableEventList, ...readErrors },
      },
    },
    async (request) => {
      await requireHotel(app.db, request.query.idHotel, 'idHotel');
      return editableEvents(app.db, request.query.idHotel);
    },
  );

  app.get(
    '/content/serviceHotels',
    {
      config: { access: scoped },
      schema: {
        tags: ['content'],
        summary: "The services of hotel idHotel, for the modify hotel service form's picker",
        querystring: hotelScopeQuery,
        response: { 200: editableHotelServiceList, ...readErrors },
      },
    },
    async (request) => {
      await requireHotel(app.db, request.query.idHotel, 'idHotel');
      return editableHotelServices(app.db, request.query.idHotel);
    },
  );

  app.get(
    '/content/serviceRooms',
    {
      config: { access: { roles: rolesWhere(canManageRoomServices) } },
      schema: {
        tags: ['content'],
        summary: "Every room service, for the modify room service form's picker",
        response: { 200: editableRoomServiceList, ...readErrors },
      },
    },
    async () => editableRoomServices(app.db),
  );
};
