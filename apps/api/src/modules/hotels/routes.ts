import {
  cityList,
  hotelCardList,
  hotelCityQuery,
  hotelDetail,
  hotelListQuery,
} from '@devstay/shared/contracts/catalogue';
import { errorBody, idParams } from '@devstay/shared/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.ts';
import { readErrors, setTotalCount } from '../catalogue/http.ts';
import {
  citiesWithHotels,
  findHotelDetail,
  type HotelSearch,
  hotelSearchKey,
  searchHotels,
} from './repository.ts';

const PAGED = 'One page as a JSON array; the number of matches is in the X-Total-Count header.';

export const hotelRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = app.catalogueCache;
  /** A page of the list, from the read cache when this search was answered moments ago. */
  const hotelPage = (search: HotelSearch) =>
    cache.hotelPages.get(hotelSearchKey(search), () =>
      searchHotels(app.db, search, cache.hotelCounts),
    );

  app.get(
    '/hotels',
    {
      config: { access: 'public' },
      schema: {
        tags: ['hotels'],
        summary: 'Search, filter, sort and page the hotels',
        description: `Search by name ignoring case and accents, filter by city and stars. ${PAGED}`,
        querystring: hotelListQuery,
        response: { 200: hotelCardList, 400: errorBody },
      },
    },
    async (request, reply) => {
      const { items, total } = await hotelPage(request.query);
      setTotalCount(reply, total);
      return items;
    },
  );

  app.get(
    '/filtersHotels/location',
    {
      config: { access: 'public' },
      schema: {
        tags: ['hotels'],
        summary: 'The hotels of a city',
        description: `The city is matched whole, ignoring case and accents. ${PAGED}`,
        querystring: hotelCityQuery,
        response: { 200: hotelCardList, 400: errorBody },
      },
    },
    async (request, reply) => {
      const { filter, ...rest } = request.query;
      const { items, total } = await hotelPage({ ...rest, city: filter });
      setTotalCount(reply, total);
      return items;
    },
  );

  app.get(
    '/filtersHotels/cities',
    {
      config: { access: 'public' },
      schema: {
        tags: ['hotels'],
        summary: 'The cities that have hotels (options of the city filter)',
        response: { 200: cityList },
      },
    },
    async () => cache.cities.get('all', () => citiesWithHotels(app.db)),
  );

  app.get(
    '/hotels/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['hotels'],
        summary: 'Hotel detail with its rooms and reviews',
        params: idParams,
        response: { 200: hotelDetail, ...readErrors },
      },
    },
    async (request) => {
      const hotel = await findHotelDetail(app.db, request.params.id);
      if (!hotel) throw notFound('Hotel');
      return hotel;
    },
  );
};
