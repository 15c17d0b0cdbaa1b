DROP INDEX "invoices_booking_hotel_uq";--> statement-breakpoint
ALTER TABLE "booking_lines" ADD COLUMN "credit_note_id" integer;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD CONSTRAINT "booking_lines_credit_note_id_invoices_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_booking_hotel_uq" ON "invoices" USING btree ("booking_id","hotel_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
-- A cancel that owes a refund credits the lines it cancels, in its own transaction (decision
-- 0017): for each hotel among them that invoiced the booking, in hotel id order (as the
-- invoices, so two cancels spanning the same hotels cannot deadlock), a credit note for those
-- lines' stored total, numbered from the hotel's credit-note counter row, and the lines marked
-- with it. The counter row stays locked until the cancel ends: a rollback or a crashed
-- connection gives the number back. A line already credited is skipped, so each is credited
-- once; the callers hold the booking's row, so two cancels of one booking never read the same
-- uncredited line.
DROP TRIGGER payments_issue_credit_notes ON payments;
--> statement-breakpoint
DROP FUNCTION devstay_issue_credit_notes();
--> statement-breakpoint
CREATE FUNCTION devstay_credit_lines(cancelled_booking uuid, cancelled_lines integer[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  part record;
  issued integer;
  note integer;
BEGIN
  FOR part IN
    SELECT l.hotel_id, array_agg(l.id) AS line_ids, sum(l.total_cents)::bigint AS total_cents,
      i.currency, i.seller_name, i.seller_address
    FROM booking_lines l
    JOIN invoices i ON i.booking_id = l.booking_id AND i.hotel_id = l.hotel_id
      AND i.kind = 'invoice'
    WHERE l.booking_id = cancelled_booking AND l.id = ANY(cancelled_lines)
      AND l.credit_note_id IS NULL
    GROUP BY l.hotel_id, i.currency, i.seller_name, i.seller_address
    ORDER BY l.hotel_id
  LOOP
    INSERT INTO invoice_counters AS c (hotel_id, kind, last_number)
      VALUES (part.hotel_id, 'credit_note', 1)
      ON CONFLICT (hotel_id, kind) DO UPDATE SET last_number = c.last_number + 1
      RETURNING c.last_number INTO issued;
    INSERT INTO invoices (booking_id, hotel_id, kind, number, issued_at, seller_name,
        seller_address, total_cents, currency)
      VALUES (cancelled_booking, part.hotel_id, 'credit_note', issued, now(), part.seller_name,
        part.seller_address, part.total_cents, part.currency)
      RETURNING id INTO note;
    UPDATE booking_lines SET credit_note_id = note WHERE id = ANY(part.line_ids);
  END LOOP;
END
$$;
--> statement-breakpoint
-- The credit notes issued before: each cancelled its hotel's whole invoice, so it credited all
-- the hotel's lines of the booking.
UPDATE booking_lines l SET credit_note_id = i.id
  FROM invoices i
  WHERE i.kind = 'credit_note' AND i.booking_id = l.booking_id AND i.hotel_id = l.hotel_id;
