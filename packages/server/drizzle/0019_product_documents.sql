CREATE SEQUENCE "public"."catalog_revisions" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "product_documents" (
	"product_id" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"public_url" text NOT NULL,
	"body" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "revision" bigint DEFAULT nextval('catalog_revisions') NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "revision" bigint DEFAULT nextval('catalog_revisions') NOT NULL;--> statement-breakpoint
ALTER TABLE "product_documents" ADD CONSTRAINT "product_documents_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- ADR 041: a product document is served only while the revisions it was built from are still the rows'.
-- Every insert and update of a product or variant row takes a fresh revision here, whatever wrote it
-- (service, bulk edit, import, stock taken or returned by an order, the CLI, psql), in that write's own
-- row: no other row is locked and nothing else is written. Deleted variants leave their product's list
-- of revisions, deleted products take their document with them (ON DELETE CASCADE).
CREATE FUNCTION next_catalog_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.revision := nextval('catalog_revisions');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER products_revision BEFORE INSERT OR UPDATE ON products
  FOR EACH ROW EXECUTE FUNCTION next_catalog_revision();--> statement-breakpoint
CREATE TRIGGER product_variants_revision BEFORE INSERT OR UPDATE ON product_variants
  FOR EACH ROW EXECUTE FUNCTION next_catalog_revision();
