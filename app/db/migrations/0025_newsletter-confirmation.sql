ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
-- The addresses that signed up before confirmation was asked for were welcomed then, with an
-- unsubscribe link in the mail: they stay subscribed as they were (ADR 048).
UPDATE "newsletter_subscribers" SET "confirmed_at" = "subscribed_at";
