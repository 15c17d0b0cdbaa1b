import { roomDetail, roomSummaryList } from '@devstay/shared/contracts/catalogue';
import { idParams } from '@devstay/shared/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.ts';
import { readErrors, revalidatedReads } from '../../lib/http.ts';
import { hotelExists } from '../hotels/repository.ts';
import { findRoomDetail, roomsOfHotel } from './repository.ts';

export const roomRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(revalidatedReads);
  app.get(
    '/rooms/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['rooms'],
        summary: 'Room detail with its services and hotel',
        params: idParams,
        response: { 200: roomDetail, ...readErrors },
      },
    },
    async (request) => {
      const room = await findRoomDetail(app.catalogue.db, request.params.id);
      if (!room) throw notFound('Room');
      return room;
    },
  );

  app.get(
    '/rooms/allRooms/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['rooms'],
        summary: 'The rooms of hotel {id}, cheapest first',
        params: idParams,
        response: { 200: roomSummaryList, ...readErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const [found, list] = await Promise.all([
        hotelExists(app.catalogue.db, id),
        roomsOfHotel(app.catalogue.db, id),
      ]);
      if (!found) throw notFound('Hotel');
      return list;
    },
  );
};
