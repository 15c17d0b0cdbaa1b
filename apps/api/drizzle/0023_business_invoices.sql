CREATE TABLE "booking_billing" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"company" text NOT NULL,
	"tax_id" text NOT NULL,
	"address" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"hotel_id" integer NOT NULL,
	"kind" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_counters_hotel_id_kind_pk" PRIMARY KEY("hotel_id","kind"),
	CONSTRAINT "invoice_counters_kind_ck" CHECK ("invoice_counters"."kind" in ('invoice','credit_note'))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"hotel_id" integer NOT NULL,
	"kind" text NOT NULL,
	"number" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"seller_name" text NOT NULL,
	"seller_address" text NOT NULL,
	"total_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	CONSTRAINT "invoices_kind_ck" CHECK ("invoices"."kind" in ('invoice','credit_note'))
);
--> statement-breakpoint
ALTER TABLE "booking_billing" ADD CONSTRAINT "booking_billing_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_uq" ON "invoices" USING btree ("hotel_id","kind","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_booking_hotel_uq" ON "invoices" USING btree ("booking_id","hotel_id","kind");--> statement-breakpoint
-- Each hotel numbers its invoices 1, 2, 3… with no gap and no repeat, and its credit notes in a
-- series of their own (decision 0017). A number is taken from the hotel's counter row by the
-- transaction that confirms the booking, whichever path confirms it (the payment, the
-- webhook, the reconciliation): the row stays locked until that transaction ends, so bookings
-- of one hotel queue there; a rollback or a crashed connection gives the number back with the
-- rest, and a commit — synchronous on every replica on the cluster — keeps it, so a promoted
-- replica never issues it again. No sequence: a sequence's number is not given back.
-- Hotels are numbered in id order, so two bookings spanning the same hotels cannot deadlock.
CREATE FUNCTION devstay_issue_invoices() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  part record;
  issued integer;
BEGIN
  FOR part IN
    SELECT l.hotel_id, sum(l.total_cents)::bigint AS total_cents, h.name,
      h.address || ', ' || loc.city || ', ' || loc.state AS address
    FROM booking_lines l
    JOIN hotels h ON h.id = l.hotel_id
    JOIN locations loc ON loc.id = h.location_id
    WHERE l.booking_id = NEW.id
      AND NOT EXISTS (SELECT 1 FROM invoices i
        WHERE i.booking_id = NEW.id AND i.hotel_id = l.hotel_id AND i.kind = 'invoice')
    GROUP BY l.hotel_id, h.name, h.address, loc.city, loc.state
    ORDER BY l.hotel_id
  LOOP
    INSERT INTO invoice_counters AS c (hotel_id, kind, last_number)
      VALUES (part.hotel_id, 'invoice', 1)
      ON CONFLICT (hotel_id, kind) DO UPDATE SET last_number = c.last_number + 1
      RETURNING c.last_number INTO issued;
    INSERT INTO invoices (booking_id, hotel_id, kind, number, issued_at, seller_name,
        seller_address, total_cents, currency)
      VALUES (NEW.id, part.hotel_id, 'invoice', issued, coalesce(NEW.confirmed_at, now()),
        part.name, part.address, part.total_cents, NEW.currency);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_issue_invoices AFTER UPDATE OF status ON bookings
  FOR EACH ROW WHEN (NEW.status = 'confirmed' AND OLD.status IS DISTINCT FROM 'confirmed')
  EXECUTE FUNCTION devstay_issue_invoices();
--> statement-breakpoint
-- A cancelled booking whose payment is refunded in full: each hotel that invoiced it issues a
-- credit note for that invoice's total, numbered in its credit-note series, in the transaction
-- that records the refund (whoever records it: the cancel, the reconciliation, the webhook).
CREATE FUNCTION devstay_issue_credit_notes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  inv record;
  issued integer;
BEGIN
  FOR inv IN
    SELECT i.hotel_id, i.total_cents, i.currency, i.seller_name, i.seller_address
    FROM invoices i JOIN bookings b ON b.id = i.booking_id
    WHERE i.booking_id = NEW.booking_id AND i.kind = 'invoice' AND b.status = 'cancelled'
      AND NOT EXISTS (SELECT 1 FROM invoices n
        WHERE n.booking_id = i.booking_id AND n.hotel_id = i.hotel_id AND n.kind = 'credit_note')
    ORDER BY i.hotel_id
  LOOP
    INSERT INTO invoice_counters AS c (hotel_id, kind, last_number)
      VALUES (inv.hotel_id, 'credit_note', 1)
      ON CONFLICT (hotel_id, kind) DO UPDATE SET last_number = c.last_number + 1
      RETURNING c.last_number INTO issued;
    INSERT INTO invoices (booking_id, hotel_id, kind, number, issued_at, seller_name,
        seller_address, total_cents, currency)
      VALUES (NEW.booking_id, inv.hotel_id, 'credit_note', issued, now(), inv.seller_name,
        inv.seller_address, inv.total_cents, inv.currency);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER payments_issue_credit_notes AFTER UPDATE OF refunded_cents ON payments
  FOR EACH ROW WHEN (NEW.refunded_cents >= NEW.amount_cents AND OLD.refunded_cents < NEW.amount_cents)
  EXECUTE FUNCTION devstay_issue_credit_notes();
