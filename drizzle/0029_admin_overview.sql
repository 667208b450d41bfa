ALTER TABLE "stock_movement" ADD COLUMN "order_number" integer;--> statement-breakpoint
CREATE INDEX "product_stock_idx" ON "product" USING btree ("stock","sku");--> statement-breakpoint
CREATE INDEX "order_to_ship_idx" ON "order" USING btree ("created_at") WHERE "order"."status" in ('paid', 'partially_shipped');--> statement-breakpoint
CREATE INDEX "order_paid_at_idx" ON "order" USING btree ("paid_at","status","grand_total_cents") WHERE "order"."paid_at" is not null;