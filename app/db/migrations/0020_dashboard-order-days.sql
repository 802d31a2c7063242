CREATE TABLE "order_days" (
	"day" date NOT NULL,
	"shard" smallint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_days_day_shard_pk" PRIMARY KEY("day","shard"),
	CONSTRAINT "order_days_shard_check" CHECK ("order_days"."shard" between 0 and 15)
);
--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
-- hand-written: order_days holds each India day's orders (not cancelled) and paid revenue
-- (isPaid: by UPI from Paid on, on installation once Delivered), kept by a trigger on orders:
-- an order's old contribution taken off, its new one added, on the day of its creation instant,
-- in the shard of its id (ADR 036: concurrent checkouts do not queue for one row).
CREATE FUNCTION "order_days_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "order_days" AS d ("day", "shard", "orders", "revenue_paise")
    VALUES (
      (OLD."created_at" AT TIME ZONE 'Asia/Kolkata')::date,
      OLD."id" % 16,
      -(OLD."status" <> 'cancelled')::int,
      -(CASE WHEN OLD."status" IN ('paid', 'shipped', 'delivered') AND (OLD."payment_method" = 'upi' OR OLD."status" = 'delivered') THEN OLD."total_paise" ELSE 0 END)
    )
    ON CONFLICT ("day", "shard") DO UPDATE SET "orders" = d."orders" + excluded."orders",
      "revenue_paise" = d."revenue_paise" + excluded."revenue_paise";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "order_days" AS d ("day", "shard", "orders", "revenue_paise")
    VALUES (
      (NEW."created_at" AT TIME ZONE 'Asia/Kolkata')::date,
      NEW."id" % 16,
      (NEW."status" <> 'cancelled')::int,
      CASE WHEN NEW."status" IN ('paid', 'shipped', 'delivered') AND (NEW."payment_method" = 'upi' OR NEW."status" = 'delivered') THEN NEW."total_paise" ELSE 0 END
    )
    ON CONFLICT ("day", "shard") DO UPDATE SET "orders" = d."orders" + excluded."orders",
      "revenue_paise" = d."revenue_paise" + excluded."revenue_paise";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_order_days" AFTER INSERT OR DELETE OR UPDATE OF "status", "payment_method", "total_paise", "created_at" ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "order_days_apply"();--> statement-breakpoint
INSERT INTO "order_days" ("day", "shard", "orders", "revenue_paise")
SELECT ("created_at" AT TIME ZONE 'Asia/Kolkata')::date, "id" % 16,
       count(*) FILTER (WHERE "status" <> 'cancelled'),
       coalesce(sum("total_paise") FILTER (WHERE "status" IN ('paid', 'shipped', 'delivered') AND ("payment_method" = 'upi' OR "status" = 'delivered')), 0)
FROM "orders" GROUP BY 1, 2;
