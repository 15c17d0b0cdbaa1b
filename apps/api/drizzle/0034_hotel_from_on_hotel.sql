ALTER TABLE "hotels" ADD COLUMN "from_cents" integer;--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "from_until" date;--> statement-breakpoint
-- The card's "from" moves onto the hotel's row (schema.ts, hotels.fromCents): a list page read
-- it with a probe of hotel_from_prices a card, three buffers each, 24 a page and a third of a
-- search's. The same triggers (migration 0022) keep it, through this function.
-- The rows locked in id order before the prices are read: two writers of one hotel's rooms
-- queue at the lock, and the second reads what the first committed (each statement of this
-- function reads as of its start), so neither stores a price that misses the other's change.
-- NO KEY UPDATE: a foreign key's check of the hotel (a service, an event, a review added) does
-- not wait.
CREATE OR REPLACE FUNCTION devstay_store_hotel_from(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  ids := array(SELECT DISTINCT unnest(ids));
  PERFORM 1 FROM hotels h WHERE h.id IN (SELECT unnest(ids)) ORDER BY h.id FOR NO KEY UPDATE;
  UPDATE hotels h SET from_cents = f.cents, from_until = f.until
    FROM (SELECT x.id, f.cents, f.until
      FROM (SELECT unnest(ids) AS id) x LEFT JOIN devstay_hotels_from(ids) f ON f.hotel_id = x.id) f
    WHERE h.id = f.id
      AND (h.from_cents, h.from_until) IS DISTINCT FROM (f.cents, f.until);
END
$$;
--> statement-breakpoint
DROP TABLE "hotel_from_prices" CASCADE;--> statement-breakpoint
SELECT devstay_store_hotel_from(array(SELECT id FROM hotels));
