DROP INDEX "payments_booking_idempotency_key_uq";--> statement-breakpoint
DROP INDEX "payments_booking_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "payments_booking_uq" ON "payments" USING btree ("booking_id");