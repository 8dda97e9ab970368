CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "collections" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"product_id" text NOT NULL,
	"id" text NOT NULL,
	"choices" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"price_minor" bigint,
	"cost_minor" bigint,
	"weight" double precision,
	"sku" text,
	"visible" boolean DEFAULT true NOT NULL,
	"track_quantity" boolean DEFAULT false NOT NULL,
	"quantity" integer,
	"in_stock" boolean DEFAULT true NOT NULL,
	CONSTRAINT "product_variants_product_id_id_pk" PRIMARY KEY("product_id","id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"numeric_id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "products_numeric_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1),
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"product_type" text DEFAULT 'physical' NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"sku" text,
	"weight" double precision,
	"brand" text,
	"ribbon" text,
	"currency" text NOT NULL,
	"price_minor" bigint NOT NULL,
	"cost_minor" bigint,
	"discount_type" text DEFAULT 'NONE' NOT NULL,
	"discount_value" bigint DEFAULT 0 NOT NULL,
	"discounted_price_minor" bigint GENERATED ALWAYS AS (CASE discount_type WHEN 'AMOUNT' THEN GREATEST(price_minor - discount_value, 0) WHEN 'PERCENT' THEN GREATEST(price_minor - ROUND(price_minor * discount_value / 10000.0)::bigint, 0) ELSE price_minor END) STORED NOT NULL,
	"price_per_unit" jsonb,
	"manage_variants" boolean DEFAULT false NOT NULL,
	"product_options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"collection_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"additional_info_sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"custom_text_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seo_data" jsonb,
	"subscription_options" jsonb,
	"digital_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"gift_card" boolean DEFAULT false NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, name), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce(brand, '')), 'B') || setweight(to_tsvector('simple'::regconfig, description), 'C')) STORED,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_files" (
	"id" text PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"media_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"width" integer,
	"height" integer,
	"storage_key" text NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collections_slug_idx" ON "collections" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "product_variants_sku_idx" ON "product_variants" USING btree ("sku");--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_idx" ON "products" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "products_numeric_id_idx" ON "products" USING btree ("numeric_id");--> statement-breakpoint
CREATE INDEX "products_visible_price_idx" ON "products" USING btree ("visible","discounted_price_minor","id");--> statement-breakpoint
CREATE INDEX "products_visible_created_idx" ON "products" USING btree ("visible","created_date","id");--> statement-breakpoint
CREATE INDEX "products_visible_name_idx" ON "products" USING btree ("visible","name","id");--> statement-breakpoint
CREATE INDEX "products_last_updated_idx" ON "products" USING btree ("last_updated","id");--> statement-breakpoint
CREATE INDEX "products_collection_ids_idx" ON "products" USING gin ("collection_ids");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand");--> statement-breakpoint
CREATE INDEX "media_files_created_idx" ON "media_files" USING btree ("created_date");