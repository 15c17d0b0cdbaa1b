CREATE TABLE "hotel_from_prices" (
	"hotel_id" integer PRIMARY KEY NOT NULL,
	"from_cents" integer,
	"from_until" date
);
--> statement-breakpoint
ALTER TABLE "hotel_from_prices" ADD CONSTRAINT "hotel_from_prices_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A room's lowest nightly price: its base, or a cheaper weekday rule or season not yet over
-- (event-night premiums only raise a price); and until when it holds: the last night of its
-- first season still to end, after which a rule may have dropped out (null: until a rule or
-- the room changes). "Not yet over" by the database's date: a day early or late at most, for a
-- "from" price. The one rule of a room's fromPrice and of its hotel card's (the least of its
-- rooms', devstay_hotels_from): rooms/repository.ts reads it, the triggers below keep the
-- card's in hotel_from_prices. A table of one row rather than a value: PostgreSQL writes such a
-- function into the statement that reads it (`(SELECT cents FROM devstay_room_from(…))`),
-- where a function of a value is called row by row, some 16 times slower.
CREATE FUNCTION devstay_room_from(room integer, base integer)
  RETURNS TABLE (cents integer, until date) LANGUAGE sql STABLE AS $$
  SELECT least(base, min(rr.price_cents)), min(rr.last_night) FILTER (WHERE rr.kind = 'season')
  FROM room_rates rr WHERE rr.room_id = room AND (rr.kind = 'weekdays' OR rr.last_night >= current_date)
$$;
--> statement-breakpoint
-- The card's "from" of each hotel of `ids` that has rooms (the least of its rooms'), and until
-- when it holds (the first of theirs to end). The ids joined as a set, never `= ANY (ids)`: a
-- seed passes 100,000, tested one by one against each row.
CREATE FUNCTION devstay_hotels_from(ids integer[])
  RETURNS TABLE (hotel_id integer, cents integer, until date) LANGUAGE sql STABLE AS $$
  SELECT r.hotel_id, min(f.cents), min(f.until)
  FROM rooms r CROSS JOIN LATERAL devstay_room_from(r.id, r.price_cents) f
  WHERE r.hotel_id IN (SELECT unnest(ids))
  GROUP BY r.hotel_id
$$;
--> statement-breakpoint
-- Stores the card's "from" of hotels `ids` (schema.ts, hotelFromPrices); null without rooms. A
-- hotel removed in the same transaction is left out.
-- A hotel without a row yet gets one with its price: any other writer of its rooms meets that
-- row (it waits for this transaction, then reads the price again below, as of after it). The
-- others' rows are locked, then their prices read again: two writers of one hotel's rooms
-- queue at the lock, and the second reads what the first committed (each statement of this
-- function reads as of its start), so neither stores a price that misses the other's change.
-- So a bulk load's new hotels are read once, and written once.
CREATE FUNCTION devstay_store_hotel_from(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  added integer[];
BEGIN
  WITH stored AS (
    INSERT INTO hotel_from_prices (hotel_id, from_cents, from_until)
      SELECT h.id, f.cents, f.until
      FROM hotels h LEFT JOIN devstay_hotels_from(ids) f ON f.hotel_id = h.id
      WHERE h.id IN (SELECT unnest(ids))
        AND NOT EXISTS (SELECT FROM hotel_from_prices p WHERE p.hotel_id = h.id)
      ORDER BY h.id
      ON CONFLICT DO NOTHING
      RETURNING hotel_id)
  SELECT coalesce(array_agg(hotel_id), '{}') INTO added FROM stored;
  ids := array(SELECT unnest(ids) EXCEPT SELECT unnest(added));
  IF cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM hotel_from_prices p WHERE p.hotel_id IN (SELECT unnest(ids))
    ORDER BY p.hotel_id FOR UPDATE;
  UPDATE hotel_from_prices p SET from_cents = f.cents, from_until = f.until
    FROM (SELECT x.id, f.cents, f.until
      FROM (SELECT unnest(ids) AS id) x LEFT JOIN devstay_hotels_from(ids) f ON f.hotel_id = x.id) f
    WHERE p.hotel_id = f.id
      AND (p.from_cents, p.from_until) IS DISTINCT FROM (f.cents, f.until);
END
$$;
--> statement-breakpoint
-- Once per statement, for the hotels of the rows it wrote (a seed inserts 100,000 at once).
CREATE FUNCTION devstay_rooms_from_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM devstay_store_hotel_from(array(SELECT hotel_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM devstay_store_hotel_from(array(SELECT hotel_id FROM old_rows));
  ELSE
    PERFORM devstay_store_hotel_from(array(
      SELECT hotel_id FROM old_rows UNION SELECT hotel_id FROM new_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION devstay_room_rates_from_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM devstay_store_hotel_from(array(
      SELECT r.hotel_id FROM rooms r WHERE r.id IN (SELECT room_id FROM new_rows)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM devstay_store_hotel_from(array(
      SELECT r.hotel_id FROM rooms r WHERE r.id IN (SELECT room_id FROM old_rows)));
  ELSE
    PERFORM devstay_store_hotel_from(array(
      SELECT r.hotel_id FROM rooms r WHERE r.id IN (
        SELECT room_id FROM old_rows UNION SELECT room_id FROM new_rows)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER rooms_from_insert AFTER INSERT ON rooms REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION devstay_rooms_from_changed();--> statement-breakpoint
CREATE TRIGGER rooms_from_update AFTER UPDATE ON rooms
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION devstay_rooms_from_changed();--> statement-breakpoint
CREATE TRIGGER rooms_from_delete AFTER DELETE ON rooms REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION devstay_rooms_from_changed();--> statement-breakpoint
CREATE TRIGGER room_rates_from_insert AFTER INSERT ON room_rates
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION devstay_room_rates_from_changed();--> statement-breakpoint
CREATE TRIGGER room_rates_from_update AFTER UPDATE ON room_rates
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION devstay_room_rates_from_changed();--> statement-breakpoint
CREATE TRIGGER room_rates_from_delete AFTER DELETE ON room_rates REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION devstay_room_rates_from_changed();--> statement-breakpoint
-- Ordinary triggers: a bulk load that skips foreign-key checks (session_replication_role =
-- replica, the large seed) skips them too, and stores its hotels' prices once at its end
-- (packages/demo-data/src/large.ts): a statement trigger's work over 100,000 new rooms cost it
-- more than the load itself.
SELECT devstay_store_hotel_from(array(SELECT id FROM hotels));
