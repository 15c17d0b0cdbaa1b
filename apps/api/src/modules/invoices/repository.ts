import type { InvoiceKind } from '@devstay/shared/constants';
import type { Billing } from '@devstay/shared/contracts/booking';
import { cuitDigits } from '@devstay/shared/invoice';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';

/**
 * Records whom a booking is invoiced to, in the checkout's transaction (its `client`): the CUIT
 * kept as its 11 digits. The invoices themselves are issued by the database when the booking
 * is confirmed (migration 0023, decision 0017).
 */
export async function storeBilling(
  client: Pick<Db['$client'], 'query'>,
  bookingId: string,
  billing: Billing,
): Promise<void> {
  await client.query(
    `insert into booking_billing (booking_id, company, tax_id, address)
     values ($1, $2, $3, $4) on conflict (booking_id) do nothing`,
    [bookingId, billing.company, cuitDigits(billing.taxId), billing.address],
  );
}

/**
 * The credit notes of a cancel that owes a refund, issued in its transaction `tx` (which holds
 * the booking's row): the lines it cancels — one line cancelled alone, or the lines still live
 * when the whole booking is — each credited once, by its hotel, numbered in that hotel's
 * credit-note series (`devstay_credit_lines`, migration 0029; decision 0017). A crash or a
 * rollback of the cancel gives the numbers back with it.
 */
export async function creditCancelledLines(
  tx: Executor,
  bookingId: string,
  lines: { lineId: number } | 'live',
): Promise<void> {
  const ids =
    lines === 'live'
      ? sql`array(select id from booking_lines where booking_id = ${bookingId} and cancelled_at is null)`
      : sql`array[${lines.lineId}::integer]`;
  await tx.execute(sql`select devstay_credit_lines(${bookingId}::uuid, ${ids})`);
}

/** A credit note as the e-mails and the receipt name it. */
export type CreditNoteRef = {
  hotelId: number;
  hotel: string;
  number: number;
  totalCents: number;
};

/**
 * The credit notes one cancel issued: a line's (`lineId`), or the whole booking's (`live`: those
 * crediting the lines that were still live when it was cancelled), by hotel.
 */
export async function creditNotesOf(
  db: Executor,
  bookingId: string,
  lines: { lineId: number } | 'live',
): Promise<CreditNoteRef[]> {
  const which = lines === 'live' ? sql`l.cancelled_at is null` : sql`l.id = ${lines.lineId}`;
  const result = await db.execute<CreditNoteRef>(sql`
    select distinct i.hotel_id as "hotelId", i.seller_name as hotel, i.number,
      i.total_cents::float8 as "totalCents"
    from invoices i join booking_lines l on l.credit_note_id = i.id
    where i.booking_id = ${bookingId} and ${which}
    order by "hotelId", i.number`);
  return result.rows;
}

/** The numbers of the credit notes one hotel issued for a booking, in order. */
export async function creditNoteNumbersOf(
  db: Executor,
  bookingId: string,
  hotelId: number,
): Promise<number[]> {
  const result = await db.execute<{ number: number }>(sql`
    select number from invoices
    where booking_id = ${bookingId} and hotel_id = ${hotelId} and kind = 'credit_note'
    order by number`);
  return result.rows.map((r) => r.number);
}

/** One booked room of the hotel, as the booking stored it when it was priced. */
interface InvoiceLine {
  room: string;
  /** Who stays, when the organiser named a traveller for it. */
  traveller: string | null;
  checkIn: string;
  checkOut: string;
  quantity: number;
  /** Each night's price per unit, in order: `night_cents` of the booking line. */
  nightCents: number[];
  totalCents: number;
}

/** An invoice or credit note as its PDF prints it. */
export interface InvoiceDocument {
  kind: InvoiceKind;
  number: number;
  issuedAt: Date;
  /** The hotel's IANA zone: the document's date is its date there. */
  timeZone: string;
  bookingId: string;
  seller: { name: string; address: string };
  /** The company named at checkout, or the guest. */
  buyer: { name: string; taxId: string | null; address: string | null };
  currency: string;
  totalCents: number;
  /** The invoice a credit note corrects, its number and total; null on an invoice. */
  credits: { number: number; totalCents: number } | null;
  /** An invoice's: all the hotel's lines of the booking; a credit note's: those it credited. */
  lines: InvoiceLine[];
}

