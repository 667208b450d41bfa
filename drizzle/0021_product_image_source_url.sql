ALTER TABLE "product_image" ADD COLUMN "source_url" text;--> statement-breakpoint
CREATE UNIQUE INDEX "product_image_source_idx" ON "product_image" USING btree ("product_id","source_url");