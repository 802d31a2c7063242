ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirm_token" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "asks" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_confirm_token_unique" UNIQUE("confirm_token");--> statement-breakpoint
-- The addresses that signed up before confirmation was asked for were welcomed then, with an
-- unsubscribe link in the mail: they stay as they were, confirmed (ADR 048).
UPDATE "newsletter_subscribers" SET "confirmed_at" = "subscribed_at";
