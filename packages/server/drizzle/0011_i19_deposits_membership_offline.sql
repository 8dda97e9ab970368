-- Issue 19: deposits (DEPOSIT_ONLINE) set on a product or a variant — an amount or a share of the price
-- per unit, paid at checkout, the rest later; null means paid in full — and membership plans charged
-- offline (MEMBERSHIP_OFFLINE: redeemed by hand, so orders do not use their credits).
ALTER TABLE "product_variants" ADD COLUMN "deposit" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "deposit" jsonb;--> statement-breakpoint
ALTER TABLE "membership_plans" ADD COLUMN "charged_offline" boolean DEFAULT false NOT NULL;