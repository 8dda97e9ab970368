-- Paid plans are sold as orders (ADR 028): plans get a price, a description, perks and a once-per-buyer
-- limit; each plan order has a purchase row (its membership once paid; a partial unique index sells a
-- once-per-buyer plan once per member even to parallel purchases). Shoppers' communication preferences
-- (marketing e-mails, cookie consent) are one row per visitor or member.
CREATE TABLE "plan_purchases" (
	"id" text PRIMARY KEY NOT NULL,
	"purchase_key" text NOT NULL,
	"plan_id" text NOT NULL,
	"member_id" text NOT NULL,
	"once_per_buyer" boolean NOT NULL,
	"membership_id" text,
	"canceled_date" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopper_preferences" (
	"owner_key" text PRIMARY KEY NOT NULL,
	"marketing_emails" boolean DEFAULT false NOT NULL,
	"analytics_cookies" boolean DEFAULT false NOT NULL,
	"marketing_cookies" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "membership_plans" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_plans" ADD COLUMN "perks" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_plans" ADD COLUMN "price_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_plans" ADD COLUMN "max_purchases_per_buyer" integer;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "order_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_purchases_key_idx" ON "plan_purchases" USING btree ("purchase_key");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_purchases_once_idx" ON "plan_purchases" USING btree ("plan_id","member_id") WHERE once_per_buyer AND canceled_date IS NULL;--> statement-breakpoint
CREATE INDEX "plan_purchases_member_idx" ON "plan_purchases" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_order_idx" ON "memberships" USING btree ("order_id") WHERE order_id IS NOT NULL;