-- hand-written: trigram indexes (the catalogue's search, the back office's order search) need
-- pg_trgm; PostgreSQL ships it in contrib (trusted since PostgreSQL 13, so the database's owner
-- may create it), PGlite loads it as an extension (client.server.ts createPglite). ADR 039.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "orders_status_idx";--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "name_key" text GENERATED ALWAYS AS (name_sort_key("name")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "user_email_trgm_idx" ON "user" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_model_trgm_idx" ON "products" USING gin ("model" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_hi_trgm_idx" ON "products" USING gin (("translations" -> 'hi' ->> 'name') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_gu_trgm_idx" ON "products" USING gin (("translations" -> 'gu' ->> 'name') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_featured_order_idx" ON "products" USING btree (array_position(array['car', 'bike', 'inverter', 'industrial']::text[], "category"),"capacity_ah","price_paise","id") WHERE "products"."active";--> statement-breakpoint
CREATE INDEX "products_price_order_idx" ON "products" USING btree ("price_paise","id") WHERE "products"."active";--> statement-breakpoint
CREATE INDEX "products_price_desc_order_idx" ON "products" USING btree ("price_paise" DESC NULLS FIRST,"id") WHERE "products"."active";--> statement-breakpoint
CREATE INDEX "products_capacity_order_idx" ON "products" USING btree ("capacity_ah","price_paise","id") WHERE "products"."active";--> statement-breakpoint
CREATE INDEX "products_capacity_desc_order_idx" ON "products" USING btree ("capacity_ah" DESC NULLS FIRST,"price_paise","id") WHERE "products"."active";--> statement-breakpoint
CREATE INDEX "orders_list_idx" ON "orders" USING btree ("created_at","number");--> statement-breakpoint
CREATE INDEX "orders_search_idx" ON "orders" USING gin (("customer_name" || ' ' || "phone" || ' ' || "reference" || ' ' || coalesce("utr", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicles_name_trgm_idx" ON "vehicles" USING gin (("make" || ' ' || "model") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at","number");