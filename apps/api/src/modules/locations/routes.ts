import {
  cityList,
  cityQuery,
  locationNameList,
  locationNameQuery,
} from '@devstay/shared/contracts/catalogue';
import { errorBody } from '@devstay/shared/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { revalidatedReads } from '../../lib/http.ts';
import { citiesOf, departmentsOf, listStates } from './repository.ts';

/** The location hierarchy, fetched in cascade: states → departments → cities. */
export const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(revalidatedReads);
  app.get(
    '/locations',
    {
      config: { access: 'public' },
      schema: {
        tags: ['locations'],
        summary: 'The states, or with ?name={state} the departments of that state',
        querystring: locationNameQuery,
        response: { 200: locationNameList, 400: errorBody },
      },
    },
    async (request) => {
      const { name } = request.query;
      return name === undefined
        ? listStates(app.catalogue.db)
        : departmentsOf(app.catalogue.db, name);
    },
  );

  app.get(
    '/locations/city',
    {
      config: { access: 'public' },
      schema: {
        tags: ['locations'],
        summary: 'The cities of a department (?name={department})',
        querystring: cityQuery,
        response: { 200: cityList, 400: errorBody },
      },
    },
    async (request) => citiesOf(app.catalogue.db, request.query.name, request.query.state),
  );
};
