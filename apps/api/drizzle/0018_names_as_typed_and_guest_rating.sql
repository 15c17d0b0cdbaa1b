-- Names are kept as typed from now on; room service names stay unique ignoring case and accents
-- through their search key (the app writes searchKey(name)). Existing names were stored
-- lower-cased and stay so. Their key is folded here as searchKey folds it: lower case, the
-- marks of Latin letters dropped, blanks trimmed and collapsed.
ALTER TABLE "room_services" DROP CONSTRAINT "room_services_name_unique";--> statement-breakpoint
ALTER TABLE "room_services" ADD COLUMN "name_key" text;--> statement-breakpoint
UPDATE "room_services" SET "name_key" = regexp_replace(btrim(translate(lower("name"),
  'áàâäãåāăąçćčďéèêëēėęěíìîïīįñńňóòôöõōőŕřśšşťúùûüūůűųýÿžźż',
  'aaaaaaaaacccdeeeeeeeeiiiiiinnnooooooorrssstuuuuuuuuyyzzz')), '\s+', ' ', 'g');--> statement-breakpoint
ALTER TABLE "room_services" ALTER COLUMN "name_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "rating_average" real GENERATED ALWAYS AS (case when review_count > 0 then rating_sum::real / review_count end) STORED;--> statement-breakpoint
CREATE INDEX "hotels_rating_name_key_idx" ON "hotels" USING btree ("rating_average" DESC NULLS LAST,"review_count" DESC NULLS LAST,"name_key","id");--> statement-breakpoint
CREATE UNIQUE INDEX "room_services_name_key_uq" ON "room_services" USING btree ("name_key");
