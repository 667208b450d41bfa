-- Bulk buying: products get a SKU, a minimum order, a pack size and a price ladder; orders get
-- lines; customers get a server-side cart; checkout keys make a repeated checkout harmless.
-- Existing products get a SKU made from their id, the minimum 10 (the spec's rule), packs of 1
-- and a one-tier ladder at their price; existing orders get their one line.
CREATE TABLE "cart_line" (
	"user_id" text NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_line_user_id_product_id_pk" PRIMARY KEY("user_id","product_id"),
	CONSTRAINT "cart_line_quantity_positive" CHECK ("cart_line"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "checkout_key" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_key_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "order_line" (
	"order_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"product_id" uuid,
	"sku" text NOT NULL,
	"product_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"line_total_cents" integer NOT NULL,
	CONSTRAINT "order_line_order_id_line_no_pk" PRIMARY KEY("order_id","line_no"),
	CONSTRAINT "order_line_quantity_positive" CHECK ("order_line"."quantity" >= 1),
	CONSTRAINT "order_line_price_positive" CHECK ("order_line"."unit_price_cents" > 0),
	CONSTRAINT "order_line_total_matches" CHECK ("order_line"."line_total_cents" = "order_line"."unit_price_cents" * "order_line"."quantity")
);
--> statement-breakpoint
ALTER TABLE "order" DROP CONSTRAINT "order_quantity_minimum";--> statement-breakpoint
ALTER TABLE "order" DROP CONSTRAINT "order_total_matches";--> statement-breakpoint
ALTER TABLE "order" ALTER COLUMN "unit_price_cents" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "moq" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "pack_size" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "tiers" jsonb;--> statement-breakpoint
UPDATE "product" SET
  "sku" = 'ECP-' || upper(substr(replace("id"::text, '-', ''), 1, 10)),
  "tiers" = jsonb_build_array(jsonb_build_object('minQuantity', 10, 'priceCents', "price_cents"));--> statement-breakpoint
ALTER TABLE "product" ALTER COLUMN "sku" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ALTER COLUMN "tiers" SET NOT NULL;--> statement-breakpoint
INSERT INTO "order_line" ("order_id", "line_no", "product_id", "sku", "product_name", "quantity", "unit_price_cents", "line_total_cents")
  SELECT o."id", 1, o."product_id", coalesce(p."sku", ''), o."product_name", o."quantity", o."unit_price_cents", o."total_cents"
  FROM "order" o LEFT JOIN "product" p ON p."id" = o."product_id";--> statement-breakpoint
ALTER TABLE "cart_line" ADD CONSTRAINT "cart_line_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_line" ADD CONSTRAINT "cart_line_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_key" ADD CONSTRAINT "checkout_key_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_key" ADD CONSTRAINT "checkout_key_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line" ADD CONSTRAINT "order_line_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line" ADD CONSTRAINT "order_line_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_line_product_idx" ON "cart_line" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "checkout_key_created_idx" ON "checkout_key" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "checkout_key_order_idx" ON "checkout_key" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_line_product_idx" ON "order_line" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_sku_idx" ON "product" USING btree (upper("sku"));--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_quantity_positive" CHECK ("order"."quantity" >= 1);--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_total_matches" CHECK ("order"."unit_price_cents" is null or "order"."total_cents" = "order"."unit_price_cents" * "order"."quantity");--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_moq_positive" CHECK ("product"."moq" >= 1);--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_moq_whole_packs" CHECK ("product"."pack_size" >= 1 and "product"."moq" % "product"."pack_size" = 0);