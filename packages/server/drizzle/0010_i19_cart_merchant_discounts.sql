-- Issue 19: merchant discounts live on the shopper's cart too (set by merchant and app keys through the
-- elevated cart calls) and are carried into the checkout made from it; existing carts have none.
ALTER TABLE "carts" ADD COLUMN "merchant_discounts" jsonb DEFAULT '[]'::jsonb NOT NULL;