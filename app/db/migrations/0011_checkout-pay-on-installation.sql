ALTER TABLE "order_events" DROP CONSTRAINT "order_events_status_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "delivery_details" ADD COLUMN "house" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_details" ADD COLUMN "landmark" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "house" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "landmark" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text DEFAULT 'upi' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_status_check" CHECK ("to_status" in ('payment_pending', 'placed', 'paid', 'shipped', 'delivered', 'cancelled') and ("from_status" is null or "from_status" in ('payment_pending', 'placed', 'paid', 'shipped', 'delivered', 'cancelled')));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_check" CHECK ("payment_method" in ('upi', 'on_installation'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pay_on_installation_check" CHECK ("orders"."payment_method" = 'upi' or ("orders"."status" <> 'payment_pending' and "orders"."status" <> 'paid'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_placed_check" CHECK ("orders"."status" <> 'placed' or "orders"."payment_method" <> 'upi');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("status" in ('payment_pending', 'placed', 'paid', 'shipped', 'delivered', 'cancelled'));