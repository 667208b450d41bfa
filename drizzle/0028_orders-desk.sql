ALTER TABLE "product" ADD COLUMN "bin" text;--> statement-breakpoint
CREATE INDEX "order_line_sku_idx" ON "order_line" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "order_status_created_idx" ON "order" USING btree ("status","created_at");