-- The catalogue gets its filing: brands, a category tree, attributes attached to categories,
-- families of variants and the search's synonyms; products gain brand, MPN, GTIN, category,
-- family, attribute values and `facet_values` (`key=value` strings under one GIN index, which
-- every attribute filter and facet count reads: src/server/modules/catalog/facets.ts). The
-- descriptions' trigram index, which needs pg_trgm, is 0019's.
CREATE TABLE "attribute_category" (
	"attribute_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "attribute_category_attribute_id_category_id_pk" PRIMARY KEY("attribute_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "attribute" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"type" text NOT NULL,
	"unit" text,
	"multi" boolean DEFAULT false NOT NULL,
	"values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attribute_type_known" CHECK ("attribute"."type" in ('enum', 'number', 'boolean'))
);
--> statement-breakpoint
CREATE TABLE "brand" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"parent_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_not_own_parent" CHECK ("category"."parent_id" is distinct from "category"."id")
);
--> statement-breakpoint
CREATE TABLE "family" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"axes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_synonym" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"term" text NOT NULL,
	"means" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "brand_id" uuid;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "mpn" text;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "gtin" text;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "family_id" uuid;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "facet_values" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "attribute_category" ADD CONSTRAINT "attribute_category_attribute_id_attribute_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attribute"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_category" ADD CONSTRAINT "attribute_category_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category" ADD CONSTRAINT "category_parent_id_category_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attribute_category_category_idx" ON "attribute_category" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attribute_key_idx" ON "attribute" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "brand_slug_idx" ON "brand" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "brand_name_idx" ON "brand" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "category_slug_idx" ON "category" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "category_parent_idx" ON "category" USING btree ("parent_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "search_synonym_term_idx" ON "search_synonym" USING btree (lower("term"));--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_brand_id_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_family_id_family_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."family"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_gtin_idx" ON "product" USING btree (lpad("gtin", 14, '0'));--> statement-breakpoint
CREATE UNIQUE INDEX "product_brand_mpn_idx" ON "product" USING btree ("brand_id",upper(regexp_replace("mpn", '[^A-Za-z0-9]', '', 'g')));--> statement-breakpoint
CREATE INDEX "product_mpn_key_idx" ON "product" USING btree (upper(regexp_replace("mpn", '[^A-Za-z0-9]', '', 'g')));--> statement-breakpoint
CREATE INDEX "product_category_idx" ON "product" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "product_brand_idx" ON "product" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "product_family_idx" ON "product" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "product_facet_values_idx" ON "product" USING gin ("facet_values");
