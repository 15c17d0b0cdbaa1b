-- The indexes of the list's orders by name and by stars hold the location after the id (which
-- orders nothing), as the city's and the guest rating's already do: a search by name or place
-- filters their walk from the index alone (the name filter tests the name key, and the place
-- through the location). Without it, each hotel walked was a table row read, and a list
-- request that missed every cache cost the database about three times as much.
DROP INDEX "hotels_name_key_id_idx";--> statement-breakpoint
DROP INDEX "hotels_qualification_name_key_idx";--> statement-breakpoint
DROP INDEX "hotels_qualification_desc_name_key_idx";--> statement-breakpoint
CREATE INDEX "hotels_name_key_id_idx" ON "hotels" USING btree ("name_key","id","location_id");--> statement-breakpoint
CREATE INDEX "hotels_qualification_name_key_idx" ON "hotels" USING btree ("qualification","name_key","id","location_id");--> statement-breakpoint
CREATE INDEX "hotels_qualification_desc_name_key_idx" ON "hotels" USING btree ("qualification" DESC NULLS LAST,"name_key","id","location_id");
