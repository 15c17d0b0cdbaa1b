-- The list's search box finds a hotel by its name or its place (city, department, state): each
-- word in `hotels.search_key`, trigram-indexed. The app writes a location's `place_key`
-- (placeKey: searchKey of city, department and state); the database writes every hotel's
-- search key from its name key and its location's place key, and again when either changes.
-- Existing place keys are folded here as searchKey folds them: lower case, the marks of Latin
-- letters dropped, blanks trimmed and collapsed.
ALTER TABLE "locations" ADD COLUMN "place_key" text;--> statement-breakpoint
UPDATE "locations" SET "place_key" = regexp_replace(btrim(translate(lower("city" || ' ' || "department" || ' ' || "state"),
  'áàâäãåāăąçćčďéèêëēėęěíìîïīįñńňóòôöõōőŕřśšşťúùûüūůűųýÿžźż',
  'aaaaaaaaacccdeeeeeeeeiiiiiinnnooooooorrssstuuuuuuuuyyzzz')), '\s+', ' ', 'g');--> statement-breakpoint
ALTER TABLE "locations" ALTER COLUMN "place_key" SET NOT NULL;--> statement-breakpoint
-- A hotel's search key: its name key, a space, its location's place key. The one rule, for the
-- triggers below and for a bulk load that runs without triggers (the benchmarks' catalogue).
CREATE FUNCTION devstay_search_key(name_key text, location integer) RETURNS text
  LANGUAGE sql STABLE AS $$
  SELECT name_key || ' ' || (SELECT place_key FROM locations WHERE id = location)
$$;
--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "search_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "hotels" SET "search_key" = devstay_search_key("name_key", "location_id");--> statement-breakpoint
-- Whoever writes a hotel: a write of the key itself is overwritten too.
CREATE FUNCTION devstay_hotel_search_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_key := devstay_search_key(NEW.name_key, NEW.location_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER hotels_search_key BEFORE INSERT OR UPDATE OF name_key, location_id, search_key ON hotels
  FOR EACH ROW EXECUTE FUNCTION devstay_hotel_search_key();
--> statement-breakpoint
-- A place renamed: its hotels' keys written again.
CREATE FUNCTION devstay_location_search_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE hotels SET search_key = devstay_search_key(name_key, location_id) WHERE location_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER locations_search_key AFTER UPDATE OF place_key ON locations
  FOR EACH ROW WHEN (OLD.place_key IS DISTINCT FROM NEW.place_key)
  EXECUTE FUNCTION devstay_location_search_key();
--> statement-breakpoint
DROP INDEX "hotels_name_key_trgm_idx";--> statement-breakpoint
CREATE INDEX "hotels_search_key_trgm_idx" ON "hotels" USING gin ("search_key" gin_trgm_ops);
