CREATE TABLE "payment_credits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_credits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"bank_reference" text NOT NULL,
	"order_id" integer NOT NULL,
	"amount_paise" integer NOT NULL,
	"credited_on" date NOT NULL,
	"narration" text DEFAULT '' NOT NULL,
	"matched_by" text NOT NULL,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_credits_bank_reference_unique" UNIQUE("bank_reference"),
	CONSTRAINT "payment_credits_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "payment_credits_amount_check" CHECK ("payment_credits"."amount_paise" > 0),
	CONSTRAINT "payment_credits_reference_check" CHECK ("payment_credits"."bank_reference" ~ '^[A-Z0-9]{1,35}$'),
	CONSTRAINT "payment_credits_matched_by_check" CHECK ("matched_by" in ('utr', 'reference', 'amount')),
	CONSTRAINT "payment_credits_narration_check" CHECK (length("payment_credits"."narration") <= 500)
);
--> statement-breakpoint
ALTER TABLE "payment_credits" ADD CONSTRAINT "payment_credits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_credits" ADD CONSTRAINT "payment_credits_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;