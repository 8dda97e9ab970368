ALTER TABLE "subscriptions" ADD COLUMN "saved_payment_method_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "canceled_date" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("next_billing_date") WHERE status = 'ACTIVE';