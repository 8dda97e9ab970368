ALTER TABLE "store_settings" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "card_provider" text;