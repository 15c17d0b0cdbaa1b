CREATE TABLE "room_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"kind" text NOT NULL,
	"first_night" date,
	"last_night" date,
	"weekdays" smallint[],
	"price_cents" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_rates_kind_ck" CHECK ("room_rates"."kind" in ('season','weekdays')),
	CONSTRAINT "room_rates_price_ck" CHECK ("room_rates"."price_cents" > 0),
	CONSTRAINT "room_rates_shape_ck" CHECK (("room_rates"."kind" = 'season' and "room_rates"."first_night" is not null and "room_rates"."last_night" >= "room_rates"."first_night" and "room_rates"."weekdays" is null)
        or ("room_rates"."kind" = 'weekdays' and "room_rates"."weekdays" is not null and "room_rates"."first_night" is null and "room_rates"."last_night" is null))
);
--> statement-breakpoint
ALTER TABLE "booking_lines" ADD COLUMN "night_cents" bigint[];--> statement-breakpoint
-- Lines booked before rates were charged every night at their nightly price.
UPDATE "booking_lines" SET "night_cents" = array_fill("nightly_cents", ARRAY["check_out" - "check_in"]);--> statement-breakpoint
ALTER TABLE "booking_lines" ALTER COLUMN "night_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "event_night_premium_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "room_rates" ADD CONSTRAINT "room_rates_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_rates_room_idx" ON "room_rates" USING btree ("room_id");--> statement-breakpoint
ALTER TABLE "hotels" ADD CONSTRAINT "hotels_event_night_premium_percent_ck" CHECK ("hotels"."event_night_premium_percent" between 0 and 300);