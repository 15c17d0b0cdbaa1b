import {
  hotelService,
  hotelServiceList,
  roomService,
  roomServiceList,
} from '@devstay/shared/contracts/catalogue';
import { idParams } from '@devstay/shared/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.ts';
import { readErrors, readyBody, revalidatedReads, sendReady } from '../../lib/http.ts';
import { hotelExists } from '../hotels/repository.ts';
import {
  findHotelService,
  findRoomService,
  listRoomServices,
  servicesOfHotel,
} from './repository.ts';

/** Room services (a global catalogue rooms pick from) and hotel services (a hotel's own). */
export const serviceRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(revalidatedReads);
  app.get(
    '/serviceRooms',
    {
      config: { access: 'public' },
      schema: {
        tags: ['services'],
        summary: 'Every room service, by name',
        response: { 200: roomServiceList },
      },
    },
    async () => listRoomServices(app.catalogue.db),
  );

  app.get(
    '/serviceRooms/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['services'],
        summary: 'One room service',
        params: idParams,
        response: { 200: roomService, ...readErrors },
      },
    },
    async (request) => {
      const service = await findRoomService(app.catalogue.db, request.params.id);
      if (!service) throw notFound('Room service');
      return service;
    },
  );

  app.get(
    '/serviceHotels/hotel/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['services'],
        summary: 'The services of hotel {id}, by name',
        params: idParams,
        response: { 200: hotelServiceList, ...readErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      // Kept until the catalogue changes (every hotel page asks for it): checked against the
      // contract once, when read.
      const ready = await app.catalogue.hotelServices.get(String(id), async () => {
        const [found, list] = await Promise.all([
          hotelExists(app.catalogue.db, id),
          servicesOfHotel(app.catalogue.db, id),
        ]);
        return found ? readyBody(JSON.stringify(hotelServiceList.parse(list))) : null;
      });
      if (!ready) throw notFound('Hotel');
      return sendReady(request, reply, ready, { shared: true });
    },
  );

  app.get(
    '/serviceHotels/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['services'],
        summary: 'One hotel service',
        params: idParams,
        response: { 200: hotelService, ...readErrors },
      },
    },
    async (request) => {
      const service = await findHotelService(app.catalogue.db, request.params.id);
      if (!service) throw notFound('Hotel service');
      return service;
    },
  );
};