/** A booking as its invoice routes decide access by: whose, its hotels, whether confirmed. */
// A type, not an interface: Drizzle's execute wants rows with an index signature.
type InvoiceScope = {
  userId: string;
  status: string;
  hotelIds: number[];
};

export async function invoiceScopeOf(
  db: Executor,
  bookingId: string,
): Promise<InvoiceScope | undefined> {
  const result = await db.execute<InvoiceScope>(sql`
    select b.user_id as "userId", b.status,
      coalesce((select array_agg(distinct l.hotel_id order by l.hotel_id) from booking_lines l
        where l.booking_id = b.id), '{}') as "hotelIds"
    from bookings b where b.id = ${bookingId}`);
  return result.rows[0];
}

/**
 * The document `kind` one hotel issued for a booking (a credit note: the one numbered `number`),
 * with its lines as they were stored at checkout; undefined when it has not issued it.
 */
export async function invoiceDocumentOf(
  db: Executor,
  input: { bookingId: string; hotelId: number; kind: InvoiceKind; number?: number },
): Promise<InvoiceDocument | undefined> {
  const result = await db.execute<Omit<InvoiceDocument, 'issuedAt'> & { issuedAt: string }>(sql`
    select i.kind, i.number, i.issued_at as "issuedAt", h.time_zone as "timeZone", i.booking_id as "bookingId",
      json_build_object('name', i.seller_name, 'address', i.seller_address) as seller,
      case when bb.booking_id is null
        then json_build_object('name', coalesce(nullif(u.name, ''), u.email), 'taxId', null,
          'address', null)
        else json_build_object('name', bb.company, 'taxId', bb.tax_id, 'address', bb.address)
      end as buyer,
      i.currency, i.total_cents::float8 as "totalCents",
      (select json_build_object('number', f.number, 'totalCents', f.total_cents)
        from invoices f where f.booking_id = i.booking_id
        and f.hotel_id = i.hotel_id and f.kind = 'invoice' and i.kind = 'credit_note')
        as credits,
      (select json_agg(json_build_object('room', r.name, 'traveller', l.traveller_name,
          'checkIn', l.check_in, 'checkOut', l.check_out, 'quantity', l.quantity,
          'nightCents', l.night_cents, 'totalCents', l.total_cents) order by l.id)
        from booking_lines l join rooms r on r.id = l.room_id
        where l.booking_id = i.booking_id and l.hotel_id = i.hotel_id
          and (i.kind = 'invoice' or l.credit_note_id = i.id)) as lines
    from invoices i
    join bookings b on b.id = i.booking_id
    join hotels h on h.id = i.hotel_id
    left join users u on u.id = b.user_id
    left join booking_billing bb on bb.booking_id = i.booking_id
    where i.booking_id = ${input.bookingId} and i.hotel_id = ${input.hotelId}
      and i.kind = ${input.kind}
      ${input.number === undefined ? sql`` : sql`and i.number = ${input.number}`}`);
  const row = result.rows[0];
  return row && { ...row, issuedAt: new Date(row.issuedAt) };
}

/**
 * A booking's documents as its receipt lists them: by hotel, the invoice first, then its credit
 * notes in their order.
 */
export async function invoicesOfBooking(db: Executor, bookingId: string) {
  const result = await db.execute<{
    kind: InvoiceKind;
    hotelId: number;
    hotel: string;
    number: number;
    totalCents: number;
  }>(sql`
    select i.kind, i.hotel_id as "hotelId", i.seller_name as hotel, i.number,
      i.total_cents::float8 as "totalCents"
    from invoices i where i.booking_id = ${bookingId}
    order by i.hotel_id, i.kind desc, i.number`);
  return result.rows;
}
