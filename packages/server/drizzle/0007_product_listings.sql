CREATE TABLE "product_listings" (
	"collection_id" text NOT NULL,
	"product_id" text NOT NULL,
	"visible" boolean NOT NULL,
	"in_stock" boolean NOT NULL,
	"price_minor" bigint NOT NULL,
	"numeric_id" bigint NOT NULL,
	CONSTRAINT "product_listings_collection_id_product_id_pk" PRIMARY KEY("collection_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "inventory_status" text DEFAULT 'OUT_OF_STOCK' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_listings" ADD CONSTRAINT "product_listings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_listings_price_idx" ON "product_listings" USING btree ("collection_id","visible","price_minor","product_id","in_stock");--> statement-breakpoint
CREATE INDEX "product_listings_numeric_idx" ON "product_listings" USING btree ("collection_id","visible","numeric_id","product_id","price_minor","in_stock");--> statement-breakpoint
CREATE INDEX "product_listings_product_idx" ON "product_listings" USING btree ("product_id");--> statement-breakpoint
-- ADR 023: state derived from other rows is kept by triggers, in the transaction of the change that
-- causes it, so no write path (service, bulk edit, import, stock taken by an order) can forget it.
-- A product's stock status from its visible variants, as the protocol defines it (ADR 012).
CREATE FUNCTION product_inventory_status(product text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN coalesce(bool_or(available), false) = false THEN 'OUT_OF_STOCK'
    WHEN bool_and(available) THEN 'IN_STOCK'
    ELSE 'PARTIALLY_OUT_OF_STOCK'
  END
  FROM (
    SELECT CASE WHEN v.track_quantity THEN coalesce(v.quantity, 0) > 0 ELSE v.in_stock END AS available
    FROM product_variants v
    WHERE v.product_id = product AND v.visible
  ) AS visible_variants
$$;--> statement-breakpoint
-- After any statement that changes variants: the status of each product it touched, written only where
-- it changed (an unchanged status takes no lock on the product row).
CREATE FUNCTION set_inventory_status(touched text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET inventory_status = s.status
  FROM (SELECT t.id, product_inventory_status(t.id) AS status FROM unnest(touched) AS t(id)) AS s
  WHERE p.id = s.id AND p.inventory_status <> s.status
$$;--> statement-breakpoint
-- Each branch names only the transition tables its event has.
CREATE FUNCTION refresh_product_inventory_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM set_inventory_status(ARRAY(SELECT DISTINCT product_id FROM new_variants));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM set_inventory_status(ARRAY(SELECT DISTINCT product_id FROM old_variants));
  ELSE
    PERFORM set_inventory_status(ARRAY(
      SELECT product_id FROM new_variants UNION SELECT product_id FROM old_variants
    ));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- After any statement that inserts or updates products: their listing rows follow membership,
-- visibility, price and stock status (rows that already say the same are not rewritten).
CREATE FUNCTION sync_product_listings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM product_listings l USING new_products n
    WHERE l.product_id = n.id AND NOT (l.collection_id = ANY (n.collection_ids));
  END IF;
  INSERT INTO product_listings AS l (collection_id, product_id, visible, in_stock, price_minor, numeric_id)
  SELECT DISTINCT c.collection_id, n.id, n.visible, n.inventory_status <> 'OUT_OF_STOCK', n.discounted_price_minor,
    n.numeric_id
  FROM new_products n CROSS JOIN LATERAL unnest(n.collection_ids) AS c(collection_id)
  ON CONFLICT (collection_id, product_id) DO UPDATE
    SET visible = excluded.visible, in_stock = excluded.in_stock, price_minor = excluded.price_minor
    WHERE (l.visible, l.in_stock, l.price_minor)
      IS DISTINCT FROM (excluded.visible, excluded.in_stock, excluded.price_minor);
  RETURN NULL;
END $$;--> statement-breakpoint
-- Existing catalogs: derive once, before the triggers exist (so this is not done twice).
UPDATE products SET inventory_status = product_inventory_status(id);--> statement-breakpoint
INSERT INTO product_listings (collection_id, product_id, visible, in_stock, price_minor, numeric_id)
SELECT DISTINCT c.collection_id, p.id, p.visible, p.inventory_status <> 'OUT_OF_STOCK', p.discounted_price_minor,
  p.numeric_id
FROM products p CROSS JOIN LATERAL unnest(p.collection_ids) AS c(collection_id);--> statement-breakpoint
CREATE TRIGGER product_variants_inventory_insert AFTER INSERT ON product_variants
  REFERENCING NEW TABLE AS new_variants FOR EACH STATEMENT EXECUTE FUNCTION refresh_product_inventory_status();--> statement-breakpoint
CREATE TRIGGER product_variants_inventory_update AFTER UPDATE ON product_variants
  REFERENCING OLD TABLE AS old_variants NEW TABLE AS new_variants
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_product_inventory_status();--> statement-breakpoint
CREATE TRIGGER product_variants_inventory_delete AFTER DELETE ON product_variants
  REFERENCING OLD TABLE AS old_variants FOR EACH STATEMENT EXECUTE FUNCTION refresh_product_inventory_status();--> statement-breakpoint
CREATE TRIGGER products_listings_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION sync_product_listings();--> statement-breakpoint
CREATE TRIGGER products_listings_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION sync_product_listings();
