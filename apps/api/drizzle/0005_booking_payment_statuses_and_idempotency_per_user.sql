-- Statuses come from @devstay/shared/constants; idempotency keys are unique per account
-- (bookings) and per booking (payments) instead of across everyone.
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_idempotency_key_unique";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_idempotency_key_unique";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_status_ck";--> statement-breakpoint
-- A payment the provider took was 'succeeded'; it is now 'captured'.
UPDATE "payments" SET "status" = 'captured' WHERE "status" = 'succeeded';--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_user_idempotency_key_uq" ON "bookings" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_booking_idempotency_key_uq" ON "payments" USING btree ("booking_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_ck" CHECK ("payments"."status" in ('pending','authorised','captured','failed','refunded'));