ALTER TABLE "booking_lines" ADD COLUMN "traveller_name" text;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD COLUMN "traveller_email" text;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "booking_lines_traveller_idx" ON "booking_lines" USING btree (lower("traveller_email")) WHERE "booking_lines"."traveller_email" is not null;--> statement-breakpoint
CREATE INDEX "booking_lines_refund_due_idx" ON "booking_lines" USING btree ("cancelled_at") WHERE "booking_lines"."cancelled_at" is not null and "booking_lines"."refunded_at" is null;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD CONSTRAINT "booking_lines_traveller_ck" CHECK (("booking_lines"."traveller_name" is null) = ("booking_lines"."traveller_email" is null));