ALTER TABLE "product" ADD COLUMN "backorder_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "backorder_expected_at" date;--> statement-breakpoint
ALTER TABLE "order_line" ADD COLUMN "reserved" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_line" ADD COLUMN "backordered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every line written before backorders took its whole quantity from stock (less what a credit
-- note cancelled, drizzle/0024).
UPDATE "order_line" SET "reserved" = "quantity" - "cancelled";--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "ship_together" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "order_line_backordered_idx" ON "order_line" USING btree ("product_id") WHERE "order_line"."backordered" > 0;--> statement-breakpoint
ALTER TABLE "order_line" ADD CONSTRAINT "order_line_backorder_fits" CHECK ("order_line"."reserved" >= 0 and "order_line"."backordered" >= 0 and "order_line"."reserved" + "order_line"."backordered" <= "order_line"."quantity");