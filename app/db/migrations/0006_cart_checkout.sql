ALTER TABLE "carts" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "checkout_reference" text;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_checkout_reference_unique" UNIQUE("checkout_reference");