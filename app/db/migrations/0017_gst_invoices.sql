CREATE TABLE "tax_document_counters" (
	"kind" text NOT NULL,
	"financial_year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "tax_document_counters_kind_financial_year_pk" PRIMARY KEY("kind","financial_year"),
	CONSTRAINT "tax_document_counters_last_check" CHECK ("tax_document_counters"."last" > 0)
);
--> statement-breakpoint
CREATE TABLE "tax_document_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tax_document_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"document_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"hsn" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_paise" bigint NOT NULL,
	"discount_paise" bigint NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	CONSTRAINT "tax_document_lines_kind_check" CHECK ("kind" in ('goods', 'shipping')),
	CONSTRAINT "tax_document_lines_amounts_check" CHECK ("tax_document_lines"."taxable_paise" + "tax_document_lines"."cgst_paise" + "tax_document_lines"."sgst_paise" + "tax_document_lines"."igst_paise" = "tax_document_lines"."total_paise")
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tax_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"order_id" integer NOT NULL,
	"number" text NOT NULL,
	"financial_year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"issued_on" date NOT NULL,
	"refers_to_id" integer,
	"demo" boolean DEFAULT false NOT NULL,
	"buyer_gstin" text,
	"place_of_supply_code" text NOT NULL,
	"intra_state" boolean NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"printed" jsonb NOT NULL,
	"pdf" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_documents_number_unique" UNIQUE("number"),
	CONSTRAINT "tax_documents_kind_check" CHECK ("kind" in ('invoice', 'credit_note')),
	CONSTRAINT "tax_documents_number_check" CHECK (length("tax_documents"."number") <= 16),
	CONSTRAINT "tax_documents_sequence_check" CHECK ("tax_documents"."sequence" > 0),
	CONSTRAINT "tax_documents_refers_check" CHECK (("tax_documents"."kind" = 'credit_note') = ("tax_documents"."refers_to_id" is not null)),
	CONSTRAINT "tax_documents_amounts_check" CHECK ("tax_documents"."taxable_paise" + "tax_documents"."cgst_paise" + "tax_documents"."sgst_paise" + "tax_documents"."igst_paise" = "tax_documents"."total_paise")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn_code" text;--> statement-breakpoint
ALTER TABLE "delivery_details" ADD COLUMN "state" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_details" ADD COLUMN "buyer_gstin" text;--> statement-breakpoint
ALTER TABLE "delivery_details" ADD COLUMN "buyer_legal_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_gstin" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_legal_name" text;--> statement-breakpoint
ALTER TABLE "tax_document_lines" ADD CONSTRAINT "tax_document_lines_document_id_tax_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."tax_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_refers_to_id_tax_documents_id_fk" FOREIGN KEY ("refers_to_id") REFERENCES "public"."tax_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_document_lines_position_unique" ON "tax_document_lines" USING btree ("document_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_order_kind_unique" ON "tax_documents" USING btree ("order_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_series_unique" ON "tax_documents" USING btree ("kind","financial_year","sequence");--> statement-breakpoint
CREATE INDEX "tax_documents_issued_idx" ON "tax_documents" USING btree ("issued_on");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_hsn_check" CHECK ("products"."hsn_code" ~ '^[0-9]{4}([0-9]{2}){0,2}$');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_gstin_check" CHECK (("orders"."buyer_gstin" is null) = ("orders"."buyer_legal_name" is null) and ("orders"."buyer_gstin" is null or "orders"."buyer_gstin" ~ '^[0-9]{2}[A-Z0-9]{13}$'));--> statement-breakpoint
-- hand-written: an issued document is never changed or deleted (ADR 033); only its PDF may be
-- stored, once. Its lines are never changed either.
CREATE FUNCTION "tax_documents_issued_stay"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'an issued tax document is never deleted' USING ERRCODE = 'P0001';
  END IF;
  IF OLD."pdf" IS NOT NULL OR (to_jsonb(NEW) - 'pdf') IS DISTINCT FROM (to_jsonb(OLD) - 'pdf') THEN
    RAISE EXCEPTION 'an issued tax document is never changed' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "tax_documents_issued_stay" BEFORE UPDATE OR DELETE ON "tax_documents"
  FOR EACH ROW EXECUTE FUNCTION "tax_documents_issued_stay"();--> statement-breakpoint
CREATE FUNCTION "tax_document_lines_issued_stay"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'an issued tax document''s lines are never changed' USING ERRCODE = 'P0001';
END $$;--> statement-breakpoint
CREATE TRIGGER "tax_document_lines_issued_stay" BEFORE UPDATE OR DELETE ON "tax_document_lines"
  FOR EACH ROW EXECUTE FUNCTION "tax_document_lines_issued_stay"();
