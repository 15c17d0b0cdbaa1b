import type { InvoiceKind } from '@devstay/shared/constants';
import { errorBody, idParam, wholeParam } from '@devstay/shared/contracts/common';
import { bookingIdParams } from '@devstay/shared/contracts/receipt';
import { BOOKING_MESSAGES, GUARD_MESSAGES, INVOICE_MESSAGES } from '@devstay/shared/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/errors.ts';
import { canSeeBooking, shownHotel } from '../../lib/policies.ts';
import { signedInUser } from '../../plugins/authorization.ts';
import { invoiceFilename, invoicePdf } from './pdf.ts';
import { creditNoteNumbersOf, invoiceDocumentOf, invoiceScopeOf } from './repository.ts';

const PDF = 'application/pdf';

/** Which hotel's document: needed only when the booking has rooms at several. */
const invoiceQuery = z.object({ hotel: idParam.optional() });

/** A credit note is also named by its number in the hotel's series when it issued several. */
const creditNoteQuery = invoiceQuery.extend({
  number: wholeParam(1, 2_147_483_647).optional(),
});

const ACCESS =
  'Its guest and the superAdmin get any hotel’s; the admin of one of its hotels that hotel’s ' +
  'alone (another: 403 OTHER_HOTEL); others 403. `hotel` names the hotel when the booking has ' +
  'rooms at several (400 naming it otherwise; an admin’s default is their hotel).';

/**
 * Decides which hotel's document the caller gets: the one `hotel` names, their own for an
 * admin, or the booking's only hotel. Throws 404, 403 or 400 as the description says.
 */
async function pickHotel(
  request: FastifyRequest,
  bookingId: string,
  asked: number | undefined,
): Promise<number> {
  const app = request.server;
  const scope = await invoiceScopeOf(app.db, bookingId);
  if (!scope) throw new HttpError(404, BOOKING_MESSAGES.bookingMissing, 'id', 'NOT_FOUND');
  const user = signedInUser(request);
  const bookingScope = { userId: scope.userId, hotelIds: scope.hotelIds };
  if (!canSeeBooking(user, bookingScope)) {
    throw new HttpError(403, GUARD_MESSAGES.forbidden, undefined, 'FORBIDDEN');
  }
  const ownHotel = shownHotel(user, bookingScope);
  if (ownHotel !== undefined && asked !== undefined && asked !== ownHotel) {
    throw new HttpError(403, BOOKING_MESSAGES.otherHotel, 'hotel', 'OTHER_HOTEL');
  }
  const hotel = asked ?? ownHotel ?? (scope.hotelIds.length === 1 ? scope.hotelIds[0] : undefined);
  if (hotel === undefined) throw new HttpError(400, INVOICE_MESSAGES.hotelNeeded, 'hotel');
  if (!scope.hotelIds.includes(hotel)) {
    throw new HttpError(404, INVOICE_MESSAGES.hotelNotInBooking, 'hotel', 'NOT_FOUND');
  }
  if (scope.status !== 'confirmed' && scope.status !== 'cancelled') {
    throw new HttpError(409, INVOICE_MESSAGES.notConfirmed, 'id', 'BOOKING_NOT_CONFIRMED');
  }
  return hotel;
}

/**
 * The number of the hotel's credit note the caller asks for: the one `number` names, or the
 * only one; 400 naming `number` when the hotel issued several for the booking, 404 when none.
 */
async function pickCreditNote(
  request: FastifyRequest,
  input: { bookingId: string; hotelId: number },
  asked: number | undefined,
): Promise<number> {
  if (asked !== undefined) return asked;
  const numbers = await creditNoteNumbersOf(request.server.db, input.bookingId, input.hotelId);
  if (numbers.length > 1) throw new HttpError(400, INVOICE_MESSAGES.creditNoteNeeded, 'number');
  const [only] = numbers;
  if (only === undefined) {
    throw new HttpError(404, INVOICE_MESSAGES.creditNoteMissing, 'id', 'NOT_FOUND');
  }
  return only;
}

async function sendDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  input: { bookingId: string; hotelId: number; kind: InvoiceKind; number?: number },
) {
  const doc = await invoiceDocumentOf(request.server.db, input);
  if (!doc) {
    const message =
      input.kind === 'invoice' ? INVOICE_MESSAGES.notConfirmed : INVOICE_MESSAGES.creditNoteMissing;
    throw new HttpError(404, message, 'id', 'NOT_FOUND');
  }
  return reply
    .header('content-type', PDF)
    .header('content-disposition', `attachment; filename="${invoiceFilename(doc)}"`)
    .header('cache-control', 'private, no-store')
    .send(await invoicePdf(doc));
}

const responses = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
};

/**
 * A confirmed booking's invoice from one of its hotels, and the credit notes that hotel issued
 * when a cancel refunded its rooms: PDFs, numbered per hotel (decision 0017).
 */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/invoices/booking/:id.pdf',
    {
      // Who may read it depends on the booking (its guest, staff of its hotels): checked below.
      config: { access: 'signedIn' },
      schema: {
        tags: ['booking'],
        summary: 'A confirmed booking’s invoice from one of its hotels, as a PDF',
        description:
          'The hotel (seller), the guest or the company named at checkout (buyer, CUIT, ' +
          'address), the hotel’s invoice number and date, each night of each room with its ' +
          `price, the total and its currency. ${ACCESS} 409 BOOKING_NOT_CONFIRMED before the ` +
          'booking is confirmed.',
        params: bookingIdParams,
        querystring: invoiceQuery,
        produces: [PDF],
        response: responses,
      },
    },
    async (request, reply) => {
      const bookingId = request.params.id;
      const hotelId = await pickHotel(request, bookingId, request.query.hotel);
      return sendDocument(request, reply, { bookingId, hotelId, kind: 'invoice' });
    },
  );

  app.get(
    '/credit-notes/booking/:id.pdf',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['booking'],
        summary: 'A credit note one hotel issued for a refunded cancel, as a PDF',
        description:
          'Issued by each cancel that refunds rooms of the hotel — one traveller’s line, or ' +
          'the whole booking (its rooms not credited before): the hotel’s own credit-note ' +
          'number, the invoice it corrects, the rooms credited and their total. `number` names ' +
          'the credit note (the receipt lists them); it may be left out when the hotel issued ' +
          `one for the booking, otherwise 400 naming it. ${ACCESS} 404 when the hotel has ` +
          'issued no such credit note.',
        params: bookingIdParams,
        querystring: creditNoteQuery,
        produces: [PDF],
        response: responses,
      },
    },
    async (request, reply) => {
      const bookingId = request.params.id;
      const hotelId = await pickHotel(request, bookingId, request.query.hotel);
      const number = await pickCreditNote(request, { bookingId, hotelId }, request.query.number);
      return sendDocument(request, reply, { bookingId, hotelId, kind: 'credit_note', number });
    },
  );
};
