ALTER TABLE "orders" DROP CONSTRAINT "orders_pincode_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_phone_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "legacy_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_legacy_id_unique" UNIQUE("legacy_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_legacy_id_check" CHECK ("orders"."legacy_id" between 10000 and 99999);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pincode_check" CHECK ("orders"."pincode" ~ '^[1-9][0-9]{5}$' or ("orders"."legacy_id" is not null and "orders"."pincode" = ''));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_phone_check" CHECK ("orders"."phone" ~ '^[6-9][0-9]{9}$' or ("orders"."legacy_id" is not null and "orders"."phone" = ''));