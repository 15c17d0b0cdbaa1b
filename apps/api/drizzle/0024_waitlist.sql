CREATE TABLE "waitlist_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"room_id" integer NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"quantity" integer NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"booking_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_state_ck" CHECK ("waitlist_entries"."state" in ('waiting','offered','booked','expired','left')),
	CONSTRAINT "waitlist_entries_quantity_ck" CHECK ("waitlist_entries"."quantity" > 0),
	CONSTRAINT "waitlist_entries_stay_ck" CHECK ("waitlist_entries"."check_in" < "waitlist_entries"."check_out")
);
--> statement-breakpoint
ALTER TABLE "room_nights" ADD COLUMN "waitlisted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_live_uq" ON "waitlist_entries" USING btree ("user_id","room_id","check_in","check_out") WHERE state in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_entries_line_idx" ON "waitlist_entries" USING btree ("room_id","created_at","id") WHERE state = 'waiting';--> statement-breakpoint
CREATE INDEX "waitlist_entries_user_idx" ON "waitlist_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_booking_uq" ON "waitlist_entries" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "room_nights" ADD CONSTRAINT "room_nights_waitlisted_ck" CHECK ("room_nights"."waitlisted" between 0 and "room_nights"."taken");