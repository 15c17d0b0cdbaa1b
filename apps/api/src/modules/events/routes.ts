import {
  event,
  eventHotelParams,
  eventList,
  eventListQuery,
} from '@devstay/shared/contracts/catalogue';
import { errorBody, idParams } from '@devstay/shared/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.ts';
import { readErrors, revalidatedReads, setTotalCount } from '../../lib/http.ts';
import { hotelExists } from '../hotels/repository.ts';
import { eventsOfHotel, findEvent, searchEvents } from './repository.ts';

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(revalidatedReads);
  app.get(
    '/events',
    {
      config: { access: 'public' },
      schema: {
        tags: ['events'],
        summary: 'Events by date and time, optionally within a date window',
        description:
          'from and to (yyyy-MM-dd) are both inclusive. One page as a JSON array; the number' +
          ' of matches is in the X-Total-Count header.',
        querystring: eventListQuery,
        response: { 200: eventList, 400: errorBody },
      },
    },
    async (request, reply) => {
      const { items, total } = await searchEvents(app.catalogue.db, request.query, app.clock());
      setTotalCount(reply, total);
      return items;
    },
  );

  app.get(
    '/events/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['events'],
        summary: 'One event with its hotel',
        params: idParams,
        response: { 200: event, ...readErrors },
      },
    },
    async (request) => {
      const found = await findEvent(app.catalogue.db, request.params.id, app.clock());
      if (!found) throw notFound('Event');
      return found;
    },
  );

  app.get(
    '/events/hotel/:idHotel',
    {
      config: { access: 'public' },
      schema: {
        tags: ['events'],
        summary: 'The events of a hotel, by date and time',
        params: eventHotelParams,
        response: { 200: eventList, ...readErrors },
      },
    },
    async (request) => {
      const { idHotel } = request.params;
      const [found, list] = await Promise.all([
        hotelExists(app.catalogue.db, idHotel),
        eventsOfHotel(app.catalogue.db, idHotel, app.clock()),
      ]);
      if (!found) throw notFound('Hotel');
      return list;
    },
  );
};
