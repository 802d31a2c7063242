CREATE TABLE "delivery_areas" (
	"prefix" text PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"days" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_areas_prefix_check" CHECK ("delivery_areas"."prefix" ~ '^[1-9][0-9]{2,5}$'),
	CONSTRAINT "delivery_areas_days_check" CHECK ("delivery_areas"."days" between 1 and 30)
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exchange_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"category" text NOT NULL,
	"min_capacity_ah" integer NOT NULL,
	"max_capacity_ah" integer NOT NULL,
	"credit_paise" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_band_unique" UNIQUE("category","min_capacity_ah"),
	CONSTRAINT "exchange_rates_category_check" CHECK ("category" in ('car', 'bike', 'inverter', 'industrial')),
	CONSTRAINT "exchange_rates_band_check" CHECK ("exchange_rates"."min_capacity_ah" >= 1 and "exchange_rates"."max_capacity_ah" >= "exchange_rates"."min_capacity_ah"),
	CONSTRAINT "exchange_rates_credit_check" CHECK ("exchange_rates"."credit_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "exchange" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "exchange_credit_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "installation_included" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "exchange_rates_lookup_idx" ON "exchange_rates" USING btree ("category","min_capacity_ah","max_capacity_ah");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_exchange_check" CHECK ("cart_items"."exchange_credit_paise" >= 0 and ("cart_items"."exchange" or "cart_items"."exchange_credit_paise" = 0));