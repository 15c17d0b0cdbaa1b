import type { Booking } from '@devstay/shared/contracts/booking';
import { errorBody } from '@devstay/shared/contracts/common';
import { bookingIdParams, bookingReceipt } from '@devstay/shared/contracts/receipt';
import { invoicePath } from '@devstay/shared/invoice';
import { BOOKING_MESSAGES, GUARD_MESSAGES } from '@devstay/shared/messages';
import { centsToPrice } from '@devstay/shared/text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/errors.ts';
import { canSeeBooking, shownHotel, travellerFor } from '../../lib/policies.ts';
import { signedInUser } from '../../plugins/authorization.ts';
import { invoicesOfBooking } from '../invoices/repository.ts';
import { receiptPaymentOf } from '../payments/repository.ts';
import { cancelScopeOf } from './records.ts';
import { findBooking } from './repository.ts';

/** `cents` × part ÷ whole, rounded down, exactly (the product can pass 2^53). */
function shareOf(cents: number, part: number, whole: number): number {
  if (whole <= 0 || part >= whole) return cents;
  return Number((BigInt(cents) * BigInt(part)) / BigInt(whole));
}

/** The part of a booking at one hotel: its rooms there, and the totals over them alone. */
function hotelPart(booking: Booking, hotelId: number): Booking {
  const cartRoom = booking.cartRoom.filter((l) => l.idHotel === hotelId);
  const cents = cartRoom.reduce((sum, l) => sum + l.totalCents, 0);
  return {
    ...booking,
    cartRoom,
    cartTotalQuantity: cartRoom.reduce((sum, l) => sum + l.cartQuantity, 0),
    cartTotalCents: cents,
    cartTotalAmount: centsToPrice(cents),
  };
}

/**
 * One booking with its payment, for the receipt page the 'Hotel Receipt' e-mail links to.
 *
 * The admin of one of its hotels reads that hotel's part (`shownHotel`): its rooms, totals
 * over them, and of the payment its status, the hotel's share of the amount and of what was
 * refunded (in proportion to the rooms' amounts: the share is exact, the rooms' own sum, when
 * the payment took the booking's total), and the card's brand and last four — what
 * identifies the payment to the hotel, never another hotel's amounts.
 */
export const bookingReceiptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/booking/:id',
    {
      // Who may read it depends on the booking (its guest, staff of its hotels): checked below.
      config: { access: 'signedIn' },
      schema: {
        tags: ['booking'],
        summary: 'One booking with its payment (card brand and last four): the receipt',
        description:
          'Its guest and the superAdmin read all of it; the admin of one of its hotels reads ' +
          'that hotel’s rooms, with the totals and the payment’s amount and refund over them ' +
          'alone; others 403. An unknown id is 404.',
        params: bookingIdParams,
        response: {
          200: bookingReceipt,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
        },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const found = await findBooking(app.db, request.params.id);
      if (!found) throw new HttpError(404, BOOKING_MESSAGES.bookingMissing, 'id', 'NOT_FOUND');
      const scope = { userId: found.user, hotelIds: found.cartRoom.map((l) => l.idHotel) };
      if (!canSeeBooking(user, scope)) throw new HttpError(403, GUARD_MESSAGES.forbidden);
      const hotelId = shownHotel(user, scope);
      const part = hotelId === undefined ? found : hotelPart(found, hotelId);
      // A traveller's e-mail is the organiser's to see; staff read the name.
      const shown = {
        ...part,
        cartRoom: part.cartRoom.map((l) => ({
          ...l,
          traveller: travellerFor(user, scope, l.traveller),
        })),
      };
      const [payment, terms, documents] = await Promise.all([
        receiptPaymentOf(app.db, found.id),
        cancelScopeOf(app.db, found.id),
        invoicesOfBooking(app.db, found.id),
      ]);
      if (!terms) throw new HttpError(404, BOOKING_MESSAGES.bookingMissing, 'id', 'NOT_FOUND');
      reply.header('cache-control', 'private, no-store');
      const share = (cents: number) => shareOf(cents, shown.cartTotalCents, found.cartTotalCents);
      return {
        ...shown,
        // The whole booking's terms, as the bookings' records say them (the strictest hotel).
        freeCancellation: {
          ...terms.freeCancellation,
          open: terms.freeCancellationUntil.getTime() > app.clock().getTime(),
        },
        payment: payment
          ? {
              ...payment,
              amountCents: share(payment.amountCents),
              refundedCents: share(payment.refundedCents),
              status: payment.status as never,
            }
          : null,
        invoices: documents
          .filter((d) => hotelId === undefined || d.hotelId === hotelId)
          .map((d) => ({ ...d, url: invoicePath(found.id, d.hotelId, d.kind, d.number) })),
      };
    },
  );
};
