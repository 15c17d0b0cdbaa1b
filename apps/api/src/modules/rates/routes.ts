import { errorBody, idParams } from '@devstay/shared/contracts/common';
import {
  rateCreateBody,
  rateDeleteQuery,
  rateModifyBody,
  rateParams,
  rateRule,
  rateRuleList,
  roomPrices,
  roomPricesQuery,
} from '@devstay/shared/contracts/rates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../plugins/authorization.ts';
import {
  createRate,
  deleteRate,
  hotelOfRate,
  hotelOfRoom,
  modifyRate,
  pricesOfRoom,
  ratesOfRoom,
} from './repository.ts';

const staffErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody } as const;

/**
 * Nightly rates (product §3, "Rates"): a room's price list, public, and its rules, kept by its
 * hotel's admin or the superAdmin (lib/policies.ts `canManageHotel`, through the guard's hotel
 * rule). Rules of one kind of a room never overlap (400 naming the field); a modify applies only
 * over the version it loaded (409).
 */
export const rateRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = { db: app.db, catalogue: app.catalogue };
  const ofRoom = access.hotel({ params: idParams }, (r) => hotelOfRoom(r.server.db, r.params.id));
  const ofRate = access.hotel({ params: rateParams }, (r) => hotelOfRate(r.server.db, r.params.id));

  app.get(
    '/rooms/:id/prices',
    {
      config: { access: 'public' },
      schema: {
        tags: ['rates'],
        summary: 'Each night of a room with its price',
        description:
          'Nights [from, to): `to` is excluded, like a check-out; at most 366 nights. A night' +
          "'s price is its season's, else its weekday rule's, else the room's base price, plus" +
          " the hotel's event-night premium on the dates of its events.",
        params: idParams,
        querystring: roomPricesQuery,
        response: { 200: roomPrices, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => ({
      nights: await pricesOfRoom(app.db, request.params.id, request.query.from, request.query.to),
    }),
  );

  app.get(
    '/rooms/:id/rates',
    {
      config: { access: ofRoom },
      schema: {
        tags: ['rates'],
        summary: "A room's rate rules",
        description: 'Seasons by first night, then weekday rules.',
        params: idParams,
        response: { 200: rateRuleList, ...staffErrors },
      },
    },
    async (request) => ratesOfRoom(app.db, request.params.id),
  );

  app.post(
    '/rooms/:id/rates',
    {
      config: { access: ofRoom },
      schema: {
        tags: ['rates'],
        summary: 'Add a rate rule to a room',
        description: 'A season or weekday rule overlapping one of the same kind is refused (400).',
        params: idParams,
        body: rateCreateBody,
        response: { 201: rateRule, ...staffErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createRate(store, request.params.id, request.body)),
  );

  app.put(
    '/rates/:id',
    {
      config: { access: ofRate },
      schema: {
        tags: ['rates'],
        summary: 'Replace a rate rule',
        description: '409 when the rule was saved by someone else since `version` was loaded.',
        params: rateParams,
        body: rateModifyBody,
        response: { 200: rateRule, ...staffErrors, 409: errorBody },
      },
    },
    async (request) => modifyRate(store, request.params.id, request.body),
  );

  app.delete(
    '/rates/:id',
    {
      config: { access: ofRate },
      schema: {
        tags: ['rates'],
        summary: 'Remove a rate rule',
        description: '409 when the rule was saved by someone else since `version` was loaded.',
        params: rateParams,
        querystring: rateDeleteQuery,
        response: { 204: z.null(), ...staffErrors, 409: errorBody },
      },
    },
    async (request, reply) => {
      await deleteRate(store, request.params.id, request.query.version);
      return reply.status(204).send(null);
    },
  );
};
