CREATE TABLE "contact_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"message" text,
	"user_id" text,
	"handled_at" timestamp with time zone,
	"handled_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "newsletter_subscribers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"token" text NOT NULL,
	"subscribed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "newsletter_subscribers_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "service_bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reference" text NOT NULL,
	"outlet_id" integer NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"vehicle_model" text NOT NULL,
	"issue" text,
	"date" date NOT NULL,
	"time" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_bookings_reference_unique" UNIQUE("reference"),
	CONSTRAINT "service_bookings_issue_check" CHECK ("issue" in ('not_charging', 'low_voltage', 'replacement')),
	CONSTRAINT "service_bookings_status_check" CHECK ("status" in ('requested', 'confirmed', 'completed', 'cancelled')),
	CONSTRAINT "service_bookings_time_check" CHECK ("time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "open_days" integer[] DEFAULT '{1,2,3,4,5,6}' NOT NULL;--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "opens_at" text DEFAULT '09:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "closes_at" text DEFAULT '19:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "categories" text[] DEFAULT '{car,bike,inverter}' NOT NULL;--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "booking_capacity" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_handled_by_user_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_bookings" ADD CONSTRAINT "service_bookings_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_bookings" ADD CONSTRAINT "service_bookings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_open_idx" ON "contact_messages" USING btree ("handled_at","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_email_unique" ON "newsletter_subscribers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "service_bookings_slot_idx" ON "service_bookings" USING btree ("outlet_id","date","time");--> statement-breakpoint
CREATE INDEX "service_bookings_user_idx" ON "service_bookings" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "service_bookings_date_idx" ON "service_bookings" USING btree ("date","status");--> statement-breakpoint
ALTER TABLE "outlets" ADD CONSTRAINT "outlets_open_days_check" CHECK (cardinality("outlets"."open_days") between 1 and 7 and "outlets"."open_days" <@ array[1,2,3,4,5,6,7]);--> statement-breakpoint
ALTER TABLE "outlets" ADD CONSTRAINT "outlets_opens_at_check" CHECK ("opens_at" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');--> statement-breakpoint
ALTER TABLE "outlets" ADD CONSTRAINT "outlets_closes_at_check" CHECK ("closes_at" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');--> statement-breakpoint
ALTER TABLE "outlets" ADD CONSTRAINT "outlets_hours_order_check" CHECK ("outlets"."opens_at" < "outlets"."closes_at");--> statement-breakpoint
ALTER TABLE "outlets" ADD CONSTRAINT "outlets_categories_check" CHECK (cardinality("categories") >= 1 and "categories" <@ array['car', 'bike', 'inverter']::text[]);--> statement-breakpoint
ALTER TABLE "outlets" ADD CONSTRAINT "outlets_booking_capacity_check" CHECK ("outlets"."booking_capacity" between 1 and 50);--> statement-breakpoint
-- Opening hours are now the structured columns above (ADR 022); the old free text goes.
ALTER TABLE "outlets" DROP COLUMN "hours";