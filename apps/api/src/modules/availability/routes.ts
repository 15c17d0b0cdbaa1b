import { cartBody, cartQuote } from '@devstay/shared/contracts/booking';
import { errorBody } from '@devstay/shared/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
};
