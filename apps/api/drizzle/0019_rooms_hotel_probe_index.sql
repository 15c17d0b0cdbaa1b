DROP INDEX "rooms_hotel_idx";--> statement-breakpoint
CREATE INDEX "rooms_hotel_capacity_stock_idx" ON "rooms" USING btree ("hotel_id","capacity","stock","id");