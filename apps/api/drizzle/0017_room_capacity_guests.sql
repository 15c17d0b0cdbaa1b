ALTER TABLE "booking_lines" ADD COLUMN "guests" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "capacity" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_lines" ADD CONSTRAINT "booking_lines_guests_ck" CHECK ("booking_lines"."guests" > 0);--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_capacity_ck" CHECK ("rooms"."capacity" between 1 and 12);