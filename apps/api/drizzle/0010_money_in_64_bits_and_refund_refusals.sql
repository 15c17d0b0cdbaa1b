ALTER TABLE "booking_lines" ALTER COLUMN "nightly_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "booking_lines" ALTER COLUMN "total_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "total_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "refunded_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "test_card_charges" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "test_card_charges" ALTER COLUMN "refunded_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_refusal" text;--> statement-breakpoint
ALTER TABLE "test_card_charges" ADD COLUMN "disputed" boolean DEFAULT false NOT NULL;