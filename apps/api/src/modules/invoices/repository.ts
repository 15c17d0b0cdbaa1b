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

/** One booked room of the hotel, as the booking stored it when it was priced. */
interface InvoiceLine {
  room: string;
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
  /** The credit note's invoice number (the invoice it cancels); null on an invoice. */
  creditsNumber: number | null;
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
 * The document `kind` one hotel issued for a booking, with the booking's lines at that hotel as
 * they were stored at checkout; undefined when it has not issued one.
 */
export async function invoiceDocumentOf(
  db: Executor,
  input: { bookingId: string; hotelId: number; kind: InvoiceKind },
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
      (select f.number from invoices f where f.booking_id = i.booking_id
        and f.hotel_id = i.hotel_id and f.kind = 'invoice' and i.kind = 'credit_note')
        as "creditsNumber",
      (select json_agg(json_build_object('room', r.name, 'checkIn', l.check_in,
          'checkOut', l.check_out, 'quantity', l.quantity, 'nightCents', l.night_cents,
          'totalCents', l.total_cents) order by l.id)
        from booking_lines l join rooms r on r.id = l.room_id
        where l.booking_id = i.booking_id and l.hotel_id = i.hotel_id) as lines
    from invoices i
    join bookings b on b.id = i.booking_id
    join hotels h on h.id = i.hotel_id
    left join users u on u.id = b.user_id
    left join booking_billing bb on bb.booking_id = i.booking_id
    where i.booking_id = ${input.bookingId} and i.hotel_id = ${input.hotelId}
      and i.kind = ${input.kind}`);
  const row = result.rows[0];
  return row && { ...row, issuedAt: new Date(row.issuedAt) };
}

/** A booking's documents as its receipt lists them: by hotel, then the invoice first. */
export async function invoicesOfBooking(db: Executor, bookingId: string) {
  const result = await db.execute<{
    kind: InvoiceKind;
    hotelId: number;
    hotel: string;
    number: number;
  }>(sql`
    select i.kind, i.hotel_id as "hotelId", i.seller_name as hotel, i.number
    from invoices i where i.booking_id = ${bookingId}
    order by i.hotel_id, i.kind desc`);
  return result.rows;
}
