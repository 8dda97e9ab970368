CREATE TABLE "carts" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_key" text NOT NULL,
	"visitor_id" text,
	"member_id" text,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"buyer_note" text,
	"contact_info" jsonb,
	"coupon_id" text,
	"selected_shipping_code" text,
	"override_checkout_url" text,
	"checkout_id" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"cart_id" text,
	"visitor_id" text,
	"member_id" text,
	"channel_type" text DEFAULT 'WEB' NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"buyer_email" text,
	"buyer_note" text,
	"billing_info" jsonb,
	"shipping_destination" jsonb,
	"selected_shipping_code" text,
	"coupon_id" text,
	"gift_card_id" text,
	"merchant_discounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"selected_memberships" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"custom_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"override_checkout_url" text,
	"hold_expires_at" timestamp with time zone NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"completed_date" timestamp with time zone,
	"order_id" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_notifications" (
	"key" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "orders_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10001 CACHE 1),
	"checkout_id" text NOT NULL,
	"cart_id" text,
	"visitor_id" text,
	"member_id" text,
	"buyer_email" text,
	"buyer_note" text,
	"channel_type" text NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'APPROVED' NOT NULL,
	"payment_status" text NOT NULL,
	"fulfillment_status" text DEFAULT 'NOT_FULFILLED' NOT NULL,
	"lines" jsonb NOT NULL,
	"totals" jsonb NOT NULL,
	"total_minor" bigint NOT NULL,
	"billing_info" jsonb,
	"shipping" jsonb,
	"coupon_id" text,
	"gift_card_id" text,
	"custom_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"paid_date" timestamp with time zone,
	"fulfilled_date" timestamp with time zone,
	"canceled_date" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"line_item_id" text NOT NULL,
	"visitor_id" text,
	"member_id" text,
	"product_id" text,
	"plan_id" text NOT NULL,
	"title" text NOT NULL,
	"frequency" text NOT NULL,
	"interval" bigint NOT NULL,
	"billing_cycles" bigint NOT NULL,
	"cycles_billed" bigint DEFAULT 1 NOT NULL,
	"price_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"next_billing_date" timestamp with time zone,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"provider_reference" text,
	"card_brand" text,
	"card_last4" text,
	"saved_payment_method_id" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_key" text NOT NULL,
	"provider" text NOT NULL,
	"token" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" text PRIMARY KEY NOT NULL,
	"coupon_id" text NOT NULL,
	"order_id" text NOT NULL,
	"customer_key" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"ppm" integer,
	"amount_minor" bigint,
	"scope" text DEFAULT 'GLOBAL' NOT NULL,
	"product_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"collection_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"minimum_subtotal_minor" bigint,
	"starts_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"usage_limit" integer,
	"per_customer_limit" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_card_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"gift_card_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"balance_after_minor" bigint NOT NULL,
	"order_id" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"last4" text NOT NULL,
	"currency" text NOT NULL,
	"initial_balance_minor" bigint NOT NULL,
	"balance_minor" bigint NOT NULL,
	"expires_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"recipient_email" text,
	"source_order_id" text,
	"source_line_item_id" text,
	"source_sequence" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"product_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"credits" integer,
	"duration_days" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" text PRIMARY KEY NOT NULL,
	"plan_id" text NOT NULL,
	"member_id" text NOT NULL,
	"expires_at" timestamp with time zone,
	"remaining_credits" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pickup_locations" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"method" text NOT NULL,
	"address" jsonb NOT NULL,
	"instructions" text,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_regions" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"destinations" text[] NOT NULL,
	"rates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"weight_unit" text DEFAULT 'KG' NOT NULL,
	"tax_calculation" text DEFAULT 'MANUAL' NOT NULL,
	"prices_include_tax" boolean DEFAULT false NOT NULL,
	"taxable_address_type" text DEFAULT 'SHIPPING' NOT NULL,
	"business_address" jsonb,
	"checkout_hold_minutes" integer DEFAULT 30 NOT NULL,
	"extra_charges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"signing_key" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_regions" (
	"id" text PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"subdivision" text,
	"county" text,
	"city" text,
	"rates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tax_shipping" boolean DEFAULT false NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_transactions" ADD CONSTRAINT "gift_card_transactions_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_plan_id_membership_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."membership_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carts_owner_key_idx" ON "carts" USING btree ("owner_key");--> statement-breakpoint
CREATE INDEX "carts_updated_date_idx" ON "carts" USING btree ("updated_date");--> statement-breakpoint
CREATE INDEX "checkouts_cart_id_idx" ON "checkouts" USING btree ("cart_id","created_date");--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_order_id_idx" ON "checkouts" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_checkout_id_idx" ON "orders" USING btree ("checkout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_idx" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "orders_member_idx" ON "orders" USING btree ("member_id","created_date");--> statement-breakpoint
CREATE INDEX "orders_visitor_idx" ON "orders" USING btree ("visitor_id","created_date");--> statement-breakpoint
CREATE INDEX "orders_email_idx" ON "orders" USING btree (lower("buyer_email"));--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_date");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_line_idx" ON "subscriptions" USING btree ("order_id","line_item_id");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "saved_payment_methods_owner_idx" ON "saved_payment_methods" USING btree ("owner_key");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_customer_idx" ON "coupon_redemptions" USING btree ("coupon_id","customer_key");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_order_idx" ON "coupon_redemptions" USING btree ("coupon_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_idx" ON "coupons" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "gift_card_transactions_card_idx" ON "gift_card_transactions" USING btree ("gift_card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_code_hash_idx" ON "gift_cards" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_source_idx" ON "gift_cards" USING btree ("source_order_id","source_line_item_id","source_sequence");--> statement-breakpoint
CREATE INDEX "memberships_member_idx" ON "memberships" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pickup_locations_code_idx" ON "pickup_locations" USING btree ("code");--> statement-breakpoint
CREATE INDEX "tax_regions_country_idx" ON "tax_regions" USING btree ("country");