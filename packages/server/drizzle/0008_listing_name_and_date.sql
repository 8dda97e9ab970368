-- ADR 023, extended: collection pages sorted by name or newest first are read from the listing too.
-- The columns are filled from products before they become NOT NULL (existing catalogs have rows).
ALTER TABLE "product_listings" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "product_listings" ADD COLUMN "created_date" timestamp with time zone;--> statement-breakpoint
UPDATE product_listings l SET name = p.name, created_date = p.created_date
FROM products p WHERE p.id = l.product_id;--> statement-breakpoint
ALTER TABLE "product_listings" ALTER COLUMN "name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "product_listings" ALTER COLUMN "created_date" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "product_listings_name_idx" ON "product_listings" USING btree ("collection_id","visible","name","product_id","price_minor","in_stock");--> statement-breakpoint
CREATE INDEX "product_listings_created_idx" ON "product_listings" USING btree ("collection_id","visible","created_date","product_id","price_minor","in_stock");--> statement-breakpoint
-- The same trigger function as 0007, now also keeping the name (which edits change) and the creation date.
CREATE OR REPLACE FUNCTION sync_product_listings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM product_listings l USING new_products n
    WHERE l.product_id = n.id AND NOT (l.collection_id = ANY (n.collection_ids));
  END IF;
  INSERT INTO product_listings AS l
    (collection_id, product_id, visible, in_stock, price_minor, numeric_id, name, created_date)
  SELECT DISTINCT c.collection_id, n.id, n.visible, n.inventory_status <> 'OUT_OF_STOCK', n.discounted_price_minor,
    n.numeric_id, n.name, n.created_date
  FROM new_products n CROSS JOIN LATERAL unnest(n.collection_ids) AS c(collection_id)
  ON CONFLICT (collection_id, product_id) DO UPDATE
    SET visible = excluded.visible, in_stock = excluded.in_stock, price_minor = excluded.price_minor,
      name = excluded.name, created_date = excluded.created_date
    WHERE (l.visible, l.in_stock, l.price_minor, l.name, l.created_date)
      IS DISTINCT FROM (excluded.visible, excluded.in_stock, excluded.price_minor, excluded.name, excluded.created_date);
  RETURN NULL;
END $$;
