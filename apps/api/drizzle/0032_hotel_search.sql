CREATE TABLE "hotel_search" (
	"hotel_id" integer PRIMARY KEY NOT NULL,
	"search_key" text NOT NULL,
	"largest_room_capacity" smallint NOT NULL,
	"time_zone" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hotel_search" ADD CONSTRAINT "hotel_search_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The narrow copy of hotels `ids` (search key, largest room, time zone) as their rows hold it
-- now. The trigger below calls it for each hotel written; a bulk load that skips triggers, once
-- at its end.
CREATE FUNCTION devstay_store_hotel_search(ids int[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO hotel_search (hotel_id, search_key, largest_room_capacity, time_zone)
  SELECT h.id, h.search_key, h.largest_room_capacity, h.time_zone
  FROM hotels h WHERE h.id = any(ids)
  ORDER BY h.id
  ON CONFLICT (hotel_id) DO UPDATE SET search_key = excluded.search_key,
    largest_room_capacity = excluded.largest_room_capacity, time_zone = excluded.time_zone
$$;
--> statement-breakpoint
SELECT devstay_store_hotel_search(array(SELECT id FROM hotels));--> statement-breakpoint
CREATE INDEX "hotel_search_search_key_trgm_idx" ON "hotel_search" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION devstay_hotel_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM devstay_store_hotel_search(array[NEW.id]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- After the search key's own trigger (BEFORE, migration 0025) and whichever statement changed
-- the copied columns: a rename, a move, a location renamed, a room resized (migration 0031).
CREATE TRIGGER hotels_search_copy_insert AFTER INSERT ON hotels
  FOR EACH ROW EXECUTE FUNCTION devstay_hotel_search_changed();--> statement-breakpoint
CREATE TRIGGER hotels_search_copy_update AFTER UPDATE ON hotels FOR EACH ROW
  WHEN (OLD.search_key IS DISTINCT FROM NEW.search_key
    OR OLD.largest_room_capacity IS DISTINCT FROM NEW.largest_room_capacity
    OR OLD.time_zone IS DISTINCT FROM NEW.time_zone)
  EXECUTE FUNCTION devstay_hotel_search_changed();
