-- Orders get a status (unpaid, paid, shipped, expired) in place of the `paid` flag, and an
-- unpaid order holds its stock only until `hold_until` (ORDER_HOLD_MINUTES after it was placed).
-- Existing unpaid orders are given the default hold of 60 minutes from when they were placed:
-- those older than that expire at the first sweep after the upgrade and their stock goes back.
ALTER TABLE "order" DROP CONSTRAINT "order_shipped_only_when_paid";--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "status" text DEFAULT 'unpaid' NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "hold_until" timestamp with time zone;--> statement-breakpoint
UPDATE "order" SET
  "status" = CASE WHEN "shipped_at" IS NOT NULL THEN 'shipped' WHEN "paid" THEN 'paid' ELSE 'unpaid' END,
  "hold_until" = "created_at" + interval '60 minutes';--> statement-breakpoint
ALTER TABLE "order" ALTER COLUMN "hold_until" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "test_payment_intent" ADD COLUMN "customer_email" text;--> statement-breakpoint
ALTER TABLE "test_payment_intent" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "order_unpaid_hold_idx" ON "order" USING btree ("hold_until") WHERE "order"."status" = 'unpaid';--> statement-breakpoint
CREATE INDEX "order_unpaid_user_idx" ON "order" USING btree ("user_id") WHERE "order"."status" = 'unpaid';--> statement-breakpoint
ALTER TABLE "order" DROP COLUMN "paid";--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_status_known" CHECK ("order"."status" in ('unpaid', 'paid', 'shipped', 'expired'));--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_shipped_matches_status" CHECK (("order"."status" = 'shipped') = ("order"."shipped_at" is not null));
