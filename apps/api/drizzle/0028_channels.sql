CREATE TABLE "channel_conflicts" (
	"id" serial PRIMARY KEY NOT NULL,
	"feed_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"event_key" text NOT NULL,
	"summary" text NOT NULL,
	"first_night" date NOT NULL,
	"end_night" date NOT NULL,
	"units" integer NOT NULL,
	"sold_night" date NOT NULL,
	"bookings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"emailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "channel_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"units_per_event" integer DEFAULT 1 NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_attempt_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"events_read" integer DEFAULT 0 NOT NULL,
	"lease_token" uuid,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_feeds_units_ck" CHECK ("channel_feeds"."units_per_event" between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "room_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"feed_id" integer,
	"event_key" text,
	"first_night" date NOT NULL,
	"end_night" date NOT NULL,
	"units" integer NOT NULL,
	"reason" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_blocks_nights_ck" CHECK ("room_blocks"."end_night" > "room_blocks"."first_night"),
	CONSTRAINT "room_blocks_units_ck" CHECK ("room_blocks"."units" between 1 and 50),
	CONSTRAINT "room_blocks_source_ck" CHECK (("room_blocks"."feed_id" is null) = ("room_blocks"."event_key" is null))
);
--> statement-breakpoint
CREATE TABLE "room_export_keys" (
	"room_id" integer PRIMARY KEY NOT NULL,
	"key_hash" text NOT NULL,
	"digest" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_conflicts" ADD CONSTRAINT "channel_conflicts_feed_id_channel_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."channel_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_conflicts" ADD CONSTRAINT "channel_conflicts_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_feeds" ADD CONSTRAINT "channel_feeds_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_blocks" ADD CONSTRAINT "room_blocks_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_blocks" ADD CONSTRAINT "room_blocks_feed_id_channel_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."channel_feeds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_export_keys" ADD CONSTRAINT "room_export_keys_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_conflicts_feed_event_uq" ON "channel_conflicts" USING btree ("feed_id","event_key");--> statement-breakpoint
CREATE INDEX "channel_conflicts_room_idx" ON "channel_conflicts" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "channel_feeds_room_idx" ON "channel_feeds" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "room_blocks_room_idx" ON "room_blocks" USING btree ("room_id","first_night");--> statement-breakpoint
CREATE UNIQUE INDEX "room_blocks_feed_event_uq" ON "room_blocks" USING btree ("feed_id","event_key");