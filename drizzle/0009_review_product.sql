-- A review may be about one product (shown on that product's page) or, as before, about the
-- shop (product null). Deleting a product keeps its reviews, as reviews of the shop.
ALTER TABLE "review" ADD COLUMN "product_id" uuid;--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_product_idx" ON "review" USING btree ("product_id","created_at");