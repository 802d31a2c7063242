CREATE TABLE "mail_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"headers" jsonb,
	"send_after" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	"method" text NOT NULL,
	"reference" text NOT NULL,
	"refunded_on" date NOT NULL,
	"note" text,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "order_refunds_amount_check" CHECK ("order_refunds"."amount_paise" > 0),
	CONSTRAINT "order_refunds_method_check" CHECK ("method" in ('upi', 'bank_transfer', 'cash', 'other')),
	CONSTRAINT "order_refunds_reference_check" CHECK (length("order_refunds"."reference") between 1 and 60)
);
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "subtotal_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "discount_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "shipping_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "gst_included_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "total_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payment_credits" ALTER COLUMN "amount_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_credits" ADD COLUMN "bank_line_id" text;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("send_after") WHERE "mail_outbox"."sent_at" is null and "mail_outbox"."failed_at" is null;--> statement-breakpoint
-- One UTR pays one order (issue 20). An earlier duplicate keeps it; a later order loses it, with
-- a note on its timeline saying which order has it.
WITH "numbered" AS (
	SELECT "id", "utr", "status",
		row_number() OVER (PARTITION BY "utr" ORDER BY "created_at", "id") AS "rank",
		first_value("number") OVER (PARTITION BY "utr" ORDER BY "created_at", "id") AS "holder"
	FROM "orders" WHERE "utr" IS NOT NULL AND "status" <> 'cancelled'
)
INSERT INTO "order_events" ("order_id", "from_status", "to_status", "note")
SELECT "id", "status", "status", 'UTR ' || "utr" || ' removed: order #' || "holder" || ' has it'
FROM "numbered" WHERE "rank" > 1;--> statement-breakpoint
UPDATE "orders" SET "utr" = NULL WHERE "id" IN (
	SELECT "id" FROM (
		SELECT "id", row_number() OVER (PARTITION BY "utr" ORDER BY "created_at", "id") AS "rank"
		FROM "orders" WHERE "utr" IS NOT NULL AND "status" <> 'cancelled'
	) AS "ranked" WHERE "rank" > 1
);--> statement-breakpoint
-- Orders waiting for payment when this ran get the default time to pay (48 hours from placing).
UPDATE "orders" SET "payment_due_at" = "created_at" + interval '48 hours'
WHERE "status" = 'payment_pending';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_utr_unique" ON "orders" USING btree ("utr") WHERE "orders"."utr" is not null and "orders"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "orders_payment_due_idx" ON "orders" USING btree ("payment_due_at") WHERE "orders"."status" = 'payment_pending';--> statement-breakpoint
ALTER TABLE "payment_credits" ADD CONSTRAINT "payment_credits_bank_line_id_unique" UNIQUE("bank_line_id");--> statement-breakpoint
-- NOT VALID: a product priced above the cap before it existed keeps its price until edited.
ALTER TABLE "products" ADD CONSTRAINT "products_price_cap_check" CHECK ("products"."mrp_paise" <= 100000000) NOT VALID;--> statement-breakpoint
ALTER TABLE "payment_credits" ADD CONSTRAINT "payment_credits_line_id_check" CHECK ("payment_credits"."bank_line_id" ~ '^[A-Z0-9]{1,35}$');--> statement-breakpoint
-- Names sorted alike on PostgreSQL and PGlite, whatever their collation: in lower case, accents
-- dropped, compared byte by byte ("Maninagar" before "MI Road"; issue 20). Used as
-- ORDER BY name_sort_key(name) COLLATE "C" (lib/sql.server.ts, byName).
CREATE OR REPLACE FUNCTION "name_sort_key"("value" text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT AS $$
	SELECT lower(translate("value",
		'ÀÁÂÃÄÅĀàáâãäåāÇçĆćČčÈÉÊËĒèéêëēÌÍÎÏĪìíîïīÑñÒÓÔÕÖØŌòóôõöøōŠšÙÚÛÜŪùúûüūÝýÿŽž',
		'AAAAAAAaaaaaaaCcCcCcEEEEEeeeeeIIIIIiiiiiNnOOOOOOOoooooooSsUUUUUuuuuuYyyZz'))
$$;
