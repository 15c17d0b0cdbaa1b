import { errorBody, idParams } from '@devstay/shared/contracts/common';
import {
  type ConflictsDashboard,
  conflictsDashboard,
  type HotelDashboard,
  hotelDashboard,
} from '@devstay/shared/contracts/dashboard';
import { calendarDateIn } from '@devstay/shared/stay';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.ts';
import { linesHotel } from '../../lib/policies.ts';
import { access, signedInUser } from '../../plugins/authorization.ts';
import { openConflictsByRoom } from '../channels/repository.ts';
import { dashboardHotel, hotelOccupancy, hotelRevenue } from './repository.ts';
import { addMonths, firstDayOf, occupancyNights, revenueMonths } from './windows.ts';

const byId = { params: idParams };

/**
 * A hotel's occupancy and revenue (product §2.12, hotel dashboard), for its staff; and the open
 * channel conflicts of the hotels a staff account runs.
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/hotels/:id/dashboard',
    {
      config: { access: access.hotel(byId, (r) => r.params.id) },
      schema: {
        tags: ['hotels'],
        summary:
          'A hotel’s occupancy over the coming 60 nights, revenue over the last 12 months and what is on its books for the coming 3',
        description:
          'In the hotel’s time zone: the nights start at its today, the months are its calendar ' +
          'months from 11 before the current one to 3 after it. Occupancy: units of each room taken by confirmed ' +
          'bookings (holds excluded), beside its stock. Revenue: what guests paid for the nights ' +
          'of each month (captured payments, refunds subtracted), a booking spanning hotels ' +
          'counting this hotel’s rooms alone; `earnedCents` for the nights before the hotel’s today, ' +
          '`onBooksCents` for the nights from today on (paid ahead). The hotel’s admin and the superAdmin; never cached.',
        ...byId,
        response: {
          200: hotelDashboard,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
        },
      },
    },
    async (request, reply): Promise<HotelDashboard> => {
      const hotel = await dashboardHotel(app.db, request.params.id);
      if (!hotel) throw notFound('Hotel');
      const today = calendarDateIn(hotel.timeZone, app.clock());
      const nights = occupancyNights(today);
      const months = revenueMonths(today);
      const [rooms, takings] = await Promise.all([
        hotelOccupancy(app.db, hotel.id, nights),
        hotelRevenue(
          app.db,
          hotel.id,
          firstDayOf(months[0] ?? today.slice(0, 7)),
          firstDayOf(addMonths(months.at(-1) ?? today.slice(0, 7), 1)),
          today,
        ),
      ]);
      reply.header('cache-control', 'private, no-store');
      return {
        hotel,
        today,
        occupancy: { nights, rooms },
        revenue: months.map((month) => {
          const {
            capturedCents = 0,
            refundedCents = 0,
            earnedCents = 0,
          } = takings.get(month) ?? {};
          const netCents = capturedCents - refundedCents;
          return {
            month,
            capturedCents,
            refundedCents,
            netCents,
            earnedCents,
            onBooksCents: netCents - earnedCents,
          };
        }),
      };
    },
  );

  app.get(
    '/dashboard/conflicts',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['channels'],
        summary: 'Open channel conflicts of the hotels the signed-in staff run, by room',
        description:
          'Imported events that did not fit because their nights are sold here, counted by room ' +
          '(each conflict stands until its event fits, moves or goes; the room’s ' +
          '`GET /api/rooms/{id}/conflicts` gives both sides). An admin sees their hotel’s ' +
          'rooms only (none without a hotel), the superAdmin every hotel’s. Never cached.',
        response: { 200: conflictsDashboard, 401: errorBody, 403: errorBody },
      },
    },
    async (request, reply): Promise<ConflictsDashboard> => {
      const hotel = linesHotel(signedInUser(request));
      const rooms = hotel === null ? [] : await openConflictsByRoom(app.db, hotel);
      reply.header('cache-control', 'private, no-store');
      return { total: rooms.reduce((sum, r) => sum + r.conflicts, 0), rooms };
    },
  );
};
