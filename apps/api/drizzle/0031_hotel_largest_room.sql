ALTER TABLE "hotels" ADD COLUMN "largest_room_capacity" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "hotels" h SET "largest_room_capacity" = m.capacity
  FROM (SELECT hotel_id, max(capacity) AS capacity FROM rooms GROUP BY hotel_id) m
  WHERE m.hotel_id = h.id;--> statement-breakpoint
-- The largest room's capacity of hotels `ids`, written only where it moved, the rows locked in
-- id order first (as devstay_store_hotel_from does) so two writers queue instead of deadlocking.
-- The rooms' triggers call it; a bulk load that skips them, once at its end.
CREATE FUNCTION devstay_store_largest_room(ids int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM hotels h
    WHERE h.id = any(ids) AND h.largest_room_capacity <> coalesce(
      (SELECT max(r.capacity) FROM rooms r WHERE r.hotel_id = h.id), 0)
    ORDER BY h.id FOR UPDATE;
  UPDATE hotels h SET largest_room_capacity = m.capacity
    FROM (SELECT x.id, coalesce((SELECT max(r.capacity) FROM rooms r WHERE r.hotel_id = x.id), 0)
        AS capacity
      FROM unnest(ids) AS x(id)) m
    WHERE h.id = m.id AND h.largest_room_capacity <> m.capacity;
END
$$;
--> statement-breakpoint
-- Once per statement, for the hotels of the rooms it wrote (a seed inserts 100,000 at once).
CREATE FUNCTION devstay_rooms_capacity_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM devstay_store_largest_room(array(SELECT DISTINCT hotel_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM devstay_store_largest_room(array(SELECT DISTINCT hotel_id FROM old_rows));
  ELSE
    PERFORM devstay_store_largest_room(array(
      SELECT hotel_id FROM old_rows UNION SELECT hotel_id FROM new_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER rooms_capacity_insert AFTER INSERT ON rooms REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION devstay_rooms_capacity_changed();--> statement-breakpoint
CREATE TRIGGER rooms_capacity_update AFTER UPDATE ON rooms
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION devstay_rooms_capacity_changed();--> statement-breakpoint
CREATE TRIGGER rooms_capacity_delete AFTER DELETE ON rooms REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION devstay_rooms_capacity_changed();
