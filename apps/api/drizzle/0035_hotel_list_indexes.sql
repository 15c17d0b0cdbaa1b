DROP INDEX "hotels_location_qualification_name_key_idx";--> statement-breakpoint
CREATE INDEX "hotels_qualification_largest_room_idx" ON "hotels" USING btree ("qualification","largest_room_capacity","id");--> statement-breakpoint
CREATE INDEX "hotels_location_qualification_rating_idx" ON "hotels" USING btree ("location_id","qualification","rating_average" DESC NULLS LAST,"review_count" DESC NULLS LAST,"name_key","id");--> statement-breakpoint
CREATE INDEX "hotels_location_qualification_name_key_idx" ON "hotels" USING btree ("location_id","qualification","name_key","id");--> statement-breakpoint
-- One hotel's card "from" read from its rooms (devstay_hotels_from), for a list row whose kept
-- price's season is over (LISTED_FROM_SELECT). Called as a value, it runs only for such a row;
-- written as a select of the set-returning function in a list statement, it was a sub-plan
-- started at every execution, some 1.5 % of a city's page statement.
CREATE FUNCTION devstay_hotel_from_cents(hotel integer) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT cents FROM devstay_hotels_from(array[hotel])
$$;
