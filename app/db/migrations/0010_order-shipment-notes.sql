ALTER TABLE "order_events" ADD COLUMN "internal_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "courier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "reviews" DROP COLUMN "verified_purchase";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_courier_check" CHECK ("courier" is null or "courier" in ('delhivery', 'blue_dart', 'dtdc', 'india_post', 'ekart', 'xpressbees', 'own_delivery', 'other'));--> statement-breakpoint
-- hand-written: staff wording written before issue 21 leaves the customers' notes for the new internal_note (the reconciliation's "Paid: bank credit ... (matched by ...)" and the stock facts of a cancelled shipped order)
UPDATE "order_events" SET "internal_note" = "note", "note" = NULL WHERE "to_status" = 'paid' AND "note" LIKE 'Paid: bank credit %';--> statement-breakpoint
UPDATE "order_events" SET "internal_note" = concat_ws(' ', "internal_note", 'The batteries came back and are in stock again.'), "note" = nullif(btrim(regexp_replace(replace("note", 'The batteries came back and are in stock again.', ''), '\s{2,}', ' ', 'g')), '') WHERE "note" LIKE '%The batteries came back and are in stock again.%';--> statement-breakpoint
UPDATE "order_events" SET "internal_note" = concat_ws(' ', "internal_note", 'The batteries did not come back: stock was not changed.'), "note" = nullif(btrim(regexp_replace(replace("note", 'The batteries did not come back: stock was not changed.', ''), '\s{2,}', ' ', 'g')), '') WHERE "note" LIKE '%The batteries did not come back: stock was not changed.%';
