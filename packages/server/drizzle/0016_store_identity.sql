ALTER TABLE "store_settings" ADD COLUMN "store_name" text;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "logo_media_id" text;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "contact_email" text;