import { cartBody, cartQuote, hotelStay, hotelStayQuery } from '@devstay/shared/contracts/booking';
import { errorBody, idParams } from '@devstay/shared/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { quoteHotelStay } from './hotel-stay.ts';
import { quoteCart } from './quote.ts';

/** The cart's prices and availability, computed by the server (never by the browser). */
export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/cart/quote',
    {
      config: { access: 'public' },
      schema: {
        tags: ['booking'],
        summary: 'Price a cart and check each line against the rooms still free',
        description:
          'Per line: the room, its hotel, the nightly and line prices, the units free for those ' +
          'dates (counting the cart’s other lines of the same room), and which availability ' +
          'text of product §5 applies. Prices and stock sent by the client are ignored.',
        body: cartBody,
        response: { 200: cartQuote, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return quoteCart(app.db, request.body.cartRoom, app.clock());
    },
  );

  app.get(
    '/hotels/:id/stay',
    {
      config: { access: 'public' },
      schema: {
        tags: ['hotels'],
        summary: 'The hotel’s rooms for a stay, priced and checked as the cart would',
        description:
          'Each room of hotel {id} as a cart line of `rooms` units (1 by default) for the nights' +
          ' from checkIn to the night before checkOut, sleeping `guests` (1 by default): its' +
          ' nights’ prices and total, the units free, why it cannot be booked as asked (if so)' +
          ' and the free-cancellation deadline; rooms that can be booked first, cheapest first.' +
          ' A room short of units carries `nextFree`, the first stay of as many nights after the' +
          ' check-in that it has them for. A check-in before the hotel’s today is a 400.',
        params: idParams,
        querystring: hotelStayQuery,
        response: { 200: hotelStay, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return quoteHotelStay(app.db, request.params.id, request.query, app.clock());
    },
  );
};
