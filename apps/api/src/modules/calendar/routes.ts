import { errorBody, idParams } from '@devstay/shared/contracts/common';
import { bookingIdParams } from '@devstay/shared/contracts/receipt';
import { BOOKING_MESSAGES, GUARD_MESSAGES } from '@devstay/shared/messages';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, notFound } from '../../lib/errors.ts';
import { canSeeBooking, shownHotel } from '../../lib/policies.ts';
import { signedInUser } from '../../plugins/authorization.ts';
import {
  bookingCalendar,
  CALENDAR_CONTENT_TYPE,
  EVENT_CALENDAR_HOURS,
  eventCalendar,
} from './ics.ts';
import { bookingCalendarOf, eventCalendarOf } from './repository.ts';

/** The calendar files' media type (RFC 5545), as the API description names it. */
const CALENDAR = 'text/calendar';

function sendCalendar(reply: FastifyReply, filename: string, body: string, cache: string) {
  return reply
    .header('content-type', CALENDAR_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', cache)
    .send(body);
}

/** Calendar files (.ics) of a confirmed booking and of an event. */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/calendar/booking/:id.ics',
    {
      // Who may read it depends on the booking (its guest, staff of its hotels): checked below.
      config: { access: 'signedIn' },
      schema: {
        tags: ['booking'],
        summary: 'A confirmed booking as a calendar file: one all-day entry per booked room',
        description:
          'iCalendar (RFC 5545): a VEVENT per line with the hotel, its address, check-in and ' +
          'check-out as all-day dates, the receipt’s address and a stable UID. Its guest and ' +
          'the superAdmin get every line; the admin of one of its hotels that hotel’s lines ' +
          'alone (as the receipt); others 403. 409 BOOKING_NOT_CONFIRMED unless it is confirmed.',
        params: bookingIdParams,
        produces: [CALENDAR],
        response: {
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request, reply) => {
      const found = await bookingCalendarOf(app.db, request.params.id);
      if (!found) throw new HttpError(404, BOOKING_MESSAGES.bookingMissing, 'id', 'NOT_FOUND');
      const scope = { userId: found.userId, hotelIds: found.stays.map((s) => s.hotelId) };
      const user = signedInUser(request);
      if (!canSeeBooking(user, scope))
        throw new HttpError(403, GUARD_MESSAGES.forbidden, undefined, 'FORBIDDEN');
      if (found.status !== 'confirmed') {
        throw new HttpError(
          409,
          BOOKING_MESSAGES.calendarNotConfirmed,
          'id',
          'BOOKING_NOT_CONFIRMED',
        );
      }
      const hotelId = shownHotel(user, scope);
      const stays =
        hotelId === undefined ? found.stays : found.stays.filter((s) => s.hotelId === hotelId);
      const file = bookingCalendar(app.config.PUBLIC_URL, {
        id: request.params.id,
        confirmedAt: found.confirmedAt,
        stays,
      });
      return sendCalendar(reply, file.filename, file.body, 'private, no-store');
    },
  );

  app.get(
    '/calendar/event/:id.ics',
    {
      config: { access: 'public' },
      schema: {
        tags: ['events'],
        summary: 'An event as a calendar file',
        description:
          'iCalendar (RFC 5545): one VEVENT starting at the event’s date and time in its ' +
          `hotel’s time zone (written in UTC), lasting ${EVENT_CALENDAR_HOURS} hours, with the ` +
          'hotel, its address and its page’s address.',
        params: idParams,
        produces: [CALENDAR],
        response: { 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const event = await eventCalendarOf(app.db, request.params.id);
      if (!event) throw notFound('Event');
      const body = eventCalendar({ publicUrl: app.config.PUBLIC_URL, now: app.clock() }, event);
      return sendCalendar(reply, `devstay-event-${event.id}.ics`, body, 'public, no-cache');
    },
  );
};
