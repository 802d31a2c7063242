CREATE TABLE "warranty_claim_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warranty_claim_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"claim_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warranty_claims" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warranty_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reference" text NOT NULL,
	"registration_id" integer NOT NULL,
	"problem" text NOT NULL,
	"details" text,
	"outlet_id" integer NOT NULL,
	"booking_id" integer,
	"status" text DEFAULT 'submitted' NOT NULL,
	"outcome" text,
	"discount_paise" integer,
	"reject_reason" text,
	"email" text NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warranty_claims_problem_check" CHECK ("problem" in ('not_charging', 'low_backup', 'swollen_or_leaking', 'other')),
	CONSTRAINT "warranty_claims_status_check" CHECK ("status" in ('submitted', 'inspection', 'approved', 'rejected', 'closed')),
	CONSTRAINT "warranty_claims_outcome_check" CHECK (("outcome" is null and "discount_paise" is null) or ("outcome" = 'replacement' and "discount_paise" is null) or ("outcome" = 'pro_rata' and "discount_paise" > 0))
);
--> statement-breakpoint
CREATE TABLE "warranty_registrations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warranty_registrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"serial" text NOT NULL,
	"product_id" integer,
	"model" text NOT NULL,
	"warranty_months" integer NOT NULL,
	"pro_rata_months" integer DEFAULT 0 NOT NULL,
	"purchase_date" date NOT NULL,
	"free_until" date NOT NULL,
	"warranty_until" date NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"pincode" text NOT NULL,
	"mobile" text NOT NULL,
	"email" text,
	"user_id" text,
	"consent" boolean DEFAULT false NOT NULL,
	"consent_at" timestamp with time zone,
	"order_id" integer,
	"order_item_id" integer,
	"replaced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warranty_registrations_serial_check" CHECK ("warranty_registrations"."serial" ~ '^[A-Z0-9]{6,20}$'),
	CONSTRAINT "warranty_registrations_pincode_check" CHECK ("warranty_registrations"."pincode" ~ '^[1-9][0-9]{5}$'),
	CONSTRAINT "warranty_registrations_mobile_check" CHECK ("warranty_registrations"."mobile" ~ '^[6-9][0-9]{9}$'),
	CONSTRAINT "warranty_registrations_months_check" CHECK ("warranty_registrations"."warranty_months" >= 0 and "warranty_registrations"."pro_rata_months" >= 0),
	CONSTRAINT "warranty_registrations_dates_check" CHECK ("warranty_registrations"."purchase_date" <= "warranty_registrations"."free_until" and "warranty_registrations"."free_until" <= "warranty_registrations"."warranty_until"),
	CONSTRAINT "warranty_registrations_consent_check" CHECK (("warranty_registrations"."consent" and "warranty_registrations"."consent_at" is not null) or (not "warranty_registrations"."consent" and "warranty_registrations"."consent_at" is null))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "on_sale_since" date;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "warranty_claim_events" ADD CONSTRAINT "warranty_claim_events_claim_id_warranty_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."warranty_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claim_events" ADD CONSTRAINT "warranty_claim_events_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_registration_id_warranty_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."warranty_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_booking_id_service_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."service_bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_registrations" ADD CONSTRAINT "warranty_registrations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_registrations" ADD CONSTRAINT "warranty_registrations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_registrations" ADD CONSTRAINT "warranty_registrations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_registrations" ADD CONSTRAINT "warranty_registrations_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "warranty_claim_events_claim_idx" ON "warranty_claim_events" USING btree ("claim_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "warranty_claims_reference_unique" ON "warranty_claims" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "warranty_claims_one_open_unique" ON "warranty_claims" USING btree ("registration_id") WHERE "warranty_claims"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "warranty_claims_status_idx" ON "warranty_claims" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "warranty_registrations_serial_unique" ON "warranty_registrations" USING btree ("serial");--> statement-breakpoint
CREATE INDEX "warranty_registrations_mobile_idx" ON "warranty_registrations" USING btree ("mobile");--> statement-breakpoint
CREATE INDEX "warranty_registrations_user_idx" ON "warranty_registrations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "warranty_registrations_order_idx" ON "warranty_registrations" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_pro_rata_check" CHECK ("products"."pro_rata_months" between 0 and 120);--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_channel_check" CHECK ("mail_outbox"."channel" in ('email', 'sms', 'whatsapp'));