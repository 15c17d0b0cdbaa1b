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
import { checkSearchCheckIn } from '../availability/quote.ts';
import { citiesWithHotels, findHotelDetail } from './repository.ts';
import { type HotelSearch, hotelSearchKey, isLiveSearch, searchHotels } from './search-planner.ts';
import { withStayPrices } from './stay-prices.ts';

const PAGED = 'One page as a JSON array; the number of matches is in the X-Total-Count header.';
/** A search by a name or on rooms counts no further than its `countBound`. */
const PAGED_LOWER_BOUND =
  'A search by name or on rooms (a stay, rooms, services) counts its matches up to the end of' +
  ' the page asked rounded up to a multiple of 1,000 (the server’s SEARCH_COUNT_CAP); when' +
  ' there are more, X-Total-Count is that number and X-Total-Count-Lower-Bound is `true`' +
  ' ("1,000+ hotels"): the pages up to it and the one after it exist, and opening them counts' +
  ' further.';

export const hotelRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(revalidatedReads);
  const cache = app.catalogue;

  /**
   * Answers a search from the read cache when its page was read moments ago; a search whose
   * matches move with bookings (a stay) from the database every time.
   *
   * Each page is read and kept on its own, not with its neighbours of the pagination window:
   * reading five pages at once makes a miss read, serialise and hash five times the cards and
   * fills the cache five times faster, for pages most searches never open (docs/scaling.md,
   * Hotel list).
   */
  const sendHotelPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    search: HotelSearch,
  ) => {
    const now = app.clock();
    checkSearchCheckIn(search.checkIn, now);
    if (isLiveSearch(search)) {
      // Its matches move with bookings: read where bookings are written.
      const { items, total, totalIsLowerBound } = await searchHotels(app.db, search, {
        counts: cache.hotelCounts,
        countCap: app.config.SEARCH_COUNT_CAP,
        now,
      });
      setTotalCount(reply, total, totalIsLowerBound);
      // A stay's price is only ever asked with a stay, which makes the search live: priced here
      // for the page's cards, never kept.
      const priced = await withStayPrices(app.db, search, items);
      return sendReady(request, reply, readyBody(JSON.stringify(priced)));
    }
    const kept = await cache.hotelPages.get(hotelSearchKey(search), async () => {
      // Cards as toHotelCard makes them, typed by the contract (the tests check the answers
      // against it): not parsed again with the schema at every read.
      const { items, total, totalIsLowerBound } = await searchHotels(cache.db, search, {
        counts: cache.hotelCounts,
        countCap: app.config.SEARCH_COUNT_CAP,
      });
      return { total, totalIsLowerBound, page: readyBody(JSON.stringify(items)) };
    });
    setTotalCount(reply, kept.total, kept.totalIsLowerBound);
    return sendReady(request, reply, kept.page, { shared: true });
  };

  app.get(
    '/hotels',
    {
      config: { access: 'public' },
      schema: {
        tags: ['hotels'],
        summary: 'Search, filter, sort and page the hotels',
        description:
          'Search by name or destination: `name` keeps the hotels with every word of it (the first' +
          ' five) somewhere in their name, city, department (neighbourhood) or state, ignoring case' +
          ' and accents ("cordoba" finds Córdoba). Filter by city and stars, by a stay (a room' +
          ' with `rooms` units free on every night from checkIn to the night before checkOut, as' +
          ' the checkout counts them; a check-in before the hotel’s today leaves it out, before' +
          ' today everywhere is a 400) and by room services (ids from GET /serviceRooms, one room' +
          ' having them all). Each card carries `fromPrice`, the cheapest night of any of its' +
          ' rooms; with a stay, `stay`: the cheapest price of it among the hotel’s rooms that fit' +
          ' (`rooms` units free every night, sleeping `guests`), `rooms` × the sum of the' +
          ` room’s nightly prices, as the cart quotes it. ${PAGED} ${PAGED_LOWER_BOUND}`,
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
    async () => cache.cities.get('all', () => citiesWithHotels(cache.db)),
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
        const hotel = await findHotelDetail(cache.db, id);
        return hotel ? readyBody(JSON.stringify(hotelDetail.parse(hotel))) : null;
      });
      if (!ready) throw notFound('Hotel');
      return sendReady(request, reply, ready, { shared: true });
    },
  );
};
