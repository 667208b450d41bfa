-- The stock ledger (issue 19): every change of a product's stock is a row of stock_movement.
-- Existing products open with what they hold plus what unpaid orders reserve of them, and each
-- unpaid order's lines are written as the reservations they are, so that from here on a
-- product's stock is the sum of its movements and a reservation given back has its match.
CREATE TABLE "stock_movement" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_movement_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" uuid NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"order_id" uuid,
	"actor_id" text,
	"actor" text NOT NULL,
	"note" text,
	"stock_after" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movement_delta_nonzero" CHECK ("stock_movement"."delta" <> 0 or "stock_movement"."reason" = 'opening'),
	CONSTRAINT "stock_movement_after_not_negative" CHECK ("stock_movement"."stock_after" >= 0),
	CONSTRAINT "stock_movement_reason_known" CHECK ("stock_movement"."reason" in ('opening', 'reserved', 'released', 'expired', 'received', 'counted', 'damaged', 'returned', 'correction'))
);
--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movement_product_idx" ON "stock_movement" USING btree ("product_id","id");--> statement-breakpoint
CREATE INDEX "stock_movement_order_idx" ON "stock_movement" USING btree ("order_id");--> statement-breakpoint
INSERT INTO "stock_movement" ("product_id", "delta", "reason", "actor", "note", "stock_after")
  SELECT p."id", p."stock" + coalesce(h."held", 0), 'opening', 'migration', 'Stock when the ledger began', p."stock" + coalesce(h."held", 0)
  FROM "product" p
  LEFT JOIN (
    SELECT l."product_id", sum(l."quantity")::int AS "held"
    FROM "order_line" l JOIN "order" o ON o."id" = l."order_id"
    WHERE o."status" = 'unpaid' AND l."product_id" IS NOT NULL
    GROUP BY l."product_id"
  ) h ON h."product_id" = p."id"
  ORDER BY p."id";--> statement-breakpoint
INSERT INTO "stock_movement" ("product_id", "delta", "reason", "order_id", "actor_id", "actor", "stock_after")
  SELECT l."product_id", -l."quantity", 'reserved', o."id", o."user_id", o."email",
    p."stock" + sum(l."quantity") OVER (PARTITION BY l."product_id")
      - sum(l."quantity") OVER (PARTITION BY l."product_id" ORDER BY o."created_at", o."id", l."line_no" ROWS UNBOUNDED PRECEDING)
  FROM "order_line" l
  JOIN "order" o ON o."id" = l."order_id"
  JOIN "product" p ON p."id" = l."product_id"
  WHERE o."status" = 'unpaid'
  ORDER BY l."product_id", o."created_at", o."id", l."line_no";--> statement-breakpoint
-- Every column a page shows now drops the caches when it changes outside the server too (SKU,
-- minimum, pack and ladder were missing). The stock alone is still left out, as 0004 says why.
DROP TRIGGER IF EXISTS "product_changed" ON "product";--> statement-breakpoint
CREATE TRIGGER "product_changed"
  AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "sku", "name", "description", "price_cents", "moq", "pack_size", "tiers", "image_url"
  ON "product" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_changed"();