import {
  booking,
  bookingListQuery,
  bookingRecords,
  bookingStatusBody,
  cancelledBooking,
  checkoutBody,
  idempotencyHeaders,
  userBookingsParams,
  userBookingsQuery,
} from '@devstay/shared/contracts/booking';
import { errorBody } from '@devstay/shared/contracts/common';
import { IDEMPOTENCY_KEY_HEADER } from '@devstay/shared/http';
import { BOOKING_MESSAGES } from '@devstay/shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, notFound } from '../../lib/errors.ts';
import { setTotalCount } from '../../lib/http.ts';
import { canManageHotel, canSeeAccount, linesHotel, STAFF_ROLES } from '../../lib/policies.ts';
import { access, signedInUser } from '../../plugins/authorization.ts';
import { cancelBooking } from './cancel.ts';
import { cancelLine } from './cancel-line.ts';
import { checkout } from './checkout.ts';
import { bookingHotels, listBookings, listBookingTable } from './records.ts';
import { holdLimits } from './rules.ts';

const PAGED = 'One page as a JSON array; the number of matches is in the X-Total-Count header.';
const statusSchema = { body: bookingStatusBody };
const userSchema = { params: userBookingsParams, querystring: userBookingsQuery };

/** Checkout (product §7.3 POST /booking): the cart becomes a pending booking holding its rooms. */
export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/booking',
    {
      // Booking is a guest's own act (product §6: pay is rol user only).
      config: { access: 'user' },
      schema: {
        tags: ['booking'],
        summary: 'Check out a cart: hold its rooms as a pending booking, priced by the server',
        description:
          'Takes every night of every line in one transaction; 409 SOLD_OUT names the room and ' +
          'night that has no unit left. The hold lasts BOOKING_HOLD_MINUTES; pay it with ' +
          'POST /api/payments/card. Idempotent per account and Idempotency-Key: the same key ' +
          'and cart answer the first booking (200), another cart 422, while in flight 409. ' +
          '`cartTotalCents` is the total the guest was shown: when the server’s differs, 409 ' +
          'PRICE_CHANGED names the new total and nothing is held. 422 AMOUNT_TOO_LARGE for a ' +
          'total one card payment cannot take; 422 TOO_MANY_GUESTS (field cartRoom.N.guests) ' +
          'for a line with more guests than its units sleep (units × the room’s capacity). 429 HOLD_LIMIT when the account already holds ' +
          'as many unpaid reservations or rooms as it may, or let too many lapse in a day; ' +
          '429 RATE_LIMITED for too many checkouts from one account or address.',
        headers: idempotencyHeaders,
        body: checkoutBody,
        response: {
          201: booking,
          200: booking,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
          422: errorBody,
          429: errorBody,
        },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const result = await checkout(app.db, {
        userId: user.id,
        idempotencyKey: request.headers[IDEMPOTENCY_KEY_HEADER],
        lines: request.body.cartRoom,
        shownTotalCents: request.body.cartTotalCents,
        billing: request.body.billing,
        limits: holdLimits(app.config),
        holdMinutes: app.config.BOOKING_HOLD_MINUTES,
        rateLimits: {
          account: {
            key: `checkout:user:${user.id}`,
            max: app.config.CHECKOUT_RATE_LIMIT,
            windowMs: 60_000,
          },
          address: {
            key: `checkout:ip:${request.ip}`,
            max: app.config.CHECKOUT_ADDRESS_RATE_LIMIT,
            windowMs: 60_000,
          },
        },
        now: app.clock(),
      });
      reply.header('cache-control', 'no-store');
      return reply.status(result.replayed ? 200 : 201).send(result.booking);
    },
  );

  app.get(
    '/booking',
    {
      // Product §6: bookings view — an admin their hotel's, the superAdmin all, with filters.
      config: { access: 'admin' },
      schema: {
        tags: ['booking'],
        summary:
          'The bookings table: booked rooms of confirmed and cancelled bookings, an admin’s hotel’s or all for the superAdmin',
        description:
          'One page as a JSON array of bookings holding `pageSize` booked rooms (the table’s ' +
          'rows; a booking’s adjacent rooms in one record, with its guest’s name and e-mail); ' +
          'X-Total-Count counts the rooms. Filters: hotel (an admin may name only their own: ' +
          '403), status (confirmed or cancelled), from and to (check-in dates, both included; ' +
          'to before from is a 400 naming to); sort: hotel-asc, hotel-desc, checkIn-asc, ' +
          'checkIn-desc (newest booking first otherwise). An admin sees only the rooms of ' +
          'their hotel.',
        querystring: bookingListQuery,
        response: { 200: bookingRecords, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const { hotel, ...rest } = request.query;
      if (hotel !== undefined && !canManageHotel(user, hotel)) {
        throw new HttpError(403, BOOKING_MESSAGES.otherHotel, 'hotel', 'OTHER_HOTEL');
      }
      const own = linesHotel(user);
      const page =
        own === null
          ? { items: [], total: 0 }
          : await listBookingTable(app.db, { ...rest, hotelId: own ?? hotel }, user, app.clock());
      setTotalCount(reply, page.total);
      reply.header('cache-control', 'no-store');
      return page.items;
    },
  );

  app.get(
    '/booking/user/:uid',
    {
      // Product §6: a guest's own booking history; the superAdmin may read anyone's.
      config: { access: access.account(userSchema, (r) => r.params.uid, canSeeAccount) },
      schema: {
        tags: ['booking'],
        summary: 'A guest’s confirmed and cancelled bookings, newest first',
        description: PAGED,
        ...userSchema,
        response: { 200: bookingRecords, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => {
      const page = await listBookings(
        app.db,
        { ...request.query, userId: request.params.uid },
        signedInUser(request),
        app.clock(),
      );
      setTotalCount(reply, page.total);
      reply.header('cache-control', 'no-store');
      return page.items;
    },
  );

  app.put(
    '/booking/status',
    {
      // Product §6: cancel — staff of every hotel the booking is at; product §4: its guest,
      // before the free-cancellation deadline (canCancelBooking, checked with the booking).
      config: {
        access: access.hotel(
          statusSchema,
          async (r) => {
            const hotels = await bookingHotels(app.db, r.body.id);
            if (!hotels) throw notFound('Booking');
            return hotels;
          },
          ['user', ...STAFF_ROLES],
        ),
      },
      schema: {
        tags: ['booking'],
        summary: 'Cancel a confirmed booking: its rooms are freed and its payment refunded once',
        description:
          'Body: id, user (the booking’s guest), status "cancelled". Staff of every hotel in ' +
          'the booking may cancel it; its guest, until its free-cancellation deadline ' +
          '(`freeCancellation` of the booking record: 403 FREE_CANCELLATION_ENDED after it), ' +
          'and no other guest (403). Concurrent or repeated calls, from anyone, free the rooms ' +
          'and refund once, and e-mail the guest once (the amount refunded); a booking already ' +
          'cancelled is answered as it is. 409 BOOKING_NOT_CONFIRMED for a booking that was ' +
          'never confirmed. `refund` tells what became of the payment: refunded, pending (the ' +
          'payment service did not answer; refunded later), refused by the processor (with its ' +
          'reason) or none. With `line` (a booking line’s id, a team trip’s traveller’s ' +
          'stay), that line alone: its units freed and exactly its amount refunded once, its ' +
          'traveller e-mailed; for the guest, until that line’s hotel’s deadline; the last line ' +
          'standing cancels the whole booking. 404 naming `line` for a line not in the booking.',
        ...statusSchema,
        response: {
          200: cancelledBooking,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
          422: errorBody,
        },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      reply.header('cache-control', 'no-store');
      const deps = { db: app.db, provider: app.payments, log: request.log };
      const input = {
        bookingId: request.body.id,
        userId: request.body.user,
        viewer: user,
        // An admin's answer is their hotel's part; the guest and the superAdmin see it whole.
        hotelId: linesHotel(user) ?? undefined,
        now: app.clock(),
      };
      // A team trip: one traveller's stay alone.
      if (request.body.line !== undefined) {
        return cancelLine(deps, { ...input, lineId: request.body.line });
      }
      return cancelBooking(deps, input);
    },
  );
};
