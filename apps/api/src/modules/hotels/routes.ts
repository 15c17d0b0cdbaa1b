import { PAGE_WINDOW_SIZE } from '@devstay/shared/constants';
import {
  cityList,
  hotelCardList,
  hotelCityQuery,
  hotelDetail,
  hotelListQuery,
} from '@devstay/shared/contracts/catalogue';
import { errorBody, idParams } from '@devstay/shared/contracts/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.ts';
import {
  readErrors,
  readyBody,
  revalidatedReads,
  sendReady,
  setTotalCount,
} from '../../lib/http.ts';
import type { CachedHotelPages } from '../../plugins/catalogue-cache.ts';
import { checkSearchCheckIn } from '../availability/quote.ts';
import {
  citiesWithHotels,
  findHotelDetail,
  type HotelSearch,
  hotelSearchKey,
  isLiveSearch,
  searchHotels,
} from './repository.ts';

const PAGED = 'One page as a JSON array; the number of matches is in the X-Total-Count header.';
/** A search on rooms is counted at every request, so no further than `liveCountBound`. */
const PAGED_LOWER_BOUND =
  'A search on rooms (a stay, rooms, services) counts its matches up to the end of the page' +
  ' asked rounded up to a multiple of 1,000 (the server’s ROOM_SEARCH_COUNT_CAP); when there' +
  ' are more, X-Total-Count is that' +
  ' number and X-Total-Count-Lower-Bound is `true` ("1,000+ hotels"): the pages up to it and' +
  ' the one after it exist, and opening them counts further.';

/** Small pages are read and kept PAGE_WINDOW_SIZE at a time; big ones one at a time. */
const pagesPerRead = (pageSize: number) => (pageSize <= 20 ? PAGE_WINDOW_SIZE : 1);

const EMPTY_PAGE = readyBody('[]');

export const hotelRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(revalidatedReads);
  const cache = app.catalogue;

  /**
   * Answers a search from the read cache when its stretch of pages was read moments ago; a
   * search whose matches move with bookings (a stay) from the database every time.
   */
  const sendHotelPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    search: HotelSearch,
  ) => {
    checkSearchCheckIn(search.checkIn, new Date());
    if (isLiveSearch(search)) {
      const { items, total, totalIsLowerBound } = await searchHotels(app.db, search, {
        counts: cache.hotelCounts,
        countCap: app.config.ROOM_SEARCH_COUNT_CAP,
      });
      setTotalCount(reply, total, totalIsLowerBound);
      return sendReady(request, reply, readyBody(JSON.stringify(hotelCardList.parse(items))));
    }
    const perRead = pagesPerRead(search.pageSize);
    const stretch = Math.floor((search.page - 1) / perRead);
    const read: HotelSearch = { ...search, page: stretch + 1, pageSize: search.pageSize * perRead };
    const { total, pages } = await cache.hotelPages.get(hotelSearchKey(read), async () => {
      const { items, total } = await searchHotels(app.db, read, { counts: cache.hotelCounts });
      // Checked against the contract once, here, rather than at every send.
      const cards = hotelCardList.parse(items);
      const pages: CachedHotelPages['pages'] = [];
      for (let start = 0; start < cards.length; start += search.pageSize) {
        pages.push(readyBody(JSON.stringify(cards.slice(start, start + search.pageSize))));
      }
      return { total, pages };
    });
    const page = pages[(search.page - 1) % perRead] ?? EMPTY_PAGE;
    setTotalCount(reply, total);
    return sendReady(request, reply, page);
  };

  app.get(
    '/hotels',
    {
      config: { access: 'public' },
      schema: {
        tags: ['hotels'],
        summary: 'Search, filter, sort and page the hotels',
        description:
          'Search by name ignoring case and accents, filter by city and stars, by a stay (a room' +
          ' with `rooms` units free on every night from checkIn to the night before checkOut, as' +
          ' the checkout counts them; a check-in before the hotel’s today leaves it out, before' +
          ' today everywhere is a 400) and by room services (ids from GET /serviceRooms, one room' +
          ` having them all). ${PAGED} ${PAGED_LOWER_BOUND}`,
        querystring: hotelListQuery,
        response: { 200: hotelCardList, 400: errorBody },
      },
    },
    async (request, reply) => sendHotelPage(request, reply, request.query),
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
      return sendHotelPage(request, reply, { ...rest, city: filter });
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
    async (request, reply) => {
      const { id } = request.params;
      const ready = await cache.hotelDetails.get(String(id), async () => {
        const hotel = await findHotelDetail(app.db, id);
        return hotel ? readyBody(JSON.stringify(hotelDetail.parse(hotel))) : null;
      });
      if (!ready) throw notFound('Hotel');
      return sendReady(request, reply, ready);
    },
  );
};
