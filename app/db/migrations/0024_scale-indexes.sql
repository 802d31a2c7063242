-- hand-written: trigram indexes (the catalogue's search, the back office's order search) need
-- pg_trgm; PostgreSQL ships it in contrib (trusted since PostgreSQL 13, so the database's owner
-- may create it), PGlite loads it as an extension (client.server.ts createPglite). ADR 039.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "order_status_counts" (
	"status" text NOT NULL,
	"shard" smallint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_status_counts_status_shard_pk" PRIMARY KEY("status","shard"),
	CONSTRAINT "order_status_counts_shard_check" CHECK ("order_status_counts"."shard" between 0 and 15)
);
--> statement-breakpoint
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
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at","number");--> statement-breakpoint
-- hand-written: order_status_counts holds how many orders each status has, kept by a trigger on
-- orders (an order's old status taken off, its new one added, in the shard of its id, as
-- order_days: ADR 036), so the back office's order list does not count 100,000 orders (ADR 039).
CREATE FUNCTION "order_status_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "order_status_counts" AS c ("status", "shard", "orders")
    VALUES (OLD."status", OLD."id" % 16, -1)
    ON CONFLICT ("status", "shard") DO UPDATE SET "orders" = c."orders" + excluded."orders";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "order_status_counts" AS c ("status", "shard", "orders")
    VALUES (NEW."status", NEW."id" % 16, 1)
    ON CONFLICT ("status", "shard") DO UPDATE SET "orders" = c."orders" + excluded."orders";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_status_counts" AFTER INSERT OR DELETE OR UPDATE OF "status" ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "order_status_counts_apply"();--> statement-breakpoint
INSERT INTO "order_status_counts" ("status", "shard", "orders")
SELECT "status", "id" % 16, count(*) FROM "orders" GROUP BY 1, 2;
